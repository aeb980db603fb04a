//! Themes told from positions built for each tactic, and the miner on a known mate.

use super::judge::Judge;
use super::mine::mine;
use super::themes::themes;
use xiangqi::notation::parse_uci;
use xiangqi::records::puzzle::{Puzzle, Theme};
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

#[test]
fn a_position_with_one_legal_move_is_no_puzzle() {
    // Black in check with a single evasion that wins a chariot (puzzle 11 of the set as it
    // was): the move wins, but there is nothing to choose.
    let mut judge = Judge::new(7, built_in());
    let pos = Position::from_fen("2b2a3/1N1k2R2/4b2r1/8p/9/1RP5P/9/3rB4/9/c3KAB2 b").unwrap();
    assert_eq!(pos.legal_moves().as_slice().len(), 1);
    let e = mine(&mut judge, &pos, 1).unwrap_err();
    assert!(e.contains("only legal move"), "{e}");
    let only = pos.legal_moves().as_slice()[0];
    let e = judge.only_win(&pos, only).unwrap_err();
    assert!(e.contains("only legal move"), "{e}");
}

fn args(out: &std::path::Path) -> super::PuzzlesArgs {
    super::PuzzlesArgs {
        out: out.to_path_buf(),
        again: None,
        games: Vec::new(),
        play: 80,
        nodes: vec![100, 300],
        depth: 5,
        count: 2,
        threads: 2,
        seed: 7,
        eval_file: None,
        hand_set: false,
        why: false,
    }
}

#[test]
fn the_same_arguments_write_the_same_puzzles_and_each_passes_the_deeper_search() {
    let dir = std::env::temp_dir().join(format!("xiangqi-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    assert_eq!(super::run_puzzles(&args(&a), &mut Vec::new()), 0);
    assert_eq!(super::run_puzzles(&args(&b), &mut Vec::new()), 0);
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap());
    let set = xiangqi::records::puzzle::read_puzzles(&text).unwrap();
    assert!(!set.is_empty(), "{text}");
    assert!(text.contains("mined at depth 5 with xq-r1"), "{text}");
    let mut deeper = Judge::new(5 + super::command::VERIFY_PLIES, built_in());
    for p in &set {
        super::check_first_move(&mut deeper, p).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_say_so_and_leave_the_file_as_it_was() {
    let dir = std::env::temp_dir().join(format!("xiangqi-puzzles-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("kept.txt");
    std::fs::write(&out, "what was there").unwrap();
    let mut a = args(&out);
    a.games = vec![dir.join("no-such-games.bin")];
    let mut log = Vec::new();
    assert_eq!(super::run_puzzles(&a, &mut log), 1);
    assert!(String::from_utf8(log).unwrap().contains("nothing written"));
    let mut a = args(&out);
    a.nodes = vec![0];
    assert_eq!(super::run_puzzles(&a, &mut Vec::new()), 1);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "what was there");
    let mut log = Vec::new();
    assert_eq!(
        super::run_puzzles(&args(&dir.join("no/such/dir.txt")), &mut log),
        1
    );
    assert!(String::from_utf8(log).unwrap().contains("cannot write"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_set_judged_again_keeps_the_numbers_of_its_puzzles_and_numbers_new_ones_after_them() {
    let dir = std::env::temp_dir().join(format!("xiangqi-puzzles-again-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (set, out) = (dir.join("set.txt"), dir.join("out.txt"));
    let mate = Puzzle {
        id: 3,
        position: Position::from_fen("3k5/9/5a3/9/5R3/9/9/2r6/4Ap3/4KA3 b").unwrap(),
        line: line(&["c2c0", "e1d0", "c0d0"]),
        themes: vec![Theme::Mate(2)],
        rating: 900,
    };
    // Two chariots against a bare general: many moves win, so it is no puzzle.
    let not_one = Puzzle {
        id: 7,
        position: Position::from_fen("4k4/9/9/9/9/9/9/R8/R8/3K5 w").unwrap(),
        line: line(&["a2a3"]),
        themes: vec![Theme::Advantage],
        rating: 900,
    };
    std::fs::write(&set, format!("{}\n{}\n", mate.to_line(), not_one.to_line())).unwrap();
    let mut a = args(&out);
    a.again = Some(set);
    a.count = 100;
    let mut log = Vec::new();
    assert_eq!(super::run_puzzles(&a, &mut log), 0);
    let text = std::fs::read_to_string(&out).unwrap();
    let found = xiangqi::records::puzzle::read_puzzles(&text).unwrap();
    assert_eq!(found[0].id, 3, "{text}");
    assert_eq!(found[0].line, mate.line);
    assert!(found.iter().all(|p| p.id != 7), "{text}");
    assert!(found.len() > 1, "the games played give new puzzles: {text}");
    let new: Vec<u32> = found[1..].iter().map(|p| p.id).collect();
    assert_eq!(new, (8..8 + new.len() as u32).collect::<Vec<_>>(), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
