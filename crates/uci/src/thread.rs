//! The native [`Searcher`]: each search (and `go perft`) runs on a thread of its own, which
//! owns the engine [`Session`] while it thinks and hands it back when it is joined, so that
//! `stop`, `ponderhit`, `isready` and `quit` are read meanwhile. The session is kept from
//! `ucinewgame` to `ucinewgame`.
//!
//! Pondering (`go ponder`) is a search whose clock stands still: the search is given the
//! clock and any `movetime`, but the time it reads stays 0 until `ponderhit`, and from then
//! on counts from the `ponderhit`. So it thinks without a time limit while pondering, and
//! after `ponderhit` answers by itself within the budget the clock gives, as if the `go` had
//! come at that moment. Its `bestmove` waits for `ponderhit` or `stop`, even if the search
//! ended before (a forced mate, a depth limit).

use crate::options::{Caps, Front, Options};
use crate::perft::write_divide_until;
use crate::search::{Iteration, Search, Searcher};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;
use xiangqi::Position;
use xiangqi_ai::book::Book;
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{Info, Session, DEFAULT_HASH_MB};

/// Where the search thread writes its `info` and `bestmove` lines.
pub type Sink = Arc<Mutex<Box<dyn Write + Send>>>;

/// Largest `Hash` in megabytes.
pub const MAX_HASH_MB: usize = 4096;

/// `EvalFile`'s value for the network built into the engine.
pub const BUILT_IN: &str = "<built-in>";

/// Reads the network in a file, or says why it cannot.
pub type ReadNetwork = fn(&str) -> Result<Arc<Network>, String>;

/// Searches on threads, one at a time.
pub struct ThreadSearch {
    caps: Caps,
    sink: Sink,
    /// The session between searches; `None` while a search has it, or before the first.
    session: Option<Session>,
    running: Option<Running>,
    /// What a new session is made with.
    hash_mb: usize,
    threads: usize,
    network: Option<Arc<Network>>,
    built_in: Option<Arc<Network>>,
    read_network: ReadNetwork,
    fresh_seed: fn() -> u64,
    /// The opening book `OwnBook` answers from.
    book: Option<Arc<Book>>,
}

/// A search or a perft running on its own thread, which hands the session back (if it had
/// it) when it ends.
struct Running {
    control: Arc<Control>,
    /// False when only `stop` ends it (`infinite`, or the strong search with no limit).
    ends_by_itself: bool,
    thread: JoinHandle<Option<Session>>,
}

impl ThreadSearch {
    /// A searcher named `name` in `id name` whose searches write to `sink`, evaluating with
    /// `built_in` until `EvalFile` says otherwise (reading files with `read_network`), and
    /// drawing seeds for `Seed 0` with `fresh_seed`.
    pub fn new(
        name: String,
        sink: Box<dyn Write + Send>,
        built_in: Option<Arc<Network>>,
        read_network: ReadNetwork,
        fresh_seed: fn() -> u64,
    ) -> ThreadSearch {
        let caps = Caps {
            front: Front::Native,
            name,
            max_hash_mb: MAX_HASH_MB,
            max_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            eval_file: BUILT_IN,
            counts: true,
            ponders: true,
            plays_on: true,
        };
        ThreadSearch {
            caps,
            sink: Arc::new(Mutex::new(sink)),
            session: None,
            running: None,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            network: built_in.clone(),
            built_in,
            read_network,
            fresh_seed,
            book: None,
        }
    }

    /// The same searcher with `book` for `OwnBook` to answer from.
    pub fn with_book(mut self, book: Option<Arc<Book>>) -> ThreadSearch {
        self.book = book;
        self
    }

    /// The end of input: the GUI or pipe has said everything, but an answer is still owed.
    /// A search that would end by itself is waited for (a perft too); one that only `stop`
    /// ends (an infinite one, or one still pondering) is stopped, and answers with the best
    /// move it has.
    pub fn finish(&mut self) {
        if let Some(r) = &self.running {
            if !r.ends_by_itself || r.control.pondering() {
                r.control.stop();
            }
        }
        self.join();
    }

    /// The session, once no search holds it (a running search is stopped first).
    fn session(&mut self) -> &mut Session {
        self.stop();
        let session = self.session.take().unwrap_or_else(|| self.new_session());
        self.session.insert(session)
    }

    /// A session with the table, threads and network the options ask for.
    fn new_session(&self) -> Session {
        let mut session = Session::new(self.hash_mb);
        session.set_threads(self.threads);
        session.set_network(self.network.clone());
        session.set_book(self.book.clone());
        session
    }

    fn join(&mut self) {
        if let Some(r) = self.running.take() {
            // A search that panicked loses its session; the next search starts a new one.
            // A perft never had it.
            if let Ok(Some(session)) = r.thread.join() {
                self.session = Some(session);
            }
        }
    }

    /// Whether a session is made or a search holds one: options apply to it at once.
    fn live(&self) -> bool {
        self.session.is_some() || self.running.is_some()
    }
}

impl Drop for ThreadSearch {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Searcher for ThreadSearch {
    fn caps(&self) -> Caps {
        self.caps.clone()
    }

    fn say(&mut self, line: &str) {
        write_line(&self.sink, line);
    }

