//! The engine's state between lines, and what each command does to it.

use super::options::Options;
use super::output::{info, write_line, Sink, SinkLines};
use super::search::{random_seed, search_and_answer, Control, Running};
use crate::flow::Flow;
use crate::perft;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use xiangqi::{Game, Move, Outcome, Position};
use xiangqi_ai::{Limits, Player, Session};
use xiangqi_uci::output::{info_string, refused_move};
use xiangqi_uci::{Command, Go, ENGINE_AUTHOR, ENGINE_NAME};

/// The engine's state between lines: the game so far (so the search knows its repetitions),
/// the options, and the engine session, which a running search owns until it is joined.
pub struct Engine {
    game: Game,
    /// False after a `position` that could not be read (a bad FEN, a word that is no move):
    /// the game is the one before it, which the GUI no longer means, so `go` answers no move.
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
                notes,
            }) => {
                self.stop_search();
                // Said where the search's answer goes, so that they come before it.
                for note in notes {
                    write_line(&self.sink, info_string(&note.to_string()));
                }
                self.go(limits, ponder, mate)
            }
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
                            let net = self.options.network.clone();
                            if self.session.is_some() || self.running.is_some() {
                                let session = self.session();
                                session.set_hash_mb(mb);
                                session.set_threads(threads);
                                if session.network() != net.as_ref() {
                                    session.set_network(net);
                                    session.new_game();
                                }
                            }
                        }
                        Err(e) => info(out, &e.to_string())?,
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

    /// Plays `moves` from `start`; if one is illegal, the moves before it stand (as in
    /// reference engines), and an `info string` says which move was refused and what
    /// position is set.
    fn set_position<W: Write>(
        &mut self,
        start: Position,
        moves: &[Move],
        out: &mut W,
    ) -> io::Result<()> {
        let mut game = Game::from_position(start);
        // The GUI may play on after our rules would have ended the game.
        let played = game.play_all_on(moves);
        self.game = game;
        self.position_ok = true;
        match played {
            Ok(()) => Ok(()),
            Err(e) => info(out, &refused_move(&e, self.game.position())),
        }
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
            write_line(&self.sink, info_string(NO_POSITION));
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

/// The game's outcome by the rules as `d` prints it: `none`, or the outcome in lower case
/// with a comma after the result, such as `black wins, perpetual chase by red`.
fn outcome_text(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "none".to_string(),
        Some(o) => o.to_string().to_lowercase().replacen(": ", ", ", 1),
    }
}

/// Why `go` answers no move after a `position` that could not be read.
const NO_POSITION: &str =
    "no position to search: the last position command could not be read; send a valid one";

/// A session with the size and threads the options ask for.
fn new_session(options: &Options) -> Session {
    let mut session = Session::new(options.hash_mb);
    session.set_threads(options.threads);
    session.set_network(options.network.clone());
    session
}
