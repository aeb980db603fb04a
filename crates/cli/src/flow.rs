//! What a loop that reads lines does after one: the UCI loop and the terminal game both
//! answer each line with a [`Flow`] (the protocol's, from the `xiangqi-uci` crate).

pub use xiangqi_uci::Flow;
