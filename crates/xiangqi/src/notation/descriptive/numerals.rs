//! Chinese numerals, and files and numbers as each side writes them in Chinese.

use crate::color::Color;

/// 一 to 九.
pub(crate) const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The Chinese numeral for 1..=9.
pub(crate) fn numeral(n: u8) -> char {
    NUMERALS
        .get((n as usize).wrapping_sub(1))
        .copied()
        .unwrap_or('?')
}

/// A file or number as `color` writes it in Chinese: numerals for Red, digits for Black.
pub(crate) fn chinese_number(color: Color, n: u8) -> char {
    match color {
        Color::Red => numeral(n),
        Color::Black => char::from_digit(n as u32, 10).unwrap_or('?'),
    }
}
