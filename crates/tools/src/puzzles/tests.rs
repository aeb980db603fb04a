//! Themes told from positions built for each tactic, and the miner on a known mate.

use super::judge::Judge;
use super::mine::mine;
use super::themes::themes;
use xiangqi::notation::parse_uci;
use xiangqi::records::puzzle::Theme;
use xiangqi::{Move, Position};
use xiangqi_ai::nnue::built_in::built_in;

fn line(moves: &[&str]) -> Vec<Move> {
    moves.iter().map(|m| parse_uci(m).unwrap()).collect()
}

fn themes_of(fen: &str, moves: &[&str]) -> Vec<Theme> {
    themes(&Position::from_fen(fen).unwrap(), &line(moves), false)
}

#[test]
fn a_horse_checking_and_attacking_a_chariot_is_a_fork() {
    // The horse jumps to c7: it checks the general on d9 and attacks the chariot on a6.
    let t = themes_of("3k5/9/9/r8/1N7/9/9/9/9/4K4 w", &["b5c7"]);
    assert!(t.contains(&Theme::Fork), "{t:?}");
    assert!(!t.contains(&Theme::DoubleCheck), "{t:?}");
}

#[test]
fn a_horse_leaving_the_chariots_file_with_check_is_a_double_check() {
    // The horse on e5 screens the chariot; it jumps to d7 and both check.
    let t = themes_of("4k4/9/9/9/4N4/9/9/4R4/9/3K5 w", &["e5d7"]);
    assert!(t.contains(&Theme::DoubleCheck), "{t:?}");
    assert!(t.contains(&Theme::Discovered), "{t:?}");
}

#[test]
fn a_chariot_on_the_generals_file_pins_the_horse_before_it() {
    let t = themes_of("4k4/9/4n4/9/9/9/9/R8/9/3K5 w", &["a2e2"]);
    assert!(t.contains(&Theme::Pin), "{t:?}");
    assert!(!t.contains(&Theme::Fork), "{t:?}");
}

#[test]
fn a_quiet_move_with_nothing_to_tell_is_winning_material() {
    let t = themes_of("4k4/9/9/9/9/9/9/R8/9/3K5 w", &["a2a3"]);
    assert_eq!(t, [Theme::Advantage]);
}

#[test]
fn the_miner_finds_a_mate_in_two_and_refuses_a_position_with_two_wins() {
    let mut judge = Judge::new(7, built_in());
    // Black checks on the back rank, an advisor must block, the chariot takes it with mate.
    let pos = Position::from_fen("3k5/9/5a3/9/5R3/9/9/2r6/4Ap3/4KA3 b").unwrap();
    let p = mine(&mut judge, &pos, 5).unwrap();
    assert_eq!(p.line, line(&["c2c0", "e1d0", "c0d0"]));
    assert_eq!(p.themes[0], Theme::Mate(2));
    assert_eq!(p.id, 5);
    // Two chariots against a bare general: many moves win.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/R8/R8/3K5 w").unwrap();
    let e = mine(&mut judge, &pos, 1).unwrap_err();
    assert!(e.contains("another move"), "{e}");
}
