//! Chinese move text, as in books and broadcasts: 炮二平五, 马8进7, 前车进一, 中兵平四.
//!
//! A move is four characters: the piece, its file counted from the mover's own right, the
//! direction (进 forward, 退 back, 平 sideways) and a number. Red writes files and numbers in
//! Chinese numerals 一 to 九, Black in digits 1-9. Chariots, cannons, soldiers and the
//! general count ranks when going forward or back and name the destination file when going
//! sideways; horses, elephants and advisors always name the destination file.
//!
//! When two of a side's chariots, horses, cannons or soldiers share a file, 前 (front) or 后
//! (rear) replaces the file and comes first: 前车进一. Three soldiers on one file are 前兵,
//! 中兵 and 后兵. When four or five share a file, or two files each hold two or more, those
//! soldiers are numbered 一兵 to 五兵: files in the mover's numbering ascending, front to back
//! within a file (Black too writes 一卒平5). Advisors and elephants always give their file:
//! only one of two on a file can make a given move.
//!
//! Output is simplified, Red 车马相仕帅炮兵 and Black 车马象士将炮卒. Input also takes the
//! traditional forms (車 馬 傌 俥 砲 帥 將 進 後) and 包 for the cannon, either side's characters for either side,
//! Chinese numerals, ASCII or fullwidth digits for either side, 前/后 for advisors and
//! elephants, a file number for one of two pieces on a file when only one can make the move,
//! and the file named after 前/中/后 for soldiers (前兵九平八, 前九平八).
//!
//! ```
//! use xiangqi::notation::{format_chinese, parse_chinese};
//! use xiangqi::Position;
//! let mut pos = Position::start();
//! let m = parse_chinese(&pos, "炮二平五").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! pos.make_move(m);
//! let reply = parse_chinese(&pos, "馬８進７").unwrap();
//! assert_eq!(format_chinese(&pos, reply), "马8进7");
//! ```

use super::choice::Notation;
use super::descriptive::describe::{describe, Style};
use super::descriptive::error::DescriptiveError;
use super::descriptive::numerals::{chinese_number as number, numeral, NUMERALS};
use super::descriptive::syntax::{Description, Op, Place, Which};
use super::descriptive::syntax_error::SyntaxError;
use super::excerpt::excerpt;
use crate::color::Color;
use crate::m::Move;
use crate::piece::Kind;
use crate::position::Position;

/// The simplified character of a piece as written in a move.
fn piece_char(color: Color, kind: Kind) -> char {
    match (color, kind) {
        (_, Kind::Chariot) => '车',
        (_, Kind::Horse) => '马',
        (_, Kind::Cannon) => '炮',
        (Color::Red, Kind::Elephant) => '相',
        (Color::Red, Kind::Advisor) => '仕',
        (Color::Red, Kind::General) => '帅',
        (Color::Red, Kind::Soldier) => '兵',
        (Color::Black, Kind::Elephant) => '象',
        (Color::Black, Kind::Advisor) => '士',
        (Color::Black, Kind::General) => '将',
        (Color::Black, Kind::Soldier) => '卒',
    }
}

/// Writes `m`, which must be legal in `pos`, in Chinese (炮二平五, 马8进7, 前车进一). A move
/// that does not fit the piece on its starting point comes back in UCI coordinates instead.
pub fn format_chinese(pos: &Position, m: Move) -> String {
    let (Some(d), Some(piece)) = (describe(pos, m, Style::Chinese), pos.piece_at(m.from())) else {
        return m.to_string();
    };
    let color = piece.color;
    let p = piece_char(color, d.kind);
    let op = match d.op {
        Op::Forward => '进',
        Op::Back => '退',
        Op::Sideways => '平',
    };
    let num = number(color, d.num);
    let [a, b] = match d.which {
        Which::File(n) => [p, number(color, n)],
        Which::Place(Place::Front, _) => ['前', p],
        Which::Place(Place::Middle, _) => ['中', p],
        Which::Place(Place::Rear, _) => ['后', p],
        Which::Ordinal(k) => [numeral(k), p],
    };
    [a, b, op, num].iter().collect()
}

