//! What WXF and Chinese notation share: a move told from the mover's seat as a piece kind,
//! which of the side's pieces of that kind it is, a direction and a number (`C2.5`, 炮二平五).
//!
//! This module turns a move into that [`Description`] and a description back into the one
//! legal move it names: each notation reads its own spelling into a description, and
//! [`resolve_text`] finds the move on the position with one error type for both,
//! [`DescriptiveError`]. The two notations differ only in spelling, and in one choice of
//! label (three soldiers on one file: WXF letters them, Chinese says 前/中/后), which
//! [`Style`] selects.
//!
//! Files are numbered 1-9 from the mover's own right: Red's file 1 is `i`, Black's is `a`.
//! "Front" is the mover's forward direction, so Black's front piece is the one on the lower
//! rank.

use super::{excerpt, format, Notation};
use crate::{Color, Kind, Move, Position, Square};
use core::fmt;

/// The direction word: forward, backward or sideways, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// `+`, 进.
    Forward,
    /// `-`, 退.
    Back,
    /// `.`, 平.
    Sideways,
}

/// Where a piece stands among its side's pieces of the same kind sharing one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// The most advanced one (`+`, 前).
    Front,
    /// The second of exactly three (中).
    Middle,
    /// The least advanced one (`-`, 后).
    Rear,
}

/// Which of the side's pieces of the kind moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Which {
    /// The piece on this file (1-9, the mover's numbering).
    File(u8),
    /// A place among pieces sharing a file; the file is given only when the text names it
    /// (前兵九平八), otherwise any file holding enough such pieces is meant.
    Place(Place, Option<u8>),
    /// Soldier 1..=5 in the labelling order of [`soldier_labels`].
    Ordinal(u8),
}

/// A move as WXF and Chinese notation describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Description {
    pub kind: Kind,
    pub which: Which,
    pub op: Op,
    /// Ranks moved (straight movers going forward or back) or the destination file.
    pub num: u8,
}

impl Description {
    /// The description read from `text` in `notation`, refused when its label does not fit
    /// its kind (numbered or middle soldiers, a front or rear general) or its piece cannot
    /// move sideways (horse, elephant, advisor).
    pub(crate) fn checked(
        notation: Notation,
        text: &str,
        kind: Kind,
        which: Which,
        op: Op,
        num: u8,
    ) -> Result<Description, DescriptiveError> {
        let misplaced = match which {
            Which::Ordinal(_) | Which::Place(Place::Middle, _) => kind != Kind::Soldier,
            Which::Place(..) => kind == Kind::General,
            Which::File(_) => false,
        };
        if misplaced {
            return Err(DescriptiveError::MisplacedLabel {
                notation,
                text: text.to_string(),
                kind,
            });
        }
        if op == Op::Sideways && matches!(kind, Kind::Horse | Kind::Elephant | Kind::Advisor) {
            return Err(DescriptiveError::NoSideways {
                notation,
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
}

/// The one place the two notations label soldiers differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// Three soldiers on one file are lettered a, b, c.
    Wxf,
    /// Three soldiers on one file are 前, 中, 后.
    Chinese,
}

/// Why a description names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ResolveError {
    /// No piece of the kind stands on the named file.
    NoPiece { file: u8 },
    /// A front/middle/rear label, but no file holds enough pieces of the kind (the file is
    /// the one the text named, if it named one).
    NoPair { file: Option<u8> },
    /// A soldier ordinal beyond the soldiers that are labelled.
    NoLabel,
    /// More than one piece could make the described move: the moves they would make.
    Ambiguous {
        file: Option<u8>,
        count: u8,
        moves: Vec<Move>,
    },
    /// The named piece cannot make the move; `exposes_general` when only the general's
    /// safety forbids it.
    Illegal { exposes_general: bool },
}

/// True for the pieces whose number counts ranks when they move forward or back.
pub(crate) fn moves_straight(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::General | Kind::Chariot | Kind::Cannon | Kind::Soldier
    )
}

/// The file number (1-9) of board file `file` (0 = `a`) for `color`.
pub(crate) fn own_file(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// The board file (0 = `a`) of `color`'s file number `n` (1-9); off the board (9 or more)
/// for any other `n`, so a bad number finds no piece rather than panicking.
fn board_file(color: Color, n: u8) -> u8 {
    match color {
        Color::Red => 9u8.wrapping_sub(n),
        Color::Black => n.wrapping_sub(1),
    }
}

/// The points of `color`'s pieces of `kind` on board file `file`, front first.
fn column(pos: &Position, color: Color, kind: Kind, file: u8) -> Vec<Square> {
    let mut col: Vec<Square> = (0..10)
        .filter_map(|rank| Square::new(file, rank))
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == color && p.kind == kind)
        })
        .collect();
    // Front first: Red's front is its highest rank, Black's its lowest.
    if color == Color::Red {
        col.reverse();
    }
    col
}

