//! What the subcommands share about their arguments.

use std::fmt;

/// Why a subcommand's arguments cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// `-h` or `--help`: not an error, the caller prints the usage.
    Help,
    /// Anything else, with its message.
    Bad(String),
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgsError::Help => write!(f, "help requested"),
            ArgsError::Bad(s) => f.write_str(s),
        }
    }
}
