//! The UCI protocol as Pikafish speaks it for Xiangqi: moves in coordinates with ranks 0-9
//! (`h2e2`), positions as `startpos` or a FEN.
//!
//! A [`Command`] is read from one line with [`str::parse`]; what cannot be read gives a
//! [`CommandError`] that says why. An [`Engine`] holds the state between lines and answers
//! each line on any [`Write`](std::io::Write), so whole sessions can be tested without a process:
//!
//! ```
//! use xiangqi_cli::uci::Engine;
//! let mut engine = Engine::new();
//! let mut out = Vec::new();
//! engine.handle_line("isready", &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "readyok\n");
//! ```
//!
//! Nothing a GUI or a person sends can stop the loop: every line that cannot be used is
//! answered with `info string` and the state stays as it was before that line. After a
//! `position` that cannot be read, `go` answers `bestmove (none)` (with an `info string`
//! saying why) until a `position` succeeds, rather than a move of a position the GUI did not
//! mean. An illegal move in `position` is named, and the moves before it stand. A search
//! `go` is never refused: what it cannot use is named and left out, so it gets its
//! `bestmove` (see [`xiangqi_uci::GoNote`]).
//!
//! This module only reads and writes the protocol: `go` becomes an [`xiangqi_ai::Limits`],
//! the options become a [`Task`](xiangqi_ai::Task), and one engine [`Session`](xiangqi_ai::Session) (kept from `ucinewgame` to
//! `ucinewgame`) thinks. The search runs on its own thread, which owns the session while it
//! thinks and hands it back when it is joined; `go perft` counts on such a thread too.
//! `stop`, `ponderhit`, `isready` and `quit` are read meanwhile.
//!
//! Pondering (`go ponder`) is a search whose clock stands still: the search is given the
//! clock and any `movetime`, but the time it reads stays 0 until `ponderhit`, and from then
//! on counts from the `ponderhit`. So it thinks without a time limit while pondering, and
//! after `ponderhit` answers by itself within the budget the clock gives, as if the `go`
//! had come at that moment. Its `bestmove` waits for `ponderhit` or `stop`, even if the
//! search ended before (a forced mate, a depth limit).
//!
//! The parts: [`Command`] (reading a line, in the `xiangqi-uci` crate, which the page's
//! engine under node reads lines with too), [`Options`], the engine's state and what each
//! command does (`engine.rs`), the search thread (`search.rs`), where the lines go
//! (`output.rs`) and the loop (`run.rs`).

mod engine;
mod options;
mod output;
mod run;
mod search;

pub use engine::Engine;
pub use options::{Algorithm, OptionError, Options, MAX_AB_DEPTH, MAX_HASH_MB};
pub use output::Sink;
pub use run::{run, run_with};
pub use xiangqi_uci::{Command, CommandError, Go, ENGINE_AUTHOR, ENGINE_NAME};
