//! The UCI protocol as Pikafish speaks it for Xiangqi: moves in coordinates with ranks 0-9
//! (`h2e2`), positions as `startpos` or a FEN.
//!
//! A [`Command`] is read from one line with [`str::parse`]; what cannot be read gives a
//! [`CommandError`] that says why. An [`Engine`] holds the state between lines and answers
//! each line on any [`Write`], so whole sessions can be tested without a process:
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
//! `position` that fails, `go` answers `bestmove (none)` (with an `info string` saying why)
//! until a `position` succeeds, rather than a move of a position the GUI did not mean.
//!
//! This module only reads and writes the protocol: `go` becomes an [`xiangqi_ai::Limits`],
//! the options become a [`Task`], and one engine [`Session`] (kept from `ucinewgame` to
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

mod command;
mod options;

pub use command::{Command, CommandError, Go, ENGINE_AUTHOR, ENGINE_NAME};
pub use options::{Algorithm, Options, MAX_AB_DEPTH, MAX_HASH_MB};

use crate::flow::Flow;
use crate::perft;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;
use xiangqi::{Game, Move, Outcome, Position};
use xiangqi_ai::{Info, Limits, Player, Score, Session, Task, Thought};

/// Where the search thread writes its `info` and `bestmove` lines.
pub type Sink = Arc<Mutex<Box<dyn Write + Send>>>;

/// A search or a perft running on its own thread, which hands the session back (if it had
/// it) when it ends.
struct Running {
    control: Arc<Control>,
    /// False when only `stop` ends it (`infinite`, or the strong search with no limit).
    ends_by_itself: bool,
    thread: JoinHandle<Option<Session>>,
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
        let _ = self.clock_origin.compare_exchange(
            PONDERING,
            now,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.halt.store(true, Ordering::Relaxed);
    }
}

