//! The computer players and the engine session that runs them: evaluation, the greedy v1,
//! the randomized alpha-beta v2 and the strong searcher v3, the difficulty levels, and the
//! [`Session`] every front end (UCI, the terminal player, the match runner, the web worker)
//! drives.
//!
//! Everything here is pure computation. The caller supplies the clock (milliseconds since the
//! search started) and a stop flag, so the same code runs natively and in a web worker.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use xiangqi::Game;
//! use xiangqi_ai::{Level, Session};
//! let mut session = Session::default();
//! let game = Game::new();
//! let thought = session.think(&game, &Level::new(1).task(7), &|| 0, &AtomicBool::new(false), &mut |_| {});
//! assert!(game.position().is_legal(thought.best.unwrap()));
//! ```

pub mod alphabeta;
pub mod bench;
pub mod book;
pub mod choice;
pub mod eval;
pub mod greedy;
pub mod level;
mod limits;
mod movepicker;
pub mod nnue;
pub mod node;
mod quiesce;
mod root;
mod score;
pub mod search;
mod see;
mod session;
mod thought;
mod time;
mod tt;

pub use level::{Level, LevelError, MAX_LEVEL};
pub use limits::{GameClock, Limits};
pub use score::{Score, MATE, MATE_BOUND};
pub use session::{Player, Session, Task, DEFAULT_HASH_MB};
pub use thought::{Info, Thought};
pub use tt::{Backing, SharedEntries, BUCKET};
