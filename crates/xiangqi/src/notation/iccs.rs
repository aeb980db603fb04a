//! ICCS coordinates, the Chinese computer-chess convention: `H2-E2`, files A-I from Red's
//! left and ranks 0-9 from Red's side (the same points as UCI, written differently).
//!
//! Written upper case with a hyphen; read in either case, with or without the hyphen. Like
//! UCI, ICCS names two points and so is read without a position; [`super::parse`] with
//! [`super::Notation::Iccs`] also checks that the move is legal.
//!
//! ```
//! use xiangqi::notation::{format_iccs, parse_iccs};
//! let m = parse_iccs("h2e2").unwrap();
//! assert_eq!(format_iccs(m), "H2-E2");
//! assert_eq!(parse_iccs("H2-E2"), Ok(m));
//! ```

use super::excerpt::excerpt;
use crate::m::Move;
use crate::square::Square;
use core::fmt;

/// Why an ICCS move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IccsError {
    /// The text is empty or only whitespace.
    Empty,
    /// The text is not two points like `H2-E2`.
    Malformed {
        /// The text (shortened if long).
        text: String,
    },
    /// Both points are the same, which is no move.
    SamePoint {
        /// The text.
        text: String,
    },
}

impl fmt::Display for IccsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IccsError::Empty => write!(f, "no move given: write an ICCS move like H2-E2"),
            IccsError::Malformed { text } => write!(
                f,
                "\"{text}\" is not an ICCS move: expected two points like H2-E2 (files A-I, ranks 0-9)"
            ),
            IccsError::SamePoint { text } => write!(
                f,
                "\"{text}\" starts and ends on the same point: a move must go somewhere"
            ),
        }
    }
}

impl std::error::Error for IccsError {}

/// Reads `H2-E2` (either case, hyphen optional, surrounding whitespace ignored). Says
/// nothing about legality.
pub fn parse_iccs(text: &str) -> Result<Move, IccsError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(IccsError::Empty);
    }
    let malformed = || IccsError::Malformed {
        text: excerpt(text),
    };
    let b = text.as_bytes();
    let (from, to) = match b.len() {
        4 => (&b[..2], &b[2..]),
        5 if b[2] == b'-' => (&b[..2], &b[3..]),
        _ => return Err(malformed()),
    };
    let point = |s: &[u8]| {
        let file = s[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = s[1].wrapping_sub(b'0');
        Square::new(file, rank).ok_or_else(malformed)
    };
    let (from, to) = (point(from)?, point(to)?);
    if from == to {
        return Err(IccsError::SamePoint {
            text: text.to_string(),
        });
    }
    Ok(Move::new(from, to))
}

/// Writes `H2-E2`.
pub fn format_iccs(m: Move) -> String {
    let point = |sq: Square| format!("{}{}", char::from(b'A' + sq.file()), sq.rank());
    format!("{}-{}", point(m.from()), point(m.to()))
}
