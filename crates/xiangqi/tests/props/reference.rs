//! The reference move generator: slow and plain on purpose. Every from/to pair, each piece's
//! rule applied geometrically, the move made on a copy and rejected if any enemy piece could
//! then take the mover's general (the flying general included). It shares no code or table
//! with the engine's generator.

use super::checks::move_set;
use std::collections::BTreeSet;
use xiangqi::{Color, Kind, MoveList, Piece, Position, Square};

/// The board as `grid[file][rank]`.
pub type Grid = [[Option<Piece>; 10]; 9];

pub fn grid(pos: &Position) -> Grid {
    let mut g = [[None; 10]; 9];
    for (f, column) in g.iter_mut().enumerate() {
        for (r, point) in column.iter_mut().enumerate() {
            *point = pos.piece_at(Square::new(f as u8, r as u8).unwrap());
        }
    }
    g
}

pub fn at(g: &Grid, f: i32, r: i32) -> Option<Piece> {
    g[f as usize][r as usize]
}

pub fn in_palace(color: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f)
        && match color {
            Color::Red => (0..=2).contains(&r),
            Color::Black => (7..=9).contains(&r),
        }
}

pub fn on_own_half(color: Color, r: i32) -> bool {
    match color {
        Color::Red => r <= 4,
        Color::Black => r >= 5,
    }
}

/// How many pieces stand strictly between two points on one file or rank.
pub fn pieces_between(g: &Grid, (f0, r0): (i32, i32), (f1, r1): (i32, i32)) -> usize {
    assert!(f0 == f1 || r0 == r1);
    let (sf, sr) = ((f1 - f0).signum(), (r1 - r0).signum());
    let (mut f, mut r) = (f0 + sf, r0 + sr);
    let mut n = 0;
    while (f, r) != (f1, r1) {
        n += usize::from(at(g, f, r).is_some());
        f += sf;
        r += sr;
    }
    n
}

/// True if the piece on `from` may go to `to` by its own rule: the palace, the river, the
/// horse's leg, the elephant's eye, the cannon's screen. The general's safety is not looked at.
pub fn follows_rule(g: &Grid, (f0, r0): (i32, i32), (f1, r1): (i32, i32)) -> bool {
    let Some(p) = at(g, f0, r0) else { return false };
    if (f0, r0) == (f1, r1) {
        return false;
    }
    let target = at(g, f1, r1);
    if target.is_some_and(|t| t.color == p.color) {
        return false;
    }
    let (df, dr) = (f1 - f0, r1 - r0);
    let straight = df == 0 || dr == 0;
    match p.kind {
        Kind::General => df.abs() + dr.abs() == 1 && in_palace(p.color, f1, r1),
        Kind::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(p.color, f1, r1),
        Kind::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && on_own_half(p.color, r1)
                && at(g, f0 + df / 2, r0 + dr / 2).is_none()
        }
        Kind::Horse => match (df.abs(), dr.abs()) {
            (1, 2) => at(g, f0, r0 + dr / 2).is_none(),
            (2, 1) => at(g, f0 + df / 2, r0).is_none(),
            _ => false,
        },
        Kind::Chariot => straight && pieces_between(g, (f0, r0), (f1, r1)) == 0,
        Kind::Cannon => {
            let screens = if target.is_some() { 1 } else { 0 };
            straight && pieces_between(g, (f0, r0), (f1, r1)) == screens
        }
        Kind::Soldier => {
            let forward = if p.color == Color::Red { 1 } else { -1 };
            (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !on_own_half(p.color, r0))
        }
    }
}

pub fn find_general(g: &Grid, color: Color) -> (i32, i32) {
    for f in 0..9 {
        for r in 0..10 {
            if at(g, f, r) == Some(Piece::new(color, Kind::General)) {
                return (f, r);
            }
        }
    }
    panic!("no {color} general")
}

/// True if any piece of the other side could take `color`'s general, or the two generals see
/// each other along an open file.
pub fn general_attacked(g: &Grid, color: Color) -> bool {
    let king = find_general(g, color);
    for f in 0..9 {
        for r in 0..10 {
            if at(g, f, r).is_some_and(|p| p.color != color) && follows_rule(g, (f, r), king) {
                return true;
            }
        }
    }
    let other = find_general(g, !color);
    other.0 == king.0 && pieces_between(g, king, other) == 0
}

/// Every legal move, found by trying every pair of points.
pub fn reference_moves(pos: &Position) -> BTreeSet<(Square, Square)> {
    let g = grid(pos);
    let us = pos.turn();
    let mut moves = BTreeSet::new();
    for f0 in 0..9 {
        for r0 in 0..10 {
            if !at(&g, f0, r0).is_some_and(|p| p.color == us) {
                continue;
            }
            for f1 in 0..9 {
                for r1 in 0..10 {
                    if !follows_rule(&g, (f0, r0), (f1, r1)) {
                        continue;
                    }
                    let mut after = g;
                    after[f1 as usize][r1 as usize] = after[f0 as usize][r0 as usize].take();
                    if !general_attacked(&after, us) {
                        let sq = |f: i32, r: i32| Square::new(f as u8, r as u8).unwrap();
                        moves.insert((sq(f0, r0), sq(f1, r1)));
                    }
                }
            }
        }
    }
    moves
}

/// The engine's generator and check test agree with the reference.
pub fn check_against_reference(pos: &Position, legal: &MoveList) {
    let expected = reference_moves(pos);
    let got = move_set(legal);
    if got != expected {
        let missing: Vec<_> = expected
            .difference(&got)
            .map(|(f, t)| format!("{f}{t}"))
            .collect();
        let extra: Vec<_> = got
            .difference(&expected)
            .map(|(f, t)| format!("{f}{t}"))
            .collect();
        panic!(
            "{pos:?}\n{}\nmissing {missing:?}, extra {extra:?}",
            pos.board()
        );
    }
    let g = grid(pos);
    assert_eq!(
        pos.in_check(),
        general_attacked(&g, pos.turn()),
        "{pos:?}: in_check"
    );
    assert!(
        !general_attacked(&g, !pos.turn()),
        "{pos:?}: the side that moved is safe"
    );
    assert!(
        !pos.generals_facing(),
        "{pos:?}: the generals never face each other"
    );
    assert_eq!(
        pos.has_legal_move(),
        !legal.is_empty(),
        "{pos:?}: has_legal_move"
    );

    // `is_attacked_by`: could a piece of `by` capture on the point, were an enemy piece there?
    for by in Color::ALL {
        let enemy_general = find_general(&g, !by);
        for f in 0..9 {
            for r in 0..10 {
                if at(&g, f, r).is_some_and(|p| p.color == by) {
                    continue;
                }
                let mut with_target = g;
                if with_target[f as usize][r as usize].is_none() {
                    with_target[f as usize][r as usize] = Some(Piece::new(!by, Kind::Soldier));
                }
                let mut expected = (0..9).any(|f0| {
                    (0..10).any(|r0| {
                        at(&g, f0, r0).is_some_and(|p| p.color == by)
                            && follows_rule(&with_target, (f0, r0), (f, r))
                    })
                });
                if (f, r) == enemy_general {
                    let own = find_general(&g, by);
                    expected |= own.0 == f && pieces_between(&g, own, (f, r)) == 0;
                }
                let sq = Square::new(f as u8, r as u8).unwrap();
                assert_eq!(
                    pos.is_attacked_by(sq, by),
                    expected,
                    "{pos:?}: is_attacked_by({sq}, {by})"
                );
            }
        }
    }
}
