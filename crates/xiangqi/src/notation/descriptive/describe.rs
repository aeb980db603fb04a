//! The writing direction: a legal move told as a description, for the formatters of WXF and
//! Chinese text.

use super::board::{column, destination, moves_straight, own_file, soldier_labels};
use super::syntax::{Op, Place, Which};
use crate::m::Move;
use crate::piece::Kind;
use crate::position::Position;

/// The one place the two notations label soldiers differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// Three soldiers on one file are lettered a, b, c.
    Wxf,
    /// Three soldiers on one file are 前, 中, 后.
    Chinese,
}

/// A move told from the mover's seat, as a formatter spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Told {
    pub kind: Kind,
    pub which: Which,
    pub op: Op,
    /// Ranks moved (straight movers going forward or back) or the destination file.
    pub num: u8,
}

/// The description of `m` in `style`, told by the owner of the piece on its starting point;
/// `None` when that point is empty or the move does not fit the piece's way of moving.
pub(crate) fn describe(pos: &Position, m: Move, style: Style) -> Option<Told> {
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
    let d = Told {
        kind,
        which,
        op,
        num,
    };
    // Only a description that names this very move back is worth writing.
    (destination(color, kind, from, op, num) == Some(to)).then_some(d)
}
