//! Xiangqi in the browser: a Yew app whose state lives in one reducer ([`state`]), drawn by the
//! components in `components` (built for the browser only), with every search run in a web worker ([`agent`]).
//!
//! The state, the agent's request and reply types and the notation compile natively, so the
//! reducer is tested with `cargo test` without a browser.

pub mod agent;
pub mod ai;
pub mod embed;
pub mod i18n;
pub mod link;
pub mod notation;
pub mod pgn;
pub mod saved;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod components;
#[cfg(target_arch = "wasm32")]
pub mod sound;
