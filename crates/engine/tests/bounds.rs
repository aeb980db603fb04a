//! Out-of-range input to the safe API panics; it never reads or writes outside a table.
//!
//! These guard the release build (where `debug_assert!` is compiled out) as much as the
//! debug one: run them with `cargo test --release` too.

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
