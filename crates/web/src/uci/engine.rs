//! The page's engine as a UCI engine: the shared protocol ([`Protocol`]), whose searches become
//! [`SearchRequest`]s for the search worker's [`Engine`], as the page's pool sends them.

use super::host::Host;
use crate::worker::engine::Engine;
use crate::worker::pool::{helped, split, Merge, MAX_WORKERS};
use crate::worker::protocol::{SearchReply, SearchRequest, ToWorker};
use core::sync::atomic::{AtomicBool, Ordering};
use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use xiangqi::Position;
use xiangqi_ai::nnue::Network;
use xiangqi_ai::Limits;
use xiangqi_uci::output::info_string;
pub use xiangqi_uci::Flow;
use xiangqi_uci::{Caps, Front, Iteration, Options, Protocol, Search, Searcher, ENGINE_NAME};

/// The move time given to a search that no clock would end, so that it polls its clock (and
/// with it the host's flags): a year.
const UNTIL_STOPPED_MS: u64 = 365 * 24 * 60 * 60 * 1000;

/// Largest `Hash` in megabytes: the table lives in the wasm's memory, which is 4 GiB at most.
pub const MAX_HASH_MB: usize = 1024;

/// The engine's state between lines: the protocol's, and the worker's engine with what it
/// keeps between searches.
pub struct UciEngine {
    protocol: Protocol,
    search: PageSearch,
}

impl Default for UciEngine {
    fn default() -> Self {
        UciEngine {
            protocol: Protocol::new(caps()),
            search: PageSearch::default(),
        }
    }
}

/// What this engine can do: search (not count), at once (not ponder), the games the page's
/// worker rebuilds.
fn caps() -> Caps {
    Caps {
        front: Front::Page,
        name: format!("{ENGINE_NAME} {} (wasm)", env!("CARGO_PKG_VERSION")),
        max_hash_mb: MAX_HASH_MB,
        max_threads: MAX_WORKERS,
        eval_file: "<empty>",
        counts: false,
        ponders: false,
        plays_on: false,
    }
}

/// The worker's engine, whose session is kept from `ucinewgame` to `ucinewgame`, and what the
/// searches on it and on the helpers need.
struct PageSearch {
    engine: Engine,
    /// The game the requests belong to; a new one makes the worker's engine start afresh.
    game: u64,
    /// The id of the next request.
    next_id: u64,
    /// `Hash`, `Threads` and `Shared Table`.
    options: Options,
    /// The size of the table the engine shares with its helpers, once it does.
    shared_mb: Option<usize>,
    /// The bytes of the network `EvalFile` gave (empty for the hand-set evaluation), its
    /// version (0 for the hand-set evaluation every engine starts with), and the version
    /// each helper has (by index; index 0 is this engine).
    network: Vec<u8>,
    network_version: u64,
    helper_networks: Vec<u64>,
}

impl Default for PageSearch {
    fn default() -> Self {
        PageSearch {
            engine: Engine::default(),
            game: 1,
            next_id: 1,
            options: Options::new(&caps()),
            shared_mb: None,
            network: Vec::new(),
            network_version: 0,
            helper_networks: Vec::new(),
        }
    }
}

impl UciEngine {
    /// Handles one line (see [`Protocol::handle_line`]); a search runs to its end in it.
    pub fn handle_line(&mut self, line: &str, host: &dyn Host) -> Flow {
        let mut search = Lent {
            state: &mut self.search,
            host,
        };
        let mut out = Lines(host, Vec::new());
        let flow = self.protocol.handle_line(line, &mut search, &mut out);
        flow.unwrap_or(Flow::Continue)
    }
}

/// The protocol's answers, a line at a time to the host.
struct Lines<'a>(&'a dyn Host, Vec<u8>);

