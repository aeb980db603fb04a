//! The integer network: [`Network::from_bytes`] reads what `xiangqi train` writes (through
//! [`super::file`]), the inputs are numbered ([`feature`]) and the output is read from both
//! sides' accumulators.

use super::architecture::{output_bucket, QA, QB, SCALE};
use super::file::{self, FileError, Weights};
use super::kernels::screlu_dot;
use xiangqi::{code, Color, Kind, Piece, Position, Square};

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

/// The chariots, horses and cannons on the board of `pos`, both sides': what picks the output
/// that reads it ([`output_bucket`]).
#[inline]
pub fn majors(pos: &Position) -> usize {
    let of =
        |c| pos.count(c, Kind::Chariot) + pos.count(c, Kind::Horse) + pos.count(c, Kind::Cannon);
    (of(Color::Red) + of(Color::Black)) as usize
}

/// The active inputs of `pos` seen from `side`.
pub fn features(pos: &Position, side: Color) -> Vec<usize> {
    Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| feature(side, p, sq)))
        .collect()
}

/// An integer network: the weights of a file, for the engine to evaluate with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    weights: Weights,
}

impl Network {
    /// The network in `bytes`, a network file ([`super::file`]: what `xiangqi train --out`
    /// writes); the error says why they are none this engine reads.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, FileError> {
        file::read(bytes).map(|weights| Network { weights })
    }

    /// The network's weights, as [`file::write()`] takes them.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Hidden neurons per side.
    pub fn hidden(&self) -> usize {
        self.weights.hidden
    }

    /// The output that reads `pos` ([`output_bucket`]): by the chariots, horses and cannons
    /// on its board.
    #[inline]
    pub fn bucket(&self, pos: &Position) -> usize {
        let outputs = self.weights.outputs;
        if outputs == 1 {
            return 0;
        }
        output_bucket(majors(pos), outputs)
    }

    /// Sets `acc` to the accumulator of side `side` (0 Red, 1 Black) for `pos`, summed from
    /// its pieces.
    pub(super) fn refresh(&self, pos: &Position, side: usize, acc: &mut [i16]) {
        acc.copy_from_slice(&self.weights.b1);
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
        let h = self.hidden();
        &self.weights.w1[input * h..][..h]
    }

    /// The evaluation in centipawns for the side whose accumulator is `ours`, read by output
    /// `bucket` ([`Network::bucket`]).
    #[inline]
    pub fn output(&self, ours: &[i16], theirs: &[i16], bucket: usize) -> i32 {
        let Weights {
            hidden: h, w2, b2, ..
        } = &self.weights;
        let w2 = &w2[bucket * 2 * h..][..2 * h];
        let sum = screlu_dot(ours, &w2[..*h], QA) + screlu_dot(theirs, &w2[*h..], QA);
        let y = sum / i64::from(QA) + i64::from(b2[bucket]);
        (y * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `pos` for the side to move, its accumulators summed afresh.
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        let sum = |side: Color| {
            let mut acc = vec![0; self.hidden()];
            self.refresh(pos, side.index(), &mut acc);
            acc
        };
        let us = pos.turn();
        self.output(&sum(us), &sum(!us), self.bucket(pos))
    }
}
