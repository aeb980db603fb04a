//! The native engine: the shared protocol and the thread searcher, with what only the native
//! build has (the built-in network, network files, random seeds).

use crate::flow::Flow;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;
use xiangqi::Position;
use xiangqi_ai::nnue::{built_in::built_in, Network};
use xiangqi_tools::train::read_network;
use xiangqi_uci::thread::ThreadSearch;
use xiangqi_uci::{Command, Options, Protocol, Searcher, ENGINE_NAME};

/// The engine's state between lines (see [`Protocol`]) and its searcher.
pub struct Engine {
    protocol: Protocol,
    search: ThreadSearch,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine at the start position whose search output is discarded (for tests of the
    /// protocol that do not search).
    pub fn new() -> Engine {
        Engine::with_output(Box::new(io::sink()))
    }

    /// An engine whose search writes its `info` and `bestmove` lines to `sink`.
    pub fn with_output(sink: Box<dyn Write + Send>) -> Engine {
        let name = format!("{ENGINE_NAME} {}", env!("CARGO_PKG_VERSION"));
        let search = ThreadSearch::new(name, sink, built_in(), read_file, random_seed)
            .with_book(xiangqi_tools::book::built_in());
        Engine {
            protocol: Protocol::new(search.caps()),
            search,
        }
    }

    /// The position the next `go` would start from.
    pub fn position(&self) -> &Position {
        self.protocol.position()
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        self.protocol.options()
    }

    /// The `Ponder` option (see [`Options::ponder`]).
    pub fn ponder(&self) -> bool {
        self.options().ponder
    }

    /// Handles one line given as raw bytes (any encoding: invalid UTF-8 is replaced, so such
    /// a line is answered like any other unreadable one).
    pub fn handle_bytes<W: Write>(&mut self, line: &[u8], out: &mut W) -> io::Result<Flow> {
        self.handle_line(&String::from_utf8_lossy(line), out)
    }

    /// Handles one line of text (see [`Protocol::handle_line`]).
    pub fn handle_line<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<Flow> {
        self.protocol.handle_line(line, &mut self.search, out)
    }

    /// Carries out a command.
    pub fn execute<W: Write>(&mut self, command: Command, out: &mut W) -> io::Result<Flow> {
        self.protocol.execute(command, &mut self.search, out)
    }

    /// The end of input (see [`ThreadSearch::finish`]).
    pub fn finish(&mut self) {
        self.search.finish();
    }
}

/// `EvalFile`'s network file (`xiangqi train --out`).
fn read_file(path: &str) -> Result<Arc<Network>, String> {
    read_network(Path::new(path)).map_err(|e| e.to_string())
}

/// A fresh random seed (for `Seed 0`).
fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    match getrandom::fill(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
    }
}
