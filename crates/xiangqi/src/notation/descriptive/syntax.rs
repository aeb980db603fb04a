//! The parsed description: a move as WXF or Chinese text tells it (piece, which one,
//! direction, number), read without a position and not yet found on one.

use super::syntax_error::SyntaxError;
use crate::notation::choice::Notation;
use crate::notation::excerpt::excerpt;
use crate::piece::Kind;

/// The direction word: forward, backward or sideways, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `+`, 进.
    Forward,
    /// `-`, 退.
    Back,
    /// `.`, 平.
    Sideways,
}

/// Where a piece stands among its side's pieces of the same kind sharing one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The most advanced one (`+`, 前).
    Front,
    /// The second of exactly three (中).
    Middle,
    /// The least advanced one (`-`, 后).
    Rear,
}

/// Which of the side's pieces of the kind moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The piece on this file (1-9, the mover's numbering).
    File(u8),
    /// A place among pieces sharing a file; the file is given only when the text names it
    /// (前兵九平八), otherwise any file holding enough such pieces is meant.
    Place(Place, Option<u8>),
    /// Soldier 1..=5, counting the soldiers on files holding two or more: files in the
    /// mover's numbering ascending, front to back within a file (WXF's a-e, Chinese 一兵 to
    /// 五兵).
    Ordinal(u8),
}

/// A move as WXF or Chinese text describes it, read from its text but not yet found on a
/// position: [`Description::from_wxf`] and [`Description::from_chinese`] check the spelling
/// only (a [`SyntaxError`]), and [`Description::to_move`] finds the one legal move it names
/// in a position (a [`ResolveError`](crate::notation::ResolveError)).
///
/// ```
/// use xiangqi::notation::Description;
/// use xiangqi::Position;
/// let d = Description::from_chinese("炮二平五").unwrap();
/// let w = Description::from_wxf("C2.5").unwrap();
/// assert_eq!((d.kind, d.which, d.op, d.num), (w.kind, w.which, w.op, w.num));
/// let m = d.to_move(&Position::start()).unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The notation the text was read in: [`Notation::Wxf`] or [`Notation::Chinese`].
    pub notation: Notation,
    /// The text it was read from (shortened if long), which resolve errors quote.
    pub text: String,
    /// The piece named.
    pub kind: Kind,
    /// Which of the side's pieces of that kind moves.
    pub which: Which,
    /// The direction.
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
    ) -> Result<Description, SyntaxError> {
        let misplaced = match which {
            Which::Ordinal(_) | Which::Place(Place::Middle, _) => kind != Kind::Soldier,
            Which::Place(..) => kind == Kind::General,
            Which::File(_) => false,
        };
        if misplaced {
            return Err(SyntaxError::MisplacedLabel {
                notation,
                text: text.to_string(),
                kind,
            });
        }
        if op == Op::Sideways && matches!(kind, Kind::Horse | Kind::Elephant | Kind::Advisor) {
            return Err(SyntaxError::NoSideways {
                notation,
                text: text.to_string(),
                kind,
            });
        }
        Ok(Description {
            notation,
            text: excerpt(text),
            kind,
            which,
            op,
            num,
        })
    }
}
