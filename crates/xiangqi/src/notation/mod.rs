//! Moves as text: UCI coordinates (`h2e2`), ICCS (`H2-E2`), WXF (`C2.5`) and Chinese
//! (`炮二平五`). Each notation has a parse function returning a typed error and a format
//! function; [`parse_any`] accepts any of the four.
//!
//! UCI and ICCS name two points, so they are read without a position; WXF and Chinese
//! describe the move from the mover's seat and need one. [`parse`] reads any one notation
//! against a position and also checks that the move is legal there, [`parse_any`] tries all
//! four, and [`format()`] writes any of them. Every error says whether the text was not a move
//! at all ([`MoveTextError::is_malformed`]) or a well-formed move that is not legal or not
//! clear in this position, and its message says what to write instead.
//!
//! ```
//! use xiangqi::notation::{format, parse_any, Notation};
//! use xiangqi::Position;
//! let pos = Position::start();
//! for text in ["h2e2", "H2-E2", "C2.5", "炮二平五", " 砲二平五 "] {
//!     let m = parse_any(&pos, text).unwrap();
//!     assert_eq!(format(&pos, m, Notation::Chinese), "炮二平五");
//!     assert_eq!(format(&pos, m, Notation::Wxf), "C2.5");
//! }
//! assert_eq!(
//!     parse_any(&pos, "H5+7").unwrap_err().to_string(),
//!     "no red horse on file 5"
//! );
//! ```

mod chinese;
mod descriptive;
mod iccs;
mod uci;
mod wxf;

pub use chinese::{format_chinese, parse_chinese};
pub use descriptive::DescriptiveError;
pub use iccs::{format_iccs, parse_iccs, IccsError};
pub use uci::{format_uci, parse_uci, UciMoveError};
pub use wxf::{format_wxf, parse_wxf};

use crate::{Move, Piece, Position, Square};
use core::fmt;

/// One of the four ways of writing a move.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// UCI coordinates, `h2e2` (the Pikafish convention).
    Uci,
    /// ICCS coordinates, `H2-E2`.
    Iccs,
    /// WXF, `C2.5`.
    Wxf,
    /// Chinese, `炮二平五`.
    Chinese,
}

impl Notation {
    /// All four, in the order [`parse_any`] tries them.
    pub const ALL: [Notation; 4] = [
        Notation::Uci,
        Notation::Iccs,
        Notation::Wxf,
        Notation::Chinese,
    ];

    /// The name used in messages: "UCI", "ICCS", "WXF" or "Chinese".
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Uci => "UCI",
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a coordinate move (UCI or ICCS) that names two points is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece stands on the starting point.
    NoPiece(Square),
    /// The piece on the starting point belongs to the side not to move.
    NotYourPiece(Square, Piece),
    /// The piece cannot go there: not its way of moving, a blocked path, a missing or
    /// extra screen, or a piece of its own side on the destination.
    CannotReach(Square, Piece, Square),
    /// The move fits the piece but would leave the mover's general attacked.
    ExposesGeneral,
}

impl IllegalReason {
    /// Why `m`, which is not legal in `pos`, is not.
    fn of(pos: &Position, m: Move) -> IllegalReason {
        match pos.piece_at(m.from()) {
            None => IllegalReason::NoPiece(m.from()),
            Some(p) if p.color != pos.turn() => IllegalReason::NotYourPiece(m.from(), p),
            Some(p) if !pos.is_pseudo_legal(m) => IllegalReason::CannotReach(m.from(), p, m.to()),
            Some(_) => IllegalReason::ExposesGeneral,
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            IllegalReason::NotYourPiece(sq, p) => write!(
                f,
                "the {p} on {sq} is not yours: it is {}'s turn",
                (!p.color).name()
            ),
            IllegalReason::CannotReach(from, p, to) => {
                write!(f, "the {p} on {from} cannot move to {to}")
            }
            IllegalReason::ExposesGeneral => write!(f, "it would leave your general in check"),
        }
    }
}

/// Why move text could not be read as a legal move, from [`parse`] or [`parse_any`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// The text is empty or only whitespace.
    Empty,
    /// Not a UCI move.
    Uci(UciMoveError),
    /// Not an ICCS move.
    Iccs(IccsError),
    /// Not a WXF or Chinese move (the error says which it was read as), or one that names no
    /// single legal move here.
    Descriptive(DescriptiveError),
    /// A well-formed coordinate move (UCI or ICCS) that is not legal here.
    Illegal {
        /// The text (shortened if long).
        text: String,
        /// The notation it was read in.
        notation: Notation,
        /// The move it names.
        m: Move,
        /// Why it is not legal.
        reason: IllegalReason,
    },
    /// [`parse_any`] found no notation the text resembles.
    Unrecognized {
        /// The text (shortened if long).
        text: String,
    },
}

