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
//! traditional forms (車 馬 傌 俥 砲 帥 將 進 後), either side's characters for either side,
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

use super::descriptive::{
    count_word, describe, or_list, resolve, Description, Op, Place, ResolveError, Style, Which,
};
use super::excerpt;
use crate::{Color, Kind, Move, Position};
use core::fmt;

/// Why a Chinese move could not be read or does not name one legal move.
///
/// The first group of variants (up to [`ChineseError::MisplacedLabel`]) means the text is
/// not a Chinese move at all, whatever the position; the rest mean it is well formed but
/// names no single legal move here. [`ChineseError::is_malformed`] tells the groups apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChineseError {
    /// The text is empty or only whitespace.
    Empty,
    /// The text is not four characters long (five for the 前兵九平八 form).
    WrongLength {
        /// The text (shortened if long).
        text: String,
    },
    /// A character where a piece belongs is not one.
    UnknownPiece {
        /// The text.
        text: String,
        /// The character where the piece belongs.
        found: char,
    },
    /// A character where a file or number belongs is not a numeral 1-9.
    BadNumber {
        /// The text.
        text: String,
        /// The character where the numeral belongs.
        found: char,
    },
    /// A character where the direction belongs is not 进, 退 or 平.
    BadDirection {
        /// The text.
        text: String,
        /// The character where the direction belongs.
        found: char,
    },
    /// A horse, elephant or advisor moving sideways (平), which they never do.
    NoSideways {
        /// The text.
        text: String,
        /// The piece named.
        kind: Kind,
    },
    /// A label the piece can never carry: 中 or 一兵-style numbering for anything but a
    /// soldier, or 前/后 for the general (there is only one).
    MisplacedLabel {
        /// The text.
        text: String,
        /// The piece named.
        kind: Kind,
    },
    /// No piece of the kind stands on the named file.
    NoPiece {
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The piece named.
        kind: Kind,
        /// The file named (1-9 from the mover's right).
        file: u8,
    },
    /// 前, 中 or 后 names a piece among several on one file, but no file (or not the named
    /// one) holds that many of the kind.
    NoPair {
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The piece named.
        kind: Kind,
        /// The file named after 前/中/后, if any.
        file: Option<u8>,
        /// How many pieces the label needs on one file: two for 前/后, three for 中.
        needed: u8,
    },
    /// A soldier number (一兵 to 五兵) beyond the soldiers that are numbered.
    NoLabel {
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The number given.
        label: u8,
    },
    /// More than one piece could make the move the text describes.
    Ambiguous {
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The piece named.
        kind: Kind,
        /// The file they share, when the text named one.
        file: Option<u8>,
        /// How many pieces of the kind the text could mean.
        count: u8,
        /// The moves those that can make it would make, as Chinese notation writes them.
        options: Vec<String>,
    },
    /// The named piece cannot make the move here.
    Illegal {
        /// The text.
        text: String,
        /// True when the move fits the piece but would leave the mover's general attacked.
        exposes_general: bool,
    },
}

impl ChineseError {
    /// True when the text is not a Chinese move at all; false when it is well formed but
    /// names no single legal move in the position.
    pub fn is_malformed(&self) -> bool {
        matches!(
            self,
            ChineseError::Empty
                | ChineseError::WrongLength { .. }
                | ChineseError::UnknownPiece { .. }
                | ChineseError::BadNumber { .. }
                | ChineseError::BadDirection { .. }
                | ChineseError::NoSideways { .. }
                | ChineseError::MisplacedLabel { .. }
        )
    }
}

impl fmt::Display for ChineseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChineseError::Empty => write!(f, "no move given: write a move like 炮二平五"),
            ChineseError::WrongLength { text } => write!(
                f,
                "\"{text}\" is not a Chinese move: expected four characters like 炮二平五, 马8进7 or 前车进一"
            ),
            ChineseError::UnknownPiece { text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a piece: use 车 马 相 仕 帅 炮 兵 (or 象 士 将 卒), \
                 after 前/中/后 or 一 to 五 for soldiers"
            ),
            ChineseError::BadNumber { text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a number: use 一 to 九 or 1 to 9"
            ),
            ChineseError::BadDirection { text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a direction: use 进 (forward), 退 (back) or 平 (sideways)"
            ),
            ChineseError::NoSideways { text, kind } => write!(
                f,
                "\"{text}\": a {} never moves sideways (平); write 进 or 退 and its destination file",
                kind.name()
            ),
            ChineseError::MisplacedLabel { text, kind } if *kind == Kind::General => write!(
                f,
                "\"{text}\": there is only one general, so name it by its file, like 帅五进一"
            ),
            ChineseError::MisplacedLabel { text, kind } => write!(
                f,
                "\"{text}\": only soldiers are called 中 or numbered 一 to 五; name the {} by its \
                 file, or 前/后 for two on one file",
                kind.name()
            ),
            ChineseError::NoPiece {
                color, kind, file, ..
            } => write!(
                f,
                "no {} {} on file {}",
                color.name(),
                kind.name(),
                file_name(*color, *file)
            ),
            ChineseError::NoPair {
                text,
                color,
                kind,
                file,
                needed,
            } => {
                let label = if *needed == 3 { "中 names" } else { "前 and 后 name" };
                write!(f, "\"{text}\": {label} one of {} {} {}s on one file, but ", count_word(*needed), color.name(), kind.name())?;
                match file {
                    Some(n) => write!(f, "file {} does not hold {}", file_name(*color, *n), count_word(*needed)),
                    None => write!(f, "no file holds {}; name the piece by its file", count_word(*needed)),
                }
            }
            ChineseError::NoLabel { text, color, label } => write!(
                f,
                "\"{text}\": there is no {} soldier number {}; soldiers are numbered only on files \
                 holding two or more, counted from your right and front to back",
                color.name(),
                numeral(*label)
            ),
            ChineseError::Ambiguous {
                color,
                kind,
                file: Some(file),
                count,
                options,
                ..
            } => {
                write!(
                    f,
                    "{} {} {}s stand on file {}: ",
                    count_word(*count),
                    color.name(),
                    kind.name(),
                    file_name(*color, *file)
                )?;
                // The options are written as the formatter writes them, so their first
                // character shows which kind of label applies here.
                let first = |c: &[char]| options.iter().any(|o| o.starts_with(c));
                if first(&['中']) {
                    write!(f, "say 前, 中 or 后")?;
                } else if first(&['前', '后']) {
                    write!(f, "say 前 (front) or 后 (rear)")?;
                } else {
                    write!(f, "number the soldier 一 to 五 from your right, front to back")?;
                }
                write!(f, ", as in {}", or_list(options))
            }
            ChineseError::Ambiguous {
                text,
                color,
                kind,
                options,
                ..
            } => write!(
                f,
                "\"{text}\" could mean {} {}s on more than one file: write {}",
                color.name(),
                kind.name(),
                or_list(options)
            ),
            ChineseError::Illegal {
                text,
                exposes_general: true,
            } => write!(
                f,
                "the move {text} is not legal here: it would leave your general in check"
            ),
            ChineseError::Illegal { text, .. } => write!(f, "the move {text} is not legal here"),
        }
    }
}

