//! Where the pieces stand, and nothing more: the placement that the FEN's first field
//! describes and that the board editor changes freely. It may be illegal; a
//! [`Position`](crate::Position) is the validated form.

use crate::color::Color;
use crate::piece::{Kind, Piece};
use crate::square::Square;
use core::fmt;

/// A placement of pieces on the 90 points (possibly illegal).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 90],
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 90],
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it with `None`), returning what stood there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        core::mem::replace(&mut self.squares[sq.index()], piece)
    }

    /// Every occupied point with its piece, a0 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::from_index(i), p)))
    }

    /// How many pieces of `color` and `kind` stand on the board.
    pub fn count(&self, color: Color, kind: Kind) -> usize {
        self.pieces()
            .filter(|(_, p)| *p == Piece::new(color, kind))
            .count()
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

/// A text diagram, Black's back rank on top, FEN letters and `.` for empty points.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on board");
                let c = self.get(sq).map_or('.', Piece::fen_char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   a b c d e f g h i")
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        fmt::Display::fmt(self, f)
    }
}
