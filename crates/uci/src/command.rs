//! Reading UCI lines: a [`Command`] per line, `go` read straight into the engine's
//! [`Limits`], and a [`CommandError`] that says why a line cannot be used.

use crate::perft;
use std::fmt;
use std::str::FromStr;
use xiangqi::notation::{parse_uci, UciMoveError};
use xiangqi::{FenError, Move, Position};
use xiangqi_ai::{GameClock, Limits};

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
    /// `d`: print the board, the FEN and the outcome by the rules (not part of UCI; Stockfish
    /// has it too).
    Display,
    /// `quit`.
    Quit,
}

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// `go perft N`: count the move tree, 1 to [`perft::MAX_DEPTH`] plies.
    Perft(u32),
    /// Any other `go`: a search within `limits`. Negative times (some GUIs send them once a
    /// flag has fallen) are read as 0; `multipv` is left 0: the `MultiPV` option fills it in.
    /// Nothing in such a `go` is an error: what cannot be used is left out or brought within
    /// range, and said in `notes`, so that the GUI gets its `bestmove` all the same.
    Search {
        /// The limits. `mate N` without a `depth` gives depth `2N + 1`; `ponder` leaves the
        /// clock in place, to count once `ponderhit` comes.
        limits: Limits,
        /// `go ponder`: think on the opponent's time until `ponderhit` or `stop`.
        ponder: bool,
        /// `go mate N`: stop once an iteration proves a mate in `N` moves or fewer.
        mate: Option<u32>,
        /// What could not be used as sent, in the order found.
        notes: Vec<GoNote>,
    },
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
    /// `go perft` with a depth that cannot be used.
    PerftDepth(perft::DepthError),
    /// The FEN of `position fen` cannot be used.
    Fen(FenError),
    /// A move in `position ... moves` that is not coordinate text.
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
    /// allowed). An empty line is an error too: `Engine::handle_line` skips those first.
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

/// The deepest search `go depth` asks for: the strong search's deepest iteration (a deeper
/// `depth` is read as this one).
pub const MAX_SEARCH_DEPTH: u32 = xiangqi_ai::search::MAX_DEPTH;

/// The longest time `go` reads, in milliseconds (about 31 years): longer ones are read as
/// this, so that no sum of times can overflow.
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;

/// A part of `go` that could not be used as sent, and what was done instead. The search runs
/// all the same, with what could be read, so every `go` gets its `bestmove`; each note is
/// answered with an `info string`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoNote {
    /// A limit with no number after it: ignored.
    NoNumber(&'static str),
    /// A limit whose value is not a whole number: ignored.
    NotANumber {
        /// The limit.
        name: &'static str,
        /// The text found.
        found: String,
    },
    /// A whole number outside the limit's range: the nearest bound is used.
    Clamped {
        /// The limit.
        name: &'static str,
        /// The text found.
        found: String,
        /// The value used.
        used: u64,
    },
    /// A limit or flag given again: the last one counts.
    Repeated(&'static str),
    /// A word that is no limit (or `perft` after a limit): ignored.
    Unexpected(String),
    /// A word after `searchmoves` that is no coordinate move: left out.
    BadMove {
        /// Its place in the list, from 1.
        index: usize,
        /// What is wrong with it.
        error: UciMoveError,
    },
    /// `searchmoves` with no move after it: every move is searched.
    NoSearchMoves,
}

impl fmt::Display for GoNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoNote::NoNumber(name) => write!(f, "go: {name} needs a number; ignored"),
            GoNote::NotANumber { name, found } => {
                write!(f, "go: {name} \"{found}\" is not a whole number; ignored")
            }
            GoNote::Clamped { name, found, used } => {
                write!(f, "go: {name} \"{found}\" is out of range; {used} is used")
            }
            GoNote::Repeated(name) => write!(f, "go: {name} is given twice; the last one counts"),
            GoNote::Unexpected(word) => write!(f, "go: unexpected \"{word}\"; ignored"),
            GoNote::BadMove { index, error } => {
                write!(f, "go searchmoves: move {index}: {error}; left out")
            }
            GoNote::NoSearchMoves => {
                write!(f, "go searchmoves: no move given; every move is searched")
            }
        }
    }
}

