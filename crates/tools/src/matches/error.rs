//! What goes wrong in a match: a player that fails (it loses the game at hand, or stops the
//! match if it cannot be started) and a match that cannot go on.

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
        }
    }
}

impl std::error::Error for MatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MatchError::Start { error, .. } => Some(error),
            MatchError::Pgn { error, .. } | MatchError::Output(error) => Some(error),
        }
    }
}
