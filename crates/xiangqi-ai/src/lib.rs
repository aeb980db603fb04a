//! The computer players and the engine session that runs them: evaluation, the greedy v1,
//! the randomized alpha-beta v2 and the strong searcher v3, the difficulty levels, and the
//! [`Session`] every front end (UCI, the terminal player, the match runner, the web worker)
//! drives.
//!
//! Everything here is pure computation. The caller supplies the clock (milliseconds since the
//! search started) and a stop flag, so the same code runs natively and in a web worker.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use xiangqi::Game;
//! use xiangqi_ai::{Level, Session};
//! let mut session = Session::default();
//! let game = Game::new();
//! let thought = session.think(&game, &Level::new(1).task(7), &|| 0, &AtomicBool::new(false), &mut |_| {});
//! assert!(game.position().is_legal(thought.best.unwrap()));
//! ```

pub mod alphabeta;
pub mod eval;
pub mod greedy;
pub mod level;
mod limits;
pub mod node;
mod order;
mod quiesce;
mod root;
pub mod search;
mod session;
mod tt;

use core::fmt;
pub use level::{Level, LevelError, MAX_LEVEL, RATING_FLOOR};
pub use limits::{GameClock, Limits};
pub use session::{Player, Session, Task, DEFAULT_HASH_MB};
use xiangqi::Move;

/// Scores are centipawns from the side to move's point of view; mates are near `MATE`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A search score as reported to people and protocols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (positive: the side to move mates; negative: it is mated).
    Mate(i32),
}

impl Score {
    /// The score for an internal value (see [`MATE`]).
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v + 1) / 2)
        } else {
            Score::Cp(v)
        }
    }
}

/// UCI style: `cp 35` or `mate -3`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Progress of a search, reported after each completed iteration (and per multi-PV line).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Info {
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached (with extensions and quiescence).
    pub seldepth: u32,
    /// Which line of a multi-PV search (1 = best).
    pub multipv: u32,
    /// Score of this line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Thought {
    /// The chosen move, `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: Score,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

impl Thought {
    /// The result when the side to move has no legal move (it has lost).
    pub fn none() -> Thought {
        Thought {
            best: None,
            score: Score::Mate(0),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        }
    }
}
