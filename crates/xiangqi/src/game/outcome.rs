//! How a game ends: the rules' limits ([`Ruleset`]), the reason ([`Reason`]) and the result
//! ([`Outcome`]).

use crate::color::Color;
use core::fmt;

/// The limits of the game's rules. The defaults are the common Asian rules.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// A position that occurs this many times (with the same side to move) ends the game:
    /// by perpetual check or chase if one side's moves were all checks or chases, else a draw.
    pub repetition_count: u32,
    /// This many plies in a row without a capture is a draw (120 = 60 moves).
    pub capture_less_plies: u32,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            repetition_count: 3,
            capture_less_plies: 120,
        }
    }
}

/// Why a game ended.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move (将死).
    Checkmate,
    /// The side to move is not in check but has no legal move; in Xiangqi it loses (困毙).
    Stalemate,
    /// The loser checked on every move of a repeated cycle (长将).
    PerpetualCheck,
    /// The loser chased the same piece on every move of a repeated cycle (长捉).
    PerpetualChase,
    /// A position occurred for the third time and neither side broke a rule (or both did).
    Repetition,
    /// No capture for the number of plies of [`Ruleset::capture_less_plies`].
    NoCapture,
    /// Neither side has a piece that can cross the river.
    InsufficientMaterial,
}

/// How a game ended: the winner (`None` for a draw) and why.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// The result in PGN form: "1-0" (Red wins), "0-1" or "1/2-1/2".
    pub fn result_tag(&self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The result and reason in Chinese, such as "黑方胜 — 红方长将判负".
    pub fn chinese(&self) -> String {
        let head = match self.winner {
            Some(c) => format!("{}胜", c.chinese_name()),
            None => "和棋".to_string(),
        };
        let loser = self.winner.map(|w| (!w).chinese_name()).unwrap_or("");
        let why = match self.reason {
            Reason::Checkmate => format!("{loser}被将死"),
            Reason::Stalemate => format!("{loser}困毙"),
            Reason::PerpetualCheck => format!("{loser}长将判负"),
            Reason::PerpetualChase => format!("{loser}长捉判负"),
            Reason::Repetition => "重复局面".to_string(),
            Reason::NoCapture => "六十回合无吃子".to_string(),
            Reason::InsufficientMaterial => "双方均无过河子力".to_string(),
        };
        format!("{head} — {why}")
    }
}

/// English, such as "Black wins: perpetual check by Red".
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{w} wins: ")?,
            None => write!(f, "Draw: ")?,
        }
        let loser = self.winner.map(|w| !w);
        match (self.reason, loser) {
            (Reason::Checkmate, _) => write!(f, "checkmate"),
            (Reason::Stalemate, Some(l)) => write!(f, "{l} has no legal move"),
            (Reason::PerpetualCheck, Some(l)) => write!(f, "perpetual check by {l}"),
            (Reason::PerpetualChase, Some(l)) => write!(f, "perpetual chase by {l}"),
            (Reason::Repetition, _) => write!(f, "the same position occurred three times"),
            (Reason::NoCapture, _) => write!(f, "60 moves without a capture"),
            (Reason::InsufficientMaterial, _) => {
                write!(f, "neither side has a piece that can cross the river")
            }
            (_, None) => write!(f, "{:?}", self.reason),
        }
    }
}
