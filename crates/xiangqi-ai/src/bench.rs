//! The bench suite: the alpha-beta (v2) and strong (v3) searches at fixed depths from the
//! start position and a fixed set of middlegame and endgame positions, without any I/O, so
//! that `xiangqi bench` (native) and the bare wasm32 module of `crates/bench-wasm` run the
//! very same searches.
//!
//! Each position gets a fresh engine [`Session`] (so every search starts from empty tables)
//! and two [`Task`]s, as any front end would. The node counts are deterministic (fixed
//! depths, fresh tables, fixed seed), so their total is the search's signature: a change
//! meant to leave the search alone must not change it (`crates/cli/tests/bench.rs` checks
//! it), and a wasm32 build that counts the same nodes runs the same search.

use crate::limits::Limits;
use crate::nnue::Network;
use crate::session::{Player, Session, Task};
use core::sync::atomic::AtomicBool;
use std::sync::Arc;
use xiangqi::notation::parse_uci;
use xiangqi::{Game, Position};

/// Depth for the alpha-beta player.
pub const AB_DEPTH: u32 = 5;
/// Depth for the strong search.
pub const PVS_DEPTH: u32 = 11;
/// Transposition table for each strong search, in megabytes.
pub const HASH_MB: usize = 16;

/// The bench positions: a FEN and moves played from it (so the searches see a game history),
/// named for the table.
pub const POSITIONS: &[(&str, &str, &str)] = &[
    ("start", xiangqi::START_FEN, ""),
    (
        "central cannon vs screen horses",
        xiangqi::START_FEN,
        "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
    ),
    (
        "same-direction cannons",
        xiangqi::START_FEN,
        "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 h0h6 b9c7",
    ),
    (
        "elephant opening",
        xiangqi::START_FEN,
        "c0e2 h7e7 h0g2 h9g7 i0h0 i9h9 b0c2 b9c7",
    ),
    (
        "middlegame",
        "r1bakab1r/9/1cn4c1/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1",
        "",
    ),
    (
        "sharp middlegame",
        "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P6/P3P1P1P/2N1C1N2/4A4/2B1KAB2 w - - 0 1",
        "c2d4 i6i5",
    ),
    (
        "chariot endgame",
        "3k5/4a4/4ba3/9/9/6R2/9/4B4/4A4/3AK1B1r w - - 0 1",
        "",
    ),
    (
        "horse and cannon endgame",
        "4ka3/4a4/4b4/p7p/9/2N6/P7P/4B4/4C4/3AK1B2 w - - 0 1",
        "",
    ),
];

/// The two searches of each position, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// v2 at a fixed depth, margin 20, seed 1.
    AlphaBeta,
    /// v3 at a fixed depth.
    Pvs,
}

impl Algorithm {
    /// Both, in the order each position runs them.
    pub const ALL: [Algorithm; 2] = [Algorithm::AlphaBeta, Algorithm::Pvs];

    /// The name in the table: "alphabeta" or "pvs".
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Pvs => "pvs",
        }
    }

    /// The task of this search at `depth`.
    pub fn task(self, depth: u32) -> Task {
        match self {
            Algorithm::AlphaBeta => Task {
                player: Player::AlphaBeta {
                    depth,
                    margin: 20,
                    seed: 1,
                },
                limits: Limits::default(),
            },
            Algorithm::Pvs => Task {
                player: Player::Strong,
                limits: Limits::depth(depth),
            },
        }
    }
}

/// One bench position made ready to search: its game and a fresh session.
pub struct Bench {
    game: Game,
    session: Session,
}

impl Bench {
    /// Position `index` of [`POSITIONS`] with a fresh session whose strong search uses
    /// `threads` threads. Panics when `index` is out of range.
    pub fn new(index: usize, threads: usize) -> Bench {
        let (_, fen, moves) = POSITIONS[index];
        let start = Position::from_fen(fen).expect("bench FENs are legal");
        let moves: Vec<_> = moves
            .split_whitespace()
            .map(|m| parse_uci(m).expect("bench moves are well formed"))
            .collect();
        let game =
            Game::replay(start, &moves).unwrap_or_else(|e| panic!("bench moves are legal: {e}"));
        let mut session = Session::new(HASH_MB);
        session.set_threads(threads);
        Bench { game, session }
    }

    /// The strong search evaluates with `net` (the hand-set terms with `None`).
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.session.set_network(net);
    }

    /// Runs `algorithm` to `depth` and returns the nodes searched; `clock` gives
    /// milliseconds since the search began (no bench search depends on it).
    pub fn search(&mut self, algorithm: Algorithm, depth: u32, clock: &dyn Fn() -> u64) -> u64 {
        let task = algorithm.task(depth);
        let stop = AtomicBool::new(false);
        let thought = self
            .session
            .think(&self.game, &task, clock, &stop, &mut |_| {});
        thought.nodes
    }
}

/// The bench signature: the nodes of every position's two searches at the default depths
/// on one thread, evaluating with `net` (what `xiangqi bench` totals). It names the search
/// (and the network) that made something, such as a shard of training data.
pub fn signature(net: Option<Arc<Network>>) -> u64 {
    (0..POSITIONS.len())
        .map(|index| {
            let mut bench = Bench::new(index, 1);
            bench.set_network(net.clone());
            bench.search(Algorithm::AlphaBeta, AB_DEPTH, &|| 0)
                + bench.search(Algorithm::Pvs, PVS_DEPTH, &|| 0)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_is_ready_and_searches() {
        for index in 0..POSITIONS.len() {
            let mut bench = Bench::new(index, 1);
            assert!(bench.search(Algorithm::Pvs, 2, &|| 0) > 0);
        }
    }
}
