//! WXF notation, the World Xiangqi Federation's ASCII form of the Chinese move text: `C2.5`,
//! `H8+7`, `R+.5`, `Pa.5`.
//!
//! A move is four characters: the piece letter (K A E H R C P), which piece of that kind (its
//! file 1-9 counted from the mover's own right, `+`/`-` for the front or rear of two on one
//! file, or a letter a-e for soldiers crowded on files), the direction (`+` forward, `-`
//! backward, `.` sideways) and a number. Chariots, cannons, soldiers and the general count
//! ranks when going forward or backward and name the destination file when going sideways;
//! horses, elephants and advisors always name the destination file. WXF never marks check.
//!
//! Reading is forgiving: B and N for elephant and horse, either case, `=` for sideways, the
//! sign before the letter (`+R.5`), and a file number for one of two pieces on a file when
//! only one of them can make the move.
//!
//! ```
//! use xiangqi::notation::{format_wxf, parse_wxf};
//! use xiangqi::Position;
//! let pos = Position::start();
//! let m = parse_wxf(&pos, "C2.5").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(format_wxf(&pos, m), "C2.5");
//! ```

use super::descriptive::{
    count_word, describe, or_list, resolve, Description, Op, Place, ResolveError, Style, Which,
};
use super::excerpt;
use crate::{Color, Kind, Move, Position};
use core::fmt;

/// Why a WXF move could not be read or does not name one legal move.
///
/// The first group of variants (up to [`WxfError::MisplacedLabel`]) means the text is not
/// WXF at all, whatever the position; the rest mean it is well formed but names no single
/// legal move here. [`WxfError::is_malformed`] tells the groups apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WxfError {
    /// The text is empty or only whitespace.
    Empty,
    /// The text is not four characters long.
    WrongLength {
        /// The text (shortened if long).
        text: String,
    },
    /// The first character (or the second, after a leading sign) is not a piece letter.
    UnknownPiece {
        /// The text.
        text: String,
        /// The character where a piece letter belongs.
        found: char,
    },
    /// The second character does not say which piece moves.
    BadDesignator {
        /// The text.
        text: String,
        /// The character where a file, sign or soldier letter belongs.
        found: char,
    },
    /// The third character is not a direction.
    BadDirection {
        /// The text.
        text: String,
        /// The character where `+`, `-` or `.` belongs.
        found: char,
    },
    /// The last character is not a number 1-9.
    BadNumber {
        /// The text.
        text: String,
        /// The character where the number belongs.
        found: char,
    },
    /// A horse, elephant or advisor moving sideways, which they never do.
    NoSideways {
        /// The text.
        text: String,
        /// The piece named.
        kind: Kind,
    },
    /// A label the piece can never carry: a letter a-e for anything but a soldier, or a
    /// front/rear sign for the general (there is only one).
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
    /// `+` or `-` names one of two pieces on a file, but no file holds two of the kind.
    NoPair {
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The piece named.
        kind: Kind,
    },
    /// A soldier letter beyond the soldiers that carry letters.
    NoLabel {
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The letter given.
        label: char,
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
        /// The moves those that can make it would make, as WXF writes them.
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

impl WxfError {
    /// True when the text is not WXF at all; false when it is well formed but names no
    /// single legal move in the position.
    pub fn is_malformed(&self) -> bool {
        matches!(
            self,
            WxfError::Empty
                | WxfError::WrongLength { .. }
                | WxfError::UnknownPiece { .. }
                | WxfError::BadDesignator { .. }
                | WxfError::BadDirection { .. }
                | WxfError::BadNumber { .. }
                | WxfError::NoSideways { .. }
                | WxfError::MisplacedLabel { .. }
        )
    }
}

impl fmt::Display for WxfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WxfError::Empty => write!(f, "no move given: write a WXF move like C2.5"),
            WxfError::WrongLength { text } => write!(
                f,
                "\"{text}\" is not a WXF move: expected four characters like C2.5, H8+7 or R+.5"
            ),
            WxfError::UnknownPiece { text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a piece letter: use K A E H R C P (B and N are accepted too)"
            ),
            WxfError::BadDesignator { text, found } => write!(
                f,
                "'{found}' in \"{text}\" does not say which piece moves: use its file 1-9, + or - \
                 for the front or rear of two on one file, or a-e for soldiers"
            ),
            WxfError::BadDirection { text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a direction: use + (forward), - (backward) or . (sideways)"
            ),
            WxfError::BadNumber { text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a number: the move ends with 1-9 (ranks moved or the destination file)"
            ),
            WxfError::NoSideways { text, kind } => write!(
                f,
                "\"{text}\": a {} never moves sideways; write + or - and its destination file",
                kind.name()
            ),
            WxfError::MisplacedLabel { text, kind } if *kind == Kind::General => write!(
                f,
                "\"{text}\": there is only one general, so name it by its file, like K5+1"
            ),
            WxfError::MisplacedLabel { text, kind } => write!(
                f,
                "\"{text}\": only soldiers are named by a letter a-e; name the {} by its file",
                kind.name()
            ),
            WxfError::NoPiece {
                color, kind, file, ..
            } => write!(f, "no {} {} on file {file}", color.name(), kind.name()),
            WxfError::NoPair { text, color, kind } => write!(
                f,
                "\"{text}\": + and - name the front or rear of two {} {}s on one file, \
                 but no file holds two; name the piece by its file",
                color.name(),
                kind.name()
            ),
            WxfError::NoLabel { text, color, label } => write!(
                f,
                "\"{text}\": there is no {} soldier '{label}'; letters a-e go to soldiers on files \
                 holding two or more, counted from your right and front to back",
                color.name()
            ),
            WxfError::Ambiguous {
                color,
                kind,
                file: Some(file),
                count,
                options,
                ..
            } => {
                write!(
                    f,
                    "{} {} {}s stand on file {file}: ",
                    count_word(*count),
                    color.name(),
                    kind.name()
                )?;
                // The options are written as the formatter writes them, so their second
                // character shows whether front/rear or soldier letters apply here.
                if options.iter().all(|o| matches!(o.chars().nth(1), Some('+' | '-'))) {
                    write!(f, "say + (front) or - (rear)")?;
                } else {
                    write!(f, "name the soldier by its letter a-e")?;
                }
                write!(f, ", as in {}", or_list(options))
            }
            WxfError::Ambiguous {
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
            WxfError::Illegal {
                text,
                exposes_general: true,
            } => write!(
                f,
                "the move {text} is not legal here: it would leave your general in check"
            ),
            WxfError::Illegal { text, .. } => write!(f, "the move {text} is not legal here"),
        }
    }
}