/// One character of Chinese move text, classified.
#[derive(Clone, Copy)]
enum Token {
    Piece(Kind),
    Number(u8),
    Op(Op),
    Place(Place),
    Other,
}

fn token(c: char) -> Token {
    let kind = match c {
        '车' | '車' | '俥' => Some(Kind::Chariot),
        '马' | '馬' | '傌' => Some(Kind::Horse),
        '炮' | '砲' | '包' => Some(Kind::Cannon),
        '相' | '象' => Some(Kind::Elephant),
        '仕' | '士' => Some(Kind::Advisor),
        '帅' | '帥' | '将' | '將' => Some(Kind::General),
        '兵' | '卒' => Some(Kind::Soldier),
        _ => None,
    };
    if let Some(kind) = kind {
        return Token::Piece(kind);
    }
    match c {
        '进' | '進' => Token::Op(Op::Forward),
        '退' => Token::Op(Op::Back),
        '平' => Token::Op(Op::Sideways),
        '前' => Token::Place(Place::Front),
        '中' => Token::Place(Place::Middle),
        '后' | '後' => Token::Place(Place::Rear),
        '1'..='9' => Token::Number(c as u8 - b'0'),
        '１'..='９' => Token::Number((c as u32 - '０' as u32) as u8),
        _ => match NUMERALS.iter().position(|&n| n == c) {
            Some(i) => Token::Number(i as u8 + 1),
            None => Token::Other,
        },
    }
}

/// Reads a Chinese move and finds the legal move it names for the side to move in `pos`.
/// Surrounding whitespace is ignored.
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, DescriptiveError> {
    Ok(Description::from_chinese(text)?.to_move(pos)?)
}

impl Description {
    /// Reads Chinese move text (surrounding whitespace ignored) as a description, checked
    /// for everything that does not need a position; [`Description::to_move`] finds its
    /// move.
    pub fn from_chinese(text: &str) -> Result<Description, SyntaxError> {
        read(text.trim())
    }
}

/// The description the text spells, checked for everything that does not need a position.
fn read(text: &str) -> Result<Description, SyntaxError> {
    if text.is_empty() {
        return Err(SyntaxError::Empty {
            notation: Notation::Chinese,
        });
    }
    let c: Vec<char> = text.chars().take(6).collect();
    let wrong_length = || SyntaxError::WrongLength {
        notation: Notation::Chinese,
        text: excerpt(text),
    };
    if c.len() != 4 && c.len() != 5 {
        return Err(wrong_length());
    }
    let number = |ch: char| match token(ch) {
        Token::Number(n) => Ok(n),
        _ => Err(SyntaxError::BadNumber {
            notation: Notation::Chinese,
            text: text.to_string(),
            found: ch,
        }),
    };
    let piece = |ch: char| match token(ch) {
        Token::Piece(kind) => Ok(kind),
        _ => Err(SyntaxError::UnknownPiece {
            notation: Notation::Chinese,
            text: text.to_string(),
            found: ch,
        }),
    };
    // `rest` is where the direction stands: after two characters, or three in 前兵九平八.
    let (kind, which, rest) = match token(c[0]) {
        Token::Piece(kind) => (kind, Which::File(number(c[1])?), 2),
        Token::Number(n) => (piece(c[1])?, Which::Ordinal(n), 2),
        Token::Place(place) => match token(c[1]) {
            Token::Number(n) => (Kind::Soldier, Which::Place(place, Some(n)), 2),
            Token::Piece(kind) if c.len() == 5 => {
                (kind, Which::Place(place, Some(number(c[2])?)), 3)
            }
            _ => (piece(c[1])?, Which::Place(place, None), 2),
        },
        Token::Op(_) | Token::Other => {
            return Err(SyntaxError::UnknownPiece {
                notation: Notation::Chinese,
                text: text.to_string(),
                found: c[0],
            })
        }
    };
    if c.len() != rest + 2 {
        return Err(wrong_length());
    }
    let op = match token(c[rest]) {
        Token::Op(op) => op,
        _ => {
            return Err(SyntaxError::BadDirection {
                notation: Notation::Chinese,
                text: text.to_string(),
                found: c[rest],
            })
        }
    };
    let num = number(c[rest + 1])?;
    Description::checked(Notation::Chinese, text, kind, which, op, num)
}
