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
//! thinks and hands it back when it is joined; `stop`, `isready` and `quit` are read
//! meanwhile.

use crate::perft;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;
use xiangqi::notation::{parse_uci, UciMoveError};
use xiangqi::{FenError, Game, Move, Position};
use xiangqi_ai::{
    alphabeta, GameClock, Info, Level, Limits, Player, Session, Task, DEFAULT_HASH_MB, MAX_LEVEL,
};

/// The name given in `id name`, followed by the version.
pub const ENGINE_NAME: &str = "Xiangqi";
/// The author given in `id author`.
pub const ENGINE_AUTHOR: &str = "the Xiangqi developers";

/// One line of input from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: the next position is from a different game.
    UciNewGame,
    /// `position startpos|fen FEN [moves m1 m2 ...]`: the moves are checked for legality only
    /// when the command is carried out.
    Position {
        /// The position before the moves.
        start: Box<Position>,
        /// The moves to play from it.
        moves: Vec<Move>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`: end the search now.
    Stop,
    /// `ponderhit`: the expected move was played.
    PonderHit,
    /// `setoption name NAME [value VALUE]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its new value, if any.
        value: Option<String>,
    },
    /// `d`: print the board and the FEN (not part of UCI; Stockfish has it too).
    Display,
    /// `quit`.
    Quit,
}

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// `go perft N`: count the move tree, 1 to [`perft::MAX_DEPTH`] plies.
    Perft(u32),
    /// Any other `go`: a search within these limits. `mate N` is read as depth `2N + 1`,
    /// `ponder` as `infinite` (both end with `stop` or `ponderhit`), and negative times
    /// (some GUIs send them once a flag has fallen) as 0. `multipv` is left 0: the
    /// `MultiPV` option fills it in.
    Search(Limits),
}

/// Why a line is not a command that can be carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command.
    Unknown(String),
    /// The command needs something after it.
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs.
        what: &'static str,
    },
    /// A word that means nothing at this point of the command.
    Unexpected {
        /// The command.
        command: &'static str,
        /// The word.
        token: String,
    },
    /// A number that cannot be read or is out of range.
    BadNumber {
        /// Which parameter.
        name: &'static str,
        /// The text found.
        found: String,
    },
    /// A parameter given twice.
    Repeated(&'static str),
    /// `go perft` with a depth that cannot be used.
    PerftDepth(perft::DepthError),
    /// The FEN of `position fen` cannot be used.
    Fen(FenError),
    /// A move in `position ... moves` or `go searchmoves` that is not coordinate text.
    BadMove {
        /// Its place in the list, from 1.
        index: usize,
        /// What is wrong with it.
        error: UciMoveError,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(w) => write!(
                f,
                "unknown command \"{w}\": expected uci, isready, ucinewgame, position, go, stop, ponderhit, setoption, d or quit"
            ),
            CommandError::Missing { command, what } => {
                write!(f, "{command} needs {what}")
            }
            CommandError::Unexpected { command, token } => {
                write!(f, "{command}: unexpected \"{token}\"")
            }
            CommandError::BadNumber { name, found } => {
                write!(f, "{name} \"{found}\" is not a number in range")
            }
            CommandError::Repeated(name) => write!(f, "{name} is given twice"),
            CommandError::PerftDepth(e) => fmt::Display::fmt(e, f),
            CommandError::Fen(e) => write!(f, "bad FEN: {e}"),
            CommandError::BadMove { index, error } => write!(f, "move {index}: {error}"),
        }
    }
}

impl std::error::Error for CommandError {}

impl FromStr for Command {
    type Err = CommandError;