impl std::error::Error for WxfError {}

/// The WXF letter of `kind` as written: K A E H R C P.
fn letter(kind: Kind) -> char {
    match kind {
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        _ => kind.fen_char(),
    }
}

/// The direction character.
fn op_char(op: Op) -> char {
    match op {
        Op::Forward => '+',
        Op::Back => '-',
        Op::Sideways => '.',
    }
}

/// Writes `m`, which must be legal in `pos`, as WXF (`C2.5`, `R+.5`, `Pa.5`). A move that
/// does not fit the piece on its starting point comes back in UCI coordinates instead.
pub fn format_wxf(pos: &Position, m: Move) -> String {
    let Some(d) = describe(pos, m, Style::Wxf) else {
        return m.to_string();
    };
    let which = match d.which {
        Which::File(n) => char::from(b'0' + n),
        Which::Place(Place::Front, _) => '+',
        Which::Place(Place::Rear, _) => '-',
        // WXF letters three soldiers on a file, so the describer never gives a middle one.
        Which::Place(Place::Middle, _) => '.',
        Which::Ordinal(k) => char::from(b'a' + k - 1),
    };
    [
        letter(d.kind),
        which,
        op_char(d.op),
        char::from(b'0' + d.num),
    ]
    .iter()
    .collect()
}

/// Reads a WXF move and finds the legal move it names for the side to move in `pos`.
/// Surrounding whitespace is ignored.
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, WxfError> {
    let text = text.trim();
    let d = read(text)?;
    resolve(pos, &d).map_err(|e| {
        let text = excerpt(text);
        let color = pos.turn();
        let kind = d.kind;
        match e {
            ResolveError::NoPiece { file } => WxfError::NoPiece {
                text,
                color,
                kind,
                file,
            },
            ResolveError::NoPair { .. } => WxfError::NoPair { text, color, kind },
            ResolveError::NoLabel => WxfError::NoLabel {
                text,
                color,
                label: match d.which {
                    Which::Ordinal(k) => char::from(b'a' + k - 1),
                    _ => '?',
                },
            },
            ResolveError::Ambiguous { file, count, moves } => WxfError::Ambiguous {
                text,
                color,
                kind,
                file,
                count,
                options: moves.iter().map(|&m| format_wxf(pos, m)).collect(),
            },
            ResolveError::Illegal { exposes_general } => WxfError::Illegal {
                text,
                exposes_general,
            },
        }
    })
}

/// The description the text spells, checked for everything that does not need a position.
fn read(text: &str) -> Result<Description, WxfError> {
    if text.is_empty() {
        return Err(WxfError::Empty);
    }
    let c: Vec<char> = text.chars().take(5).collect();
    if c.len() != 4 {
        return Err(WxfError::WrongLength {
            text: excerpt(text),
        });
    }
    let piece = |ch: char| {
        Kind::from_letter(ch).ok_or_else(|| WxfError::UnknownPiece {
            text: text.to_string(),
            found: ch,
        })
    };
    let (kind, which) = match c[0] {
        '+' => (piece(c[1])?, Which::Place(Place::Front, None)),
        '-' => (piece(c[1])?, Which::Place(Place::Rear, None)),
        ch => {
            let kind = piece(ch)?;
            let which = match c[1] {
                '1'..='9' => Which::File(c[1] as u8 - b'0'),
                '+' => Which::Place(Place::Front, None),
                '-' => Which::Place(Place::Rear, None),
                'a'..='e' => Which::Ordinal(c[1] as u8 - b'a' + 1),
                'A'..='E' => Which::Ordinal(c[1] as u8 - b'A' + 1),
                found => {
                    return Err(WxfError::BadDesignator {
                        text: text.to_string(),
                        found,
                    })
                }
            };
            (kind, which)
        }
    };
    let op = match c[2] {
        '+' => Op::Forward,
        '-' => Op::Back,
        '.' | '=' => Op::Sideways,
        found => {
            return Err(WxfError::BadDirection {
                text: text.to_string(),
                found,
            })
        }
    };
    let num = match c[3] {
        '1'..='9' => c[3] as u8 - b'0',
        found => {
            return Err(WxfError::BadNumber {
                text: text.to_string(),
                found,
            })
        }
    };
    let misplaced = match which {
        Which::Ordinal(_) => kind != Kind::Soldier,
        Which::Place(..) => kind == Kind::General,
        Which::File(_) => false,
    };
    if misplaced {
        return Err(WxfError::MisplacedLabel {
            text: text.to_string(),
            kind,
        });
    }
    if op == Op::Sideways && matches!(kind, Kind::Horse | Kind::Elephant | Kind::Advisor) {
        return Err(WxfError::NoSideways {
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
