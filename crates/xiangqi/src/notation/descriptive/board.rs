//! Files and columns as the descriptive notations count them: files numbered 1-9 from the
//! mover's own right, pieces of a kind on one file listed front first, soldier labels, and
//! where a described move lands.
//!
//! "Front" is the mover's forward direction, so Black's front piece is the one on the lower
//! rank.

use super::syntax::Op;
use crate::color::Color;
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;

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
pub(crate) fn board_file(color: Color, n: u8) -> u8 {
    match color {
        Color::Red => 9u8.wrapping_sub(n),
        Color::Black => n.wrapping_sub(1),
    }
}

/// The points of `color`'s pieces of `kind` on board file `file`, front first.
pub(crate) fn column(pos: &Position, color: Color, kind: Kind, file: u8) -> Vec<Square> {
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
pub(crate) fn soldier_labels(pos: &Position, color: Color) -> Vec<Square> {
    (1..=9)
        .map(|n| column(pos, color, Kind::Soldier, board_file(color, n)))
        .filter(|col| col.len() >= 2)
        .flatten()
        .collect()
}

/// The destination of the piece on `from` under `op` and `num`, if it is on the board and
/// fits the piece's way of moving.
pub(crate) fn destination(
    color: Color,
    kind: Kind,
    from: Square,
    op: Op,
    num: u8,
) -> Option<Square> {
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