    /// Reads one line (without its line ending; surrounding and repeated whitespace is
    /// allowed). An empty line is an error too: [`Engine::handle_line`] skips those first.
    fn from_str(line: &str) -> Result<Command, CommandError> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Err(CommandError::Missing {
                command: "a line",
                what: "a command",
            });
        };
        let rest: Vec<&str> = words.collect();
        let no_args = |command: &'static str, cmd: Command| match rest.first() {
            None => Ok(cmd),
            Some(t) => Err(CommandError::Unexpected {
                command,
                token: t.to_string(),
            }),
        };
        match first {
            "uci" => no_args("uci", Command::Uci),
            "isready" => no_args("isready", Command::IsReady),
            "ucinewgame" => no_args("ucinewgame", Command::UciNewGame),
            "stop" => no_args("stop", Command::Stop),
            "ponderhit" => no_args("ponderhit", Command::PonderHit),
            "d" => no_args("d", Command::Display),
            "quit" => no_args("quit", Command::Quit),
            "position" => parse_position(&rest),
            "go" => parse_go(&rest).map(Command::Go),
            "setoption" => parse_setoption(&rest),
            _ => Err(CommandError::Unknown(first.to_string())),
        }
    }
}

fn parse_moves(words: &[&str]) -> Result<Vec<Move>, CommandError> {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            parse_uci(w).map_err(|error| CommandError::BadMove {
                index: i + 1,
                error,
            })
        })
        .collect()
}

fn parse_position(words: &[&str]) -> Result<Command, CommandError> {
    const CMD: &str = "position";
    let moves_at = words.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = match setup.split_first() {
        None => {
            return Err(CommandError::Missing {
                command: CMD,
                what: "startpos or fen FEN",
            })
        }
        Some((&"startpos", [])) => Position::start(),
        Some((&"startpos", [extra, ..])) => {
            return Err(CommandError::Unexpected {
                command: CMD,
                token: extra.to_string(),
            })
        }
        Some((&"fen", [])) => {
            return Err(CommandError::Missing {
                command: "position fen",
                what: "a FEN",
            })
        }
        Some((&"fen", fields)) => {
            Position::from_fen(&fields.join(" ")).map_err(CommandError::Fen)?
        }
        Some((other, _)) => {
            return Err(CommandError::Unexpected {
                command: CMD,
                token: other.to_string(),
            })
        }
    };
    Ok(Command::Position {
        start: Box::new(start),
        moves: parse_moves(moves)?,
    })
}

const GO_KEYWORDS: [&str; 13] = [
    "perft",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "searchmoves",
];

fn number<T: FromStr>(
    name: &'static str,
    value: Option<&&str>,
    slot: &mut Option<T>,
) -> Result<(), CommandError> {
    let Some(text) = value else {
        return Err(CommandError::Missing {
            command: "go",
            what: "a number after each limit",
        });
    };
    if slot.is_some() {
        return Err(CommandError::Repeated(name));
    }
    *slot = Some(text.parse().map_err(|_| CommandError::BadNumber {
        name,
        found: text.to_string(),
    })?);
    Ok(())
}

fn flag(name: &'static str, slot: &mut bool) -> Result<(), CommandError> {
    if *slot {
        return Err(CommandError::Repeated(name));
    }
    *slot = true;
    Ok(())
}

