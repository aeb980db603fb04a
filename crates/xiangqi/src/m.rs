//! A move: a piece goes from one point to another (named `m` because `move` is a keyword).
//!
//! A move is two squares packed in 16 bits; which piece moves and what it captures are read
//! from the position. The null value (`Move::NONE`) is never legal.

use crate::square::Square;
use core::fmt;

/// A move from one point to another, packed as `from | to << 7`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The empty move (a0 to a0), used where "no move" must fit in a `Move`.
    pub const NONE: Move = Move(0);

    /// A move from `from` to `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 7)
    }

    /// The move between two point indices the caller guarantees are below 90 (from the
    /// move tables or a point set): the generator's constructor.
    #[inline(always)]
    pub(crate) const fn from_indices(from: usize, to: usize) -> Move {
        debug_assert!(from < 90 && to < 90);
        Move(from as u16 | (to as u16) << 7)
    }

    /// The starting point.
    #[inline(always)]
    pub const fn from(self) -> Square {
        // Both halves are board squares: `new` takes squares and `from_raw` checks them.
        Square::from_index_unchecked((self.0 & 0x7f) as usize)
    }

    /// The destination point.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 >> 7) as usize)
    }

    /// The packed 14-bit value (for hashing tables).
    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// The move with packed value `raw`, if both squares are on the board.
    pub const fn from_raw(raw: u16) -> Option<Move> {
        if (raw & 0x7f) < 90 && (raw >> 7) < 90 {
            Some(Move(raw))
        } else {
            None
        }
    }

    /// True for [`Move::NONE`].
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The move's mirror image, files a↔i (the start position is its own mirror image).
    pub fn mirrored(self) -> Move {
        let flip = |s: Square| Square::new(8 - s.file(), s.rank()).unwrap_or(s);
        Move::new(flip(self.from()), flip(self.to()))
    }
}

/// Prints UCI coordinates, like `h2e2`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A list of moves on the stack; no position has more than 128 pseudo-legal moves
/// (2 chariots x 17 + 2 cannons x 17 + 2 horses x 8 + 5 soldiers x 3 + 4 + 4 x 2 x 2 = 119).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 128],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; 128],
            len: 0,
        }
    }

    /// Adds `m`. Panics if the list is full: one position's moves always fit, but the
    /// generators append, so a caller can fill a list by generating into it repeatedly.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// The number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are none.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the moves for which `keep` is true, preserving order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// True if `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
