//! The UCI engine's state between lines, and what each command does: `go` becomes a
//! [`SearchRequest`] for the search worker's [`Engine`].

use super::host::Host;
use super::options::{OptionError, UciOptions};
use crate::worker::engine::Engine;
use crate::worker::pool::{helped, split, Merge};
use crate::worker::protocol::{Progress, SearchReply, SearchRequest, ToWorker};
use crate::worker::rebuild::{rebuild, RebuildError};
use core::sync::atomic::{AtomicBool, Ordering};
use std::cell::{Cell, RefCell};
use xiangqi::{Move, Position, Setup};
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{Limits, Player, Score};
use xiangqi_uci::output::{bestmove_line, info_string, refused_move};
use xiangqi_uci::{Command, Go, ENGINE_AUTHOR, ENGINE_NAME};

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received.
    Quit,
}

/// The move time given to a search that no clock would end, so that it polls its clock (and
/// with it the host's flags): a year.
const UNTIL_STOPPED_MS: u64 = 365 * 24 * 60 * 60 * 1000;

/// Why `go` answers no move after a `position` that could not be read (the native engine's
/// words).
const NO_POSITION: &str =
    "no position to search: the last position command could not be read; send a valid one";

/// The engine's state between lines: the game to search (its start and the moves played, as
/// the page sends them to its worker), the options, and the worker's engine, whose session
/// is kept from `ucinewgame` to `ucinewgame`.
pub struct UciEngine {
    engine: Engine,
    options: UciOptions,
    start: Setup,
    moves: Vec<Move>,
    /// False after a `position` that could not be read: `go` then answers no move.
    position_ok: bool,
    /// The game the requests belong to; a new one makes the worker's engine start afresh.
    game: u64,
    /// The id of the next request.
    next_id: u64,
    /// The size of the table the engine shares with its helpers, once it does.
    shared_mb: Option<usize>,
    /// The bytes of the network `EvalFile` gave (empty for the hand-set evaluation), its
    /// version (0 for the hand-set evaluation every engine starts with), and the version
    /// each helper has (by index; index 0 is this engine).
    network: Vec<u8>,
    network_version: u64,
    helper_networks: Vec<u64>,
}

impl Default for UciEngine {
    fn default() -> Self {
        UciEngine {
            engine: Engine::default(),
            options: UciOptions::default(),
            start: Setup::start(),
            moves: Vec::new(),
            position_ok: true,
            game: 1,
            next_id: 1,
            shared_mb: None,
            network: Vec::new(),
            network_version: 0,
            helper_networks: Vec::new(),
        }
    }
}

impl UciEngine {
    /// Handles one line. Blank lines are ignored; lines that cannot be read or carried out
    /// are answered with `info string` and change nothing (but a `position` that cannot be
    /// read leaves no position to search, as in the native engine).
    pub fn handle_line(&mut self, line: &str, host: &dyn Host) -> Flow {
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        match line.parse::<Command>() {
            Ok(command) => return self.execute(command, host),
            Err(e) => {
                if line.split_whitespace().next() == Some("position") {
                    self.position_ok = false;
                }
                host.write(&info_string(&e.to_string()));
            }
        }
        Flow::Continue
    }

