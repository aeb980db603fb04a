//! The engine behind a plain C ABI (no wasm-bindgen), so that node can time it with nothing
//! else installed: perft from the start position (`crates/bench-wasm/perft.mjs`) and the
//! searches of `xiangqi bench` ([`xiangqi_ai::bench`], timed by `crates/bench-wasm/bench.mjs`),
//! and check the network's wasm kernels (`crates/bench-wasm/check.mjs`).
//!
//! A bench run calls [`bench_start`] for a position, then [`bench_search`] for each of its
//! searches; the caller times each search (its clock is outside the module).

use std::sync::Mutex;
use xiangqi_ai::bench::{Algorithm, Bench, AB_DEPTH, POSITIONS, PVS_DEPTH};

/// The number of leaf nodes `depth` plies below the start position.
#[no_mangle]
pub extern "C" fn perft_start(depth: u32) -> u64 {
    xiangqi::perft(&mut xiangqi::Position::start(), depth)
}

/// How many of the evaluation network's kernel results differ from plain sums
/// ([`xiangqi_ai::nnue::kernels::disagreements`]): in this module, the `simd128` kernels.
#[no_mangle]
pub extern "C" fn nnue_kernel_disagreements() -> u32 {
    xiangqi_ai::nnue::kernels::disagreements()
}

/// The bench position being searched, with its session.
static BENCH: Mutex<Option<Bench>> = Mutex::new(None);

/// The number of bench positions.
#[no_mangle]
pub extern "C" fn bench_positions() -> u32 {
    POSITIONS.len() as u32
}

/// `xiangqi bench`'s default depth for the alpha-beta search.
#[no_mangle]
pub extern "C" fn bench_ab_depth() -> u32 {
    AB_DEPTH
}

/// `xiangqi bench`'s default depth for the strong search.
#[no_mangle]
pub extern "C" fn bench_pvs_depth() -> u32 {
    PVS_DEPTH
}

/// The address of position `index`'s name (UTF-8, [`bench_name_len`] bytes) in memory.
#[no_mangle]
pub extern "C" fn bench_name(index: u32) -> *const u8 {
    POSITIONS[index as usize].0.as_ptr()
}

/// The length in bytes of position `index`'s name.
#[no_mangle]
pub extern "C" fn bench_name_len(index: u32) -> u32 {
    POSITIONS[index as usize].0.len() as u32
}

/// Makes position `index` ready with a fresh session (one thread), as `xiangqi bench` does
/// before the two searches of each position.
#[no_mangle]
pub extern "C" fn bench_start(index: u32) {
    let bench = Bench::new(index as usize, 1);
    *BENCH.lock().unwrap_or_else(|e| e.into_inner()) = Some(bench);
}

/// Searches the position of the last [`bench_start`] with the alpha-beta player (`pvs` 0)
/// or the strong search (`pvs` 1) to `depth`, and returns the nodes searched.
#[no_mangle]
pub extern "C" fn bench_search(pvs: u32, depth: u32) -> u64 {
    let algorithm = if pvs == 0 {
        Algorithm::AlphaBeta
    } else {
        Algorithm::Pvs
    };
    let mut bench = BENCH.lock().unwrap_or_else(|e| e.into_inner());
    let bench = bench.as_mut().expect("bench_start comes first");
    bench.search(algorithm, depth, &|| 0)
}