impl MoveTextError {
    /// True when the text is not a move in the notation(s) tried; false when it is well
    /// formed but names no single legal move in the position.
    pub fn is_malformed(&self) -> bool {
        match self {
            MoveTextError::Empty
            | MoveTextError::Uci(_)
            | MoveTextError::Iccs(_)
            | MoveTextError::Unrecognized { .. } => true,
            MoveTextError::Descriptive(e) => e.is_malformed(),
            MoveTextError::Illegal { .. } => false,
        }
    }
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Empty => write!(f, "no move given"),
            MoveTextError::Uci(e) => e.fmt(f),
            MoveTextError::Iccs(e) => e.fmt(f),
            MoveTextError::Descriptive(e) => e.fmt(f),
            MoveTextError::Illegal { text, reason, .. } => {
                write!(f, "the move {text} is not legal here: {reason}")
            }
            MoveTextError::Unrecognized { text } => write!(
                f,
                "\"{text}\" is not a move: write it like h2e2, H2-E2, C2.5 or 炮二平五"
            ),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// Reads `text` (surrounding whitespace ignored) in `notation` as a legal move in `pos`.
pub fn parse(pos: &Position, text: &str, notation: Notation) -> Result<Move, MoveTextError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let legal = |m: Move| {
        if pos.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveTextError::Illegal {
                text: excerpt(text),
                notation,
                m,
                reason: IllegalReason::of(pos, m),
            })
        }
    };
    match notation {
        // UCI names at most four bytes; checking first keeps a huge input from being copied
        // into the error.
        Notation::Uci if text.len() > 4 => Err(MoveTextError::Uci(UciMoveError(excerpt(text)))),
        Notation::Uci => parse_uci(text).map_err(MoveTextError::Uci).and_then(legal),
        Notation::Iccs => parse_iccs(text)
            .map_err(MoveTextError::Iccs)
            .and_then(legal),
        Notation::Wxf => parse_wxf(pos, text).map_err(MoveTextError::Descriptive),
        Notation::Chinese => parse_chinese(pos, text).map_err(MoveTextError::Descriptive),
    }
}

/// Reads `text` (surrounding whitespace ignored) as a legal move in `pos`, in whichever of
/// the four notations it is written. The notations cannot be mistaken for each other (a
/// lower-case ICCS move without hyphen is the same move in UCI), so the first that reads
/// the text decides: a well-formed move that is illegal or unclear here is reported as
/// such. Text no notation reads gets the error of the notation it looks most like.
pub fn parse_any(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let results = Notation::ALL.map(|notation| parse(pos, text, notation));
    for result in &results {
        match result {
            Ok(m) => return Ok(*m),
            Err(e) if !e.is_malformed() => return Err(e.clone()),
            Err(_) => {}
        }
    }
    let [uci, iccs, wxf, chinese] = results.map(|r| r.err().unwrap_or(MoveTextError::Empty));
    let c: Vec<char> = text.chars().take(6).collect();
    let wxf_like = c.len() == 4
        && (matches!(c[0], '+' | '-')
            || matches!(c[2], '+' | '-' | '.' | '=')
            || (crate::Kind::from_letter(c[0]).is_some()
                && matches!(c[1], '1'..='9' | '+' | '-' | 'a'..='e' | 'A'..='E')
                && !c[2].is_ascii_alphabetic()));
    Err(if !text.is_ascii() {
        chinese
    } else if c.len() == 5 && c[2] == '-' {
        iccs
    } else if wxf_like {
        wxf
    } else if c.len() == 4 && c[0].is_ascii_alphabetic() && c[1].is_ascii_digit() {
        match iccs {
            // The same point twice has its own message in ICCS.
            MoveTextError::Iccs(IccsError::SamePoint { .. }) => iccs,
            _ => uci,
        }
    } else {
        MoveTextError::Unrecognized {
            text: excerpt(text),
        }
    })
}

/// Writes `m`, which must be legal in `pos`, in `notation`.
pub fn format(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Uci => format_uci(m),
        Notation::Iccs => format_iccs(m),
        Notation::Wxf => format_wxf(pos, m),
        Notation::Chinese => format_chinese(pos, m),
    }
}

/// Writes the line `moves`, played one after another from `pos`, in `notation`: a move
/// each, up to the first that is not legal where it stands (a line from a search whose
/// position has changed since ends there).
pub fn format_line(pos: &Position, moves: &[Move], notation: Notation) -> Vec<String> {
    let mut at = pos.clone();
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        if !at.is_legal(m) {
            break;
        }
        texts.push(format(&at, m, notation));
        at.make_move(m);
    }
    texts
}

/// At most 32 characters of `text`, for keeping in an error without copying a huge input.
pub(crate) fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut s: String = chars.by_ref().take(32).collect();
    if chars.next().is_some() {
        s.push('…');
    }
    s
}
