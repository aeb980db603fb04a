//! The games kept in the browser: the game on the board, kept between visits in a text of its
//! own format ([`game`]), why such a text may not open ([`SavedGameError`], the model's), and
//! the list of recent games before it ([`list`]).

pub mod game;
pub mod list;

pub use crate::model::read_errors::SavedGameError;
pub use game::{read, write, Saved, KEY, VERSION};
