//! v3, the strong searcher.
//!
//! Iterative deepening of a principal variation search (PVS) with aspiration windows, a
//! transposition table, quiescence on captures and check evasions, move ordering (hash move,
//! captures by MVV/LVA with losing ones by static exchange last, two killers per ply, then
//! quiet moves by their butterfly and continuation histories, see `history.rs`), null-move
//! pruning, reverse futility, futility and late-move pruning, late-move reductions (smaller
//! for moves with a good history, larger for a bad one), internal iterative reduction, a
//! check extension and mate-distance pruning. While the side to move's evaluation is
//! improving (above its value two plies before), reverse futility cuts with a margin one
//! ply smaller and late moves are reduced a ply less.
//! Limits by depth, nodes and time, a stop flag polled every 1024 nodes, progress after every
//! iteration, and multi-PV for hints and analysis. A search stopped in the middle of an
//! iteration plays a move of that iteration if it was searched in full and beat the last
//! iteration's best.
//!
//! Repetition: the game's history since the last capture is part of the search path. A
//! position repeated on the path is a draw, unless one side gave check with every one of its
//! moves in the cycle and the other did not: then the checking side loses (the perpetual
//! check rule). At the root the game's full rules, chase included, are applied to every move
//! (see `root.rs`), so a move that loses by the rules is never chosen while another exists.

mod history;
pub mod params;

use crate::eval::evaluate::evaluate;
use crate::limits::Limits;
use crate::movepicker::{is_capture, mvv_lva, MovePicker, KILLER_KEY};
use crate::node::Node;
use crate::quiesce::{quiesce, CaptureSearch};
use crate::root::{root_moves, sort_by_key};
use crate::score::{Score, MATE, MATE_BOUND};
use crate::thought::{Info, Thought};
use crate::time::{Budget, Stability};
use crate::tt::{Bound, Table};
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use history::{Histories, Played};
use params::*;
use std::sync::Arc;
use xiangqi::code;
use xiangqi::{Game, Move, MoveList, Position};

const INF: i32 = MATE + 1;
/// Deepest ply the search reaches, quiescence included.
pub const MAX_PLY: usize = 96;

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    /// The score if the move ends the game at once (rules verdict), not searched.
    fixed: Option<i32>,
    pv: Vec<Move>,
}