impl std::error::Error for ChineseError {}

/// 一 to 九.
const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The Chinese numeral for 1..=9.
fn numeral(n: u8) -> char {
    NUMERALS
        .get((n as usize).wrapping_sub(1))
        .copied()
        .unwrap_or('?')
}

/// A file or number as `color` writes it: Chinese numerals for Red, digits for Black.
fn number(color: Color, n: u8) -> char {
    match color {
        Color::Red => numeral(n),
        Color::Black => char::from_digit(n as u32, 10).unwrap_or('?'),
    }
}

/// A file number in a message, written as the mover writes it.
fn file_name(color: Color, n: u8) -> char {
    number(color, n)
}

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
        '炮' | '砲' => Some(Kind::Cannon),
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
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, ChineseError> {
    let text = text.trim();
    let d = read(text)?;
    resolve(pos, &d).map_err(|e| {
        let text = excerpt(text);
        let color = pos.turn();
        let kind = d.kind;
        match e {
            ResolveError::NoPiece { file } => ChineseError::NoPiece {
                text,
                color,
                kind,
                file,
            },
            ResolveError::NoPair { file } => ChineseError::NoPair {
                text,
                color,
                kind,
                file,
                needed: if matches!(d.which, Which::Place(Place::Middle, _)) {
                    3
                } else {
                    2
                },
            },
            ResolveError::NoLabel => ChineseError::NoLabel {
                text,
                color,
                label: match d.which {
                    Which::Ordinal(k) => k,
                    _ => 0,
                },
            },
            ResolveError::Ambiguous { file, count, moves } => ChineseError::Ambiguous {
                text,
                color,
                kind,
                file,
                count,
                options: moves.iter().map(|&m| format_chinese(pos, m)).collect(),
            },
            ResolveError::Illegal { exposes_general } => ChineseError::Illegal {
                text,
                exposes_general,
            },
        }
    })
}

/// The description the text spells, checked for everything that does not need a position.
fn read(text: &str) -> Result<Description, ChineseError> {
    if text.is_empty() {
        return Err(ChineseError::Empty);
    }
    let c: Vec<char> = text.chars().take(6).collect();
    let wrong_length = || ChineseError::WrongLength {
        text: excerpt(text),
    };
    if c.len() != 4 && c.len() != 5 {
        return Err(wrong_length());
    }
    let number = |ch: char| match token(ch) {
        Token::Number(n) => Ok(n),
        _ => Err(ChineseError::BadNumber {
            text: text.to_string(),
            found: ch,
        }),
    };
    let piece = |ch: char| match token(ch) {
        Token::Piece(kind) => Ok(kind),
        _ => Err(ChineseError::UnknownPiece {
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
            return Err(ChineseError::UnknownPiece {
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
            return Err(ChineseError::BadDirection {
                text: text.to_string(),
                found: c[rest],
            })
        }
    };
    let num = number(c[rest + 1])?;
    let misplaced = match which {
        Which::Ordinal(_) | Which::Place(Place::Middle, _) => kind != Kind::Soldier,
        Which::Place(..) => kind == Kind::General,
        Which::File(_) => false,
    };
    if misplaced {
        return Err(ChineseError::MisplacedLabel {
            text: text.to_string(),
            kind,
        });
    }
    if op == Op::Sideways && matches!(kind, Kind::Horse | Kind::Elephant | Kind::Advisor) {
        return Err(ChineseError::NoSideways {
            text: text.to_string(),
            kind,
        });
    }
    Ok(Description {
        kind,
        which,
        op,
        num,
    })
}
