//! Links to a position or game: reading the address's parameters into the game and settings
//! the page opens with, and writing them for the share button and the embed code. Pure, tested
//! natively. A bad value is ignored and named in a notice; it never stops the page.
//!
//! The game comes from `pgn` (a record, with its comments), or from `fen` (the start position,
//! else the initial one) with `line` (the moves in the compact text of
//! [`xiangqi::records::compact`]) or `moves` (moves in any notation, separated by spaces or
//! commas); `notes` adds comments, one per line as `PLY:TEXT`; `ply` shows the position after
//! that many plies. Then `mode`, `side`, `level`, `flip`, `lang`, `pieces` (`traditional` or
//! `international`) and `tc` (a time control, "3+2": minutes and seconds added a move, or
//! `none`) change the settings, and `view` ([`Layout`]) says what the page is: the game, a
//! replay viewer, or a diagram.
//!
//! The parameters' names are in [`names`]; the address is read into a [`LinkParams`]
//! ([`params`]) first, and applied to the game the page would open second ([`open`]).

pub mod codec;
pub mod corr;
pub mod corr_line;
pub mod layout;
pub mod names;
pub mod notes;
pub mod open;
pub mod params;
pub mod share;
#[cfg(test)]
pub(crate) mod tests;

pub use codec::encode;
pub use layout::Layout;
pub use names::NAMES;
pub use notes::{read_notes, write_notes, NotesError};
pub use open::apply;
pub use params::{has_game, LinkParams};
pub use share::{game_params, query};
