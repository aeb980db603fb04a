//! A game: the start position, the moves played, and the outcome with its reason under a
//! [`Ruleset`]. A game is rebuilt from a start and a move list with [`Game::replay`], and
//! walked ply by ply with [`Game::plies`] and [`Game::position_at`].
//!
//! ```
//! use xiangqi::{Game, notation::parse_uci};
//! let mut game = Game::new();
//! game.play(parse_uci("h2e2").unwrap()).unwrap();
//! assert_eq!(game.moves().len(), 1);
//! assert_eq!(game.undo(), Some(parse_uci("h2e2").unwrap()));
//! assert!(game.outcome().is_none());
//! ```

mod outcome;
mod play;
mod ply;
mod repetition;
mod walk;

pub use outcome::{Outcome, Reason, Ruleset};
pub use play::{Game, PlayError};
pub use repetition::{chased_pieces, Offence};
pub use walk::{Plies, PlyView, ReplayError};