/// The engine's state between lines: the game so far (so the search knows its repetitions),
/// the options, and the engine session, which a running search owns until it is joined.
pub struct Engine {
    game: Game,
    /// False after a `position` that failed: the game is the one before it, which the GUI
    /// no longer means, so `go` answers no move.
    position_ok: bool,
    options: Options,
    /// The session between searches; `None` while a search has it, or before the first.
    session: Option<Session>,
    running: Option<Running>,
    sink: Sink,
    /// The `Ponder` option: the GUI says whether it will send `go ponder`.
    ponder: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_search();
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
        Engine {
            game: Game::new(),
            position_ok: true,
            options: Options::default(),
            session: None,
            running: None,
            sink: Arc::new(Mutex::new(sink)),
            ponder: false,
        }
    }

    /// The position the next `go` would start from.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The `Ponder` option. It only tells the engine whether the GUI means to send
    /// `go ponder`; the engine answers `bestmove M ponder P` whenever it has a reply to
    /// expect, and ponders whenever it is told to.
    pub fn ponder(&self) -> bool {
        self.ponder
    }

    /// Handles one line given as raw bytes (any encoding: invalid UTF-8 is replaced, so such
    /// a line is answered like any other unreadable one).
    pub fn handle_bytes<W: Write>(&mut self, line: &[u8], out: &mut W) -> io::Result<Flow> {
        self.handle_line(&String::from_utf8_lossy(line), out)
    }

    /// Handles one line of text. Blank lines are ignored; lines that cannot be read or
    /// carried out are answered with `info string` and change nothing.
    pub fn handle_line<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<Flow> {
        if line.trim().is_empty() {
            return Ok(Flow::Continue);
        }
        match line.parse::<Command>() {
            Ok(cmd) => self.execute(cmd, out),
            Err(e) => {
                if line.split_whitespace().next() == Some("position") {
                    self.position_ok = false;
                }
                info(out, &e.to_string())?;
                Ok(Flow::Continue)
            }
        }
    }

    /// Carries out a command.
    pub fn execute<W: Write>(&mut self, cmd: Command, out: &mut W) -> io::Result<Flow> {
        match cmd {
            Command::Uci => {
                writeln!(out, "id name {ENGINE_NAME} {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author {ENGINE_AUTHOR}")?;
                self.options.announce(out)?;
                writeln!(out, "option name Ponder type check default false")?;
                writeln!(out, "uciok")?;
            }
            Command::IsReady => writeln!(out, "readyok")?,
            Command::UciNewGame => {
                self.game = Game::new();
                self.position_ok = true;
                self.session().new_game();
            }
            Command::Position { start, moves } => {
                self.stop_search();
                self.set_position(*start, &moves, out)?
            }
            Command::Go(Go::Perft(depth)) => {
                self.stop_search();
                if !self.position_ok {
                    return info(out, NO_POSITION).map(|()| Flow::Continue);
                }
                self.perft(depth);
            }
            Command::Go(Go::Search {
                limits,
                ponder,
                mate,
            }) => self.go(limits, ponder, mate),
            Command::Stop => self.stop_search(),
            Command::PonderHit => match &self.running {
                Some(r) if r.control.pondering() => r.control.ponder_hit(),
                _ => info(out, "ponderhit: no search is pondering; ignored")?,
            },
            Command::SetOption { name, value } => {
                if name.eq_ignore_ascii_case("clear hash") {
                    self.session().new_game();
                } else if name.eq_ignore_ascii_case("ponder") {
                    match value.as_deref().map(|v| v.trim().to_ascii_lowercase()) {
                        Some(v) if v == "true" => self.ponder = true,
                        Some(v) if v == "false" => self.ponder = false,
                        _ => info(
                            out,
                            &format!(
                                "Ponder is true or false, not \"{}\"",
                                value.as_deref().unwrap_or("")
                            ),
                        )?,
                    }
                } else {
                    match self.options.set(&name, value.as_deref()) {
                        Ok(()) => {
                            let (mb, threads) = (self.options.hash_mb, self.options.threads);
                            if self.session.is_some() || self.running.is_some() {
                                let session = self.session();
                                session.set_hash_mb(mb);
                                session.set_threads(threads);
                            }
                        }
                        Err(e) => info(out, &e)?,
                    }
                }
            }
            Command::Display => {
                let pos = self.game.position();
                writeln!(out, "{}", pos.board())?;
                writeln!(out, "Fen: {}", pos.to_fen())?;
                writeln!(out, "Key: {:016X}", pos.hash())?;
                writeln!(out, "Outcome: {}", outcome_text(self.game.outcome()))?;
            }
            Command::Quit => {
                self.stop_search();
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
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
        self.join_search();
    }

    /// The session, once no search holds it (a running search is stopped first).
    fn session(&mut self) -> &mut Session {
        self.stop_search();
        let options = self.options.clone();
        self.session.get_or_insert_with(|| new_session(&options))
    }

    /// Stops a running search, which then prints its `bestmove`, and takes the session back.
    fn stop_search(&mut self) {
        if let Some(r) = &self.running {
            r.control.stop();
        }
        self.join_search();
    }

    fn join_search(&mut self) {
        if let Some(r) = self.running.take() {
            // A search that panicked loses its session; the next search starts a new one.
            // A perft never had it.
            if let Ok(Some(session)) = r.thread.join() {
                self.session = Some(session);
            }
        }
    }

    /// Plays `moves` from `start`; if one is illegal, says which and keeps the position
    /// from before the command (which `go` then refuses).
    fn set_position<W: Write>(
        &mut self,
        start: Position,
        moves: &[Move],
        out: &mut W,
    ) -> io::Result<()> {
        let mut game = Game::from_position(start);
        // The GUI may play on after our rules would have ended the game.
        if let Err(e) = game.play_all_on(moves) {
            self.position_ok = false;
            return info(
                out,
                &format!(
                    "move {} ({}) is not legal in {}; position unchanged",
                    e.ply,
                    e.mv,
                    game.position().to_fen()
                ),
            );
        }
        self.game = game;
        self.position_ok = true;
        Ok(())
    }

    /// Counts the move tree to `depth` on a thread of its own, so that `stop` and `quit`
    /// end it; its lines go where the search's do.
    fn perft(&mut self, depth: u32) {
        let mut pos = self.game.position().clone();
        let sink = Arc::clone(&self.sink);
        let control = Arc::new(Control::new(false));
        let flag = Arc::clone(&control);
        let thread = std::thread::spawn(move || {
            let mut out = SinkLines {
                sink: &sink,
                buf: Vec::new(),
            };
            // A closed output leaves nobody to tell.
            let _ = perft::write_divide_until(&mut out, &mut pos, depth, &flag.halt);
            None
        });
        self.running = Some(Running {
            control,
            ends_by_itself: true,
            thread,
        });
    }

    /// Starts a search within `limits` on its own thread, with the session moved to it:
    /// pondering if `ponder` (see the module doc), and ending once a mate in `mate` moves or
    /// fewer is proven if `mate` is given.
    fn go(&mut self, limits: Limits, ponder: bool, mate: Option<u32>) {
        self.stop_search();
        if !self.position_ok {
            write_line(&self.sink, format!("info string {NO_POSITION}"));
            write_line(&self.sink, "bestmove (none)".to_string());
            return;
        }
        let seed = if self.options.seed == 0 {
            random_seed()
        } else {
            self.options.seed
        };
        let task = self.options.task(limits, seed);
        let l = &task.limits;
        let bounded = l.depth.is_some()
            || l.nodes.is_some()
            || l.movetime_ms.is_some()
            || l.clock.is_some()
            || task.player != Player::Strong;
        let ends_by_itself = bounded && !l.infinite;
        let mut session = self
            .session
            .take()
            .unwrap_or_else(|| new_session(&self.options));
        let game = self.game.clone();
        let sink = Arc::clone(&self.sink);
        let control = Arc::new(Control::new(ponder));
        let shared = Arc::clone(&control);
        let thread = std::thread::spawn(move || {
            search_and_answer(&mut session, &game, &task, mate, &shared, &sink);
            Some(session)
        });
        self.running = Some(Running {
            control,
            ends_by_itself,
            thread,
        });
    }
}

/// Why `go` answers no move after a failed `position`.
/// The game's outcome by the rules as `d` prints it: `none`, or the outcome in lower case
/// with a comma after the result, such as `black wins, perpetual chase by red`.
fn outcome_text(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "none".to_string(),
        Some(o) => o.to_string().to_lowercase().replacen(": ", ", ", 1),
    }
}

