//! Xiangqi (Chinese chess): the rules and their notation, in pure Rust.
//!
//! No I/O and no platform dependencies: the same crate runs in the native `xiangqi` binary and
//! in the browser's search worker (wasm32).
//!
//! The layers, from the bottom: [`Square`], [`Piece`] and [`Move`]; a [`Board`] (where pieces
//! stand, possibly illegal) and a [`Setup`] (board, side to move and counters, as in a FEN);
//! a validated [`Position`] with legal move generation and make/unmake; a [`Game`] with its
//! history and the outcome under a [`Ruleset`]; the [`notation`] module for moves as text;
//! and the [`records`] module for whole games as text (PGN and the Chinese record, and game
//! trees with variations read from XQF, DhtmlXQ, WXF and PGN files).
//!
//! ```
//! use xiangqi::{Position, Move};
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m: Move = xiangqi::notation::parse_uci("h2e2").unwrap();
//! assert!(pos.is_legal(m));
//! pos.make_move(m);
//! ```

#![warn(missing_docs)]
// Loops over points and directions index several parallel tables; ranges read best there.
#![allow(clippy::needless_range_loop)]

mod board;
mod color;
mod composed;
mod fen;
pub mod game;
mod m;
mod movegen;
pub mod notation;
mod perft;
mod piece;
mod position;
pub mod records;
#[cfg(feature = "serde")]
mod serde_text;
mod square;
pub mod tables;
mod zobrist;

pub use board::Board;
pub use color::{Color, ParseColorError};
pub use composed::SetupWarning;
pub use fen::{FenError, Setup, START_FEN};
pub use game::{Game, Outcome, PlayError, Reason, ReplayError, Ruleset};
pub use m::{Move, MoveList};
pub use perft::{divide, perft};
pub use piece::{Kind, Piece};
pub use position::{code, Position, PositionError, Undo};
pub use square::{ParseSquareError, Square, SQUARES};
