//! The network in integers, as the engine will run it: the input layer and the accumulator
//! in `i16` scaled by [`QA`], the output weights in `i16` scaled by [`QB`]. The squared
//! clipped ReLU of an accumulator `a` is `clamp(a, 0, QA)²`, so a product with an output
//! weight is summed in `i64` here (the engine's own sums may split it differently).

use super::net::{features, Net, SCALE};
use xiangqi::Position;

/// The accumulator's scale: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;

/// A network in integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantNet {
    /// Hidden neurons per side.
    pub hidden: usize,
    /// Input weights × QA.
    pub w1: Vec<i16>,
    /// Hidden biases × QA.
    pub b1: Vec<i16>,
    /// Output weights × QB.
    pub w2: Vec<i16>,
    /// Output bias × QA × QB.
    pub b2: i32,
}

fn to_i16(x: f32, scale: i32) -> i16 {
    (x * scale as f32)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

impl QuantNet {
    /// `net` rounded to integers.
    pub fn from_net(net: &Net) -> QuantNet {
        QuantNet {
            hidden: net.hidden,
            w1: net.w1.iter().map(|&w| to_i16(w, QA)).collect(),
            b1: net.b1.iter().map(|&w| to_i16(w, QA)).collect(),
            w2: net.w2.iter().map(|&w| to_i16(w, QB)).collect(),
            b2: (net.b2 * (QA * QB) as f32).round() as i32,
        }
    }

    fn accumulate(&self, active: &[u16]) -> Vec<i32> {
        let mut acc: Vec<i32> = self.b1.iter().map(|&b| i32::from(b)).collect();
        for &f in active {
            let row = &self.w1[f as usize * self.hidden..][..self.hidden];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += i32::from(w);
            }
        }
        acc
    }

    /// The evaluation of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let h = self.hidden;
        let us = self.accumulate(&features(pos, pos.turn()));
        let them = self.accumulate(&features(pos, !pos.turn()));
        let mut sum: i64 = 0;
        for (acc, w2) in [(&us, &self.w2[..h]), (&them, &self.w2[h..])] {
            for (&a, &w) in acc.iter().zip(w2) {
                let c = i64::from(a.clamp(0, QA));
                sum += c * i64::from(w) * c;
            }
        }
        let y = (sum / i64::from(QA) + i64::from(self.b2)) as f64 / f64::from(QA * QB);
        (y * f64::from(SCALE)).round() as i32
    }
}
