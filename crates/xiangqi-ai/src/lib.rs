//! The computer players: evaluation, the greedy v1, the randomized alpha-beta v2 and the
//! strong searcher v3, and the difficulty levels that choose among them.
//!
//! Everything here is pure computation. The caller supplies the clock (milliseconds since the
//! search started) and a stop flag, so the same code runs natively and in a web worker.
//!
//! ```
//! use xiangqi::Game;
//! use xiangqi_ai::{self as ai, Request};
//! let game = Game::new();
//! let clock = || 0u64;
//! let thought = ai::think(&game, &Request { level: 1, seed: 7, multipv: 1 }, &clock, &mut |_| {});
//! assert!(game.position().is_legal(thought.best.unwrap()));
//! ```

pub mod alphabeta;
pub mod eval;
pub mod greedy;
pub mod level;
pub mod node;
mod order;
mod root;
pub mod search;

use core::fmt;
pub use level::{Level, Player, MAX_LEVEL};
use xiangqi::{Game, Move};

/// Scores are centipawns from the side to move's point of view; mates are near `MATE`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A search score as reported to people and protocols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// What the caller asks of [`think`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Difficulty level, 1..=[`MAX_LEVEL`] (see [`level`]).
    pub level: u8,
    /// Seed for the randomized players (the browser draws it from getrandom).
    pub seed: u64,
    /// Lines to report (hints and analysis); 1 for play.
    pub multipv: u32,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
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

/// Chooses a move for the side to move in `game` at `request.level`, reporting progress to
/// `on_info`. `clock` returns milliseconds since the search began (the caller's clock: the
/// engine has no I/O).
pub fn think(
    game: &Game,
    request: &Request,
    clock: &dyn Fn() -> u64,
    on_info: &mut dyn FnMut(&Info),
) -> Thought {
    Level::new(request.level)
        .player()
        .think(game, request, clock, on_info)
}