/// The soldiers that carry a label when labels are in use: those on files holding two or
/// more, by the mover's file number ascending, front to back within a file.
fn soldier_labels(pos: &Position, color: Color) -> Vec<Square> {
    (1..=9)
        .map(|n| column(pos, color, Kind::Soldier, board_file(color, n)))
        .filter(|col| col.len() >= 2)
        .flatten()
        .collect()
}

/// The destination of the piece on `from` under `op` and `num`, if it is on the board and
/// fits the piece's way of moving.
fn destination(color: Color, kind: Kind, from: Square, op: Op, num: u8) -> Option<Square> {
    let forward = color.forward();
    if op == Op::Sideways {
        if !moves_straight(kind) {
            return None;
        }
        let file = board_file(color, num);
        if file == from.file() {
            return None;
        }
        return Square::new(file, from.rank());
    }
    let sign = if op == Op::Forward { forward } else { -forward };
    if moves_straight(kind) {
        return from.offset(0, sign * (num.min(9) as i8));
    }
    let df = board_file(color, num).min(9) as i8 - from.file() as i8;
    let dr = match (kind, df.abs()) {
        (Kind::Advisor, 1) => 1,
        (Kind::Elephant, 2) => 2,
        (Kind::Horse, 1) => 2,
        (Kind::Horse, 2) => 1,
        _ => return None,
    };
    from.offset(df, sign * dr)
}

/// The description of `m` in `style`, told by the owner of the piece on its starting point;
/// `None` when that point is empty or the move does not fit the piece's way of moving.
pub(crate) fn describe(pos: &Position, m: Move, style: Style) -> Option<Description> {
    let (from, to) = (m.from(), m.to());
    let piece = pos.piece_at(from)?;
    let (color, kind) = (piece.color, piece.kind);
    let advance = (to.relative_rank(color) as i8) - (from.relative_rank(color) as i8);
    let op = match advance {
        0 => Op::Sideways,
        a if a > 0 => Op::Forward,
        _ => Op::Back,
    };
    let num = if moves_straight(kind) && op != Op::Sideways {
        advance.unsigned_abs()
    } else {
        own_file(color, to.file())
    };
    let col = column(pos, color, kind, from.file());
    let index = col.iter().position(|&sq| sq == from)?;
    let place = |len: usize| match index {
        0 => Place::Front,
        i if i + 1 == len => Place::Rear,
        _ => Place::Middle,
    };
    let which = match kind {
        _ if col.len() < 2 => Which::File(own_file(color, from.file())),
        Kind::Advisor | Kind::Elephant | Kind::General => Which::File(own_file(color, from.file())),
        Kind::Soldier => {
            let crowded: Vec<usize> = (0..9)
                .map(|f| column(pos, color, Kind::Soldier, f).len())
                .filter(|&n| n >= 2)
                .collect();
            match (crowded.len(), col.len(), style) {
                (1, 2, _) | (1, 3, Style::Chinese) => Which::Place(place(col.len()), None),
                _ => {
                    let labels = soldier_labels(pos, color);
                    let k = labels.iter().position(|&sq| sq == from)?;
                    Which::Ordinal(k as u8 + 1)
                }
            }
        }
        _ => Which::Place(place(col.len()), None),
    };
    let d = Description {
        kind,
        which,
        op,
        num,
    };
    // Only a description that names this very move back is worth writing.
    (destination(color, kind, from, op, num) == Some(to)).then_some(d)
}

