//! The games kept in the browser: the game on the board, kept between visits in a text of its
//! own format ([`game`]), why such a text may not open ([`SavedGameError`], the model's),
//! the list of recent games before it ([`list`]), and the person's rating against the
//! computer ([`rating`]).

pub mod game;
pub mod list;
pub mod rating;

pub use crate::model::read_errors::SavedGameError;
pub use game::{read, write, Saved, KEY, VERSION};
