//! `xiangqi bench`: the alpha-beta (v2) and strong (v3) searches at fixed depths from the
//! start position and a fixed set of middlegame and endgame positions.
//!
//! The positions, depths and searches are [`xiangqi_ai::bench`]'s (the wasm32 bench of
//! `crates/bench-wasm` runs the same ones); this module times them and prints the table.
//! The node counts are deterministic, so their total is the search's signature: a change
//! meant to leave the search alone must not change it, and `tests/bench.rs` checks it.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;
use xiangqi_ai::bench::{Algorithm, Bench};
pub use xiangqi_ai::bench::{AB_DEPTH, HASH_MB, POSITIONS, PVS_DEPTH};
use xiangqi_ai::nnue::Network;

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

/// Runs the suite at the given depths, the strong search on `threads` threads (evaluating
/// with `net` if given), calling `row` as each search finishes.
pub fn run_suite(
    ab_depth: u32,
    pvs_depth: u32,
    threads: usize,
    net: Option<Arc<Network>>,
    mut row: impl FnMut(&Row),
) -> Vec<Row> {
    let mut rows = Vec::new();
    for (index, &(name, _, _)) in POSITIONS.iter().enumerate() {
        let mut bench = Bench::new(index, threads);
        bench.set_network(net.clone());
        for algorithm in Algorithm::ALL {
            let depth = match algorithm {
                Algorithm::AlphaBeta => ab_depth,
                Algorithm::Pvs => pvs_depth,
            };
            let t = Instant::now();
            let clock = || t.elapsed().as_millis() as u64;
            let nodes = bench.search(algorithm, depth, &clock);
            let r = Row {
                name,
                algorithm: algorithm.name(),
                depth,
                time_ms: clock(),
                nodes,
            };
            row(&r);
            rows.push(r);
        }
    }
    rows
}

/// `xiangqi bench`: prints the table, then the totals on the last line. Returns the exit
/// code: 0, or 1 when `out` cannot be written.
pub fn run(
    ab_depth: u32,
    pvs_depth: u32,
    threads: usize,
    net: Option<Arc<Network>>,
    out: &mut impl Write,
) -> u8 {
    let result = (|| -> io::Result<()> {
        writeln!(
            out,
            "{:<34} {:<10} {:>5} {:>9} {:>12}",
            "position", "algorithm", "depth", "time ms", "nodes"
        )?;
        let mut failed = Ok(());
        let rows = run_suite(ab_depth, pvs_depth, threads, net, |r| {
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
