//! The UCI protocol as Pikafish speaks it for Xiangqi (moves in coordinates with ranks 0-9,
//! `h2e2`; positions as `startpos` or a FEN), once for both engines: the native `xiangqi uci`
//! (`crates/cli`) and the page's engine under node (`crates/web`, `scripts/wasm-uci`).
//!
//! A [`Command`] is read from one line with [`str::parse`]; what cannot be read gives a
//! [`CommandError`] that says why. `go` is read straight into the engine's
//! [`xiangqi_ai::Limits`]. A [`Protocol`] holds the state between lines (the game, the
//! [`Options`]) and carries out each command; the one thing the engines do differently, how a
//! search runs, is behind the [`Searcher`] trait: a thread natively ([`thread`]), the search
//! worker's engine under node for the page's engine. Every option is a row of one table,
//! [`options::TABLE`]. The lines every engine writes the same way are in [`output`] and
//! [`Iteration`], the depths `go perft` accepts and its count in [`perft`], and a `setoption`
//! value's errors in [`option`].
//!
//! ```
//! use xiangqi_uci::thread::ThreadSearch;
//! use xiangqi_uci::{Flow, Protocol, Searcher};
//! // No built-in network, no network files, and seed 1 for `Seed 0`.
//! let sink = Box::new(std::io::sink());
//! let mut searcher = ThreadSearch::new("Xiangqi".into(), sink, None, |_| Err("none".into()), || 1);
//! let mut protocol = Protocol::new(searcher.caps());
//! let mut out = Vec::new();
//! let flow = protocol.handle_line("isready", &mut searcher, &mut out).unwrap();
//! assert_eq!((flow, String::from_utf8(out).unwrap()), (Flow::Continue, "readyok\n".into()));
//! ```

mod command;
pub mod option;
pub mod options;
pub mod output;
pub mod perft;
mod protocol;
mod search;
#[cfg(not(target_arch = "wasm32"))]
pub mod thread;

pub use command::{
    Command, CommandError, Go, GoNote, ENGINE_AUTHOR, ENGINE_NAME, MAX_SEARCH_DEPTH, MAX_TIME_MS,
};
pub use options::{Algorithm, Caps, Front, Options};
pub use protocol::{Flow, Protocol, NO_POSITION};
pub use search::{Iteration, Search, Searcher};
