//! The second stage's error: a well-formed WXF or Chinese description that names no single
//! legal move in the position it is read against.

use super::numerals::{chinese_number, numeral};
use crate::color::Color;
use crate::notation::choice::Notation;
use crate::piece::Kind;
use core::fmt;

/// Why a well-formed description names no single legal move in a position.
///
/// Each variant records the [`Notation`] the text was read in, and the message is spelled in
/// that notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No piece of the kind stands on the named file.
    NoPiece {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The piece named.
        kind: Kind,
        /// The file named (1-9 from the mover's right).
        file: u8,
    },
    /// Front, middle or rear names a piece among several on one file, but no file (or not
    /// the named one) holds that many of the kind.
    NoPair {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The piece named.
        kind: Kind,
        /// The file named with the label (Chinese 前兵九平八), if any.
        file: Option<u8>,
        /// How many pieces the label needs on one file: two for front or rear, three for
        /// middle.
        needed: u8,
    },
    /// A soldier label (WXF's a-e, Chinese 一兵 to 五兵) beyond the soldiers that carry one.
    NoLabel {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The side to move.
        color: Color,
        /// The label given, as a count from 1 (WXF's `a` and Chinese 一 are 1).
        label: u8,
    },
    /// More than one piece could make the move the text describes.
    Ambiguous {
        /// The notation read.
        notation: Notation,
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
        /// The moves those that can make it would make, written in the same notation.
        options: Vec<String>,
    },
    /// The named piece cannot make the move here.
    Illegal {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// True when the move fits the piece but would leave the mover's general attacked.
        exposes_general: bool,
    },
}

impl ResolveError {
    /// The notation the text was read in: [`Notation::Wxf`] or [`Notation::Chinese`].
    pub fn notation(&self) -> Notation {
        match self {
            ResolveError::NoPiece { notation, .. }
            | ResolveError::NoPair { notation, .. }
            | ResolveError::NoLabel { notation, .. }
            | ResolveError::Ambiguous { notation, .. }
            | ResolveError::Illegal { notation, .. } => *notation,
        }
    }
}

/// "two", "three" ... for counts of pieces in messages.
fn count_word(n: u8) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        _ => "several",
    }
}

/// "A", "A or B", "A, B or C": alternatives in a message.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A file number in a message, written as the notation writes it for `color`.
fn file_name(notation: Notation, color: Color, n: u8) -> char {
    match notation {
        Notation::Chinese => chinese_number(color, n),
        _ => char::from_digit(n as u32, 10).unwrap_or('?'),
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Notation::Chinese as Zh;
        use ResolveError as E;
        match self {
            E::NoPiece {
                notation,
                color,
                kind,
                file,
                ..
            } => write!(
                f,
                "no {} {} on file {}",
                color.name(),
                kind.name(),
                file_name(*notation, *color, *file)
            ),
            E::NoPair {
                notation: Zh,
                text,
                color,
                kind,
                file,
                needed,
            } => {
                let label = if *needed == 3 {
                    "中 names"
                } else {
                    "前 and 后 name"
                };
                write!(
                    f,
                    "\"{text}\": {label} one of {} {} {}s on one file, but ",
                    count_word(*needed),
                    color.name(),
                    kind.name()
                )?;
                match file {
                    Some(n) => write!(
                        f,
                        "file {} does not hold {}",
                        file_name(Zh, *color, *n),
                        count_word(*needed)
                    ),
                    None => write!(
                        f,
                        "no file holds {}; name the piece by its file",
                        count_word(*needed)
                    ),
                }
            }
            E::NoPair {
                text, color, kind, ..
            } => write!(
                f,
                "\"{text}\": + and - name the front or rear of two {} {}s on one file, \
                 but no file holds two; name the piece by its file",
                color.name(),
                kind.name()
            ),
            E::NoLabel {
                notation: Zh,
                text,
                color,
                label,
            } => write!(
                f,
                "\"{text}\": there is no {} soldier number {}; soldiers are numbered only on files \
                 holding two or more, counted from your right and front to back",
                color.name(),
                numeral(*label)
            ),
            E::NoLabel {
                text, color, label, ..
            } => write!(
                f,
                "\"{text}\": there is no {} soldier '{}'; letters a-e go to soldiers on files \
                 holding two or more, counted from your right and front to back",
                color.name(),
                char::from(b'a'.wrapping_add(label.wrapping_sub(1)))
            ),
            E::Ambiguous {
                notation,
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
                    file_name(*notation, *color, *file)
                )?;
                // The options are written as the formatter writes them, so their labels show
                // which way of telling the pieces apart applies here.
                if *notation == Zh {
                    let first = |c: &[char]| options.iter().any(|o| o.starts_with(c));
                    if first(&['中']) {
                        write!(f, "say 前, 中 or 后")?;
                    } else if first(&['前', '后']) {
                        write!(f, "say 前 (front) or 后 (rear)")?;
                    } else {
                        write!(
                            f,
                            "number the soldier 一 to 五 from your right, front to back"
                        )?;
                    }
                } else if options
                    .iter()
                    .all(|o| matches!(o.chars().nth(1), Some('+' | '-')))
                {
                    write!(f, "say + (front) or - (rear)")?;
                } else {
                    write!(f, "name the soldier by its letter a-e")?;
                }
                write!(f, ", as in {}", or_list(options))
            }
            E::Ambiguous {
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
            E::Illegal {
                text,
                exposes_general: true,
                ..
            } => write!(
                f,
                "the move {text} is not legal here: it would leave your general in check"
            ),
            E::Illegal { text, .. } => write!(f, "the move {text} is not legal here"),
        }
    }
}

impl std::error::Error for ResolveError {}