/// The one legal move `d` names for the side to move.
pub(crate) fn resolve(pos: &Position, d: &Description) -> Result<Move, ResolveError> {
    let color = pos.turn();
    let candidates: Vec<Square> = match d.which {
        Which::File(n) => {
            let col = column(pos, color, d.kind, board_file(color, n));
            if col.is_empty() {
                return Err(ResolveError::NoPiece { file: n });
            }
            col
        }
        Which::Place(place, file) => {
            let files: Vec<u8> = match file {
                Some(n) => vec![board_file(color, n)],
                // In the mover's file order, so alternatives are listed as labels count them.
                None => (1..=9).map(|n| board_file(color, n)).collect(),
            };
            let picked: Vec<Square> = files
                .into_iter()
                .map(|f| column(pos, color, d.kind, f))
                .filter_map(|col| match place {
                    Place::Front if col.len() >= 2 => col.first().copied(),
                    Place::Rear if col.len() >= 2 => col.last().copied(),
                    Place::Middle if col.len() == 3 => Some(col[1]),
                    _ => None,
                })
                .collect();
            if picked.is_empty() {
                return Err(ResolveError::NoPair { file });
            }
            picked
        }
        Which::Ordinal(k) => {
            let labels = if d.kind == Kind::Soldier {
                soldier_labels(pos, color)
            } else {
                Vec::new()
            };
            match labels.get((k as usize).wrapping_sub(1)) {
                Some(&sq) => vec![sq],
                None => return Err(ResolveError::NoLabel),
            }
        }
    };
    let mut found = Vec::new();
    let mut exposes_general = false;
    for &from in &candidates {
        let Some(to) = destination(color, d.kind, from, d.op, d.num) else {
            continue;
        };
        let m = Move::new(from, to);
        if pos.is_legal(m) {
            found.push(m);
        } else if pos.is_pseudo_legal(m) {
            exposes_general = true;
        }
    }
    match found[..] {
        [m] => Ok(m),
        [] => Err(ResolveError::Illegal { exposes_general }),
        _ => Err(ResolveError::Ambiguous {
            file: match d.which {
                Which::File(n) => Some(n),
                Which::Place(_, file) => file,
                Which::Ordinal(_) => None,
            },
            count: candidates.len() as u8,
            moves: found,
        }),
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

/// Why WXF or Chinese move text could not be read, or does not name one legal move.
///
/// Both notations describe a move the same way (piece, which one, direction, number), so they
/// share this error; each variant records the [`Notation`] the text was read in, and the
/// message is spelled in that notation. The first group of variants (up to
/// [`DescriptiveError::MisplacedLabel`]) means the text is not a move in that notation at all,
/// whatever the position; the rest mean it is well formed but names no single legal move
/// here. [`DescriptiveError::is_malformed`] tells the groups apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DescriptiveError {
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

impl DescriptiveError {
    /// True when the text is not a move in its notation at all; false when it is well
    /// formed but names no single legal move in the position.
    pub fn is_malformed(&self) -> bool {
        matches!(
            self,
            DescriptiveError::Empty { .. }
                | DescriptiveError::WrongLength { .. }
                | DescriptiveError::UnknownPiece { .. }
                | DescriptiveError::BadDesignator { .. }
                | DescriptiveError::BadDirection { .. }
                | DescriptiveError::BadNumber { .. }
                | DescriptiveError::NoSideways { .. }
                | DescriptiveError::MisplacedLabel { .. }
        )
    }

    /// The notation the text was read in: [`Notation::Wxf`] or [`Notation::Chinese`].
    pub fn notation(&self) -> Notation {
        match self {
            DescriptiveError::Empty { notation }
            | DescriptiveError::WrongLength { notation, .. }
            | DescriptiveError::UnknownPiece { notation, .. }
            | DescriptiveError::BadDesignator { notation, .. }
            | DescriptiveError::BadDirection { notation, .. }
            | DescriptiveError::BadNumber { notation, .. }
            | DescriptiveError::NoSideways { notation, .. }
            | DescriptiveError::MisplacedLabel { notation, .. }
            | DescriptiveError::NoPiece { notation, .. }
            | DescriptiveError::NoPair { notation, .. }
            | DescriptiveError::NoLabel { notation, .. }
            | DescriptiveError::Ambiguous { notation, .. }
            | DescriptiveError::Illegal { notation, .. } => *notation,
        }
    }
}

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

/// A file number in a message, written as the notation writes it for `color`.
fn file_name(notation: Notation, color: Color, n: u8) -> char {
    match notation {
        Notation::Chinese => chinese_number(color, n),
        _ => char::from_digit(n as u32, 10).unwrap_or('?'),
    }
}

impl fmt::Display for DescriptiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DescriptiveError as E;
        use Notation::Chinese as Zh;
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
            E::NoPiece { notation, color, kind, file, .. } => write!(
                f,
                "no {} {} on file {}",
                color.name(),
                kind.name(),
                file_name(*notation, *color, *file)
            ),
            E::NoPair { notation: Zh, text, color, kind, file, needed } => {
                let label = if *needed == 3 { "中 names" } else { "前 and 后 name" };
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
            E::NoPair { text, color, kind, .. } => write!(
                f,
                "\"{text}\": + and - name the front or rear of two {} {}s on one file, \
                 but no file holds two; name the piece by its file",
                color.name(),
                kind.name()
            ),
            E::NoLabel { notation: Zh, text, color, label } => write!(
                f,
                "\"{text}\": there is no {} soldier number {}; soldiers are numbered only on files \
                 holding two or more, counted from your right and front to back",
                color.name(),
                numeral(*label)
            ),
            E::NoLabel { text, color, label, .. } => write!(
                f,
                "\"{text}\": there is no {} soldier '{}'; letters a-e go to soldiers on files \
                 holding two or more, counted from your right and front to back",
                color.name(),
                char::from(b'a'.wrapping_add(label.wrapping_sub(1)))
            ),
            E::Ambiguous { notation, color, kind, file: Some(file), count, options, .. } => {
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
                        write!(f, "number the soldier 一 to 五 from your right, front to back")?;
                    }
                } else if options.iter().all(|o| matches!(o.chars().nth(1), Some('+' | '-'))) {
                    write!(f, "say + (front) or - (rear)")?;
                } else {
                    write!(f, "name the soldier by its letter a-e")?;
                }
                write!(f, ", as in {}", or_list(options))
            }
            E::Ambiguous { text, color, kind, options, .. } => write!(
                f,
                "\"{text}\" could mean {} {}s on more than one file: write {}",
                color.name(),
                kind.name(),
                or_list(options)
            ),
            E::Illegal { text, exposes_general: true, .. } => write!(
                f,
                "the move {text} is not legal here: it would leave your general in check"
            ),
            E::Illegal { text, .. } => write!(f, "the move {text} is not legal here"),
        }
    }
}

