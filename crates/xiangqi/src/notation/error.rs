//! The error of reading move text in any notation, and why a coordinate move is not legal.

use super::choice::Notation;
use super::descriptive::error::DescriptiveError;
use super::iccs::IccsError;
use super::uci::UciMoveError;
use crate::m::Move;
use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;
use core::fmt;

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
    pub(crate) fn of(pos: &Position, m: Move) -> IllegalReason {
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

/// Why move text could not be read as a legal move, from [`parse`](crate::notation::parse) or [`parse_any`](crate::notation::parse_any).
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
    /// [`parse_any`](crate::notation::parse_any) found no notation the text resembles.
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
