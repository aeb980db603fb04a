//! Values at the edges of their ranges: out-of-range input to the safe API panics instead of
//! reading or writing outside a table, and the largest counters a FEN accepts do not overflow.
//!
//! These guard the release build (where `debug_assert!` and overflow checks are compiled out)
//! as much as the debug one: run them with `cargo test --release` too.

use xiangqi::{Color, MoveList, Position, Square};

#[test]
#[should_panic]
fn a_square_index_past_the_board_panics() {
    let _ = Square::from_index(90);
}

#[test]
#[should_panic]
fn a_square_index_past_a_byte_panics() {
    // Not silently wrapped to another point (300 % 256 = 44 = e4).
    let _ = Square::from_index(300);
}

#[test]
fn every_index_on_the_board_is_a_square() {
    for i in 0..90 {
        assert_eq!(Square::from_index(i).index(), i);
        assert_eq!(Square::try_from_index(i), Some(Square::from_index(i)));
    }
    assert_eq!(Square::try_from_index(90), None);
}

#[test]
fn attack_tests_on_every_point_are_answered() {
    let pos = Position::start();
    let attacked = Square::all()
        .filter(|&sq| pos.is_attacked_by(sq, Color::Red))
        .count();
    assert!(attacked > 0);
}

#[test]
#[should_panic]
fn appending_past_a_full_move_list_panics() {
    // 3 x 44 moves do not fit in one list of 128.
    let pos = Position::start();
    let mut list = MoveList::new();
    for _ in 0..3 {
        pos.generate_legal(&mut list);
    }
}

#[test]
fn appending_up_to_a_full_move_list_is_fine() {
    let pos = Position::start();
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    pos.generate_legal(&mut list);
    assert_eq!(list.len(), 88);
    assert_eq!(list[..44], list[44..]);
}

#[test]
fn the_largest_counters_survive_moves_and_the_fen_round_trip() {
    // The FEN accepts any u32 for both counters; playing on must neither overflow nor write a
    // move number of 0, which the FEN would then reject.
    let fen =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 4294967295 4294967295";
    let mut pos = Position::from_fen(fen).unwrap();
    let before = pos.clone();
    let m = xiangqi::notation::parse_uci("a9a8").unwrap();
    assert!(pos.is_legal(m));
    let undo = pos.make_move(m);
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (u32::MAX, u32::MAX));
    assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos.clone()));
    let m2 = xiangqi::notation::parse_uci("a0a1").unwrap();
    let undo2 = pos.make_move(m2);
    pos.unmake_move(m2, undo2);
    pos.unmake_move(m, undo);
    assert_eq!(pos, before);
    assert_eq!(pos.to_fen(), fen);
}
