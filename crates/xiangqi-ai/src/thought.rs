//! What a search tells its caller: progress after each iteration ([`Info`]) and the result
//! ([`Thought`]).

use crate::score::Score;
use xiangqi::Move;

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