fn parse_go(words: &[&str]) -> Result<Go, CommandError> {
    const CMD: &str = "go";
    if words.first() == Some(&"perft") {
        let Some(depth) = words.get(1) else {
            return Err(CommandError::Missing {
                command: "go perft",
                what: "a depth",
            });
        };
        if let Some(extra) = words.get(2) {
            return Err(CommandError::Unexpected {
                command: "go perft",
                token: extra.to_string(),
            });
        }
        return perft::parse_depth(depth)
            .map(Go::Perft)
            .map_err(CommandError::PerftDepth);
    }
    let (mut depth, mut nodes, mut mate, mut movestogo) = (None, None, None, None);
    let (mut movetime, mut wtime, mut btime, mut winc, mut binc) = (
        None::<i64>,
        None::<i64>,
        None::<i64>,
        None::<i64>,
        None::<i64>,
    );
    let (mut infinite, mut ponder) = (false, false);
    let mut searchmoves = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1);
        match words[i] {
            "depth" => number("depth", value, &mut depth)?,
            "nodes" => number("nodes", value, &mut nodes)?,
            "movetime" => number("movetime", value, &mut movetime)?,
            "mate" => number("mate", value, &mut mate)?,
            "wtime" => number("wtime", value, &mut wtime)?,
            "btime" => number("btime", value, &mut btime)?,
            "winc" => number("winc", value, &mut winc)?,
            "binc" => number("binc", value, &mut binc)?,
            "movestogo" => number("movestogo", value, &mut movestogo)?,
            "infinite" => {
                flag("infinite", &mut infinite)?;
                i += 1;
                continue;
            }
            "ponder" => {
                flag("ponder", &mut ponder)?;
                i += 1;
                continue;
            }
            "searchmoves" => {
                if !searchmoves.is_empty() {
                    return Err(CommandError::Repeated("searchmoves"));
                }
                let end = words[i + 1..]
                    .iter()
                    .position(|w| GO_KEYWORDS.contains(w))
                    .map_or(words.len(), |n| i + 1 + n);
                searchmoves = parse_moves(&words[i + 1..end])?;
                if searchmoves.is_empty() {
                    return Err(CommandError::Missing {
                        command: "go searchmoves",
                        what: "at least one move",
                    });
                }
                i = end;
                continue;
            }
            other => {
                return Err(CommandError::Unexpected {
                    command: CMD,
                    token: other.to_string(),
                })
            }
        }
        i += 2;
    }
    let ms = |v: Option<i64>| v.map_or(0, |v| v.max(0) as u64);
    let clock = (wtime.is_some() || btime.is_some()).then(|| GameClock {
        time_ms: [ms(wtime), ms(btime)],
        inc_ms: [ms(winc), ms(binc)],
        moves_to_go: movestogo,
    });
    Ok(Go::Search(Limits {
        depth: depth.or(mate.map(|n: u32| n.saturating_mul(2).saturating_add(1))),
        nodes,
        movetime_ms: movetime.map(|t| ms(Some(t))),
        clock,
        infinite: infinite || ponder,
        searchmoves,
        multipv: 0,
    }))
}

/// The arguments of `go` for `limits` (the inverse of the parser for what a match sends):
/// `movetime 100`, `depth 8 nodes 20000`, `wtime 60000 btime 60000 winc 0 binc 0`.
pub fn format_go(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(ms) = limits.movetime_ms {
        parts.push(format!("movetime {ms}"));
    }
    if let Some(c) = limits.clock {
        parts.push(format!(
            "wtime {} btime {} winc {} binc {}",
            c.time_ms[0], c.time_ms[1], c.inc_ms[0], c.inc_ms[1]
        ));
        if let Some(n) = c.moves_to_go {
            parts.push(format!("movestogo {n}"));
        }
    }
    if limits.infinite {
        parts.push("infinite".to_string());
    }
    if !limits.searchmoves.is_empty() {
        let moves: Vec<String> = limits.searchmoves.iter().map(Move::to_string).collect();
        parts.push(format!("searchmoves {}", moves.join(" ")));
    }
    parts.join(" ")
}

