//! Why a placement cannot be played: the error of [`Position::from_setup`].
//!
//! [`Position::from_setup`]: crate::Position::from_setup

use crate::color::Color;
use crate::piece::Kind;
use crate::square::Square;
use core::fmt;

/// Why a placement is not a position that can be played. (Placements that can be played but
/// cannot arise in a game are accepted; [`Setup::warnings`](crate::Setup::warnings) lists what is odd about them.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no general.
    MissingGeneral(Color),
    /// A side has more than one general.
    ExtraGeneral(Color),
    /// A general stands outside its palace.
    GeneralOutsidePalace(Color, Square),
    /// A side has more pieces of a kind than the game starts with.
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        kind: Kind,
        /// How many stand on the board.
        count: usize,
    },
    /// The two generals face each other on an open file.
    GeneralsFacing,
    /// The side that just moved has left its general in check (it would be captured).
    OpponentInCheck(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingGeneral(c) => write!(f, "{c} has no general"),
            PositionError::ExtraGeneral(c) => write!(f, "{c} has more than one general"),
            PositionError::GeneralOutsidePalace(c, s) => {
                write!(f, "the {} general on {s} is outside its palace", c.name())
            }
            PositionError::TooMany { color, kind, count } => write!(
                f,
                "{color} has {count} {}s; at most {} are allowed",
                kind.name(),
                kind.max_count()
            ),
            PositionError::GeneralsFacing => {
                write!(f, "the two generals face each other on an open file")
            }
            PositionError::OpponentInCheck(c) => write!(
                f,
                "{c} is in check but it is not {c}'s turn: the general could be captured"
            ),
        }
    }
}

impl std::error::Error for PositionError {}
