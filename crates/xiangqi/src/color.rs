//! The two sides: Red (红), who moves first and sits at ranks 0-2, and Black (黑).

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A side of the board.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Red — 红方. Moves first; its palace is on ranks 0-2.
    Red = 0,
    /// Black — 黑方. Its palace is on ranks 7-9.
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for Red, 1 for Black: an index into per-colour tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour whose index is `i & 1`.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Color {
        if i & 1 == 0 {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// The FEN letter of the side to move: `w` for Red (the Pikafish convention), `b` for Black.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// The lower-case English name: "red" or "black".
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// The Chinese name of the side: 红方 or 黑方.
    pub const fn chinese_name(self) -> &'static str {
        match self {
            Color::Red => "红方",
            Color::Black => "黑方",
        }
    }

    /// The rank step that moves a soldier of this colour forward: +1 for Red, -1 for Black.
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "Red",
            Color::Black => "Black",
        })
    }
}

/// Why text is not a side, from [`Color`]'s [`FromStr`]: the text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColorError(pub String);

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\": choose red or black", self.0)
    }
}

impl std::error::Error for ParseColorError {}

/// Reads a side as settings, links and command lines write it: its name ("red", "black") or
/// its letter ("r", or FEN's "w", for Red; "b" for Black), in any case.
///
/// ```
/// use xiangqi::Color;
/// assert_eq!("red".parse(), Ok(Color::Red));
/// assert_eq!("W".parse(), Ok(Color::Red));
/// assert_eq!("black".parse(), Ok(Color::Black));
/// assert_eq!(
///     "blue".parse::<Color>().unwrap_err().to_string(),
///     "\"blue\": choose red or black"
/// );
/// ```
impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "red" | "r" | "w" => Ok(Color::Red),
            "black" | "b" => Ok(Color::Black),
            _ => Err(ParseColorError(s.to_string())),
        }
    }
}