    fn execute(&mut self, command: Command, host: &dyn Host) -> Flow {
        match command {
            Command::Uci => {
                host.write(&format!(
                    "id name {ENGINE_NAME} {} (wasm)",
                    env!("CARGO_PKG_VERSION")
                ));
                host.write(&format!("id author {ENGINE_AUTHOR}"));
                for line in self.options.announce() {
                    host.write(&line);
                }
                host.write("uciok");
            }
            Command::IsReady => host.write("readyok"),
            Command::UciNewGame => {
                self.game += 1;
                self.start = Setup::start();
                self.moves.clear();
                self.position_ok = true;
            }
            Command::Position { start, moves } => self.set_position(*start, moves, host),
            Command::Go(Go::Perft(_)) => {
                host.write(&info_string(
                    "go perft: the page's engine only searches; the native xiangqi counts",
                ));
            }
            Command::Go(Go::Search {
                limits,
                ponder,
                mate,
                notes,
            }) => {
                for note in notes {
                    host.write(&info_string(&note.to_string()));
                }
                if ponder {
                    host.write(&info_string(
                        "go ponder: this engine does not ponder; it searches now",
                    ));
                }
                self.go(limits, mate, host);
            }
            // Between searches there is nothing to stop; a search reads its flags itself.
            Command::Stop => {}
            Command::PonderHit => {
                host.write(&info_string("ponderhit: no search is pondering; ignored"))
            }
            Command::SetOption { name, value } => {
                if name.eq_ignore_ascii_case("clear hash") {
                    self.game += 1;
                } else if name.eq_ignore_ascii_case("evalfile") {
                    if let Err(e) = self.set_eval_file(value.as_deref().unwrap_or(""), host) {
                        host.write(&info_string(&e.to_string()));
                    }
                } else {
                    match self.options.set(&name, value.as_deref()) {
                        Ok(()) => {
                            if self.shared_mb.is_some_and(|mb| mb != self.options.hash_mb) {
                                self.shared_mb = None;
                            }
                            self.engine.set_hash_mb(self.options.hash_mb);
                        }
                        Err(e) => host.write(&info_string(&e.to_string())),
                    }
                }
            }
            Command::Display => self.display(host),
            Command::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    /// Takes `start` and `moves` as the game to search, as far as the moves can be played
    /// (as the worker will replay them): at a refused one the moves before it stand, as in
    /// the native engine, and an `info string` says which move and what position is set.
    fn set_position(&mut self, start: Position, mut moves: Vec<Move>, host: &dyn Host) {
        let start = start.to_setup();
        if let Err(RebuildError::Move(e)) = rebuild(&start, &moves) {
            moves.truncate(e.ply - 1);
            if let Ok(game) = rebuild(&start, &moves) {
                host.write(&info_string(&refused_move(&e, game.position())));
            }
        }
        self.start = start;
        self.moves = moves;
        self.position_ok = true;
    }

    /// `d`: the board, the FEN and the position's key, as the native engine prints them.
    fn display(&self, host: &dyn Host) {
        let Ok(game) = rebuild(&self.start, &self.moves) else {
            return host.write(&info_string(NO_POSITION));
        };
        let position = game.position();
        for line in position.board().to_string().lines() {
            host.write(line);
        }
        host.write(&format!("Fen: {}", position.to_fen()));
        host.write(&format!("Key: {:016X}", position.hash()));
    }

    /// Searches the position within `limits` with the worker's engine, writing an `info` line
    /// per iteration and then `bestmove`. With `mate`, an iteration that proves a mate in
    /// that many moves or fewer ends the search.
    fn go(&mut self, limits: Limits, mate: Option<u32>, host: &dyn Host) {
        let game = match rebuild(&self.start, &self.moves) {
            Ok(game) if self.position_ok => game,
            _ => {
                host.write(&info_string(NO_POSITION));
                return host.write("bestmove (none)");
            }
        };
        let mut task = self.options.task(limits);
        let l = &task.limits;
        let infinite = l.infinite;
        let bounded = l.depth.is_some()
            || l.nodes.is_some()
            || l.movetime_ms.is_some()
            || l.clock.is_some()
            || task.player != Player::Strong;
        let ends_by_itself = bounded && !infinite;
        task.limits = until_stopped(task.limits);
        let request = SearchRequest {
            id: self.next_id,
            game: self.game,
            start: self.start.clone(),
            moves: self.moves.clone(),
            task,
        };
        self.next_id += 1;
        let id = request.id;
        // With `Threads` above one, the search runs as the page's pool runs it: on a shared
        // table, this engine answering and the helpers helping; or dealt out, this engine
        // searching the first share and the helpers the others.
        let threads = self.options.threads;
        let helping =
            self.options.shared_table && helped(&request, threads) && self.share_table(host);
        let parts = if helping {
            for helper in 1..threads {
                self.send_network(helper, host);
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
                self.send_network(i, host);
                let share = ToWorker::Search(Box::new(part.clone()));
                if let Ok(bytes) = postcard::to_allocvec(&share) {
                    host.start_part(i, &bytes, ends_by_itself);
                }
            }
            parts
        };
        let merge = RefCell::new(Merge::new(parts.len()));
        let finished = Cell::new(false);
        let stop = AtomicBool::new(false);
        let mut answer = None;
        let emit = RefCell::new(|reply: SearchReply| match reply {
            SearchReply::Progress { progress, .. } => {
                host.write(&info_line(&progress));
                if let (Some(n), Score::Mate(k)) = (mate, progress.score) {
                    if k > 0 && k.unsigned_abs() <= n {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            SearchReply::Done { best, progress, .. } => {
                finished.set(true);
                answer = Some(bestmove_line(game.position(), best, &progress.pv));
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
        self.engine
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
}

impl UciEngine {
    /// `EvalFile`: evaluates with the network in the file at `path` (read by the host), or
    /// with the hand-set evaluation for an empty path or `<empty>`. A file that cannot be
    /// read or is no network changes nothing.
    fn set_eval_file(&mut self, path: &str, host: &dyn Host) -> Result<(), OptionError> {
        let path = path.trim();
        let bytes = if path.is_empty() || path == "<empty>" {
            Vec::new()
        } else {
            let error = |reason: String| OptionError::File {
                name: "EvalFile",
                path: path.to_string(),
                reason,
            };
            let bytes = host.read_file(path).map_err(error)?;
            Network::from_bytes(&bytes).map_err(|e| error(e.to_string()))?;
            bytes
        };
        let _ = self.engine.set_network(&bytes);
        // The table's scores came from the other evaluation: the next search starts afresh.
        self.game += 1;
        self.network = bytes;
        self.network_version += 1;
        Ok(())
    }

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

/// The `info` line of an iteration: depth, score, nodes, speed, time and principal variation.
fn info_line(progress: &Progress) -> String {
    let pv: Vec<String> = progress.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        progress.depth,
        progress.score,
        progress.nodes,
        progress.nps,
        progress.time_ms,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests;
