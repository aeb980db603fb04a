//! The native `xiangqi` command as a library, so that tests and fuzzers drive the same code
//! as the binary: [`args`] is the command line, [`uci`] the protocol loop, [`perft`] the
//! perft command and its output, [`mod@bench`] the search signature and [`play`] the game in
//! the terminal, each line answered with a [`flow::Flow`]; [`convert`] rewrites game records and [`opening`] names their openings; `match`, `datagen` and `tune` run [`xiangqi_tools`]. Every command that
//! searches drives an engine session ([`xiangqi_ai::Session`]).

pub mod args;
pub mod bench;
pub mod convert;
pub mod flow;
pub mod fuzzing;
pub mod opening;
pub mod perft;
pub mod play;
pub mod uci;
