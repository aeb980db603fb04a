//! The integer network and its file: [`Network::from_bytes`] reads what `xiangqi train`
//! writes, the inputs are numbered ([`feature`]) and the output is read from both sides'
//! accumulators.

use super::kernels::{screlu_dot, MAX_CLIP, MAX_OUTPUT_WEIGHT};
use core::fmt;
use xiangqi::{code, Color, Piece, Position, Square};

/// Inputs: own or the other side's piece, its kind, its point.
pub const INPUTS: usize = 2 * 7 * 90;
/// The accumulator's scale: 1.0 is `QA`, where the clipped ReLU clips.
pub const QA: i32 = MAX_CLIP;
/// The output weights' scale.
pub const QB: i32 = 64;
/// Centipawns in one unit of the network's output.
pub const SCALE: i32 = 400;
/// The largest hidden layer a file may give.
pub const MAX_HIDDEN: usize = 4096;

/// The input for `piece` on `sq` seen from `side`.
#[inline]
pub fn feature(side: Color, piece: Piece, sq: Square) -> usize {
    let code = code::of(piece.color.index(), piece.kind.index());
    feature_of_code(side.index(), code, sq.index())
}

/// [`feature`] for the search's board: side `side` (0 Red, 1 Black), the piece code `code`
/// ([`xiangqi::code`]) on point `sq` (`rank * 9 + file`): the point turned for Black.
#[inline(always)]
pub fn feature_of_code(side: usize, code: u8, sq: usize) -> usize {
    let seen = if side == 0 { sq } else { 89 - sq };
    let other = usize::from(code::color(code) != side);
    other * 630 + code::kind(code) * 90 + seen
}

/// The active inputs of `pos` seen from `side`.
pub fn features(pos: &Position, side: Color) -> Vec<usize> {
    Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| feature(side, p, sq)))
        .collect()
}

/// Why bytes are not a network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// They do not start with `XQNQ`.
    NotANetwork,
    /// The scales are not this engine's.
    Scales {
        /// The file's QA.
        qa: u16,
        /// The file's QB.
        qb: u16,
    },
    /// The length does not match the hidden size.
    Length {
        /// The hidden size the file gives.
        hidden: usize,
        /// The bytes a network of that size takes.
        expected: usize,
        /// The bytes there are.
        actual: usize,
    },
    /// An output weight beyond ±[`MAX_OUTPUT_WEIGHT`], which the engine's sums cannot hold.
    OutputWeight {
        /// The weight.
        value: i16,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANetwork => write!(f, "not an evaluation network (no XQNQ)"),
            NetError::Scales { qa, qb } => {
                write!(
                    f,
                    "a network at scales {qa} and {qb}; this engine reads {QA} and {QB}"
                )
            }
            NetError::Length {
                hidden,
                expected,
                actual,
            } => write!(
                f,
                "a network of {hidden} hidden neurons takes {expected} bytes, not {actual}"
            ),
            NetError::OutputWeight { value } => write!(
                f,
                "an output weight of {value}, beyond the ±{MAX_OUTPUT_WEIGHT} this engine reads"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// An integer network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    w1: Vec<i16>,
    b1: Vec<i16>,
    w2: Vec<i16>,
    b2: i32,
}

impl Network {
    /// The network in `bytes` (the file `xiangqi train --out` writes).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < 12 || bytes[..4] != *b"XQNQ" {
            return Err(NetError::NotANetwork);
        }
        let hidden = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
        let qa = u16::from_le_bytes([bytes[8], bytes[9]]);
        let qb = u16::from_le_bytes([bytes[10], bytes[11]]);
        if i32::from(qa) != QA || i32::from(qb) != QB {
            return Err(NetError::Scales { qa, qb });
        }
        let expected = 12 + 2 * (INPUTS + 3) * hidden.min(MAX_HIDDEN) + 4;
        if hidden == 0 || hidden > MAX_HIDDEN || bytes.len() != expected {
            return Err(NetError::Length {
                hidden,
                expected,
                actual: bytes.len(),
            });
        }
        let mut words = bytes[12..bytes.len() - 4]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |k: usize| words.by_ref().take(k).collect::<Vec<i16>>();
        let w1 = take(INPUTS * hidden);
        let b1 = take(hidden);
        let w2 = take(2 * hidden);
        let end = bytes.len() - 4;
        let b2 = i32::from_le_bytes([bytes[end], bytes[end + 1], bytes[end + 2], bytes[end + 3]]);
        if let Some(&value) = w2.iter().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return Err(NetError::OutputWeight { value });
        }
        Ok(Network {
            hidden,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// Hidden neurons per side.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Sets `acc` to the accumulator of side `side` (0 Red, 1 Black) for `pos`, summed from
    /// its pieces.
    pub(super) fn refresh(&self, pos: &Position, side: usize, acc: &mut [i16]) {
        acc.copy_from_slice(&self.b1);
        for (sq, &c) in pos.codes().iter().enumerate() {
            if c != code::EMPTY {
                for (a, &w) in acc.iter_mut().zip(self.row(feature_of_code(side, c, sq))) {
                    *a = a.wrapping_add(w);
                }
            }
        }
    }

    /// The weights of input `input`: what a piece there adds to an accumulator.
    #[inline(always)]
    pub(super) fn row(&self, input: usize) -> &[i16] {
        &self.w1[input * self.hidden..][..self.hidden]
    }

    /// The evaluation in centipawns for the side whose accumulator is `ours`.
    #[inline]
    pub fn output(&self, ours: &[i16], theirs: &[i16]) -> i32 {
        let h = self.hidden;
        let sum = screlu_dot(ours, &self.w2[..h], QA) + screlu_dot(theirs, &self.w2[h..], QA);
        let y = sum / i64::from(QA) + i64::from(self.b2);
        (y * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `pos` for the side to move, its accumulators summed afresh.
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        let sum = |side: Color| {
            let mut acc = vec![0; self.hidden];
            self.refresh(pos, side.index(), &mut acc);
            acc
        };
        let us = pos.turn();
        self.output(&sum(us), &sum(!us))
    }
}
