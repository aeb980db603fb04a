//! The game a search request describes, rebuilt from its start and its moves: by the worker
//! before it searches, and by the page before it deals a search out among its workers.

use core::fmt;
use xiangqi::{Game, Move, Position, PositionError, ReplayError, Setup};

/// Why a request's game cannot be rebuilt.
#[derive(Clone, Debug, PartialEq)]
pub enum RebuildError {
    /// The start is not a legal position.
    Start(PositionError),
    /// A move is not legal where it is played.
    Move(ReplayError),
}

impl fmt::Display for RebuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RebuildError::Start(e) => write!(f, "bad start position: {e}"),
            RebuildError::Move(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RebuildError {}

/// Rebuilds the game that starts at `start` with `moves` played.
pub fn rebuild(start: &Setup, moves: &[Move]) -> Result<Game, RebuildError> {
    let start = Position::from_setup(start).map_err(RebuildError::Start)?;
    Game::replay(start, moves).map_err(RebuildError::Move)
}
