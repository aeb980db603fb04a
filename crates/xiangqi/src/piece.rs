//! The seven kinds of piece and a coloured piece.
//!
//! ```
//! use xiangqi::{Color, Kind, Piece};
//! let p = Piece::from_fen_char('n').unwrap();
//! assert_eq!(p, Piece::new(Color::Black, Kind::Horse));
//! assert_eq!(p.chinese_char(), '馬');
//! ```

use crate::color::Color;
use core::fmt;

/// A kind of piece, without colour.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// General / king — 帥 (red), 將 (black). FEN `K`.
    General = 0,
    /// Advisor / guard — 仕 (red), 士 (black). FEN `A`.
    Advisor = 1,
    /// Elephant / minister — 相 (red), 象 (black). FEN `B` (also `E` on input).
    Elephant = 2,
    /// Horse / knight — 傌 (red), 馬 (black). FEN `N` (also `H` on input).
    Horse = 3,
    /// Chariot / rook — 俥 (red), 車 (black). FEN `R`.
    Chariot = 4,
    /// Cannon — 炮 (red), 砲 (black). FEN `C`.
    Cannon = 5,
    /// Soldier / pawn — 兵 (red), 卒 (black). FEN `P`.
    Soldier = 6,
}

impl Kind {
    /// All seven kinds, in index order.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// 0..7, an index into per-kind tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind at `i` (0..7). Panics on a larger index: only for internal table use.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// The upper-case FEN letter (K A B N R C P).
    pub const fn fen_char(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
        }
    }

    /// The kind for a FEN or WXF letter, either case; accepts `H` for horse and `E` for elephant.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::General,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Chariot,
            'C' => Kind::Cannon,
            'P' => Kind::Soldier,
            _ => return None,
        })
    }

    /// How many of this kind one side has at the start, and at most.
    pub const fn max_count(self) -> u8 {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }

    /// The English name, lower case ("chariot").
    pub const fn name(self) -> &'static str {
        match self {
            Kind::General => "general",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Chariot => "chariot",
            Kind::Cannon => "cannon",
            Kind::Soldier => "soldier",
        }
    }

    /// True for the pieces that can cross the river (chariot, horse, cannon, soldier).
    pub const fn can_cross_river(self) -> bool {
        matches!(
            self,
            Kind::Horse | Kind::Chariot | Kind::Cannon | Kind::Soldier
        )
    }
}

/// A piece of one colour.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece for a FEN letter (K A B N R C P, with H and E accepted), case giving the colour.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// The traditional character drawn on the disc: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black.
    pub const fn chinese_char(self) -> char {
        match (self.color, self.kind) {
            (Color::Red, Kind::General) => '帥',
            (Color::Red, Kind::Advisor) => '仕',
            (Color::Red, Kind::Elephant) => '相',
            (Color::Red, Kind::Horse) => '傌',
            (Color::Red, Kind::Chariot) => '俥',
            (Color::Red, Kind::Cannon) => '炮',
            (Color::Red, Kind::Soldier) => '兵',
            (Color::Black, Kind::General) => '將',
            (Color::Black, Kind::Advisor) => '士',
            (Color::Black, Kind::Elephant) => '象',
            (Color::Black, Kind::Horse) => '馬',
            (Color::Black, Kind::Chariot) => '車',
            (Color::Black, Kind::Cannon) => '砲',
            (Color::Black, Kind::Soldier) => '卒',
        }
    }

    /// A compact code 1..=15 used by the board array (0 means empty):
    /// bit 3 is the colour, the low three bits are `kind + 1`.
    #[inline(always)]
    pub(crate) const fn code(self) -> u8 {
        ((self.color as u8) << 3) | (self.kind as u8 + 1)
    }

    /// The piece for a non-zero board code.
    #[inline(always)]
    pub(crate) const fn from_code(code: u8) -> Piece {
        Piece {
            color: Color::from_index((code >> 3) as usize),
            kind: Kind::from_index(((code & 7) - 1) as usize),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.kind.name())
    }
}
