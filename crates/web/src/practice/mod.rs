//! Practice: puzzles mined by `xiangqi puzzles` from the engine's own games, and endgame drills
//! played against the engine. Its own page (`?view=puzzle`, `?view=endgames`), built as its own
//! module (`bin/practice.rs`) that the page fetches only when opened, so the game's first load
//! carries none of it; the service worker keeps it, and the puzzle set, once fetched.
//!
//! The model is pure and tested natively: the solver's Glicko-2 rating (`model::glicko`), what the
//! browser keeps ([`progress`]), the set and the choice of the next puzzle ([`set`]), one puzzle
//! being solved ([`solving`]), the puzzle page's state and actions ([`trainer`]), the drills
//! ([`drills`]) and the words of both languages ([`text`]). The page itself is in `view`.

pub mod drills;
pub mod kept;
pub mod progress;
pub mod set;
pub mod solving;
pub mod text;
pub mod trainer;

#[cfg(target_arch = "wasm32")]
pub mod view;
