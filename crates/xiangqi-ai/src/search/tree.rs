//! The strong search's tree: principal variation search with its pruning, reductions and
//! extensions (see the module doc of `search`), the repetition rule on the search path, the
//! rewards of a quiet cutoff, and the capture search at the leaves.

use super::history::{played, Played};
use super::params::{
    FUTILITY_LIMIT, FUTILITY_MARGIN, IIR_MIN_DEPTH, LMP_BASE, LMP_LIMIT, LMR_HISTORY_DIVISOR,
    LMR_MIN_DEPTH, LMR_MIN_MOVE, NULL_MIN_DEPTH, NULL_REDUCTION_BASE, NULL_REDUCTION_DIVISOR,
    RFP_LIMIT, RFP_MARGIN, RULE_LOSS,
};
use super::searcher::{Searcher, INF, MAX_PLY};
use super::threads::Control;
use crate::eval::evaluate::evaluate;
use crate::movepicker::{is_capture, MovePicker, HASH_MOVE_KEY, KILLER_KEY};
use crate::node::Node;
use crate::quiesce::{quiesce, CaptureSearch};
use crate::score::{MATE, MATE_BOUND};
use crate::tt::Bound;
use xiangqi::code;
use xiangqi::{Move, MoveList, Position};

impl Searcher {
    /// The repetition verdict for the current node, if its position occurred before on the
    /// path (see the module doc), from the side to move's point of view.
    fn repetition(&self, pos: &Position, ply: usize) -> Option<i32> {
        let n = self.path.len();
        let window = (pos.halfmoves() as usize).min(n - 1);
        let hash = pos.hash();
        let mut back = 4;
        while back <= window {
            let j = n - 1 - back;
            if self.path[j].0 == hash {
                // Our moves led to positions j+1, j+3, ..., n-2; theirs to j+2, ..., n-1.
                let we_check = (j + 1..n - 1).step_by(2).all(|k| self.path[k].1);
                let they_check = (j + 2..n).step_by(2).all(|k| self.path[k].1);
                return Some(match (we_check, they_check) {
                    (true, false) => -(RULE_LOSS - ply as i32),
                    (false, true) => RULE_LOSS - ply as i32,
                    _ => 0,
                });
            }
            back += 2;
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &mut Node,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
        ctl: &mut Control,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if self.stopped {
            return 0;
        }
        if let Some(v) = self.repetition(pos, ply) {
            return v;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.path[self.path.len() - 1].1;
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, ctl);
        }
        if ply >= MAX_PLY - 2 {
            return evaluate(pos);
        }
        self.nodes += 1;
        // Polled on every 1024th node, checked right as it is counted (quiescence does the
        // same), so that no count is skipped.
        if self.nodes & 1023 == 0 {
            self.poll(ctl);
            if self.stopped {
                return 0;
            }
        }
        self.seldepth = self.seldepth.max(ply);

        let hash = pos.hash();
        let hit = self.tt.probe(hash, ply);
        let mut tt_move = Move::NONE;
        if let Some(h) = hit {
            if !h.mv.is_none() && pos.is_legal(h.mv) {
                tt_move = h.mv;
            }
            if !pv_node && h.depth >= depth {
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return h.score;
                }
            }
        }
        // The table keeps the evaluation as the network or the hand-set terms give it; the
        // search reads it corrected by what searches of similar positions found.
        let (raw_eval, eval) = if in_check {
            (0, -INF)
        } else {
            let raw = match hit {
                Some(h) if h.bound != Bound::None => h.eval,
                _ => evaluate(pos),
            };
            (raw, self.corrections.correct(pos, raw))
        };
        self.evals[ply] = eval;
        // Improving: our evaluation rose since our previous move (unknown, near the root or
        // after a check, counts as rising).
        let improving = !in_check && (ply < 2 || eval > self.evals[ply - 2]);

        // Pruning by the static evaluation is only sound when the window is not about mates.
        let mate_window = alpha.abs() >= MATE_BOUND || beta.abs() >= MATE_BOUND;
        if !pv_node && !in_check && !mate_window && eval.abs() < MATE_BOUND {
            // Reverse futility: far enough above beta, a quiet position will hold.
            if depth <= RFP_LIMIT && eval - RFP_MARGIN * (depth - improving as i32) >= beta {
                return eval;
            }
            // Null move: even passing keeps us above beta, so a real move surely would.
            if null_ok && depth >= NULL_MIN_DEPTH && eval >= beta && has_attackers(pos) {
                let r = NULL_REDUCTION_BASE + depth / NULL_REDUCTION_DIVISOR;
                let undo = pos.make_null();
                self.played[ply] = Played::NONE;
                self.path.push((pos.hash(), false));
                let v = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false, ctl);
                self.path.pop();
                pos.unmake_null(undo);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
        }

