//! The capture search (quiescence) both alpha-beta players end their lines with: from a
//! quiet enough position the static evaluation stands; otherwise captures that may matter
//! are tried, best victims first, and every move when in check.
//!
//! Each searcher keeps its own bookkeeping (node counts, the stop flag, the repetition path)
//! and lends it through [`CaptureSearch`]; the search itself is written once.

use crate::eval::evaluate::{evaluate, material};
use crate::eval::psq::VALUE;
use crate::movepicker::MovePicker;
use crate::node::Node;
use crate::score::MATE;
use crate::see::see;
use xiangqi::{code, Move, MoveList, Position};

/// Delta pruning: skip a capture when eval + victim + MARGIN <= alpha.
pub const DELTA_MARGIN: i32 = 150;

/// Lazy evaluation: stand pat on material alone when it beats beta by this.
pub const LAZY_MARGIN: i32 = 300;

const INF: i32 = MATE + 1;

/// What a searcher lends the capture search.
pub(crate) trait CaptureSearch {
    /// Deepest ply the searcher's tables allow.
    const MAX_PLY: usize;
    /// Counts a node at `ply` and polls the limits; false once the search must stop.
    fn enter(&mut self, ply: usize) -> bool;
    /// True once the search must stop: every score since is unusable.
    fn stopped(&self) -> bool;
    /// The static evaluation `raw` of `pos`, corrected as the searcher's own history says
    /// (unchanged unless it keeps one).
    #[inline(always)]
    fn correct(&self, _pos: &Node, raw: i32) -> i32 {
        raw
    }
    /// True if the side to move in `pos` (the current node) is in check.
    fn in_check(&self, pos: &Node) -> bool;
    /// A move was just played on `pos`.
    fn played(&mut self, pos: &Node);
    /// The last move played is about to be taken back.
    fn taken_back(&mut self);
}

/// The capture search of `pos` at `ply` within (alpha, beta), fail-soft.
pub(crate) fn quiesce<S: CaptureSearch>(
    s: &mut S,
    pos: &mut Node,
    mut alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    if !s.enter(ply) {
        return 0;
    }
    let in_check = s.in_check(pos);
    if ply >= S::MAX_PLY - 2 {
        return if in_check { 0 } else { evaluate(pos) };
    }
    let mut best = -INF;
    let mut stand = -INF;
    if !in_check {
        // Lazy evaluation: far above beta on material alone, the rest of the hand-set
        // terms cannot matter (a network's evaluation is cheap and not split so).
        if !pos.has_network() {
            let quick = material(pos);
            if quick - LAZY_MARGIN >= beta {
                return quick;
            }
        }
        stand = s.correct(pos, evaluate(pos));
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        best = stand;
    }
    let mut list = MoveList::new();
    if in_check {
        pos.generate_legal(&mut list);
        if list.is_empty() {
            return -(MATE - ply as i32);
        }
    } else {
        // Pseudo-legal captures, tested for legality only when tried.
        pos.generate_pseudo::<true>(&mut list);
    }
    let mut picker = MovePicker::captures(pos, list);
    while let Some((m, _)) = picker.next() {
        if !in_check
            && (!capture_may_matter(pos, m, stand, alpha) || !pos.is_legal_pseudo(m, false))
        {
            continue;
        }
        let undo = pos.make_move(m);
        s.played(pos);
        let score = -quiesce(s, pos, -beta, -alpha, ply + 1);
        s.taken_back();
        pos.unmake_move(m, undo);
        if s.stopped() {
            return 0;
        }
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// In quiescence, with `stand` the static score: false for a capture that cannot matter,
/// because even winning the victim outright stays below `alpha` by the delta margin, or
/// because it loses material by static exchange.
#[inline]
fn capture_may_matter(pos: &Position, m: Move, stand: i32, alpha: i32) -> bool {
    let victim = VALUE[code::kind(pos.code_at(m.to().index()))];
    if stand + victim + DELTA_MARGIN <= alpha {
        return false;
    }
    let attacker = VALUE[code::kind(pos.code_at(m.from().index()))];
    attacker <= victim || see(pos, m) >= 0
}
