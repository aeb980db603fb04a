//! The games kept in the browser: the game on the board, kept between visits in a text of its
//! own format ([`game`]), why such a text may not open ([`error`]), and the list of recent
//! games before it ([`list`]).

pub mod error;
pub mod game;
pub mod list;

pub use error::SavedGameError;
pub use game::{read, write, Saved, KEY, VERSION};
