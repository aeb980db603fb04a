//! The puzzle set the page ships (`www/puzzles.txt`): at least 1,950 puzzles, each line legal
//! to its end (reading checks it), and each first move the only winning move by a search two
//! plies deeper than the one that mined it, with the network it was mined with (and never
//! the only legal move: a position with one is no puzzle).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use xiangqi::records::puzzle::{read_puzzles, Theme};
use xiangqi_ai::nnue::built_in::{built_in, NAME};
use xiangqi_tools::puzzles::{check_first_move, Judge};

const SET: &str = include_str!("../../../www/puzzles.txt");

/// The depth the set was mined at, from its header (`mined at depth D with NET`).
fn mined_depth() -> u32 {
    let header = SET
        .lines()
        .find(|l| l.contains("mined at depth"))
        .expect("the header says how the set was mined");
    assert!(
        header.ends_with(NAME),
        "{header}, but the engine ships {NAME}"
    );
    let after = header.split("mined at depth ").nth(1).unwrap();
    after.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn the_set_is_large_legal_and_varied() {
    let puzzles = read_puzzles(SET).unwrap_or_else(|e| panic!("{e}"));
    assert!(puzzles.len() >= 1950, "{} puzzles", puzzles.len());
    for (i, p) in puzzles.iter().enumerate() {
        // Numbered in order; a number the set dropped when it was judged again (`--again`)
        // is not given to another puzzle, since links and saved progress name it.
        if i > 0 {
            assert!(
                p.id > puzzles[i - 1].id,
                "puzzle {}: numbered in order",
                p.id
            );
        }
        assert!(
            (400..=2800).contains(&p.rating),
            "puzzle {}: rating {}",
            p.id,
            p.rating
        );
        if let Some(Theme::Mate(n)) = p.themes.first() {
            assert_eq!(usize::from(*n), p.solver_moves(), "puzzle {}", p.id);
            let mut pos = p.position.clone();
            for &m in &p.line {
                pos = pos.after(m);
            }
            assert!(
                !pos.has_legal_move(),
                "puzzle {}: the mate line ends in mate",
                p.id
            );
        }
    }
    let mates = puzzles
        .iter()
        .filter(|p| matches!(p.themes[0], Theme::Mate(_)))
        .count();
    assert!(
        mates >= 200 && puzzles.len() - mates >= 200,
        "{mates} mates of {}",
        puzzles.len()
    );
}

#[test]
fn every_first_move_is_the_only_win_by_a_deeper_search() {
    let puzzles = read_puzzles(SET).unwrap_or_else(|e| panic!("{e}"));
    let depth = mined_depth() + 2;
    let network = built_in();
    assert!(
        network.is_some(),
        "the test judges with the built-in network"
    );
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut judge = Judge::new(depth, network.clone());
                while let Some(p) = puzzles.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = check_first_move(&mut judge, p) {
                        failures.lock().unwrap().push(e);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} puzzles fail at depth {depth}:\n{}",
        failures.len(),
        puzzles.len(),
        failures.join("\n")
    );
}
