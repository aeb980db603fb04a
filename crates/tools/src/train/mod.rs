//! The evaluation network's pipeline: the self-play games `xiangqi datagen --format games`
//! writes ([`games`]), each as its moves and the search's score of each move it chose; the
//! network in floating point ([`net`]); its training ([`trainer`]); its integer form for the
//! engine ([`quant`]), written by the engine's own `xiangqi_ai::nnue::file`; the trainer's
//! checkpoint ([`files`]); `xiangqi train` ([`args`], [`command`]); and the network a
//! command's search evaluates with ([`engine_network`]).

pub mod args;
pub mod command;
pub mod engine_network;
pub mod files;
pub mod games;
pub mod net;
pub mod quant;
pub mod trainer;

pub use args::TrainArgs;
pub use command::run_train;
pub use engine_network::{chosen_network, chosen_network_or_say, read_network, NetFileError};
pub use games::{read_games, GameRecord, GamesError, Outcome, MATE_SCORE};

#[cfg(test)]
mod tests;