impl std::error::Error for DescriptiveError {}

/// The resolve step both notations share: the one legal move `d`, read from `text` in
/// `notation`, names for the side to move in `pos`, or why there is none, in that notation.
pub(crate) fn resolve_text(
    pos: &Position,
    text: &str,
    notation: Notation,
    d: &Description,
) -> Result<Move, DescriptiveError> {
    resolve(pos, d).map_err(|e| {
        let text = excerpt(text);
        let color = pos.turn();
        let kind = d.kind;
        match e {
            ResolveError::NoPiece { file } => DescriptiveError::NoPiece {
                notation,
                text,
                color,
                kind,
                file,
            },
            ResolveError::NoPair { file } => DescriptiveError::NoPair {
                notation,
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
            ResolveError::NoLabel => DescriptiveError::NoLabel {
                notation,
                text,
                color,
                label: match d.which {
                    Which::Ordinal(k) => k,
                    _ => 0,
                },
            },
            ResolveError::Ambiguous { file, count, moves } => DescriptiveError::Ambiguous {
                notation,
                text,
                color,
                kind,
                file,
                count,
                options: moves.iter().map(|&m| format(pos, m, notation)).collect(),
            },
            ResolveError::Illegal { exposes_general } => DescriptiveError::Illegal {
                notation,
                text,
                exposes_general,
            },
        }
    })
}