impl Write for Lines<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.1.extend_from_slice(bytes);
        while let Some(end) = self.1.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.1.drain(..=end).collect();
            self.0.write(&String::from_utf8_lossy(&line[..end]));
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The searcher of one line: the engine's state and the host that line lends it.
struct Lent<'a> {
    state: &'a mut PageSearch,
    host: &'a dyn Host,
}

impl Searcher for Lent<'_> {
    fn caps(&self) -> Caps {
        caps()
    }

    fn say(&mut self, line: &str) {
        self.host.write(line);
    }

    /// Searches with the worker's engine, writing an `info` line per iteration and then
    /// `bestmove`, and returns once it has answered.
    fn go(&mut self, search: Search) {
        let host = self.host;
        let infinite = search.task.limits.infinite;
        let ends_by_itself = search.ends_by_itself;
        let mut task = search.task.clone();
        task.limits = until_stopped(task.limits);
        let state = &mut *self.state;
        let request = SearchRequest {
            id: state.next_id,
            game: state.game,
            start: search.game.start_position().to_setup(),
            moves: search.game.moves(),
            task,
            seed: search.seed,
        };
        state.next_id += 1;
        let id = request.id;
        // With `Threads` above one, the search runs as the page's pool runs it: on a shared
        // table, this engine answering and the helpers helping; or dealt out, this engine
        // searching the first share and the helpers the others.
        let threads = state.options.threads;
        let helping =
            state.options.shared_table && helped(&request, threads) && state.share_table(host);
        let parts = if helping {
            for helper in 1..threads {
                state.send_network(helper, host);
                let help = ToWorker::Help {
                    request: Box::new(request.clone()),
                    helper: helper as u32,
                };
                if let Ok(bytes) = postcard::to_allocvec(&help) {
                    host.start_part(helper, &bytes, ends_by_itself);
                }
            }
            vec![request]
        } else {
            let parts = split(&request, threads);
            for (i, part) in parts.iter().enumerate().skip(1) {
                state.send_network(i, host);
                let share = ToWorker::Search(Box::new(part.clone()));
                if let Ok(bytes) = postcard::to_allocvec(&share) {
                    host.start_part(i, &bytes, ends_by_itself);
                }
            }
            parts
        };
        let merge = RefCell::new(Merge::new(id, parts.len()));
        let finished = Cell::new(false);
        let stop = AtomicBool::new(false);
        let mut answer = None;
        let emit = RefCell::new(|reply: SearchReply| match reply {
            SearchReply::Progress { progress: p, .. } => {
                let iteration = Iteration {
                    depth: p.depth,
                    seldepth: None,
                    multipv: None,
                    score: p.score,
                    nodes: p.nodes,
                    nps: p.nps,
                    time_ms: p.time_ms,
                    pv: &p.pv,
                };
                host.write(&iteration.to_string());
                if search.mated(&iteration) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            SearchReply::Done { best, progress, .. } => {
                finished.set(true);
                answer = Some(search.bestmove(best, &progress.pv));
            }
            SearchReply::Failed { reason, .. } | SearchReply::Crashed { reason } => {
                finished.set(true);
                host.write(&info_string(&reason));
            }
        });
        // A reply of share `index`, merged with the others' (a helper's reply to an earlier
        // search that failed is dropped).
        let take = |index: usize, reply: SearchReply| {
            if reply.id().is_some_and(|r| r != id) {
                return;
            }
            let merged = merge.borrow_mut().take(index, reply);
            if let Some(merged) = merged {
                (emit.borrow_mut())(merged);
            }
        };
        let read = |bytes: Vec<u8>| {
            postcard::from_bytes(&bytes).unwrap_or_else(|_| SearchReply::Crashed {
                reason: "a helper's reply could not be read".to_string(),
            })
        };
        let started = host.now_ms();
        let clock = || {
            if host.halted(ends_by_itself) {
                stop.store(true, Ordering::Relaxed);
            }
            if parts.len() > 1 {
                while let Some((index, bytes)) = host.next_part(false) {
                    take(index, read(bytes));
                }
            }
            (host.now_ms() - started).max(0.0) as u64
        };
        let seed = host.seed();
        state
            .engine
            .answer(&parts[0], seed, &clock, &stop, &mut |_| true, &mut |r| {
                take(0, r)
            });
        // The helpers' last replies: they stop as this engine did, on the same flags.
        while !finished.get() && parts.len() > 1 {
            let Some((index, bytes)) = host.next_part(true) else {
                break;
            };
            take(index, read(bytes));
        }
        if helping || parts.len() > 1 {
            host.end_parts();
        }
        // The answer to `go infinite` waits for `stop`, as the protocol requires.
        if infinite {
            host.wait_for_stop();
        }
        host.write(answer.as_deref().unwrap_or("bestmove (none)"));
    }

    /// Never asked: this engine does not count ([`Caps::counts`]).
    fn perft(&mut self, _: Position, _: u32) {}

    /// Between searches there is nothing to stop; a search reads its flags itself.
    fn stop(&mut self) {}

    /// A search has answered before the next line is read: none is pondering.
    fn ponder_hit(&mut self) -> bool {
        false
    }

    fn new_game(&mut self) {
        self.state.game += 1;
    }

    fn configure(&mut self, options: &Options) {
        let state = &mut *self.state;
        state.options = options.clone();
        if state.shared_mb.is_some_and(|mb| mb != options.hash_mb) {
            state.shared_mb = None;
        }
        state.engine.set_hash_mb(options.hash_mb);
    }

    /// Evaluates with the network in the file at `path` (read by the host), or with the
    /// hand-set evaluation for an empty path or `<empty>`.
    fn load_network(&mut self, path: &str) -> Result<(), String> {
        let bytes = if path.is_empty() || path == "<empty>" {
            Vec::new()
        } else {
            let bytes = self.host.read_file(path)?;
            Network::from_bytes(&bytes).map_err(|e| e.to_string())?;
            bytes
        };
        let state = &mut *self.state;
        let _ = state.engine.set_network(&bytes);
        // The table's scores came from the other evaluation: the next search starts afresh.
        state.game += 1;
        state.network = bytes;
        state.network_version += 1;
        Ok(())
    }

    /// None: the worker's engine draws the seed, as in the page.
    fn fresh_seed(&mut self) -> Option<u64> {
        None
    }
}

