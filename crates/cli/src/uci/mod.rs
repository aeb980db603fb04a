//! `xiangqi uci`: the protocol of the `xiangqi-uci` crate ([`xiangqi_uci::Protocol`], which
//! the page's engine under node speaks too), with each search on a thread of its own
//! ([`xiangqi_uci::thread`]). This module only lends it what is native: the built-in network,
//! network files, random seeds, the version in `id name`, and the loop over standard input.
//!
//! An [`Engine`] answers each line on any [`Write`](std::io::Write), so whole sessions can be
//! tested without a process:
//!
//! ```
//! use xiangqi_cli::uci::Engine;
//! let mut engine = Engine::new();
//! let mut out = Vec::new();
//! engine.handle_line("isready", &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "readyok\n");
//! ```

mod engine;
mod run;

pub use engine::Engine;
pub use run::{run, run_with};
pub use xiangqi_uci::{Command, CommandError, Go, Options, ENGINE_AUTHOR, ENGINE_NAME};
