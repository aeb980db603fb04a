//! The first stage's error: WXF or Chinese text that is not a move in its notation at all,
//! whatever the position.

use crate::notation::choice::Notation;
use crate::piece::Kind;
use core::fmt;

/// Why WXF or Chinese text is not a move in its notation, found without a position.
///
/// Each variant records the [`Notation`] the text was read in, and the message is spelled in
/// that notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    /// The text is empty or only whitespace.
    Empty {
        /// The notation read.
        notation: Notation,
    },
    /// The text is not four characters long (five for the Chinese 前兵九平八 form).
    WrongLength {
        /// The notation read.
        notation: Notation,
        /// The text (shortened if long).
        text: String,
    },
    /// A character where the piece belongs is not one.
    UnknownPiece {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The character where the piece belongs.
        found: char,
    },
    /// The character that says which piece moves (WXF's second) is not a file, a front or
    /// rear sign, or a soldier letter.
    BadDesignator {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The character where the designator belongs.
        found: char,
    },
    /// A character where the direction belongs is not one.
    BadDirection {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The character where the direction belongs.
        found: char,
    },
    /// A character where a file or number belongs is not 1-9.
    BadNumber {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The character where the number belongs.
        found: char,
    },
    /// A horse, elephant or advisor moving sideways, which they never do.
    NoSideways {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The piece named.
        kind: Kind,
    },
    /// A label the piece can never carry: a soldier label (WXF's a-e; Chinese 中 or 一兵 to
    /// 五兵) for anything but a soldier, or front/rear for the general (there is only one).
    MisplacedLabel {
        /// The notation read.
        notation: Notation,
        /// The text.
        text: String,
        /// The piece named.
        kind: Kind,
    },
}

impl SyntaxError {
    /// The notation the text was read in: [`Notation::Wxf`] or [`Notation::Chinese`].
    pub fn notation(&self) -> Notation {
        match self {
            SyntaxError::Empty { notation }
            | SyntaxError::WrongLength { notation, .. }
            | SyntaxError::UnknownPiece { notation, .. }
            | SyntaxError::BadDesignator { notation, .. }
            | SyntaxError::BadDirection { notation, .. }
            | SyntaxError::BadNumber { notation, .. }
            | SyntaxError::NoSideways { notation, .. }
            | SyntaxError::MisplacedLabel { notation, .. } => *notation,
        }
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Notation::Chinese as Zh;
        use SyntaxError as E;
        match self {
            E::Empty { notation: Zh } => write!(f, "no move given: write a move like 炮二平五"),
            E::Empty { .. } => write!(f, "no move given: write a WXF move like C2.5"),
            E::WrongLength { notation: Zh, text } => write!(
                f,
                "\"{text}\" is not a Chinese move: expected four characters like 炮二平五, 马8进7 or 前车进一"
            ),
            E::WrongLength { text, .. } => write!(
                f,
                "\"{text}\" is not a WXF move: expected four characters like C2.5, H8+7 or R+.5"
            ),
            E::UnknownPiece { notation: Zh, text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a piece: use 车 马 相 仕 帅 炮 兵 (or 象 士 将 卒), \
                 after 前/中/后 or 一 to 五 for soldiers"
            ),
            E::UnknownPiece { text, found, .. } => write!(
                f,
                "'{found}' in \"{text}\" is not a piece letter: use K A E H R C P (B and N are accepted too)"
            ),
            E::BadDesignator { notation: Zh, text, found } => write!(
                f,
                "'{found}' in \"{text}\" does not say which piece moves: use its file, 前/中/后, \
                 or 一 to 五 for soldiers"
            ),
            E::BadDesignator { text, found, .. } => write!(
                f,
                "'{found}' in \"{text}\" does not say which piece moves: use its file 1-9, + or - \
                 for the front or rear of two on one file, or a-e for soldiers"
            ),
            E::BadDirection { notation: Zh, text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a direction: use 进 (forward), 退 (back) or 平 (sideways)"
            ),
            E::BadDirection { text, found, .. } => write!(
                f,
                "'{found}' in \"{text}\" is not a direction: use + (forward), - (backward) or . (sideways)"
            ),
            E::BadNumber { notation: Zh, text, found } => write!(
                f,
                "'{found}' in \"{text}\" is not a number: use 一 to 九 or 1 to 9"
            ),
            E::BadNumber { text, found, .. } => write!(
                f,
                "'{found}' in \"{text}\" is not a number: the move ends with 1-9 (ranks moved or the destination file)"
            ),
            E::NoSideways { notation: Zh, text, kind } => write!(
                f,
                "\"{text}\": a {} never moves sideways (平); write 进 or 退 and its destination file",
                kind.name()
            ),
            E::NoSideways { text, kind, .. } => write!(
                f,
                "\"{text}\": a {} never moves sideways; write + or - and its destination file",
                kind.name()
            ),
            E::MisplacedLabel { notation, text, kind: Kind::General } => write!(
                f,
                "\"{text}\": there is only one general, so name it by its file, like {}",
                if *notation == Zh { "帅五进一" } else { "K5+1" }
            ),
            E::MisplacedLabel { notation: Zh, text, kind } => write!(
                f,
                "\"{text}\": only soldiers are called 中 or numbered 一 to 五; name the {} by its \
                 file, or 前/后 for two on one file",
                kind.name()
            ),
            E::MisplacedLabel { text, kind, .. } => write!(
                f,
                "\"{text}\": only soldiers are named by a letter a-e; name the {} by its file",
                kind.name()
            ),
        }
    }
}

impl std::error::Error for SyntaxError {}
