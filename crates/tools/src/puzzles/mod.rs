//! `xiangqi puzzles`: puzzles mined from the engine's own games. Where a move in a game threw
//! the balance away (the search's score for the side to move jumped to a win), the position
//! after it is a candidate; a deeper search ([`judge`]) keeps it only if exactly one move wins
//! there, then plays the solution out to the end of the tactic, checking that each of the
//! solver's moves is the only one ([`mine`]), and names what it teaches and how hard it is
//! ([`themes`]). The games come from `xiangqi datagen --format games` files, or are played
//! here at small node budgets, which blunder more ([`sources`]).

pub mod args;
pub mod command;
pub mod judge;
pub mod mine;
pub mod sources;
pub mod themes;

pub use args::PuzzlesArgs;
pub use command::run_puzzles;
pub use judge::{check_first_move, Judge};

#[cfg(test)]
mod tests;
