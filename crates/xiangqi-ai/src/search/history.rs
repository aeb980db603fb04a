//! What the search learned about quiet moves, for ordering and reducing them.
//!
//! - The butterfly history: how often a piece moving to a point caused a cutoff, anywhere.
//! - The continuation history: how good a quiet move (piece, point) has been as the answer to
//!   the move one ply before, and as the follow-up to our own move two plies before. A reply
//!   that refutes one move is often useless against another; indexing by the move before
//!   captures that, where the butterfly table only knows "good in general".
//!
//! Every table is updated with gravity (a bonus shrinks as the score nears its bound), so
//! scores stay within +-[`HISTORY_MAX`] and recent results weigh more than old ones.

use super::params::HISTORY_MAX;
use xiangqi::{Move, Position};

/// Piece codes (with the empty code 0 unused) times points.
const CELLS: usize = 16 * 90;

/// A move as the histories see it: the moving piece's code and the point it went to. A null
/// move (or none) has piece 0, the empty code, which no real move has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    pub piece: u8,
    pub to: u8,
}

impl Played {
    pub const NONE: Played = Played { piece: 0, to: 0 };

    #[inline(always)]
    fn cell(self) -> usize {
        self.piece as usize * 90 + self.to as usize
    }
}

pub(crate) struct Histories {
    butterfly: Box<[i16]>,
    /// Indexed by the earlier move's cell times [`CELLS`] plus the reply's.
    continuation: Box<[i16]>,
}

impl Histories {
    pub fn new() -> Histories {
        Histories {
            butterfly: vec![0; CELLS].into_boxed_slice(),
            continuation: vec![0; CELLS * CELLS].into_boxed_slice(),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.butterfly.fill(0);
        self.continuation.fill(0);
    }

    /// Halves every score (a new search: what was learned still orders, but weighs less).
    pub fn age(&mut self) {
        for h in self.butterfly.iter_mut() {
            *h /= 2;
        }
        for h in self.continuation.iter_mut() {
            *h /= 2;
        }
    }

    /// The score of the quiet move `m` played after `prev` (the opponent's last move) and
    /// `prev2` (our move before it).
    #[inline(always)]
    pub fn quiet(&self, m: Played, prev: Played, prev2: Played) -> i32 {
        let mut s = self.butterfly[m.cell()] as i32;
        if prev.piece != 0 {
            s += self.continuation[prev.cell() * CELLS + m.cell()] as i32;
        }
        if prev2.piece != 0 {
            s += self.continuation[prev2.cell() * CELLS + m.cell()] as i32;
        }
        s
    }

    /// Adds `bonus` (negative for a malus) to the scores of `m` after `prev` and `prev2`.
    #[inline]
    pub fn update(&mut self, m: Played, prev: Played, prev2: Played, bonus: i32) {
        gravity(&mut self.butterfly[m.cell()], bonus);
        if prev.piece != 0 {
            gravity(
                &mut self.continuation[prev.cell() * CELLS + m.cell()],
                bonus,
            );
        }
        if prev2.piece != 0 {
            gravity(
                &mut self.continuation[prev2.cell() * CELLS + m.cell()],
                bonus,
            );
        }
    }
}

/// Moves `h` by `bonus`, the less the nearer it already is to the bound in that direction.
#[inline(always)]
fn gravity(h: &mut i16, bonus: i32) {
    let v = *h as i32;
    let v = v + bonus - v * bonus.abs() / HISTORY_MAX;
    *h = v.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// `m` as the histories see it, before it is played.
#[inline(always)]
pub(crate) fn played(pos: &Position, m: Move) -> Played {
    Played {
        piece: pos.code_at(m.from().index()),
        to: m.to().index() as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Played = Played { piece: 3, to: 40 };
    const B: Played = Played { piece: 12, to: 49 };
    const C: Played = Played { piece: 5, to: 22 };

    #[test]
    fn a_rewarded_reply_scores_higher_after_the_same_move_only() {
        let mut h = Histories::new();
        h.update(A, B, Played::NONE, 400);
        let after_b = h.quiet(A, B, Played::NONE);
        let after_c = h.quiet(A, C, Played::NONE);
        // The butterfly part counts after any move; the continuation part only after B.
        assert_eq!(after_c, 400);
        assert_eq!(after_b, 800);
    }

    #[test]
    fn scores_stay_within_the_bound() {
        let mut h = Histories::new();
        for _ in 0..10_000 {
            h.update(A, B, C, 400);
        }
        assert!(h.quiet(A, B, C) <= 3 * HISTORY_MAX);
        assert!(h.quiet(A, B, C) > 3 * HISTORY_MAX * 9 / 10);
        for _ in 0..10_000 {
            h.update(A, B, C, -400);
        }
        assert!(h.quiet(A, B, C) >= -3 * HISTORY_MAX);
        assert!(h.quiet(A, B, C) < -3 * HISTORY_MAX * 9 / 10);
    }

    #[test]
    fn ageing_halves_and_clearing_forgets() {
        let mut h = Histories::new();
        h.update(A, B, C, 400);
        h.age();
        assert_eq!(h.quiet(A, B, C), 3 * 200);
        h.clear();
        assert_eq!(h.quiet(A, B, C), 0);
    }
}
