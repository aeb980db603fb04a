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
    Search {
        /// The limits. `mate N` without a `depth` gives depth `2N + 1`; `ponder` leaves the
        /// clock in place, to count once `ponderhit` comes.
        limits: Limits,
        /// `go ponder`: think on the opponent's time until `ponderhit` or `stop`.
        ponder: bool,
        /// `go mate N`: stop once an iteration proves a mate in `N` moves or fewer.
        mate: Option<u32>,
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
    if mate == Some(0) {
        return Err(CommandError::BadNumber {
            name: "mate",
            found: "0".to_string(),
        });
    }
    let ms = |v: Option<i64>| v.map_or(0, |v| v.max(0) as u64);
    let clock = (wtime.is_some() || btime.is_some()).then(|| GameClock {
        time_ms: [ms(wtime), ms(btime)],
        inc_ms: [ms(winc), ms(binc)],
        moves_to_go: movestogo,
    });
    Ok(Go::Search {
        limits: Limits {
            depth: depth.or(mate.map(|n: u32| n.saturating_mul(2).saturating_add(1))),
            nodes,
            movetime_ms: movetime.map(|t| ms(Some(t))),
            clock,
            infinite,
            searchmoves,
            multipv: 0,
        },
        ponder,
        mate,
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
