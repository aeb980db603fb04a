//! The evaluation network in floating point, as the trainer fits it: a perspective network.
//!
//! Each side has an accumulator: the hidden layer's sums over the pieces on the board, seen
//! from that side (the board turned for Black, so both sides see their own pieces at the bottom).
//! An input is a piece of one side (own or the other's), of one kind, on one point:
//! 2 × 7 × 90 = 1,260 inputs, a few dozen on at a time, numbered as the engine numbers them
//! (`xiangqi_ai::nnue`). The output layer reads both
//! accumulators through a squared clipped ReLU, the side to move's first, and gives the score
//! for the side to move in units of [`SCALE`] centipawns. With several outputs, one reads each
//! position, chosen by the chariots, horses and cannons on the board
//! (`xiangqi_ai::nnue::output_bucket`).

use xiangqi::{Color, Position};
pub use xiangqi_ai::nnue::{majors, output_bucket, INPUTS, MAX_OUTPUTS};

/// Centipawns in one unit of the network's output: the result is `sigmoid(output)`.
pub const SCALE: f32 = xiangqi_ai::nnue::SCALE as f32;
/// Most pieces on a board.
pub const MAX_ACTIVE: usize = 32;

/// The active inputs of `pos` seen from `side` (the engine's, `xiangqi_ai::nnue::feature`).
pub fn features(pos: &Position, side: Color) -> Vec<u16> {
    xiangqi_ai::nnue::features(pos, side)
        .into_iter()
        .map(|f| f as u16)
        .collect()
}

/// Squared clipped ReLU.
#[inline]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Hidden neurons per side.
    pub hidden: usize,
    /// Outputs (buckets).
    pub outputs: usize,
    /// Input weights, `INPUTS` rows of `hidden`.
    pub w1: Vec<f32>,
    /// Hidden biases.
    pub b1: Vec<f32>,
    /// Output weights, output by output: `hidden` for the side to move's accumulator, then
    /// `hidden` for the other.
    pub w2: Vec<f32>,
    /// Output biases, one an output.
    pub b2: Vec<f32>,
}

/// A small deterministic generator for the initial weights.
fn uniform(state: &mut u64) -> f32 {
    *state = crate::seed::mix(*state, 1);
    (*state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
}

impl Net {
    /// A network of `hidden` neurons a side and `outputs` outputs with small random weights
    /// from `seed` (the first output's the same whatever `outputs` is).
    pub fn new(hidden: usize, outputs: usize, seed: u64) -> Net {
        let mut s = seed;
        let r1 = 1.0 / (MAX_ACTIVE as f32).sqrt();
        let r2 = 1.0 / (2.0 * hidden as f32).sqrt();
        Net {
            hidden,
            outputs,
            w1: (0..INPUTS * hidden).map(|_| uniform(&mut s) * r1).collect(),
            b1: vec![0.0; hidden],
            w2: (0..outputs * 2 * hidden)
                .map(|_| uniform(&mut s) * r2)
                .collect(),
            b2: vec![0.0; outputs],
        }
    }

    /// The output that reads a position with `majors` chariots, horses and cannons.
    pub fn bucket(&self, majors: usize) -> usize {
        output_bucket(majors, self.outputs)
    }

    /// True if every weight is a finite number (training that diverged leaves NaN or
    /// infinities, which would be written as a network that evaluates nothing).
    pub fn is_finite(&self) -> bool {
        let all = |w: &[f32]| w.iter().all(|x| x.is_finite());
        all(&self.w1) && all(&self.b1) && all(&self.w2) && all(&self.b2)
    }

    /// The accumulator of `active` inputs: the hidden layer before its activation.
    pub fn accumulate(&self, active: &[u16]) -> Vec<f32> {
        let mut acc = self.b1.clone();
        for &f in active {
            let row = &self.w1[f as usize * self.hidden..][..self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    /// The output for the side to move, from both accumulators, read by output `bucket`.
    pub fn output(&self, us: &[f32], them: &[f32], bucket: usize) -> f32 {
        let h = self.hidden;
        let (w_us, w_them) = self.w2[bucket * 2 * h..][..2 * h].split_at(h);
        let mut y = self.b2[bucket];
        for i in 0..self.hidden {
            y += w_us[i] * screlu(us[i]) + w_them[i] * screlu(them[i]);
        }
        y
    }

    /// The evaluation of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let us = self.accumulate(&features(pos, pos.turn()));
        let them = self.accumulate(&features(pos, !pos.turn()));
        self.output(&us, &them, self.bucket(majors(pos))) * SCALE
    }
}
