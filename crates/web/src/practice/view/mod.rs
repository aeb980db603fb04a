//! The practice page in the browser: its root (`page`), which reads the address and the
//! person's language, draws the bar with the way back to the game and between puzzles and
//! endgames, and shows one of them: the puzzle view (`puzzle`) or the endgame drills
//! (`endgames`). What the browser keeps is read and written in `store`; the steps in which the
//! puzzle view is first drawn are in `steps`.

mod endgames;
mod page;
mod puzzle;
mod steps;
mod store;

pub use page::{start, Practice};