        // No hash move this deep: the position is new to the table, and a shallower search
        // finds a move to try first more cheaply (internal iterative reduction).
        if depth >= IIR_MIN_DEPTH && tt_move.is_none() {
            depth -= 1;
        }

        // The hash move is tried before any other move is generated: when it cuts off, as it
        // mostly does where the table's move came from a cutoff, the generation, the captures'
        // static exchanges and the quiet moves' histories are never paid for. The rest then
        // come in the order they would have had with the hash move among them.
        let mut hash_stage = !tt_move.is_none();
        let mut picker = None;

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        let mut quiets = [Move::NONE; 64];
        let mut n_quiets = 0;
        loop {
            let (m, key) = if hash_stage {
                hash_stage = false;
                (tt_move, HASH_MOVE_KEY)
            } else {
                let picker = picker.get_or_insert_with(|| self.picker(pos, tt_move, ply));
                match picker.next() {
                    Some(next) => next,
                    None => break,
                }
            };
            let capture = is_capture(pos, m);

            if !pv_node && !in_check && !mate_window && searched > 0 && best > -MATE_BOUND {
                if !capture && key < KILLER_KEY {
                    let lmp = depth <= LMP_LIMIT && searched >= LMP_BASE + (depth * depth) as usize;
                    let futile = depth <= FUTILITY_LIMIT && eval + FUTILITY_MARGIN * depth <= alpha;
                    if lmp || futile {
                        // Every later quiet move is pruned too (unless it checks), so the
                        // remaining moves need no more sorting.
                        if let Some(picker) = picker.as_mut() {
                            picker.stop_sorting();
                        }
                        if !pos.gives_check(m) {
                            continue;
                        }
                    }
                } else if capture && key < 0 && depth <= 3 {
                    continue;
                }
            }

            // The child's entry starts loading now, while the move's legality is tested and
            // the network's accumulator is updated.
            self.tt.prefetch(pos.hash_after(m));
            // The hash move was found legal when it was read from the table.
            if key != HASH_MOVE_KEY && !pos.is_legal_pseudo(m, in_check) {
                continue;
            }
            self.played[ply] = played(pos, m);
            let undo = pos.make_move(m);
            let gives_check = pos.in_check();
            self.path.push((pos.hash(), gives_check));
            let new_depth = depth - 1;
            let mut score;
            if searched == 0 {
                score = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true, ctl);
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH
                    && searched >= LMR_MIN_MOVE
                    && !capture
                    && !gives_check
                    && !in_check
                {
                    r = self.lmr[(depth as usize).min(63)][searched.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    if key >= KILLER_KEY {
                        r -= 1;
                    } else {
                        // Quiet moves with a good history are reduced less, bad ones more.
                        r -= key / LMR_HISTORY_DIVISOR;
                    }
                    if !improving {
                        r += 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.negamax(pos, new_depth - r, -alpha - 1, -alpha, ply + 1, true, ctl);
                if score > alpha && r > 0 {
                    score = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, true, ctl);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true, ctl);
                }
            }
            self.path.pop();
            pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            searched += 1;

            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    // Our PV is this move followed by the child's.
                    self.pv[ply][ply] = m;
                    let child_len = self.pv_len[ply + 1].max(ply + 1);
                    for k in ply + 1..child_len {
                        self.pv[ply][k] = self.pv[ply + 1][k];
                    }
                    self.pv_len[ply] = child_len;
                    if score >= beta {
                        if !capture {
                            self.reward_quiet(m, &quiets[..n_quiets], depth, ply, pos);
                        }
                        break;
                    }
                }
            }
            if !capture && n_quiets < quiets.len() {
                quiets[n_quiets] = m;
                n_quiets += 1;
            }
        }

        if searched == 0 {
            // No legal move (moves are pruned only after one was searched): mated.
            return -(MATE - ply as i32);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // What this search found teaches the correction history, when it says something about
        // the evaluation: not in check, no capture as the best move (the evaluation is of a
        // quiet position), and not a bound on the evaluation's own side.
        let beyond_eval = match bound {
            Bound::Lower => best > eval,
            Bound::Upper => best < eval,
            _ => true,
        };
        if !in_check
            && beyond_eval
            && (best_move.is_none() || !is_capture(pos, best_move))
            && best.abs() < RULE_LOSS - MAX_PLY as i32
        {
            self.corrections.update(pos, best - eval, depth);
        }
        self.tt
            .store(hash, ply, best_move, best, raw_eval, depth, bound);
        best
    }

    /// The moves of the node `pos` at `ply` in the order the search tries them (see
    /// `movepicker`), the hash move `tt_move` already handed out when there is one.
    /// Pseudo-legal: each is tested for legality only when it is about to be searched, after
    /// the pruning rules have had their say.
    fn picker(&self, pos: &Node, tt_move: Move, ply: usize) -> MovePicker {
        let mut list = MoveList::new();
        pos.generate_pseudo::<false>(&mut list);
        let (prev, prev2) = self.played_before(ply);
        let histories = &self.histories;
        let mut picker = MovePicker::new(pos, list, tt_move, &self.killers[ply], |m| {
            histories.quiet(played(pos, m), prev, prev2)
        });
        if !tt_move.is_none() {
            // The hash move has the highest key: the first pick, swapped to the front as
            // when it was picked from the list.
            let first = picker.next();
            debug_assert_eq!(first.map(|(m, _)| m), Some(tt_move));
        }
        picker
    }

    /// The moves played one and two plies before `ply` (the continuation histories' keys),
    /// [`Played::NONE`] above the root.
    #[inline]
    fn played_before(&self, ply: usize) -> (Played, Played) {
        let at = |back: usize| {
            ply.checked_sub(back)
                .map_or(Played::NONE, |i| self.played[i])
        };
        (at(1), at(2))
    }

    /// A quiet move caused a cutoff: make it a killer, raise its history and lower the
    /// history of the quiet moves tried before it.
    fn reward_quiet(&mut self, m: Move, tried: &[Move], depth: i32, ply: usize, pos: &Node) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let (prev, prev2) = self.played_before(ply);
        let bonus = (depth * depth).min(400);
        self.histories.update(played(pos, m), prev, prev2, bonus);
        for &q in tried {
            self.histories.update(played(pos, q), prev, prev2, -bonus);
        }
    }

    fn quiesce(
        &mut self,
        pos: &mut Node,
        alpha: i32,
        beta: i32,
        ply: usize,
        ctl: &mut Control,
    ) -> i32 {
        quiesce(&mut Lent { s: self, ctl }, pos, alpha, beta, ply)
    }
}

