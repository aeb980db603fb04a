//! Xiangqi in the browser: a Yew app whose state lives in one reducer ([`model`]), drawn by the
//! components in `components` (built for the browser only), with effects (the search worker,
//! the saved game, shortcuts, sounds) in the custom hooks of `hooks`, and every search run in a
//! web worker ([`worker`]).
//!
//! Around the model: the search worker and its protocol ([`worker`]); what the page reads
//! and writes for keeping and sharing games — links, the saved game and the recent games, PGN,
//! the embed code and diagrams ([`records`]); and what it writes for people — its two
//! languages, moves, scores, figures and the words for screen readers ([`text`]). These and
//! the model compile natively, so they are tested with `cargo test` without a browser.
//!
//! Outside the page: the search worker's engine as a UCI engine under node ([`uci`], for
//! `scripts/wasm-uci`), so that matches and GUIs play what the page plays.

// The wasm's allocator: talc instead of the default dlmalloc, some 3 KB (gzip) smaller in each
// of the page's two modules and no slower. Neither module has threads.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub mod fuzzing;
pub mod model;
pub mod openings;
pub mod practice;
pub mod records;
pub mod text;
pub mod uci;
pub mod worker;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
pub mod components;
#[cfg(target_arch = "wasm32")]
pub mod hooks;
#[cfg(target_arch = "wasm32")]
pub mod sound;