fn parse_setoption(words: &[&str]) -> Result<Command, CommandError> {
    const CMD: &str = "setoption";
    match words.first() {
        Some(&"name") => {}
        Some(other) => {
            return Err(CommandError::Unexpected {
                command: CMD,
                token: other.to_string(),
            })
        }
        None => {
            return Err(CommandError::Missing {
                command: CMD,
                what: "name NAME [value VALUE]",
            })
        }
    }
    let words = &words[1..];
    let value_at = words.iter().position(|&w| w == "value");
    let (name, value) = match value_at {
        Some(i) => (&words[..i], Some(words[i + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return Err(CommandError::Missing {
            command: CMD,
            what: "an option name",
        });
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received.
    Quit,
}

/// Where the search thread writes its `info` and `bestmove` lines.
pub type Sink = Arc<Mutex<Box<dyn Write + Send>>>;

/// The options announced after `uci`, with their current values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`: transposition table megabytes.
    pub hash_mb: usize,
    /// `Algorithm`: which player answers `go`.
    pub algorithm: Algorithm,
    /// `Depth`: plies for the alpha-beta player when `go` gives no depth.
    pub depth: u32,
    /// `Seed`: for the randomized players; 0 draws a new seed for every search.
    pub seed: u64,
    /// `MultiPV`: lines the strong search reports.
    pub multipv: u32,
    /// `Level`: 0 follows `Algorithm` and the `go` limits; 1..=8 plays as the app's level.
    pub level: u8,
}

/// The players `Algorithm` chooses among.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// v1: one ply, greedy.
    Greedy,
    /// v2: fixed-depth alpha-beta, random among near-equal moves.
    AlphaBeta,
    /// v3: the strong search.
    Pvs,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            algorithm: Algorithm::Pvs,
            depth: 4,
            seed: 0,
            multipv: 1,
            level: 0,
        }
    }
}

/// Largest `Hash` in megabytes.
pub const MAX_HASH_MB: usize = 4096;
/// Largest `Depth` for the alpha-beta player.
pub const MAX_AB_DEPTH: u32 = 12;

impl Options {
    fn announce<W: Write>(&self, out: &mut W) -> io::Result<()> {
        writeln!(
            out,
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        )?;
        writeln!(out, "option name Clear Hash type button")?;
        writeln!(
            out,
            "option name Algorithm type combo default pvs var greedy var alphabeta var pvs"
        )?;
        writeln!(
            out,
            "option name Depth type spin default 4 min 1 max {MAX_AB_DEPTH}"
        )?;
        writeln!(
            out,
            "option name Seed type spin default 0 min 0 max 2147483647"
        )?;
        writeln!(out, "option name MultiPV type spin default 1 min 1 max 16")?;
        writeln!(
            out,
            "option name Level type spin default 0 min 0 max {MAX_LEVEL}"
        )
    }

    /// Applies `setoption`; the error says what is wrong and nothing changes.
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.map(str::trim).unwrap_or("");
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| {
                    format!("{name} must be a whole number from {min} to {max}, not \"{value}\"")
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.hash_mb = spin(1, MAX_HASH_MB as u64)? as usize,
            "algorithm" => {
                self.algorithm = match value.to_ascii_lowercase().as_str() {
                    "greedy" => Algorithm::Greedy,
                    "alphabeta" => Algorithm::AlphaBeta,
                    "pvs" => Algorithm::Pvs,
                    _ => {
                        return Err(format!(
                            "Algorithm is greedy, alphabeta or pvs, not \"{value}\""
                        ))
                    }
                }
            }
            "depth" => self.depth = spin(1, MAX_AB_DEPTH as u64)? as u32,
            "seed" => self.seed = spin(0, 2_147_483_647)?,
            "multipv" => self.multipv = spin(1, 16)? as u32,
            "level" => self.level = spin(0, MAX_LEVEL as u64)? as u8,
            _ => return Err(format!("no such option: {name}")),
        }
        Ok(())
    }
}

impl Options {
    /// The task for `go` with `limits`: the player the options choose, drawing with `seed`.
    /// With a `Level`, the level's player and budget, which the GUI's limits can only
    /// shorten (the tighter depth and move time win).
    pub fn task(&self, mut limits: Limits, seed: u64) -> Task {
        limits.multipv = self.multipv;
        if self.level > 0 {
            let level = Level::new(self.level).task(seed);
            let tighter = |a: Option<u64>, b: Option<u64>| match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let depth = match level.player {
                Player::AlphaBeta { depth, .. } => Some(depth),
                _ => level.limits.depth,
            };
            limits.depth =
                tighter(limits.depth.map(u64::from), depth.map(u64::from)).map(|d| d as u32);
            limits.movetime_ms = tighter(limits.movetime_ms, level.limits.movetime_ms);
            return Task {
                player: level.player,
                limits,
            };
        }
        let player = match self.algorithm {
            Algorithm::Greedy => Player::Greedy { seed },
            Algorithm::AlphaBeta => Player::AlphaBeta {
                depth: self.depth,
                margin: alphabeta::Config::default().margin,
                seed,
            },
            Algorithm::Pvs => Player::Strong,
        };
        Task { player, limits }
    }
}

