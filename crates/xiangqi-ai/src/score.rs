//! Scores: the internal centipawn and mate values the searches compute ([`MATE`],
//! [`MATE_BOUND`]) and the [`Score`] they report to people and protocols.

use core::fmt;

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