/// Reads `text` as a whole number within `min..=max`: `None` (and a note) if it is none, the
/// nearest bound (and a note, unless `quiet_below`: a negative time is read as 0 silently,
/// since GUIs send them once a flag has fallen) if it is out of range.
fn whole(
    name: &'static str,
    text: &str,
    (min, max): (u64, u64),
    quiet_below: bool,
    notes: &mut Vec<GoNote>,
) -> Option<u64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        notes.push(GoNote::NotANumber {
            name,
            found: text.to_string(),
        });
        return None;
    }
    let negative = text.starts_with('-') && digits.bytes().any(|b| b != b'0');
    // Too many digits for a u64 is above any range.
    let value = digits.parse::<u64>().unwrap_or(u64::MAX);
    let used = if negative { min } else { value.clamp(min, max) };
    if (negative && !quiet_below) || (!negative && used != value) {
        notes.push(GoNote::Clamped {
            name,
            found: text.to_string(),
            used,
        });
    }
    Some(used)
}

/// Reads `go` (all but `go perft`) leniently, as reference engines do: whatever cannot be used
/// is noted and left out, and the search runs with the rest.
fn parse_go(words: &[&str]) -> Result<Go, CommandError> {
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
    const TIME: (u64, u64) = (0, MAX_TIME_MS);
    let mut notes = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut limits = Limits::default();
    let (mut clock, mut has_clock) = (GameClock::default(), false);
    let (mut mate, mut ponder) = (None, false);
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        let Some(&name) = GO_KEYWORDS.iter().find(|&&k| k == word) else {
            notes.push(GoNote::Unexpected(word.to_string()));
            continue;
        };
        if seen.contains(&name) {
            notes.push(GoNote::Repeated(name));
        }
        seen.push(name);
        match name {
            "infinite" => limits.infinite = true,
            "ponder" => ponder = true,
            "perft" => notes.push(GoNote::Unexpected(name.to_string())),
            "searchmoves" => {
                let end = words[i..]
                    .iter()
                    .position(|w| GO_KEYWORDS.contains(w))
                    .map_or(words.len(), |n| i + n);
                limits.searchmoves.clear();
                for (n, text) in words[i..end].iter().enumerate() {
                    match parse_uci(text) {
                        Ok(m) => limits.searchmoves.push(m),
                        Err(error) => notes.push(GoNote::BadMove {
                            index: n + 1,
                            error,
                        }),
                    }
                }
                if i == end {
                    notes.push(GoNote::NoSearchMoves);
                }
                i = end;
            }
            _ => {
                let Some(text) = words.get(i).filter(|w| !GO_KEYWORDS.contains(w)) else {
                    notes.push(GoNote::NoNumber(name));
                    continue;
                };
                i += 1;
                let mut read = |range, quiet| whole(name, text, range, quiet, &mut notes);
                match name {
                    "depth" => {
                        limits.depth = read((1, MAX_SEARCH_DEPTH.into()), false).map(|d| d as u32)
                    }
                    "nodes" => limits.nodes = read((1, u64::MAX), false),
                    "movetime" => limits.movetime_ms = read(TIME, true),
                    "mate" => {
                        mate = read((1, u64::from((MAX_SEARCH_DEPTH - 1) / 2)), false)
                            .map(|n| n as u32)
                    }
                    "movestogo" => {
                        if let Some(n) = read((1, u32::MAX.into()), false) {
                            clock.moves_to_go = Some(n as u32);
                        }
                    }
                    _ => {
                        let Some(ms) = read(TIME, true) else { continue };
                        has_clock |= matches!(name, "wtime" | "btime");
                        *match name {
                            "wtime" => &mut clock.time_ms[0],
                            "btime" => &mut clock.time_ms[1],
                            "winc" => &mut clock.inc_ms[0],
                            _ => &mut clock.inc_ms[1],
                        } = ms;
                    }
                }
            }
        }
    }
    if limits.depth.is_none() {
        limits.depth = mate.map(|n: u32| 2 * n + 1);
    }
    limits.clock = has_clock.then_some(clock);
    Ok(Go::Search {
        limits,
        ponder,
        mate,
        notes,
    })
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
