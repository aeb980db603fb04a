//! What goes wrong in a match: an engine spec that cannot be read, a player that fails (it
//! loses the game at hand, or stops the match if it cannot be started) and a match that
//! cannot go on.

use super::clock::TimeControlError;
use super::command_line::SplitError;
use super::spec_help::SPEC_FORMS;
use std::fmt;
use std::path::PathBuf;
use xiangqi::PlayError;

/// Why a player could not start, prepare for a game, or give a move. Each message names the
/// engine and says what it did, as the match prints it after "forfeits,".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The external engine's program could not be started.
    Start {
        /// The command line, its words joined by spaces.
        command: String,
        /// The system's reason.
        error: String,
    },
    /// The engine was stopped after an earlier failure and was not started again.
    NotRunning {
        /// The engine's name.
        engine: String,
    },
    /// A line could not be written to the engine.
    Input {
        /// The engine's name.
        engine: String,
        /// The system's reason.
        error: String,
    },
    /// The engine did not send the awaited line in time and was killed.
    Timeout {
        /// The engine's name.
        engine: String,
        /// The first word of the awaited line (`uciok`, `readyok`, `bestmove`).
        awaited: &'static str,
        /// How long it was given, in milliseconds.
        ms: u64,
    },
    /// The engine's output ended before the awaited line.
    Crashed {
        /// The engine's name.
        engine: String,
        /// The first word of the awaited line.
        awaited: &'static str,
    },
    /// The engine named a move that is not legal.
    IllegalMove {
        /// The engine's name.
        engine: String,
        /// The move as the engine wrote it.
        text: String,
        /// The position, as a FEN.
        fen: String,
    },
    /// The engine's answer names no move (`nobestmove`, `bestmove (none)`, or no points).
    NoMove {
        /// The engine's name.
        engine: String,
        /// The whole line it sent.
        line: String,
        /// The position, as a FEN.
        fen: String,
    },
    /// A built-in player's search gave no move in a position that has one.
    NoBuiltinMove,
    /// The game refused the move chosen.
    Refused(PlayError),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Start { command, error } => {
                write!(f, "cannot start \"{command}\": {error}")
            }
            PlayerError::NotRunning { engine } => write!(f, "engine {engine} is not running"),
            PlayerError::Input { engine, error } => {
                write!(f, "engine {engine} stopped reading its input ({error})")
            }
            PlayerError::Timeout {
                engine,
                awaited,
                ms,
            } => write!(
                f,
                "engine {engine} sent no {awaited} within {ms} ms: killed"
            ),
            PlayerError::Crashed { engine, awaited } => {
                write!(
                    f,
                    "engine {engine} exited or crashed before sending {awaited}"
                )
            }
            PlayerError::IllegalMove { engine, text, fen } => {
                write!(f, "engine {engine} played the illegal move {text} in {fen}")
            }
            PlayerError::NoMove { engine, line, fen } => write!(
                f,
                "engine {engine} answered \"{line}\", which is no move, in {fen}"
            ),
            PlayerError::NoBuiltinMove => {
                f.write_str("the engine found no move in a position that has one")
            }
            PlayerError::Refused(e) => write!(f, "its move: {e}"),
        }
    }
}

impl std::error::Error for PlayerError {}

/// Why a match stopped before its summary.
#[derive(Debug)]
pub enum MatchError {
    /// An engine could not be started (or failed its handshake).
    Start {
        /// `A` or `B`.
        which: &'static str,
        /// The engine's spec, as given.
        spec: String,
        /// What went wrong.
        error: PlayerError,
    },
    /// The PGN file could not be created.
    Pgn {
        /// The file asked for.
        path: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
    /// The results (or the PGN) could not be written.
    Output(std::io::Error),
    /// The PGN to resume from is not this match's (`--resume`).
    Resume {
        /// The file.
        path: PathBuf,
        /// What does not fit.
        why: String,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Start { which, spec, error } => {
                write!(f, "engine {which} ({spec}): {error}")
            }
            MatchError::Pgn { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            MatchError::Output(e) => write!(f, "cannot write the results: {e}"),
            MatchError::Resume { path, why } => write!(
                f,
                "cannot resume from {}: {why}; nothing was played (give another --pgn file, or \
                 the match's own engines, openings and number of games)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for MatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MatchError::Start { error, .. } => Some(error),
            MatchError::Pgn { error, .. } | MatchError::Output(error) => Some(error),
            MatchError::Resume { .. } => None,
        }
    }
}

/// An engine spec that cannot be used: the spec and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The spec, as given (trimmed).
    pub spec: String,
    /// What is wrong.
    pub problem: SpecProblem,
}

impl SpecError {
    /// The error for `spec`.
    pub fn new(spec: &str, problem: SpecProblem) -> SpecError {
        SpecError {
            spec: spec.to_string(),
            problem,
        }
    }
}

/// What is wrong with an engine spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecProblem {
    /// No engine has this name.
    UnknownEngine,
    /// A key's value is not a number that can be used.
    NotANumber {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A part is not `KEY=VALUE`.
    NotKeyValue(String),
    /// A part means nothing for this engine.
    Unexpected {
        /// The part.
        part: String,
        /// The engine's name (`greedy`, `alphabeta`, `pvs`).
        engine: String,
    },
    /// A number outside the range the engine can use.
    OutOfRange {
        /// The key.
        key: String,
        /// Its value.
        value: String,
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// `alphabeta`'s depth is not 1 to 20.
    Depth,
    /// The level is not one of the levels.
    Level,
    /// An `opt=` part is not `opt=NAME=VALUE`.
    OptionForm(String),
    /// `ranks=` is not 0 or 1.
    Ranks,
    /// The command line cannot be split into words.
    Command(SplitError),
    /// No command follows `uci:` or `ucci:`.
    NoCommand,
    /// `tc=` is not a time control.
    TimeControl(TimeControlError),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spec = &self.spec;
        match &self.problem {
            SpecProblem::UnknownEngine => write!(f, "unknown engine \"{spec}\": use {SPEC_FORMS}"),
            problem => write!(f, "engine \"{spec}\": {problem}"),
        }
    }
}

impl fmt::Display for SpecProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecProblem::UnknownEngine => f.write_str("unknown engine"),
            SpecProblem::NotANumber { key, value } => {
                write!(f, "{key}=\"{value}\" is not a number that can be used")
            }
            SpecProblem::NotKeyValue(part) => write!(f, "\"{part}\" is not KEY=VALUE"),
            SpecProblem::Unexpected { part, engine } => {
                write!(f, "\"{part}\" means nothing for {engine}")
            }
            SpecProblem::OutOfRange {
                key,
                value,
                min,
                max,
            } => write!(f, "{key}={value} is out of range: {min} to {max}"),
            SpecProblem::Depth => f.write_str("depth must be 1 to 20"),
            SpecProblem::Level => write!(f, "the levels are 1 to {}", xiangqi_ai::MAX_LEVEL),
            SpecProblem::OptionForm(part) => {
                write!(f, "write an option as opt=NAME=VALUE, not \"{part}\"")
            }
            SpecProblem::Ranks => f.write_str("ranks is 0 (h2e2, the default) or 1 (h3e3)"),
            SpecProblem::Command(e) => write!(f, "{e}"),
            SpecProblem::NoCommand => {
                f.write_str("give the command that starts the engine after uci: (or ucci:)")
            }
            SpecProblem::TimeControl(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SpecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            SpecProblem::Command(e) => Some(e),
            SpecProblem::TimeControl(e) => Some(e),
            _ => None,
        }
    }
}
