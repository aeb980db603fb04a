//! Why a saved game cannot be opened.

use crate::records::link::notes::NotesError;
use core::fmt;
use xiangqi::FenError;

/// Why a saved game cannot be opened ([`NotASavedGame`](Self::NotASavedGame) and
/// [`Start`](Self::Start): it is kept aside with a notice), or what was set right when it was
/// opened (the others: named in the notice).
#[derive(Clone, Debug, PartialEq)]
pub enum SavedGameError {
    /// The text is not a saved game: it has no header line.
    NotASavedGame,
    /// It was written by another version of the format.
    Version(u32),
    /// Its start position cannot be read.
    Start(FenError),
    /// A move cannot be read, or is not legal where it is played: the game stops before it.
    Move {
        /// The move's ply, counted from 1 at the game's start.
        ply: usize,
        /// The move as it was kept.
        text: String,
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
            SavedGameError::Move { ply, text } => write!(f, "bad move {text} at ply {ply}"),
            SavedGameError::Setting(name) => write!(f, "unknown {name}"),
            SavedGameError::Clock => f.write_str("the clocks cannot be read"),
            SavedGameError::Comments(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SavedGameError {}
