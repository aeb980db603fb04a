//! The page's search engine as a UCI engine, for `scripts/wasm-uci`: the `uci` binary of this
//! crate, built exactly as the search worker is, and run under node, so that `xiangqi match`,
//! a desktop GUI or anyone can play what the page plays.
//!
//! The protocol is the native engine's ([`xiangqi_uci::Protocol`]); what this module adds is
//! how a search runs: every `go` becomes a [`SearchRequest`](crate::worker::protocol::SearchRequest)
//! answered by the worker's own [`Engine`](crate::worker::engine::Engine), with the same game
//! rebuild, task and search as in the page.
//!
//! The search runs synchronously, so the host (the node script, see [`Host`]) reads `stop`,
//! `isready` and `quit` on another thread and raises a flag the search polls through its
//! clock. A search that no clock ends (`go infinite`, `go depth N`, `go nodes N`) is given a
//! move time of a year, so that it polls its clock, and with it the flag, every thousand
//! nodes or so, as a timed search does.
//!
//! With `Threads` above one, a strong search is dealt out by root moves as the page's pool
//! deals it (`worker/pool.rs`): the engine searches the first share and the host's helpers,
//! each with an engine of its own ([`answer_share`]), the others; their replies are merged.
//! With `Shared Table` they search one table instead, the helpers helping.
//!
//! The searcher is in `engine.rs`, what it asks of its host in `host.rs`, a helper's side in
//! `helper.rs`. All of it is pure and tested natively.

mod engine;
mod helper;
mod host;

pub use engine::{Flow, UciEngine, MAX_HASH_MB};
pub use helper::answer_share;
pub use host::Host;
