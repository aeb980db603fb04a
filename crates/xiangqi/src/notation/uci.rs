//! UCI coordinates in the Pikafish convention: files a-i, ranks 0-9, `h2e2`.

use crate::m::Move;
use crate::square::Square;
use core::fmt;

/// Why a UCI move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciMoveError(pub String);

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a coordinate move: expected two points like h2e2 (files a-i, ranks 0-9)",
            self.0
        )
    }
}

impl std::error::Error for UciMoveError {}

/// Reads `h2e2`. Says nothing about legality.
pub fn parse_uci(s: &str) -> Result<Move, UciMoveError> {
    let err = || UciMoveError(s.to_string());
    if s.len() != 4 || !s.is_ascii() {
        return Err(err());
    }
    let from: Square = s[..2].parse().map_err(|_| err())?;
    let to: Square = s[2..].parse().map_err(|_| err())?;
    if from == to {
        return Err(err());
    }
    Ok(Move::new(from, to))
}

/// Writes `h2e2`.
pub fn format_uci(m: Move) -> String {
    m.to_string()
}
