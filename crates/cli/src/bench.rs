//! `xiangqi bench`: the alpha-beta (v2) and strong (v3) searches at fixed depths from the
//! start position and a fixed set of middlegame and endgame positions.
//!
//! The node counts are deterministic (fixed depths, fresh tables, fixed seed), so their
//! total is the search's signature: a change meant to leave the search alone must not
//! change it, and `tests/bench.rs` checks it.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::notation::parse_uci;
use xiangqi::{Game, Position};
use xiangqi_ai::alphabeta;
use xiangqi_ai::search::{Limits, Searcher};

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

/// Runs the suite at the given depths, calling `row` as each search finishes.
pub fn run_suite(ab_depth: u32, pvs_depth: u32, mut row: impl FnMut(&Row)) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut push = |r: Row| {
        row(&r);
        rows.push(r);
    };
    for &(name, fen, moves) in POSITIONS {
        let g = game(fen, moves);
        let t = Instant::now();
        let clock = || t.elapsed().as_millis() as u64;
        let config = alphabeta::Config {
            depth: ab_depth,
            margin: 20,
            seed: 1,
        };
        let thought = alphabeta::choose(&g, &config, &clock, &mut |_| {});
        push(Row {
            name,
            algorithm: "alphabeta",
            depth: ab_depth,
            time_ms: clock(),
            nodes: thought.nodes,
        });

        let t = Instant::now();
        let clock = || t.elapsed().as_millis() as u64;
        let mut searcher = Searcher::new(HASH_MB);
        let thought = searcher.search(
            &g,
            &Limits::depth(pvs_depth),
            &clock,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        push(Row {
            name,
            algorithm: "pvs",
            depth: pvs_depth,
            time_ms: clock(),
            nodes: thought.nodes,
        });
    }
    rows
}

/// `xiangqi bench [AB_DEPTH [PVS_DEPTH]]`: prints the table, then the totals on the last line.
pub fn run(args: &[String], out: &mut impl Write, err: &mut impl Write) -> u8 {
    let depth = |i: usize, default: u32, max: u32| -> Result<u32, String> {
        match args.get(i) {
            None => Ok(default),
            Some(s) => s
                .parse::<u32>()
                .ok()
                .filter(|d| (1..=max).contains(d))
                .ok_or_else(|| {
                    format!("xiangqi bench: depth \"{s}\" must be a number from 1 to {max}")
                }),
        }
    };
    let (ab, pvs) = match (depth(0, AB_DEPTH, 8), depth(1, PVS_DEPTH, 30)) {
        (Ok(a), Ok(p)) if args.len() <= 2 => (a, p),
        (Err(e), _) | (_, Err(e)) => {
            let _ = writeln!(err, "{e}");
            return 2;
        }
        _ => {
            let _ = writeln!(err, "usage: xiangqi bench [ALPHABETA_DEPTH [PVS_DEPTH]]");
            return 2;
        }
    };
    let result = (|| -> io::Result<()> {
        writeln!(
            out,
            "{:<34} {:<10} {:>5} {:>9} {:>12}",
            "position", "algorithm", "depth", "time ms", "nodes"
        )?;
        let mut failed = Ok(());
        let rows = run_suite(ab, pvs, |r| {
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
