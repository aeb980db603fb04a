//! The UCI protocol's text as Pikafish speaks it for Xiangqi (moves in coordinates with ranks
//! 0-9, `h2e2`; positions as `startpos` or a FEN), read and written the same way by the
//! native `xiangqi` engine (`crates/cli`) and by the page's engine under node
//! (`crates/web`, `scripts/wasm-uci`).
//!
//! A [`Command`] is read from one line with [`str::parse`]; what cannot be read gives a
//! [`CommandError`] that says why. `go` is read straight into the engine's
//! [`xiangqi_ai::Limits`]. The lines every engine writes the same way are in [`output`], the
//! depths `go perft` accepts in [`perft`], and a `setoption` value read in [`option`]. Nothing here runs a search, starts a thread or
//! touches I/O, so the same code builds for wasm32.

mod command;
pub mod option;
pub mod output;
pub mod perft;

pub use command::{
    Command, CommandError, Go, GoNote, ENGINE_AUTHOR, ENGINE_NAME, MAX_SEARCH_DEPTH, MAX_TIME_MS,
};
