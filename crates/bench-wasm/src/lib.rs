//! Perft from the start position behind a plain C ABI (no wasm-bindgen), so that
//! `crates/bench-wasm/perft.mjs` can time the engine under node with nothing else installed.

/// The number of leaf nodes `depth` plies below the start position.
#[no_mangle]
pub extern "C" fn perft_start(depth: u32) -> u64 {
    xiangqi::perft(&mut xiangqi::Position::start(), depth)
}
