//! The app's state and every way it changes. Pure: nothing here touches the DOM or the worker,
//! so it compiles and is tested natively.
//!
//! The state is made of parts that own their rules: the game with its undo, redo and browsing
//! ([`game`]), the search the page wants ([`search`]), the board editor ([`editor`]) and the
//! settings ([`settings`]). Each has its own actions, nested in [`Action`]; what crosses parts
//! (a move cancels the search, the computer starts thinking when it is its turn) is decided
//! in [`State::apply`] (`state.rs`, `rules.rs`), which ends by starting or cancelling the
//! computer's search and deriving the [`View`] and the review's [`Marks`] again if anything
//! they show changed. The time is an action's value ([`Timed`]): the state never reads a clock.
//!
//! The worker is driven from the state, not the other way round: [`Search::request`] says which
//! search should be running (with a fresh id whenever it changes), the worker hook makes the
//! worker match it, and replies come back as [`search::Action::Reply`].

pub mod action;
pub mod clock;
pub mod correspondence;
pub mod editor;
pub mod game;
pub mod glicko;
pub mod judgement;
pub mod lang;
pub mod marks;
pub mod notice;
pub mod opening;
pub mod rated;
pub mod read_errors;
pub mod review;
mod rules;
pub mod search;
pub mod settings;
pub mod shared;
pub mod state;
#[cfg(test)]
mod tests;
pub mod variations;
pub mod view;

pub use action::{Action, Step, Timed};
pub use clock::{Clock, Flag};
pub use editor::{Editor, Tool};
pub use game::History;
pub use marks::Marks;
pub use notice::{Notice, Problem, RecordOpened};
pub use opening::Opening;
pub use search::{Purpose, Search};
pub use settings::{Mode, PieceSet, Settings, TimeControl};
pub use shared::SharedGame;
pub use state::State;
pub use view::{Dests, View};