/// The searcher and the caller's control, lent to the capture search.
struct Lent<'a, 'c> {
    s: &'a mut Searcher,
    ctl: &'a mut Control<'c>,
}

impl CaptureSearch for Lent<'_, '_> {
    const MAX_PLY: usize = MAX_PLY;

    #[inline(always)]
    fn enter(&mut self, ply: usize) -> bool {
        let s = &mut *self.s;
        s.pv_len[ply] = ply;
        s.nodes += 1;
        if s.nodes & 1023 == 0 {
            s.poll(self.ctl);
        }
        s.seldepth = s.seldepth.max(ply);
        !s.stopped
    }

    #[inline(always)]
    fn stopped(&self) -> bool {
        self.s.stopped
    }

    #[inline(always)]
    fn correct(&self, pos: &Node, raw: i32) -> i32 {
        self.s.corrections.correct(pos, raw)
    }

    #[inline(always)]
    fn in_check(&self, _pos: &Node) -> bool {
        // The path records whether each position on it is in check.
        self.s.path[self.s.path.len() - 1].1
    }

    #[inline(always)]
    fn played(&mut self, pos: &Node) {
        self.s.path.push((pos.hash(), pos.in_check()));
    }

    #[inline(always)]
    fn taken_back(&mut self) {
        self.s.path.pop();
    }
}

/// True if the side to move has a piece that can attack beyond the river (null-move guard:
/// with only defenders and soldiers left, passing could be the best move, zugzwang).
fn has_attackers(pos: &Position) -> bool {
    let us = pos.turn().index();
    pos.code_bits(code::chariot(us))
        | pos.code_bits(code::horse(us))
        | pos.code_bits(code::cannon(us))
        != 0
}
