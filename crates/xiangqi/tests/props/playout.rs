//! Seeded random playouts from the initial position and the perft positions.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use xiangqi::{Move, MoveList, Position, Undo};

pub fn config(cases: u32) -> ProptestConfig {
    // `default()` reads the PROPTEST_* variables; keep theirs when they are set.
    let env = ProptestConfig::default();
    ProptestConfig {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            env.cases
        } else {
            cases
        },
        rng_seed: if std::env::var_os("PROPTEST_RNG_SEED").is_some() {
            env.rng_seed
        } else {
            RngSeed::Fixed(0x5869_616e_6771_6921)
        },
        ..env
    }
}

/// The initial position followed by the perft positions.
pub fn start_positions() -> Vec<Position> {
    let mut v = vec![Position::start()];
    for line in include_str!("../data/perft.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fen = line.split('|').nth(1).expect("name|FEN|counts");
        v.push(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")));
    }
    v
}

/// How many plies a playout may have.
pub const MAX_PLIES: usize = 150;

/// A start position (an index into `start_positions()`) and one random number per ply.
pub fn playout_strategy() -> impl Strategy<Value = (usize, Vec<u16>)> {
    (
        0..start_positions().len(),
        prop::collection::vec(any::<u16>(), 1..=MAX_PLIES),
    )
}

/// Plays a playout, calling `visit` on every position reached (the first included) with its
/// legal moves. Stops early at a position without legal moves. Returns the start position,
/// the final one, and the moves played with their undo records.
pub fn playout(
    start: usize,
    choices: &[u16],
    mut visit: impl FnMut(&Position, &MoveList),
) -> (Position, Position, Vec<(Move, Undo)>) {
    let first = start_positions().swap_remove(start);
    let mut pos = first.clone();
    let mut played = Vec::with_capacity(choices.len());
    for &c in choices {
        let legal = pos.legal_moves();
        visit(&pos, &legal);
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        let undo = pos.make_move(m);
        played.push((m, undo));
    }
    let legal = pos.legal_moves();
    visit(&pos, &legal);
    (first, pos, played)
}
