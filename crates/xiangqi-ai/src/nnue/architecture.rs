//! The network's architecture as this engine runs it: its sizes and scales, which the
//! network file's header records ([`super::file`]) and the evaluation uses
//! ([`super::Network`]).

use super::kernels::MAX_CLIP;

/// Inputs: own or the other side's piece, its kind, its point ([`super::feature`] numbers
/// them).
pub const INPUTS: usize = 2 * 7 * 90;
/// The accumulator's scale: 1.0 is `QA`, where the clipped ReLU clips.
pub const QA: i32 = MAX_CLIP;
/// The output weights' scale.
pub const QB: i32 = 64;
/// Centipawns in one unit of the network's output.
pub const SCALE: i32 = 400;
/// The largest hidden layer a file may give.
pub const MAX_HIDDEN: usize = 4096;
