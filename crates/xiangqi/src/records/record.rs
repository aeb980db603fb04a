//! What the record readers give: a [`Record`] (a game tree, the form it was read in, the
//! moves that could not be played), and a [`RecordError`] for a record whose form cannot be
//! read, saying where and why.

use super::tree::GameTree;
use crate::color::Color;
use crate::fen::FenError;
use crate::notation::MoveTextError;
use crate::position::PositionError;
use core::fmt;

/// The forms of record the readers know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// XQStudio's binary file (`.xqf`), any version.
    Xqf,
    /// The `[DhtmlXQ]` text of web pages and forums (UBB).
    DhtmlXq,
    /// A WXF file: `FORMAT WXF`, header lines and the moves between `START{` and `}END`.
    Wxf,
    /// PGN, or a bare list of numbered moves, in any notation.
    Pgn,
}

impl Format {
    /// The format's usual name.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Xqf => "XQF",
            Format::DhtmlXq => "DhtmlXQ",
            Format::Wxf => "WXF",
            Format::Pgn => "PGN",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One game read from a record.
#[derive(Clone, Debug)]
pub struct Record {
    /// The form it was read in.
    pub format: Format,
    /// The game, as far as it could be played.
    pub tree: GameTree,
    /// The moves that could not be played, each ending its line there.
    pub faults: Vec<MoveFault>,
}

/// A move that could not be played: the line it stands in keeps the moves before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFault {
    /// The path of the last move kept before it (see [`GameTree`]).
    pub after: Vec<usize>,
    /// Its ply, counted from 1 at the start.
    pub ply: usize,
    /// Its move number.
    pub number: u32,
    /// Who was to play it.
    pub side: Color,
    /// The move as written (coordinates for the binary and numeric forms).
    pub text: String,
    /// Why it cannot be played.
    pub error: MoveTextError,
}

impl fmt::Display for MoveFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = if self.after.iter().all(|&i| i == 0) {
            "the main line"
        } else {
            "its variation"
        };
        write!(
            f,
            "move {} ({}), \"{}\": {}; {place} stops before it",
            self.number, self.side, self.text, self.error
        )
    }
}

/// Where in a record an error stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The record as a whole.
    Whole,
    /// A byte offset (binary records), counted from 0.
    Byte(usize),
    /// A line, counted from 1.
    Line(usize),
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Whole => Ok(()),
            At::Byte(b) => write!(f, " at byte {b}"),
            At::Line(l) => write!(f, " at line {l}"),
        }
    }
}

/// Why a record's form cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// There is nothing to read.
    Empty,
    /// The file ends early: `needed` more bytes were expected.
    Truncated {
        /// What was being read.
        what: &'static str,
        /// How many bytes it needs.
        needed: usize,
    },
    /// The text is not UTF-8, GBK or GB18030.
    Encoding,
    /// A FEN that cannot be used.
    Fen(FenError),
    /// A placement that cannot be played.
    Position(PositionError),
    /// Two pieces are placed on one point.
    SamePoint(crate::square::Square),
    /// Something else about the form, in words.
    Form(String),
    /// Neither tags nor moves were found.
    NoGame,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Empty => write!(f, "the record is empty"),
            Why::Truncated { what, needed } => {
                write!(
                    f,
                    "the file ends inside {what} ({needed} more bytes expected)"
                )
            }
            Why::Encoding => write!(f, "the text is neither UTF-8 nor GBK"),
            Why::Fen(e) => write!(f, "the start position cannot be used: {e}"),
            Why::Position(e) => write!(f, "the start position cannot be played: {e}"),
            Why::SamePoint(sq) => write!(f, "two pieces are placed on {sq}"),
            Why::Form(s) => f.write_str(s),
            Why::NoGame => write!(f, "there are no tags and no moves to read"),
        }
    }
}

/// Why a record could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The form it was taken for (`None` when none fits).
    pub format: Option<Format>,
    /// Where the reading stopped.
    pub at: At,
    /// Why.
    pub why: Why,
}

impl RecordError {
    pub(crate) fn new(format: Format, at: At, why: Why) -> RecordError {
        RecordError {
            format: Some(format),
            at,
            why,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.format {
            Some(format) => write!(f, "{format} record{}: {}", self.at, self.why),
            None => write!(f, "record{}: {}", self.at, self.why),
        }
    }
}

impl std::error::Error for RecordError {}

/// The text of `bytes`: UTF-8 (a byte-order mark is dropped), else GBK read as GB18030,
/// its superset. `None` when neither reads it.
pub(crate) fn decode_text(bytes: &[u8]) -> Option<String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = core::str::from_utf8(bytes) {
        return Some(s.to_string());
    }
    let (text, had_errors) = encoding_rs::GB18030.decode_without_bom_handling(bytes);
    (!had_errors).then(|| text.into_owned())
}