const NO_POSITION: &str =
    "no position to search: the last position command failed; send a valid one";

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

/// Writes one line to the search's output and flushes it.
fn write_line(sink: &Sink, line: String) {
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

/// Runs the search `go` asked for and writes its `info` lines and `bestmove` to `sink`.
/// With `mate`, an iteration that proves a mate in that many moves or fewer ends it.
fn search_and_answer(
    session: &mut Session,
    game: &Game,
    task: &Task,
    mate: Option<u32>,
    control: &Control,
    sink: &Sink,
) {
    let clock = || control.search_ms();
    let mut on_info = |i: &Info| {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        // The search's clock stands still while pondering: the time since the `go` is
        // what the GUI wants to see.
        let time_ms = control.elapsed_ms();
        write_line(
            sink,
            format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
                i.depth,
                i.seldepth,
                i.multipv,
                i.score,
                i.nodes,
                i.nodes * 1000 / time_ms.max(1),
                time_ms,
                pv.join(" ")
            ),
        );
        if let (Some(n), 1, Score::Mate(k)) = (mate, i.multipv, i.score) {
            if k > 0 && k.unsigned_abs() <= n {
                control.halt.store(true, Ordering::Relaxed);
            }
        }
    };
    let thought = session.think(game, task, &clock, &control.halt, &mut on_info);
    // The answer to `go infinite` waits for `stop`, and a ponder search's for `ponderhit` or
    // `stop`, as the protocol requires.
    while !control.stop.load(Ordering::Relaxed) && (control.pondering() || task.limits.infinite) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    write_line(sink, bestmove_line(game, &thought));
}

/// `bestmove M`, with `ponder P` when the principal variation has the reply `P` to expect
/// after `M`; `bestmove (none)` when there is no legal move.
fn bestmove_line(game: &Game, thought: &Thought) -> String {
    let Some(best) = thought.best else {
        return "bestmove (none)".to_string();
    };
    match thought.pv.as_slice() {
        [first, reply, ..] if *first == best && game.position().after(best).is_legal(*reply) => {
            format!("bestmove {best} ponder {reply}")
        }
        _ => format!("bestmove {best}"),
    }
}

fn info<W: Write>(out: &mut W, text: &str) -> io::Result<()> {
    // One output line per message, whatever the text holds.
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    writeln!(out, "info string {text}")
}

/// Runs the loop: reads lines from `input` until `quit` or the end of input, answering on
/// `out`, which is flushed after every line. Lines are read as bytes, so any input is
/// accepted; `\r\n` endings are fine.
pub fn run<R: BufRead, W: Write>(input: R, out: &mut W) -> io::Result<()> {
    run_with(Engine::new(), input, out)
}

/// Runs the loop with `engine` (whose search writes to its own sink); at the end of input
/// it finishes the search still owed an answer (see [`Engine::finish`]).
pub fn run_with<R: BufRead, W: Write>(
    mut engine: Engine,
    mut input: R,
    out: &mut W,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            engine.finish();
            return Ok(());
        }
        let flow = engine.handle_bytes(&line, out)?;
        out.flush()?;
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}

/// A session with the size and threads the options ask for.
fn new_session(options: &Options) -> Session {
    let mut session = Session::new(options.hash_mb);
    session.set_threads(options.threads);
    session
}
