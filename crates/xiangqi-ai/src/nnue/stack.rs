//! The search's accumulators: one pair per ply of the path, Red's then Black's, in one
//! buffer. Making a move writes the next ply's pair from the current one in one pass (the
//! rows of the inputs the move changes added and subtracted); taking it back only steps down,
//! so nothing is subtracted again.

use super::kernels::{captured, moved};
use super::network::{feature_of_code, Network};
use std::sync::Arc;
use xiangqi::{code, Position};

/// The accumulator pairs of a search path (see the module notes).
#[derive(Clone)]
pub struct Stack {
    net: Arc<Network>,
    /// `2 × hidden` values per ply, Red's accumulator then Black's.
    acc: Vec<i16>,
    /// The ply of the current position.
    top: usize,
}

impl Stack {
    /// The stack of a search from `pos`, its first pair summed from the pieces.
    pub fn new(net: Arc<Network>, pos: &Position) -> Stack {
        let h = net.hidden();
        let mut acc = vec![0; 2 * h * 16];
        for side in 0..2 {
            net.refresh(pos, side, &mut acc[side * h..][..h]);
        }
        Stack { net, acc, top: 0 }
    }

    /// Steps up a ply for the move of the piece `piece` (a code, [`xiangqi::code`]) from
    /// point `from` to `to`, taking `taken` (or [`code::EMPTY`]).
    #[inline]
    pub fn push(&mut self, piece: u8, from: usize, to: usize, taken: u8) {
        let h = self.net.hidden();
        let pair = 2 * h;
        if (self.top + 2) * pair > self.acc.len() {
            self.acc.resize(self.acc.len() * 2, 0);
        }
        let (done, next) = self.acc.split_at_mut((self.top + 1) * pair);
        let now = &done[self.top * pair..];
        for side in 0..2 {
            let (src, dst) = (&now[side * h..][..h], &mut next[side * h..][..h]);
            let add = self.net.row(feature_of_code(side, piece, to));
            let sub = self.net.row(feature_of_code(side, piece, from));
            if taken == code::EMPTY {
                moved(dst, src, add, sub);
            } else {
                let gone = self.net.row(feature_of_code(side, taken, to));
                captured(dst, src, add, sub, gone);
            }
        }
        self.top += 1;
    }

    /// Steps back down a ply: the move is taken back.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0);
        self.top -= 1;
    }

    /// The evaluation in centipawns for the side to move of `pos`, the current position.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let h = self.net.hidden();
        let now = &self.acc[self.top * 2 * h..][..2 * h];
        let (red, black) = now.split_at(h);
        let bucket = self.net.bucket(pos);
        if pos.turn().index() == 0 {
            self.net.output(red, black, bucket)
        } else {
            self.net.output(black, red, bucket)
        }
    }
}