    fn go(&mut self, search: Search) {
        self.stop();
        let mut session = self.session.take().unwrap_or_else(|| self.new_session());
        let sink = Arc::clone(&self.sink);
        let control = Arc::new(Control::new(search.ponder));
        let shared = Arc::clone(&control);
        let ends_by_itself = search.ends_by_itself;
        let thread = std::thread::spawn(move || {
            search_and_answer(&mut session, &search, &shared, &sink);
            Some(session)
        });
        self.running = Some(Running {
            control,
            ends_by_itself,
            thread,
        });
    }

    fn perft(&mut self, mut position: Position, depth: u32) {
        self.stop();
        let sink = Arc::clone(&self.sink);
        let control = Arc::new(Control::new(false));
        let flag = Arc::clone(&control);
        let thread = std::thread::spawn(move || {
            let mut out = SinkLines {
                sink: &sink,
                buf: Vec::new(),
            };
            // A closed output leaves nobody to tell.
            let _ = write_divide_until(&mut out, &mut position, depth, &flag.halt);
            None
        });
        self.running = Some(Running {
            control,
            ends_by_itself: true,
            thread,
        });
    }

    fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.control.stop();
        }
        self.join();
    }

    fn ponder_hit(&mut self) -> bool {
        match &self.running {
            Some(r) if r.control.pondering() => r.control.ponder_hit(),
            _ => return false,
        }
        true
    }

    fn new_game(&mut self) {
        self.session().new_game();
    }

    fn configure(&mut self, options: &Options) {
        (self.hash_mb, self.threads) = (options.hash_mb, options.threads);
        if self.live() {
            let (mb, threads) = (self.hash_mb, self.threads);
            let session = self.session();
            session.set_hash_mb(mb);
            session.set_threads(threads);
        }
    }

    fn load_network(&mut self, value: &str) -> Result<(), String> {
        let net = match value {
            "" | "<empty>" => None,
            BUILT_IN => self.built_in.clone(),
            path => Some((self.read_network)(path)?),
        };
        self.network = net.clone();
        if self.live() {
            let session = self.session();
            if session.network() != net.as_ref() {
                session.set_network(net);
                session.new_game();
            }
        }
        Ok(())
    }

    fn fresh_seed(&mut self) -> Option<u64> {
        Some((self.fresh_seed)())
    }
}

/// What the protocol loop and a running search share.
struct Control {
    /// `stop` (or `quit`, or a command that replaces the search): answer now.
    stop: AtomicBool,
    /// The flag the search and perft poll: set with `stop`, and by the search's own thread
    /// once `go mate` has its mate.
    halt: AtomicBool,
    /// When the search's clock started, in milliseconds after `started`: 0, or the moment of
    /// `ponderhit`; [`PONDERING`] until then.
    clock_origin: AtomicU64,
    /// When the `go` came.
    started: Instant,
}

/// [`Control::clock_origin`] while the search ponders.
const PONDERING: u64 = u64::MAX;

impl Control {
    fn new(ponder: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            halt: AtomicBool::new(false),
            clock_origin: AtomicU64::new(if ponder { PONDERING } else { 0 }),
            started: Instant::now(),
        }
    }

    /// Milliseconds since the `go`.
    fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// The search's clock: milliseconds since it started counting, 0 while pondering.
    fn search_ms(&self) -> u64 {
        match self.clock_origin.load(Ordering::Relaxed) {
            PONDERING => 0,
            origin => self.elapsed_ms().saturating_sub(origin),
        }
    }

    fn pondering(&self) -> bool {
        self.clock_origin.load(Ordering::Relaxed) == PONDERING
    }

    /// `ponderhit`: the clock starts now.
    fn ponder_hit(&self) {
        let now = self.elapsed_ms().min(PONDERING - 1);
        let (o, r) = (Ordering::Relaxed, Ordering::Relaxed);
        let _ = self.clock_origin.compare_exchange(PONDERING, now, o, r);
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.halt.store(true, Ordering::Relaxed);
    }
}

/// Runs `search` and writes its `info` lines and `bestmove` to `sink`.
fn search_and_answer(session: &mut Session, search: &Search, control: &Control, sink: &Sink) {
    let clock = || control.search_ms();
    let mut on_info = |i: &Info| {
        // The search's clock stands still while pondering: the time since the `go` is
        // what the GUI wants to see.
        let time_ms = control.elapsed_ms();
        let iteration = Iteration {
            depth: i.depth,
            seldepth: Some(i.seldepth),
            multipv: Some(i.multipv),
            score: i.score,
            nodes: i.nodes,
            nps: i.nodes * 1000 / time_ms.max(1),
            time_ms,
            pv: &i.pv,
        };
        write_line(sink, &iteration.to_string());
        if search.mated(&iteration) {
            control.halt.store(true, Ordering::Relaxed);
        }
    };
    let (game, task) = (&search.game, &search.task);
    let thought = session.think(game, task, &clock, &control.halt, &mut on_info);
    // The answer to `go infinite` waits for `stop`, and a ponder search's for `ponderhit` or
    // `stop`, as the protocol requires.
    while !control.stop.load(Ordering::Relaxed) && (control.pondering() || task.limits.infinite) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    write_line(sink, &search.bestmove(thought.best, &thought.pv));
}

/// Writes one line to the search's output and flushes it.
fn write_line(sink: &Sink, line: &str) {
    let mut out = sink.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Lines for the sink, each written whole: what is written is kept until `flush`.
struct SinkLines<'a> {
    sink: &'a Sink,
    buf: Vec<u8>,
}

impl Write for SinkLines<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut out = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        out.write_all(&self.buf)?;
        self.buf.clear();
        out.flush()
    }
}
