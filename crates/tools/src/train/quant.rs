//! The network in integers, as the engine runs it (`xiangqi_ai::nnue`): the input layer and
//! the accumulator in `i16` scaled by [`QA`], the output weights in `i16` scaled by [`QB`]
//! (within ±[`MAX_OUTPUT_WEIGHT`], which the engine's sums can hold), the output biases in
//! `i32` scaled by both. `xiangqi_ai::nnue::file::write` writes it in the file the engine
//! reads.

use super::net::Net;
use xiangqi_ai::nnue::file::Weights;
pub use xiangqi_ai::nnue::{MAX_OUTPUT_WEIGHT, QA, QB};

fn to_i16(x: f32, scale: i32) -> i16 {
    (x * scale as f32)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// `net` rounded to integers.
pub fn quantize(net: &Net) -> Weights {
    Weights {
        hidden: net.hidden,
        outputs: net.outputs,
        w1: net.w1.iter().map(|&w| to_i16(w, QA)).collect(),
        b1: net.b1.iter().map(|&w| to_i16(w, QA)).collect(),
        w2: net
            .w2
            .iter()
            .map(|&w| to_i16(w, QB).clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT))
            .collect(),
        b2: net
            .b2
            .iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect(),
    }
}
