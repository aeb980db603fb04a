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

use super::choice::Notation;
use super::descriptive::describe::{describe, Style};
use super::descriptive::error::DescriptiveError;
use super::descriptive::syntax::{Description, Op, Place, Which};
use super::descriptive::syntax_error::SyntaxError;
use super::excerpt::excerpt;
use crate::m::Move;
use crate::piece::Kind;
use crate::position::Position;

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
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, DescriptiveError> {
    Ok(Description::from_wxf(text)?.to_move(pos)?)
}

impl Description {
    /// Reads WXF move text (surrounding whitespace ignored) as a description, checked for
    /// everything that does not need a position; [`Description::to_move`] finds its move.
    pub fn from_wxf(text: &str) -> Result<Description, SyntaxError> {
        read(text.trim())
    }
}

/// The description the text spells, checked for everything that does not need a position.
fn read(text: &str) -> Result<Description, SyntaxError> {
    if text.is_empty() {
        return Err(SyntaxError::Empty {
            notation: Notation::Wxf,
        });
    }
    let c: Vec<char> = text.chars().take(5).collect();
    if c.len() != 4 {
        return Err(SyntaxError::WrongLength {
            notation: Notation::Wxf,
            text: excerpt(text),
        });
    }
    let piece = |ch: char| {
        Kind::from_letter(ch).ok_or_else(|| SyntaxError::UnknownPiece {
            notation: Notation::Wxf,
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
                    return Err(SyntaxError::BadDesignator {
                        notation: Notation::Wxf,
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
            return Err(SyntaxError::BadDirection {
                notation: Notation::Wxf,
                text: text.to_string(),
                found,
            })
        }
    };
    let num = match c[3] {
        '1'..='9' => c[3] as u8 - b'0',
        found => {
            return Err(SyntaxError::BadNumber {
                notation: Notation::Wxf,
                text: text.to_string(),
                found,
            })
        }
    };
    Description::checked(Notation::Wxf, text, kind, which, op, num)
}
