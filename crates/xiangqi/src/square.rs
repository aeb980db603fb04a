//! The 90 points of the board.
//!
//! Files `a`..`i` run from Red's left to Red's right; ranks `0`..`9` run from Red's back rank
//! to Black's. A square is stored as one byte, `rank * 9 + file`, so `a0` is 0 and `i9` is 89.
//!
//! ```
//! use xiangqi::Square;
//! let s: Square = "e0".parse().unwrap();
//! assert_eq!((s.file(), s.rank()), (4, 0));
//! assert_eq!(s.to_string(), "e0");
//! ```

use crate::color::Color;
use core::fmt;
use core::str::FromStr;

/// One of the 90 points, `rank * 9 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The number of points on the board.
pub const SQUARES: usize = 90;

impl Square {
    /// The square at `file` (0..9) and `rank` (0..10), or `None` off the board.
    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The square with index `i`.
    ///
    /// # Panics
    /// If `i >= 90`, in every build: the tables are indexed by square without bounds checks,
    /// so a square off the board must never exist (use [`Square::try_from_index`] for input).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Square {
        assert!(i < SQUARES, "square index out of range (0..90)");
        Square(i as u8)
    }

    /// The square with index `i`, which the caller guarantees is below 90 (an index read from
    /// the move tables, a point set or a [`crate::Move`]). Checked only in debug builds: the
    /// move generator's hot loops call it.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < SQUARES);
        Square(i as u8)
    }

    /// The square with index `i`, or `None` if `i >= 90`.
    pub const fn try_from_index(i: usize) -> Option<Square> {
        if i < SQUARES {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// `rank * 9 + file`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (`a`) to 8 (`i`), from Red's left.
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// 0 (Red's back rank) to 9 (Black's back rank).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The square one step away by `(df, dr)`, or `None` off the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || f > 8 || r < 0 || r > 9 {
            None
        } else {
            Some(Square((r * 9 + f) as u8))
        }
    }

    /// The square seen from the other side (rotated 180 degrees).
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// True on `color`'s half of the board (Red: ranks 0-4, Black: ranks 5-9).
    #[inline(always)]
    pub const fn on_side_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// True inside `color`'s palace (files d-f, ranks 0-2 for Red, 7-9 for Black).
    #[inline(always)]
    pub const fn in_palace_of(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// The rank counted from `color`'s own back rank (0..10).
    #[inline(always)]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Red => self.rank(),
            Color::Black => 9 - self.rank(),
        }
    }

    /// All 90 squares, a0 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a point: expected a file a-i and a rank 0-9, like e0",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let r = b[1].wrapping_sub(b'0');
            if let Some(sq) = Square::new(f, r) {
                return Ok(sq);
            }
        }
        Err(ParseSquareError(s.to_string()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}
