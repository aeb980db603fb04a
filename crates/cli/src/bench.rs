//! `xiangqi bench`: the alpha-beta (v2) and strong (v3) searches at fixed depths from the
//! start position and a fixed set of middlegame and endgame positions.
//!
//! Each position gets a fresh engine [`Session`] (so every search starts from empty tables)
//! and two [`Task`]s, as any front end would. The node counts are deterministic (fixed
//! depths, fresh tables, fixed seed), so their total is the search's signature: a change
//! meant to leave the search alone must not change it, and `tests/bench.rs` checks it.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::notation::parse_uci;
use xiangqi::{Game, Position};
use xiangqi_ai::{Limits, Player, Session, Task};

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

/// One line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Position name.
    pub name: &'static str,
    /// "alphabeta" or "pvs".
    pub algorithm: &'static str,
    /// Depth searched.
    pub depth: u32,
    /// Milliseconds.
    pub time_ms: u64,
    /// Nodes searched.
    pub nodes: u64,
}

fn game(fen: &str, moves: &str) -> Game {
    let start = Position::from_fen(fen).expect("bench FENs are legal");
    let moves: Vec<_> = moves
        .split_whitespace()
        .map(|m| parse_uci(m).expect("bench moves are well formed"))
        .collect();
    Game::replay(start, &moves).unwrap_or_else(|e| panic!("bench moves are legal: {e}"))
}

/// Runs the suite at the given depths, the strong search on `threads` threads, calling
/// `row` as each search finishes.
pub fn run_suite(
    ab_depth: u32,
    pvs_depth: u32,
    threads: usize,
    mut row: impl FnMut(&Row),
) -> Vec<Row> {
    let mut rows = Vec::new();
    let alpha_beta = Task {
        player: Player::AlphaBeta {
            depth: ab_depth,
            margin: 20,
            seed: 1,
        },
        limits: Limits::default(),
    };
    let strong = Task {
        player: Player::Strong,
        limits: Limits::depth(pvs_depth),
    };
    for &(name, fen, moves) in POSITIONS {
        let g = game(fen, moves);
        let mut session = Session::new(HASH_MB);
        session.set_threads(threads);
        for (algorithm, task) in [("alphabeta", &alpha_beta), ("pvs", &strong)] {
            let t = Instant::now();
            let clock = || t.elapsed().as_millis() as u64;
            let thought = session.think(&g, task, &clock, &AtomicBool::new(false), &mut |_| {});
            let r = Row {
                name,
                algorithm,
                depth: if algorithm == "pvs" {
                    pvs_depth
                } else {
                    ab_depth
                },
                time_ms: clock(),
                nodes: thought.nodes,
            };
            row(&r);
            rows.push(r);
        }
    }
    rows
}

/// `xiangqi bench`: prints the table, then the totals on the last line. Returns the exit
/// code: 0, or 1 when `out` cannot be written.
pub fn run(ab_depth: u32, pvs_depth: u32, threads: usize, out: &mut impl Write) -> u8 {
    let result = (|| -> io::Result<()> {
        writeln!(
            out,
            "{:<34} {:<10} {:>5} {:>9} {:>12}",
            "position", "algorithm", "depth", "time ms", "nodes"
        )?;
        let mut failed = Ok(());
        let rows = run_suite(ab_depth, pvs_depth, threads, |r| {
            if failed.is_ok() {
                failed = writeln!(
                    out,
                    "{:<34} {:<10} {:>5} {:>9} {:>12}",
                    r.name, r.algorithm, r.depth, r.time_ms, r.nodes
                )
                .and_then(|_| out.flush());
            }
        });
        failed?;
        let nodes: u64 = rows.iter().map(|r| r.nodes).sum();
        let ms: u64 = rows.iter().map(|r| r.time_ms).sum::<u64>().max(1);
        writeln!(
            out,
            "Total: {nodes} nodes in {ms} ms, {} nodes/second",
            nodes * 1000 / ms
        )
    })();
    match result {
        Ok(()) => 0,
        Err(_) => 1,
    }
}