/// A search running on its own thread, which hands the session back when it ends.
struct Running {
    stop: Arc<AtomicBool>,
    /// False when only `stop` ends it (`infinite`, or the strong search with no limit).
    ends_by_itself: bool,
    thread: JoinHandle<Session>,
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
                let mut pos = self.game.position().clone();
                perft::write_divide(out, &mut pos, depth)?;
            }
            Command::Go(Go::Search(limits)) => self.go(limits),
            // Pondering is searching without a clock: the expected move ends it like stop.
            Command::Stop | Command::PonderHit => self.stop_search(),
            Command::SetOption { name, value } => {
                if name.eq_ignore_ascii_case("clear hash") {
                    self.session().new_game();
                } else {
                    match self.options.set(&name, value.as_deref()) {
                        Ok(()) => {
                            let mb = self.options.hash_mb;
                            if self.session.is_some() || self.running.is_some() {
                                self.session().set_hash_mb(mb);
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
            }
            Command::Quit => {
                self.stop_search();
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }

    /// The end of input: the GUI or pipe has said everything, but an answer is still owed.
    /// A search that would end by itself is waited for; one that only `stop` ends (an
    /// infinite one) is stopped, and answers with the best move it has.
    pub fn finish(&mut self) {
        if let Some(r) = &self.running {
            if !r.ends_by_itself {
                r.stop.store(true, Ordering::Relaxed);
            }
        }
        self.join_search();
    }

    /// The session, once no search holds it (a running search is stopped first).
    fn session(&mut self) -> &mut Session {
        self.stop_search();
        let mb = self.options.hash_mb;
        self.session.get_or_insert_with(|| Session::new(mb))
    }

    /// Stops a running search, which then prints its `bestmove`, and takes the session back.
    fn stop_search(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
        self.join_search();
    }

    fn join_search(&mut self) {
        if let Some(r) = self.running.take() {
            // A search that panicked loses its session; the next search starts a new one.
            self.session = r.thread.join().ok();
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

    /// Starts a search within `limits` on its own thread, with the session moved to it.
    fn go(&mut self, limits: Limits) {
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
            .unwrap_or_else(|| Session::new(self.options.hash_mb));
        let game = self.game.clone();
        let sink = Arc::clone(&self.sink);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            search_and_answer(&mut session, &game, &task, &flag, &sink);
            session
        });
        self.running = Some(Running {
            stop,
            ends_by_itself,
            thread,
        });
    }
}

/// Why `go` answers no move after a failed `position`.
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

/// Runs the search `go` asked for and writes its `info` lines and `bestmove` to `sink`.
fn search_and_answer(
    session: &mut Session,
    game: &Game,
    task: &Task,
    stop: &AtomicBool,
    sink: &Sink,
) {
    let start = Instant::now();
    let clock = || start.elapsed().as_millis() as u64;
    let mut on_info = |i: &Info| {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        write_line(
            sink,
            format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
                i.depth,
                i.seldepth,
                i.multipv,
                i.score,
                i.nodes,
                i.nps,
                i.time_ms,
                pv.join(" ")
            ),
        );
    };
    let thought = session.think(game, task, &clock, stop, &mut on_info);
    // In infinite or ponder mode the answer waits for `stop`, as the protocol requires.
    if task.limits.infinite {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    match thought.best {
        Some(m) => write_line(sink, format!("bestmove {m}")),
        None => write_line(sink, "bestmove (none)".to_string()),
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
