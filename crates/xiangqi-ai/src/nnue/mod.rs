//! The evaluation network (NNUE) in the engine: the integer network `xiangqi train` writes,
//! read from its bytes ([`Network`]), and the accumulators that follow a game move by move
//! ([`Accumulators`]).
//!
//! The network is a perspective network. Each side has an accumulator: the hidden layer's
//! sums over the pieces seen from that side (the board turned for Black). An input is a
//! piece, own or the other side's, of one kind, on one point ([`feature`]). The output reads
//! the side to move's accumulator and then the other's through a squared clipped ReLU. A move
//! changes two or three inputs, so an accumulator is updated by adding and subtracting a few
//! rows of weights, not summed again.
//!
//! The file (`XQNQ`), little-endian: the hidden size (u32), [`QA`] and [`QB`] (u16 each), the
//! input weights (`INPUTS` rows of `hidden` i16, scaled by [`QA`]), the hidden biases (i16,
//! [`QA`]), the output weights (`2 × hidden` i16, [`QB`]) and the output bias (i32, `QA × QB`).
//!
//! Not yet used by the search: the trainer and its rounds come first (`docs/tuning.md`).

use core::fmt;
use xiangqi::{Color, Piece, Position, Square};

/// Inputs: own or the other side's piece, its kind, its point.
pub const INPUTS: usize = 2 * 7 * 90;
/// The accumulator's scale: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;
/// Centipawns in one unit of the network's output.
pub const SCALE: i32 = 400;
/// The largest hidden layer a file may give.
pub const MAX_HIDDEN: usize = 4096;

/// The input for `piece` on `sq` seen from `side`.
#[inline]
pub fn feature(side: Color, piece: Piece, sq: Square) -> usize {
    let seen = if side == Color::Red { sq } else { sq.flip() };
    let other = usize::from(piece.color != side);
    other * 630 + piece.kind.index() * 90 + seen.index()
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

    fn row(&self, input: usize) -> &[i16] {
        &self.w1[input * self.hidden..][..self.hidden]
    }

    /// The evaluation for `us`, in centipawns, from the accumulators.
    pub fn evaluate(&self, acc: &Accumulators, us: Color) -> i32 {
        let h = self.hidden;
        let mut sum: i64 = 0;
        for (side, w2) in [(us, &self.w2[..h]), (!us, &self.w2[h..])] {
            for (&a, &w) in acc.sides[side.index()].iter().zip(w2) {
                let c = i64::from(i32::from(a).clamp(0, QA));
                sum += c * i64::from(w) * c;
            }
        }
        let y = sum / i64::from(QA) + i64::from(self.b2);
        (y * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `pos` for the side to move, its accumulators summed afresh.
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        self.evaluate(&Accumulators::new(self, pos), pos.turn())
    }
}

/// Both sides' accumulators for one position, Red's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulators {
    sides: [Vec<i16>; 2],
}

impl Accumulators {
    /// The accumulators of `pos`, summed from its pieces.
    pub fn new(net: &Network, pos: &Position) -> Accumulators {
        let mut acc = Accumulators {
            sides: [net.b1.clone(), net.b1.clone()],
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
}

#[cfg(test)]
mod tests;