impl PageSearch {
    /// Sends helper `index` the network first if it does not have it yet.
    fn send_network(&mut self, index: usize, host: &dyn Host) {
        if self.helper_networks.len() <= index {
            self.helper_networks.resize(index + 1, 0);
        }
        if self.helper_networks[index] != self.network_version {
            let message = ToWorker::Network(self.network.clone());
            if let Ok(bytes) = postcard::to_allocvec(&message) {
                host.start_part(index, &bytes, true);
            }
            self.helper_networks[index] = self.network_version;
        }
    }

    /// Searches on the table the host's helpers share, made when first needed or resized;
    /// false where the host has none.
    fn share_table(&mut self, host: &dyn Host) -> bool {
        let mb = self.options.hash_mb;
        if self.shared_mb != Some(mb) {
            let Some(table) = host.shared_table(mb) else {
                return false;
            };
            self.engine.share_table(table);
            self.shared_mb = Some(mb);
        }
        true
    }
}

/// `limits` as a search the host can end: one that no clock would end gets a move time of
/// [`UNTIL_STOPPED_MS`] instead of `infinite` (depth and node limits still apply).
fn until_stopped(mut limits: Limits) -> Limits {
    if limits.infinite {
        limits.infinite = false;
        limits.clock = None;
        limits.movetime_ms = None;
    }
    if limits.movetime_ms.is_none() && limits.clock.is_none() {
        limits.movetime_ms = Some(UNTIL_STOPPED_MS);
    }
    limits
}

#[cfg(test)]
mod tests;
