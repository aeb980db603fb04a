//! The evaluation network (NNUE) in the engine: the network file `xiangqi train` writes and
//! the engine reads ([`file`](mod@file), where its layout is described), the integer network
//! read from it ([`Network`]), the accumulators the search keeps move by move ([`Stack`]),
//! their vector loops ([`kernels`]), and the network the engine ships ([`built_in`]).
//!
//! The network is a perspective network. Each side has an accumulator: the hidden layer's
//! sums over the pieces seen from that side (the board turned for Black). An input is a
//! piece, own or the other side's, of one kind, on one point ([`feature`]). The output reads
//! the side to move's accumulator and then the other's through a squared clipped ReLU, by one
//! of its outputs chosen by the chariots, horses and cannons on the board. A move
//! changes two or three inputs, so an accumulator is updated by adding and subtracting a few
//! rows of weights, not summed again.

mod architecture;
pub mod built_in;
pub mod file;
pub mod kernels;
mod network;
mod stack;

pub use architecture::{output_bucket, INPUTS, MAX_HIDDEN, MAX_MAJORS, MAX_OUTPUTS, QA, QB, SCALE};
pub use file::FileError;
pub use kernels::MAX_OUTPUT_WEIGHT;
pub use network::{feature, features, majors, Network};
pub use stack::Stack;

#[cfg(test)]
mod tests;
