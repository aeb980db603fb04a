//! Every property of `properties.rs` and the reference generator on random placements:
//! positions that playouts rarely reach (bare boards, advanced soldiers, generals off their
//! back ranks, the side to move in check from several pieces).

mod props;

use props::checks::*;
use props::playout::*;
use props::reference::*;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use xiangqi::{Board, Color, Kind, Piece, Position, Setup, Square};

/// The points where a piece of `color` and `kind` may stand, from the rules alone.
fn allowed_points(color: Color, kind: Kind) -> Vec<Square> {
    let red: Vec<(u8, u8)> = match kind {
        Kind::General => (3..=5).flat_map(|f| (0..=2).map(move |r| (f, r))).collect(),
        Kind::Advisor => vec![(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)],
        Kind::Elephant => vec![(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
        Kind::Soldier => (0..9)
            .flat_map(|f| (3..10).map(move |r| (f, r)))
            .filter(|&(f, r)| r >= 5 || f % 2 == 0)
            .collect(),
        _ => (0..9).flat_map(|f| (0..10).map(move |r| (f, r))).collect(),
    };
    red.into_iter()
        .map(|(f, r)| match color {
            Color::Red => Square::new(f, r).unwrap(),
            // Black's points mirror Red's across the river (files mirror too, which the
            // symmetric sets above do not mind).
            Color::Black => Square::new(8 - f, 9 - r).unwrap(),
        })
        .collect()
}

/// Generals' points, up to 16 other pieces (colour, kind, point pick) and the side to move.
type Placement = ((u8, u8), Vec<(bool, u8, u8)>, bool);

fn placement_strategy() -> impl Strategy<Value = Placement> {
    (
        (any::<u8>(), any::<u8>()),
        prop::collection::vec((any::<bool>(), 0..6u8, any::<u8>()), 0..=16),
        any::<bool>(),
    )
}

/// Builds the position a placement describes, if the rules allow it: a piece whose point is
/// taken or beyond its kind's count is left out, and the side to move is swapped if the
/// other side would be in check.
fn placement_position(((rg, bg), pieces, black): &Placement) -> Option<Position> {
    let mut board = Board::empty();
    for (color, pick) in [(Color::Red, *rg), (Color::Black, *bg)] {
        let points = allowed_points(color, Kind::General);
        board.set(
            points[pick as usize % points.len()],
            Some(Piece::new(color, Kind::General)),
        );
    }
    // Every kind but the general, placed above.
    let kinds = &Kind::ALL[1..];
    for &(red, kind, pick) in pieces {
        let color = if red { Color::Red } else { Color::Black };
        let kind = kinds[kind as usize];
        let points = allowed_points(color, kind);
        let sq = points[pick as usize % points.len()];
        if board.get(sq).is_none() && board.count(color, kind) < kind.max_count() as usize {
            board.set(sq, Some(Piece::new(color, kind)));
        }
    }
    let turn = if *black { Color::Black } else { Color::Red };
    let setup = |turn| Setup {
        board: board.clone(),
        turn,
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(&setup(turn))
        .or_else(|_| Position::from_setup(&setup(!turn)))
        .ok()
}

#[test]
fn most_random_placements_are_legal() {
    // The placement test is only as good as the share of placements it can use.
    let mut runner = proptest::test_runner::TestRunner::new(config(1));
    let strategy = placement_strategy();
    let n = 400;
    let legal = (0..n)
        .filter(|_| {
            let p = strategy.new_tree(&mut runner).unwrap().current();
            placement_position(&p).is_some()
        })
        .count();
    assert!(
        legal * 2 > n,
        "only {legal} of {n} random placements are legal"
    );
}

proptest! {
    #![proptest_config(config(4000))]

    /// Every property on random legal placements.
    #[test]
    fn random_placements_satisfy_every_property(placement in placement_strategy()) {
        if let Some(pos) = placement_position(&placement) {
            let legal = pos.legal_moves();
            check_against_reference(&pos, &legal);
            check_make_unmake(&pos, &legal);
            check_fen(&pos);
            check_single_move_tests(&pos, &legal);
            check_captures(&pos, &legal);
            check_gives_check(&pos, &legal);
        }
    }
}
