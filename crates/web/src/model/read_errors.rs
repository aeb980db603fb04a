//! Why what the page reads cannot be used, as its notices name it: a saved game
//! ([`SavedGameError`]), an imported record ([`ImportError`]) and a link's comments
//! ([`NotesError`]). The readers are in `records`; the reasons are the model's, since its
//! notices carry them.

use core::fmt;
use xiangqi::records::PgnError;
use xiangqi::{Color, FenError};

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
    /// The variations cannot be read: the game keeps its line on the board.
    Variations,
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
            SavedGameError::Variations => f.write_str("the variations cannot be read"),
        }
    }
}

impl std::error::Error for SavedGameError {}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// The FEN tag is wrong.
    Fen(FenError),
    /// A move cannot be read, or is not legal where it is played.
    Move {
        /// Its move number.
        number: u32,
        /// Who was to play it.
        side: Color,
        /// The text as written.
        text: String,
    },
    /// There are no moves and no position.
    Empty,
}

impl From<PgnError> for ImportError {
    fn from(e: PgnError) -> ImportError {
        match e {
            PgnError::Fen(e) => ImportError::Fen(e),
            PgnError::Move {
                number, side, text, ..
            } => ImportError::Move { number, side, text },
            PgnError::Empty => ImportError::Empty,
        }
    }
}

/// Why a `notes` text cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotesError {
    /// A line is not `PLY:TEXT`.
    NotPlyText,
    /// A line's ply is past the game's end.
    PastTheEnd,
}

impl fmt::Display for NotesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotesError::NotPlyText => "a comment is not written PLY:TEXT",
            NotesError::PastTheEnd => "a comment is after the game's last ply",
        })
    }
}

impl std::error::Error for NotesError {}
