//! How a match game ended: by the rules, by its length, by a draw claim, by the engines' scores
//! (adjudicated), on time, or by a forfeit.

use super::clock::Flagged;
use super::error::PlayerError;
use std::fmt;
use xiangqi::{Color, Outcome, Reason};

/// Plies without a capture after which an engine's `nobestmove` is taken as a draw claim
/// (the 50-move rule of ElephantEye) rather than a forfeit.
pub const CLAIM_PLIES: u32 = 100;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of the game.
    Rules(Outcome),
    /// The length limit was reached: a draw.
    MaxPlies(usize),
    /// An engine declined to move (`nobestmove`) after at least [`CLAIM_PLIES`] plies
    /// without a capture, claiming the draw of the 50-move rule it plays by (ElephantEye
    /// does): a draw, though the game's own rule waits for 60 moves.
    DrawClaimed {
        /// The side that claimed it.
        by: Color,
    },
    /// Both engines' scores agreed on the result (`--adjudicate`): `None` a draw.
    Adjudicated {
        /// The winner, `None` for a draw.
        winner: Option<Color>,
    },
    /// A game of an earlier part of the match, read back from its PGN (`--resume`).
    Earlier {
        /// The winner, `None` for a draw.
        winner: Option<Color>,
        /// How it ended, as the PGN's `Termination` says.
        termination: String,
    },
    /// A move took longer than its side's clock had left: that side lost on time.
    Time {
        /// The side whose clock ran out.
        loser: Color,
        /// What the move took and what the clock had left.
        flagged: Flagged,
    },
    /// A player failed and lost.
    Forfeit {
        /// The side that failed.
        loser: Color,
        /// What went wrong.
        reason: PlayerError,
    },
}

impl Ending {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Ending::Rules(o) => o.winner,
            Ending::MaxPlies(_) | Ending::DrawClaimed { .. } => None,
            Ending::Adjudicated { winner } | Ending::Earlier { winner, .. } => *winner,
            Ending::Time { loser, .. } | Ending::Forfeit { loser, .. } => Some(!*loser),
        }
    }

    /// "1-0", "0-1" or "1/2-1/2".
    pub fn result_tag(&self) -> &'static str {
        match self.winner() {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// A short name for the tally of endings.
    pub fn kind(&self) -> &'static str {
        match self {
            Ending::Rules(o) => match o.reason {
                Reason::Checkmate => "checkmate",
                Reason::Stalemate => "no legal move",
                Reason::PerpetualCheck => "perpetual check",
                Reason::PerpetualChase => "perpetual chase",
                Reason::Repetition => "repetition",
                Reason::NoCapture => "no capture in 60 moves",
                Reason::InsufficientMaterial => "no attacking material",
            },
            Ending::MaxPlies(_) => "length limit",
            Ending::DrawClaimed { .. } => "draw claimed after 50 moves without a capture",
            Ending::Adjudicated { winner: None } => "adjudicated draw",
            Ending::Adjudicated { winner: Some(_) } => "adjudicated win",
            Ending::Earlier { .. } => "played in an earlier part",
            Ending::Time { .. } => "loss on time",
            Ending::Forfeit { .. } => "forfeit",
        }
    }
}

/// Like "Red wins: checkmate" or "Draw: 300 plies played (length limit)".
impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(o) => write!(f, "{o}"),
            Ending::MaxPlies(n) => write!(f, "Draw: {n} plies played (length limit)"),
            Ending::DrawClaimed { by } => write!(
                f,
                "Draw: claimed by {by} after 50 moves without a capture (nobestmove)"
            ),
            Ending::Adjudicated { winner: None } => {
                write!(f, "Draw: adjudicated, both engines' scores level")
            }
            Ending::Adjudicated { winner: Some(w) } => write!(
                f,
                "{w} wins: adjudicated, both engines' scores a decisive edge for {w}"
            ),
            Ending::Earlier { termination, .. } => write!(f, "{termination} (an earlier part)"),
            Ending::Time { loser, flagged } => write!(
                f,
                "{} wins: {loser} lost on time, {} ms for a move with {} ms left",
                !*loser, flagged.used_ms, flagged.left_ms
            ),
            Ending::Forfeit { loser, reason } => {
                write!(f, "{} wins: {loser} forfeits, {reason}", !*loser)
            }
        }
    }
}
