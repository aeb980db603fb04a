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
/// The most chariots, horses and cannons a board holds, both sides': the count that picks a
/// position's output bucket.
pub const MAX_MAJORS: usize = 12;
/// The most outputs a file may give: output buckets, one of which reads a position; one for
/// each count of major pieces at most.
pub const MAX_OUTPUTS: usize = MAX_MAJORS + 1;

/// The output that reads a position with `majors` chariots, horses and cannons (both sides'),
/// in a network of `outputs` outputs: the counts 0 to [`MAX_MAJORS`] split into `outputs`
/// ranges as even as they come, the barest endings first (with 8: 0-1, 2-3, 4, 5-6, 7-8, 9,
/// 10-11, 12). One output reads every position.
#[inline(always)]
pub fn output_bucket(majors: usize, outputs: usize) -> usize {
    majors.min(MAX_MAJORS) * outputs / (MAX_MAJORS + 1)
}
