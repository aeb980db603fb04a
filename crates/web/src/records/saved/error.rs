//! Why a saved game cannot be opened.

use crate::records::link::notes::NotesError;
use core::fmt;
use xiangqi::FenError;

/// Why a saved game cannot be opened (it is then discarded with a notice).
#[derive(Clone, Debug, PartialEq)]
pub enum SavedGameError {
    /// The text is not a saved game: no header, a line that is not `key=value`, an unknown
    /// key, a number that cannot be read, or a field missing.
    NotASavedGame,
    /// It was written by another version of the format.
    Version(u32),
    /// Its start position cannot be read.
    Start(FenError),
    /// A move cannot be read, or is not legal where it is played.
    Move {
        /// The move's ply, counted from 1 at the game's start.
        ply: usize,
    },
    /// A setting has a value the page does not know: the field's name.
    Setting(&'static str),
    /// The clocks cannot be read.
    Clock,
    /// The comments cannot be read.
    Comments(NotesError),
}

impl fmt::Display for SavedGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedGameError::NotASavedGame => f.write_str("not a saved game"),
            SavedGameError::Version(v) => write!(f, "saved by version {v} of the format"),
            SavedGameError::Start(e) => write!(f, "bad start position: {e}"),
            SavedGameError::Move { ply } => write!(f, "bad move at ply {ply}"),
            SavedGameError::Setting(name) => write!(f, "unknown {name}"),
            SavedGameError::Clock => f.write_str("the clocks cannot be read"),
            SavedGameError::Comments(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SavedGameError {}
