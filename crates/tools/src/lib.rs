//! The engine's workbench, run as subcommands of the `xiangqi` command: [`mod@matches`] plays
//! engine configurations against each other (`xiangqi match`), and [`tune`] writes training
//! positions from self-play (`xiangqi datagen`) and fits the evaluation's weights to them
//! (`xiangqi tune`); [`train`] holds the games format `xiangqi datagen --format games` writes
//! for the evaluation network. Each tool's arguments are declared here with clap, so the command only
//! forwards them, checked by [`checks`] before any work. [`seed`] spreads one seed over a run's
//! games; [`book`] builds the opening book (`xiangqi book`); [`shards`] describes the network's
//! data, shard by shard, in a round's manifest (`xiangqi shards`).

pub mod book;
pub mod checks;
pub mod matches;
pub mod puzzles;
pub mod seed;
pub mod shards;
pub mod train;
pub mod tune;
