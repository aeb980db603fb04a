//! The evaluation network (NNUE) in the engine: the integer network `xiangqi train` writes,
//! read from its bytes ([`Network`]), the accumulators the search keeps move by move
//! ([`Stack`]), their vector loops (`kernels`), and the network the engine ships
//! ([`built_in`]).
//!
//! The network is a perspective network. Each side has an accumulator: the hidden layer's
//! sums over the pieces seen from that side (the board turned for Black). An input is a
//! piece, own or the other side's, of one kind, on one point ([`feature`]). The output reads
//! the side to move's accumulator and then the other's through a squared clipped ReLU. A move
//! changes two or three inputs, so an accumulator is updated by adding and subtracting a few
//! rows of weights, not summed again.
//!
//! The file (`XQNQ`), little-endian: the hidden size (u32), [`QA`] and [`QB`] (u16 each), the
//! input weights (`INPUTS` rows of `hidden` i16, scaled by [`QA`]), the hidden biases (i16,
//! [`QA`]), the output weights (`2 × hidden` i16, [`QB`]) and the output bias (i32, `QA × QB`).
//!

pub mod built_in;
mod kernels;
mod network;
mod stack;

pub use kernels::MAX_OUTPUT_WEIGHT;
pub use network::{feature, features, NetError, Network, INPUTS, MAX_HIDDEN, QA, QB, SCALE};
pub use stack::Stack;

#[cfg(test)]
mod tests;
