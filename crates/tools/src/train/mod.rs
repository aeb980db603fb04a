//! Training data for the evaluation network: the self-play games `xiangqi datagen --format
//! games` writes ([`games`]), each as its moves and the search's score of each move it chose.

pub mod games;

pub use games::{read_games, GameRecord, GamesError, Outcome, MATE_SCORE};
