//! A legal position: the board, the side to move and the counters, with the derived state
//! that makes move generation fast.
//!
//! # Representation
//! - `board`: one byte per point (`rank * 9 + file`), 0 for empty, otherwise the piece code
//!   `colour << 3 | (kind + 1)`. Move generation and the check test read only this array and
//!   the precomputed step and ray tables of [`crate::tables`].
//! - `by_code`: a 128-bit set of points per piece code (bit `i` = point `i`), so the generator
//!   visits each piece without scanning 90 points; `by_color` is the union per side.
//! - `generals`: the two generals' points, for the check test.
//! - `hash`: the Zobrist key, updated incrementally by [`Position::make_move`].
//!
//! `make_move` changes all of these in place and returns an [`Undo`] holding what cannot be
//! recomputed (the captured piece, the previous hash and clock); `unmake_move` restores them.
//!
//! One concern a file: `state` holds the fields, building (the rules checked once) and
//! reading; `attack` the attack and check tests; `make` make/unmake; `code` the piece codes;
//! `error` why a placement cannot be played. Move generation and legality are in `movegen`.

mod attack;
pub mod code;
pub(crate) mod error;
mod make;
mod state;

pub(crate) use attack::attacked;
pub use error::PositionError;
pub use make::Undo;
pub use state::Position;
