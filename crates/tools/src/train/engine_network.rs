//! The network a command's search evaluates with: the file `--eval-file` (or `EvalFile`)
//! names, read once here for every command, or the one built into the engine, or none.

use core::fmt;
use std::io;
use std::path::Path;
use std::sync::Arc;
use xiangqi_ai::nnue::built_in::built_in;
use xiangqi_ai::nnue::{FileError, Network};

/// Why a network file cannot be used.
#[derive(Debug)]
pub enum NetFileError {
    /// The file cannot be read.
    Read(io::Error),
    /// Its bytes are no network this engine reads.
    Net(FileError),
}

impl fmt::Display for NetFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetFileError::Read(e) => write!(f, "{e}"),
            NetFileError::Net(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NetFileError {}

/// The network in the file at `path`.
pub fn read_network(path: &Path) -> Result<Arc<Network>, NetFileError> {
    let bytes = std::fs::read(path).map_err(NetFileError::Read)?;
    Network::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(NetFileError::Net)
}

/// What `--eval-file FILE` and `--hand-set` ask for: none with `hand_set` (the hand-set
/// evaluation), the file's network, or else the built-in one (none in a build without it).
pub fn chosen_network(
    eval_file: Option<&Path>,
    hand_set: bool,
) -> Result<Option<Arc<Network>>, NetFileError> {
    match eval_file {
        _ if hand_set => Ok(None),
        Some(path) => read_network(path).map(Some),
        None => Ok(built_in()),
    }
}

/// [`chosen_network`] for a tool's command: on failure, says on `log` which file cannot be
/// used and why ("nothing written"), and gives `None`.
pub fn chosen_network_or_say(
    eval_file: Option<&Path>,
    hand_set: bool,
    log: &mut dyn io::Write,
) -> Option<Option<Arc<Network>>> {
    chosen_network(eval_file, hand_set)
        .map_err(|e| {
            let path = eval_file.unwrap_or(Path::new("")).display();
            let _ = writeln!(log, "{path}: {e}; nothing written");
        })
        .ok()
}
