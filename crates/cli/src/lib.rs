//! The native `xiangqi` command as a library, so that tests and fuzzers drive the same code
//! as the binary: [`args`] is the command line, [`uci`] the protocol loop, [`perft`] the
//! perft command and its output, [`mod@bench`] the search signature, [`play`] the game in the
//! terminal and [`mod@matches`] engine-against-engine matches. Every command that searches
//! drives an engine session ([`xiangqi_ai::Session`]).

pub mod args;
pub mod bench;
pub mod fuzzing;
pub mod matches;
pub mod perft;
pub mod play;
pub mod tune;
pub mod uci;
