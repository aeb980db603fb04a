//! The endgame drills of the practice page: a fixed set of classic practical endgames
//! (实用残局), each a position, what the person must achieve in it (win, or hold the draw) and
//! within how many moves, and its names in English and Chinese; and how a drill's game stands.
//! The list is in `list.rs`, and the tests that have the engine confirm every drill in
//! `tests.rs`; the page that plays them is in `view/endgames.rs`.
//!
//! In every drill the side to move is the person's and the engine defends (or, in a drill to
//! hold, attacks). The FENs are in the canonical form [`xiangqi::Position::to_fen`] writes:
//! pieces `K A B N R C P`, Red in upper case, `w` for Red to move.

mod drill;
mod list;

pub use drill::{Drill, Goal, Standing};
pub use list::{drill, DRILLS};

#[cfg(test)]
mod tests;
