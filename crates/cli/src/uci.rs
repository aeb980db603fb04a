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
//! answered with `info string` and the state stays as it was before that line.

use crate::perft;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;
use xiangqi::notation::{parse_uci, UciMoveError};
use xiangqi::{FenError, Move, Position};

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
    /// Any other `go`: a search within these limits.
    Search(SearchLimits),
}

/// The limits of `go`. Times are in milliseconds and may be negative (some GUIs send a
/// negative remaining time once a flag has fallen).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// `depth N`: plies.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`: exactly this long.
    pub movetime: Option<i64>,
    /// `mate N`: look for a mate in N moves.
    pub mate: Option<u32>,
    /// `wtime MS`: Red's clock (UCI calls the first player white).
    pub wtime: Option<i64>,
    /// `btime MS`: Black's clock.
    pub btime: Option<i64>,
    /// `winc MS`: Red's increment per move.
    pub winc: Option<i64>,
    /// `binc MS`: Black's increment per move.
    pub binc: Option<i64>,
    /// `movestogo N`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves m1 m2 ...`: consider only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
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
    let mut l = SearchLimits::default();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1);
        match words[i] {
            "depth" => number("depth", value, &mut l.depth)?,
            "nodes" => number("nodes", value, &mut l.nodes)?,
            "movetime" => number("movetime", value, &mut l.movetime)?,
            "mate" => number("mate", value, &mut l.mate)?,
            "wtime" => number("wtime", value, &mut l.wtime)?,
            "btime" => number("btime", value, &mut l.btime)?,
            "winc" => number("winc", value, &mut l.winc)?,
            "binc" => number("binc", value, &mut l.binc)?,
            "movestogo" => number("movestogo", value, &mut l.movestogo)?,
            "infinite" => {
                flag("infinite", &mut l.infinite)?;
                i += 1;
                continue;
            }
            "ponder" => {
                flag("ponder", &mut l.ponder)?;
                i += 1;
                continue;
            }
            "searchmoves" => {
                if !l.searchmoves.is_empty() {
                    return Err(CommandError::Repeated("searchmoves"));
                }
                let end = words[i + 1..]
                    .iter()
                    .position(|w| GO_KEYWORDS.contains(w))
                    .map_or(words.len(), |n| i + 1 + n);
                l.searchmoves = parse_moves(&words[i + 1..end])?;
                if l.searchmoves.is_empty() {
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
    Ok(Go::Search(l))
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

/// The engine's state between lines: the current position (and, later, the search).
#[derive(Clone, Debug, Default)]
pub struct Engine {
    position: Position,
}

impl Engine {
    /// An engine at the start position.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// The position the next `go` would start from.
    pub fn position(&self) -> &Position {
        &self.position
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
                writeln!(out, "uciok")?;
            }
            Command::IsReady => writeln!(out, "readyok")?,
            Command::UciNewGame => self.position = Position::start(),
            Command::Position { start, moves } => self.set_position(*start, &moves, out)?,
            Command::Go(Go::Perft(depth)) => {
                let mut pos = self.position.clone();
                perft::write_divide(out, &mut pos, depth)?;
            }
            Command::Go(Go::Search(limits)) => self.go(&limits, out)?,
            // There is no search to stop yet.
            Command::Stop | Command::PonderHit => {}
            Command::SetOption { name, .. } => {
                info(out, &format!("no such option: {name}"))?;
            }
            Command::Display => {
                writeln!(out, "{}", self.position.board())?;
                writeln!(out, "Fen: {}", self.position.to_fen())?;
                writeln!(out, "Key: {:016X}", self.position.hash())?;
            }
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// Plays `moves` from `start`; if one is illegal, says which and keeps the position
    /// from before the command.
    fn set_position<W: Write>(
        &mut self,
        start: Position,
        moves: &[Move],
        out: &mut W,
    ) -> io::Result<()> {
        let mut pos = start;
        for (i, &m) in moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return info(
                    out,
                    &format!(
                        "move {} ({m}) is not legal in {}; position unchanged",
                        i + 1,
                        pos.to_fen()
                    ),
                );
            }
            pos.make_move(m);
        }
        self.position = pos;
        Ok(())
    }

    /// Starts a search within `limits`.
    fn go<W: Write>(&mut self, _limits: &SearchLimits, out: &mut W) -> io::Result<()> {
        info(out, "search is not built into this version")
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
pub fn run<R: BufRead, W: Write>(mut input: R, out: &mut W) -> io::Result<()> {
    let mut engine = Engine::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let flow = engine.handle_bytes(&line, out)?;
        out.flush()?;
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}
