//! Xiangqi in the browser: a Yew app whose state lives in one reducer ([`model`]), drawn by the
//! components in `components` (built for the browser only), with effects (the search worker,
//! the saved game, shortcuts, sounds) in the custom hooks of `hooks`, and every search run in a
//! web worker ([`agent`]).
//!
//! The model, the agent's request and reply types, links, saved games and records compile
//! natively, so they are tested with `cargo test` without a browser.

pub mod agent;
pub mod ai;
pub mod announce;
pub mod diagram;
pub mod embed;
pub mod evaluation;
pub mod figures;
pub mod fuzzing;
pub mod i18n;
pub mod link;
pub mod model;
pub mod notation;
pub mod pgn;
pub mod pool;
pub mod review;
pub mod saved;
pub mod watchdog;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod bridge;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
pub mod components;
#[cfg(target_arch = "wasm32")]
pub mod hooks;
#[cfg(target_arch = "wasm32")]
pub mod sound;
