//! The depth `go perft N` (and the `xiangqi perft` command) accept.

use std::fmt;

/// The deepest perft accepted. Depth 7 from the start position already takes minutes; the
/// cap only keeps a typo such as `go perft 99` from hanging the program for ever.
pub const MAX_DEPTH: u32 = 10;

/// A perft depth that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthError(pub String);

impl fmt::Display for DepthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "perft depth \"{}\" is not a whole number from 1 to {MAX_DEPTH}",
            self.0
        )
    }
}

impl std::error::Error for DepthError {}

/// Reads a perft depth, from 1 to [`MAX_DEPTH`].
pub fn parse_depth(s: &str) -> Result<u32, DepthError> {
    match s.parse::<u32>() {
        Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
        _ => Err(DepthError(s.to_string())),
    }
}
