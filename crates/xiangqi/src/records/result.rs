//! The result of a game as records write it: `1-0`, `0-1`, `1/2-1/2` or `*`.

use crate::color::Color;
use crate::game::Outcome;
use core::fmt;
use core::str::FromStr;

/// The result of a game as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a game that ended with `outcome` (`None`: not over, `*`).
    pub const fn from_outcome(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(Outcome {
                winner: Some(Color::Red),
                ..
            }) => GameResult::RedWins,
            Some(Outcome {
                winner: Some(Color::Black),
                ..
            }) => GameResult::BlackWins,
            Some(Outcome { winner: None, .. }) => GameResult::Draw,
            None => GameResult::Unknown,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ();

    /// Reads one of the four PGN result tokens exactly.
    fn from_str(s: &str) -> Result<GameResult, ()> {
        [
            GameResult::RedWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
        .ok_or(())
    }
}
