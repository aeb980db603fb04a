//! Both sides' accumulators of one position, kept move by move outside a search (the search
//! keeps its own on a stack, `stack.rs`).

use super::network::{feature, Network};
use xiangqi::{Color, Piece, Position, Square};

/// Both sides' accumulators for one position, Red's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulators {
    pub(super) sides: [Vec<i16>; 2],
}

impl Accumulators {
    /// The accumulators of `pos`, summed from its pieces.
    pub fn new(net: &Network, pos: &Position) -> Accumulators {
        let mut acc = Accumulators {
            sides: [net.biases().to_vec(), net.biases().to_vec()],
        };
        for sq in Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                acc.add(net, p, sq);
            }
        }
        acc
    }

    /// Puts `piece` on `sq`.
    #[inline]
    pub fn add(&mut self, net: &Network, piece: Piece, sq: Square) {
        for side in [Color::Red, Color::Black] {
            let row = net.row(feature(side, piece, sq));
            for (a, &w) in self.sides[side.index()].iter_mut().zip(row) {
                *a = a.wrapping_add(w);
            }
        }
    }

    /// Takes `piece` off `sq`.
    #[inline]
    pub fn remove(&mut self, net: &Network, piece: Piece, sq: Square) {
        for side in [Color::Red, Color::Black] {
            let row = net.row(feature(side, piece, sq));
            for (a, &w) in self.sides[side.index()].iter_mut().zip(row) {
                *a = a.wrapping_sub(w);
            }
        }
    }

    /// Follows `piece` from `from` to `to`, taking `captured` if there was one.
    pub fn play(
        &mut self,
        net: &Network,
        piece: Piece,
        from: Square,
        to: Square,
        captured: Option<Piece>,
    ) {
        self.remove(net, piece, from);
        if let Some(c) = captured {
            self.remove(net, c, to);
        }
        self.add(net, piece, to);
    }

    /// The evaluation for `us`, in centipawns.
    pub fn evaluate(&self, net: &Network, us: Color) -> i32 {
        net.output(&self.sides[us.index()], &self.sides[(!us).index()])
    }
}