/// The strong searcher, with its transposition table and history kept between searches.
///
/// With more than one thread (Lazy SMP), helper searchers run the same iterative deepening
/// on other threads (the first at the main depth, then every other one a ply deeper: with two
/// threads, the same depth reached the bench depths sooner), sharing only the transposition table:
/// what they store steers the main search. The main thread alone reports and decides; it
/// stops the helpers when it is done.
pub(crate) struct Searcher {
    tt: Arc<Table>,
    /// The helpers of a threaded search, each with its own history and killers.
    helpers: Vec<Searcher>,
    /// Plies a helper adds to every iteration's depth (0 or 1), for diversity.
    depth_offset: i32,
    /// Nodes counted by the helpers in the current search, added as they poll.
    helper_nodes: Arc<AtomicU64>,
    /// True for a helper thread's searcher.
    is_helper: bool,
    /// The node count at the last time a helper added its nodes to `helper_nodes`.
    unpublished: u64,
    histories: Histories,
    /// The move played at each ply of the search path ([`Played::NONE`] for a null move).
    played: [Played; MAX_PLY],
    /// The static evaluation at each ply of the search path (-INF in check).
    evals: [i32; MAX_PLY],
    /// Set when a search stopped in the middle of an iteration after a move other than the
    /// previous best had been searched in full and found better: it is played.
    root_improved: bool,
    killers: [[Move; 2]; MAX_PLY],
    lmr: [[u8; 64]; 64],
    pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// (hash, side to move in check) of each position since the game's last capture, then
    /// of the search path; the last entry is the current node.
    path: Vec<(u64, bool)>,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    budget: Budget,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::sharing(
            Arc::new(Table::new(hash_mb)),
            None,
            Arc::new(AtomicU64::new(0)),
        )
    }

    /// A searcher on the table `tt`: the main one, or the helper number `helper` (from 1).
    fn sharing(tt: Arc<Table>, helper: Option<usize>, helper_nodes: Arc<AtomicU64>) -> Searcher {
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = ((d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
            }
        }
        Searcher {
            tt,
            helpers: Vec::new(),
            depth_offset: helper.map_or(0, |i| ((i + 1) % 2) as i32),
            helper_nodes,
            is_helper: helper.is_some(),
            unpublished: 0,
            histories: Histories::new(),
            played: [Played::NONE; MAX_PLY],
            evals: [-INF; MAX_PLY],
            root_improved: false,
            killers: [[Move::NONE; 2]; MAX_PLY],
            lmr,
            pv: Box::new([[Move::NONE; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            path: Vec::with_capacity(512),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            budget: Budget::default(),
        }
    }

    /// Replaces the transposition table with one of `mb` megabytes.
    pub fn resize(&mut self, mb: usize) {
        self.tt = Arc::new(Table::new(mb));
        let threads = self.threads();
        self.set_threads(threads);
    }

    /// The number of threads a search uses.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Searches with `n` threads (at least one) from now on.
    pub fn set_threads(&mut self, n: usize) {
        self.helpers = (1..n.max(1))
            .map(|i| Searcher::sharing(self.tt.clone(), Some(i), self.helper_nodes.clone()))
            .collect();
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.histories.clear();
        self.killers = [[Move::NONE; 2]; MAX_PLY];
        for h in &mut self.helpers {
            h.histories.clear();
            h.killers = [[Move::NONE; 2]; MAX_PLY];
        }
    }

    /// Per mille of the table in use.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches the position of `game` within `limits` (among its `searchmoves`, reporting
    /// its `multipv` lines), polling `stop` and `clock` (milliseconds since the search
    /// began), reporting each iteration to `on_info`.
    pub(crate) fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Thought {
        self.tt.new_search();
        self.helper_nodes.store(0, Ordering::Relaxed);
        if self.helpers.is_empty() {
            return self.iterate(game, limits, clock, stop, on_info);
        }
        // Helpers search until the main search ends, within its depth and moves.
        let helper_limits = Limits {
            depth: limits.depth,
            searchmoves: limits.searchmoves.clone(),
            infinite: true,
            ..Limits::default()
        };
        let done = AtomicBool::new(false);
        let mut helpers = core::mem::take(&mut self.helpers);
        let thought = std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let (limits, done) = (&helper_limits, &done);
                // A thread that cannot be started leaves the work to the others.
                let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                    helper.iterate(game, limits, &|| 0, done, &mut |_| {});
                    helper.publish_nodes();
                });
            }
            // The helpers stop when the main search ends, even by a panic (the scope joins
            // them before the panic goes on).
            let _stop_helpers = SetOnDrop(&done);
            self.iterate(game, limits, clock, stop, on_info)
        });
        self.helpers = helpers;
        Thought {
            nodes: self.total_nodes(),
            ..thought
        }
    }

    /// The nodes of the whole search so far, helpers included.
    fn total_nodes(&self) -> u64 {
        self.nodes + self.helper_nodes.load(Ordering::Relaxed)
    }

    /// A helper adds the nodes it counted since it last did to the shared count.
    fn publish_nodes(&mut self) {
        self.helper_nodes
            .fetch_add(self.nodes - self.unpublished, Ordering::Relaxed);
        self.unpublished = self.nodes;
    }

    /// One thread's iterative deepening.
    fn iterate(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Thought {
        self.budget = Budget::new(limits, game.position().turn());
        self.nodes = 0;
        self.unpublished = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.root_improved = false;
        self.histories.age();
        self.killers = [[Move::NONE; 2]; MAX_PLY];
        self.path.clear();
        self.path.extend(game.repetition_path());

        let us = game.position().turn();
        let mut roots: Vec<RootMove> = root_moves(game, limits)
            .into_iter()
            .map(|r| RootMove {
                mv: r.mv,
                score: -INF,
                fixed: r.final_score(us),
                pv: vec![r.mv],
            })
            .collect();
        if roots.is_empty() {
            return Thought::none();
        }
        // Before any search: captures first, so an instant stop still plays something sane.
        let root_pos = game.position().clone();
        sort_by_key(&mut roots, |r| {
            -(mvv_lva(&root_pos, r.mv) + r.fixed.unwrap_or(0))
        });

        let multipv = (limits.multipv.max(1) as usize).min(roots.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4);
        let mut completed = roots.clone();
        let mut completed_depth = 0;
        // How settled the best move and score are, for the time on a game clock.
        let mut stability = Stability::default();
        let mut pos = Node::new(root_pos);
        let mut ctl = Control { clock, stop };

        'deepening: for iteration in 1..=max_depth as i32 {
            let depth = (iteration + self.depth_offset).min(max_depth as i32);
            for line in 0..multipv {
                let previous = roots[line].score;
                let mut delta = ASPIRATION_WINDOW;
                let (mut alpha, mut beta) =
                    if depth >= ASPIRATION_FROM_DEPTH && previous.abs() < MATE_BOUND {
                        (previous - delta, previous + delta)
                    } else {
                        (-INF, INF)
                    };
                loop {
                    let score = self.root(&mut pos, &mut roots, line, depth, alpha, beta, &mut ctl);
                    if self.stopped {
                        if self.root_improved && multipv == 1 {
                            completed[0] = roots[0].clone();
                        }
                        break 'deepening;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INF);
                    } else if score >= beta {
                        beta = (score + delta).min(INF);
                    } else {
                        break;
                    }
                    delta += delta;
                    if delta > 1000 {
                        alpha = -INF;
                        beta = INF;
                    }
                }
            }
            completed = roots.clone();
            completed_depth = depth as u32;
            let time_ms = clock();
            for (i, r) in completed.iter().take(multipv).enumerate() {
                on_info(&Info {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    multipv: i as u32 + 1,
                    score: Score::from_internal(r.score),
                    nodes: self.total_nodes(),
                    time_ms,
                    nps: self.total_nodes() * 1000 / time_ms.max(1),
                    pv: r.pv.clone(),
                });
            }
            stability.record(completed[0].mv, completed[0].score);
            if self
                .budget
                .soft_reached(&stability, time_ms, depth, roots.len())
            {
                break;
            }
            // A forced mate found and proven to this depth: deeper search cannot improve it.
            if completed[0].score.abs() >= MATE_BOUND
                && depth > 2 * (MATE - completed[0].score.abs()) + 2
            {
                break;
            }
        }
        let best = &completed[0];
        Thought {
            best: Some(best.mv),
            score: Score::from_internal(best.score),
            depth: completed_depth,
            nodes: self.nodes,
            pv: best.pv.clone(),
        }
    }

    /// Searches the root moves from index `line` on (earlier ones are the better lines of a
    /// multi-PV search) and sorts them, best first. Returns the best score.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        pos: &mut Node,
        roots: &mut [RootMove],
        line: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ctl: &mut Control,
    ) -> i32 {
        let mut best = -INF;
        // The last move after the first that beat alpha, searched in full.
        let mut improved = None;
        for i in line..roots.len() {
            let m = roots[i].mv;
            let score = if let Some(v) = roots[i].fixed {
                v
            } else {
                self.played[0] = played(pos, m);
                let undo = pos.make_move(m);
                self.path.push((pos.hash(), pos.in_check()));
                let mut s;
                if i == line {
                    s = -self.negamax(pos, depth - 1, -beta, -alpha, 1, true, ctl);
                } else {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, 1, true, ctl);
                    if s > alpha && s < beta && !self.stopped {
                        s = -self.negamax(pos, depth - 1, -beta, -alpha, 1, true, ctl);
                    }
                }
                self.path.pop();
                pos.unmake_move(m, undo);
                s
            };
            if self.stopped {
                // A later move searched in full beat the first one: it is the better choice.
                if let Some(i) = improved {
                    roots[line..=i].rotate_right(1);
                    self.root_improved = true;
                }
                return best;
            }
            if score > best {
                best = score;
            }
            if score > alpha || i == line {
                roots[i].score = score;
                let mut pv = vec![m];
                if roots[i].fixed.is_none() {
                    pv.extend_from_slice(&self.pv[1][1..self.pv_len[1]]);
                }
                roots[i].pv = pv;
                if score > alpha {
                    alpha = score;
                    if i > line {
                        improved = Some(i);
                    }
                }
                if score >= beta {
                    break;
                }
            } else {
                roots[i].score = -INF;
            }
        }
        // Stable: moves that did not beat alpha keep their previous relative order.
        sort_by_key(&mut roots[line..], |r| -r.score);
        best
    }

    #[inline]
    fn poll(&mut self, ctl: &mut Control) {
        if self.is_helper {
            self.publish_nodes();
        }
        if ctl.stop.load(Ordering::Relaxed) || self.budget.spent(self.nodes, ctl.clock) {
            self.stopped = true;
        }
    }

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
    fn negamax(
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
        if self.nodes & 1023 == 0 {
            self.poll(ctl);
        }
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
        let eval = if in_check {
            -INF
        } else {
            match hit {
                Some(h) if h.bound != Bound::None => h.eval,
                _ => evaluate(pos),
            }
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

        // Pseudo-legal moves: each is tested for legality only when it is about to be
        // searched, after the pruning rules have had their say.
        let mut list = MoveList::new();
        pos.generate_pseudo::<false>(&mut list);
        let killers = self.killers[ply];
        let prev = if ply >= 1 {
            self.played[ply - 1]
        } else {
            Played::NONE
        };
        let prev2 = if ply >= 2 {
            self.played[ply - 2]
        } else {
            Played::NONE
        };
        let histories = &self.histories;
        let mut picker = MovePicker::new(pos, list, tt_move, &killers, |m| {
            histories.quiet(played(pos, m), prev, prev2)
        });

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        let mut quiets = [Move::NONE; 64];
        let mut n_quiets = 0;
        while let Some((m, key)) = picker.next() {
            let capture = is_capture(pos, m);

            if !pv_node && !in_check && !mate_window && searched > 0 && best > -MATE_BOUND {
                if !capture && key < KILLER_KEY {
                    let lmp = depth <= LMP_LIMIT && searched >= LMP_BASE + (depth * depth) as usize;
                    let futile = depth <= FUTILITY_LIMIT && eval + FUTILITY_MARGIN * depth <= alpha;
                    if lmp || futile {
                        // Every later quiet move is pruned too (unless it checks), so the
                        // remaining moves need no more sorting.
                        picker.stop_sorting();
                        if !pos.gives_check(m) {
                            continue;
                        }
                    }
                } else if capture && key < 0 && depth <= 3 {
                    continue;
                }
            }

            if !pos.is_legal_pseudo(m, in_check) {
                continue;
            }
            self.played[ply] = played(pos, m);
            let undo = pos.make_move(m);
            self.tt.prefetch(pos.hash());
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
        let stored_eval = if in_check { 0 } else { eval };
        self.tt
            .store(hash, ply, best_move, best, stored_eval, depth, bound);
        best
    }

    /// A quiet move caused a cutoff: make it a killer, raise its history and lower the
    /// history of the quiet moves tried before it.
    fn reward_quiet(&mut self, m: Move, tried: &[Move], depth: i32, ply: usize, pos: &Node) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let prev = if ply >= 1 {
            self.played[ply - 1]
        } else {
            Played::NONE
        };
        let prev2 = if ply >= 2 {
            self.played[ply - 2]
        } else {
            Played::NONE
        };
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

/// Sets its flag when dropped.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The caller's clock and stop flag, borrowed for one search.
struct Control<'a> {
    clock: &'a dyn Fn() -> u64,
    stop: &'a AtomicBool,
}

/// `m` as the histories see it, before it is played.
#[inline(always)]
fn played(pos: &Position, m: Move) -> Played {
    Played {
        piece: pos.code_at(m.from().index()),
        to: m.to().index() as u8,
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
