//! What WXF and Chinese notation share: a move told from the mover's seat as a piece kind,
//! which of the side's pieces of that kind it is, a direction and a number (`C2.5`, 炮二平五).
//!
//! This module turns a move into that [`Description`] and a description back into the one
//! legal move it names. The two notations differ only in spelling, and in one choice of
//! label (three soldiers on one file: WXF letters them, Chinese says 前/中/后), which
//! [`Style`] selects.
//!
//! Files are numbered 1-9 from the mover's own right: Red's file 1 is `i`, Black's is `a`.
//! "Front" is the mover's forward direction, so Black's front piece is the one on the lower
//! rank.

use crate::{Color, Kind, Move, Position, Square};

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
    col.sort_by_key(|sq| core::cmp::Reverse(sq.relative_rank(color)));
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
pub(crate) fn count_word(n: u8) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        _ => "several",
    }
}

/// "A", "A or B", "A, B or C": alternatives in a message.
pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
