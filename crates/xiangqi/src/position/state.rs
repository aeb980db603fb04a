//! The position itself: its fields, building it from a [`Setup`] (checking the rules once)
//! or a FEN, and reading it.

use super::code;
use super::error::PositionError;
use crate::board::Board;
use crate::color::Color;
use crate::fen::{FenError, Setup};
use crate::piece::{Kind, Piece};
use crate::square::Square;
use crate::zobrist::{piece_key, BLACK_TO_MOVE};
use core::fmt;
use core::str::FromStr;

/// A legal Xiangqi position (see the module doc for the representation).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) by_code: [u128; 16],
    pub(crate) by_color: [u128; 2],
    pub(crate) generals: [u8; 2],
    pub(crate) turn: Color,
    pub(crate) hash: u64,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl Position {
    /// The initial position.
    pub fn start() -> Position {
        // Not `expect`, for the reason `Setup::start` gives.
        match Position::from_setup(&Setup::start()) {
            Ok(pos) => pos,
            Err(_) => unreachable!("the start position is legal"),
        }
    }

    /// Checks that `setup` can be played and builds the position: one general per side, in
    /// its palace; at most a set's pieces of each kind per side; the generals not facing each
    /// other; the side not to move not in check. Composed placements that no game reaches
    /// (see [`Setup::warnings`]) are accepted.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let b = &setup.board;
        for color in Color::ALL {
            match b.count(color, Kind::General) {
                0 => return Err(PositionError::MissingGeneral(color)),
                1 => {}
                _ => return Err(PositionError::ExtraGeneral(color)),
            }
        }
        for (sq, p) in b.pieces() {
            if p.kind == Kind::General && !sq.in_palace_of(p.color) {
                return Err(PositionError::GeneralOutsidePalace(p.color, sq));
            }
        }
        for color in Color::ALL {
            for kind in Kind::ALL {
                let count = b.count(color, kind);
                if count > kind.max_count() as usize {
                    return Err(PositionError::TooMany { color, kind, count });
                }
            }
        }
        let pos = Position::from_board_unchecked(b, setup.turn, setup.halfmoves, setup.fullmoves);
        if pos.generals_facing() {
            return Err(PositionError::GeneralsFacing);
        }
        let them = !setup.turn;
        if pos.is_attacked_by(pos.general(them), setup.turn) {
            return Err(PositionError::OpponentInCheck(them));
        }
        Ok(pos)
    }

    /// Builds the derived state without checking any rule. Callers guarantee one general
    /// per side.
    fn from_board_unchecked(b: &Board, turn: Color, halfmoves: u32, fullmoves: u32) -> Position {
        let mut pos = Position {
            board: [0; 90],
            by_code: [0; 16],
            by_color: [0; 2],
            generals: [0; 2],
            turn,
            hash: 0,
            halfmoves,
            fullmoves,
        };
        for (sq, p) in b.pieces() {
            let c = p.code();
            let i = sq.index();
            pos.board[i] = c;
            pos.by_code[c as usize] |= 1u128 << i;
            pos.by_color[p.color.index()] |= 1u128 << i;
            if p.kind == Kind::General {
                pos.generals[p.color.index()] = i as u8;
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The setup (placement, side, counters) of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The placement.
    pub fn board(&self) -> Board {
        let mut b = Board::empty();
        for (i, &c) in self.board.iter().enumerate() {
            if c != code::EMPTY {
                b.set(Square::from_index(i), Some(Piece::from_code(c)));
            }
        }
        b
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq.index()];
        (c != code::EMPTY).then(|| Piece::from_code(c))
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    #[inline(always)]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, grows after each Black move).
    #[inline(always)]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of the placement and side to move.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point of `color`'s general.
    #[inline(always)]
    pub fn general(&self, color: Color) -> Square {
        Square::from_index(self.generals[color.index()] as usize)
    }

    /// The points holding pieces of `color` and `kind`, as a 90-bit set.
    #[inline(always)]
    pub fn bits(&self, color: Color, kind: Kind) -> u128 {
        self.by_code[code::of(color.index(), kind.index()) as usize]
    }

    /// The points holding pieces of `color`.
    #[inline(always)]
    pub fn color_bits(&self, color: Color) -> u128 {
        self.by_color[color.index()]
    }

    /// The piece code on point `index` (`rank * 9 + file`), [`code::EMPTY`] if none: the raw
    /// board for engines' inner loops (see the module doc).
    #[inline(always)]
    pub fn code_at(&self, index: usize) -> u8 {
        self.board[index]
    }

    /// The whole board as piece codes, indexed by point.
    #[inline(always)]
    pub fn codes(&self) -> &[u8; 90] {
        &self.board
    }

    /// The points holding pieces with this [`code`], as a 90-bit set.
    #[inline(always)]
    pub fn code_bits(&self, code: u8) -> u128 {
        self.by_code[code as usize]
    }

    /// How many pieces of `color` and `kind` are on the board.
    #[inline]
    pub fn count(&self, color: Color, kind: Kind) -> u32 {
        self.bits(color, kind).count_ones()
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (i, &c) in self.board.iter().enumerate() {
            if c != code::EMPTY {
                h ^= piece_key(c, i);
            }
        }
        if self.turn == Color::Black {
            h ^= BLACK_TO_MOVE;
        }
        h
    }
}

impl Position {
    /// Parses and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let setup: Setup = fen.parse()?;
        Ok(Position::from_setup(&setup)?)
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board(), f)?;
        write!(f, "\n{}", self.to_fen())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}
