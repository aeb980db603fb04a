//! v2, the randomized alpha-beta player: negamax with alpha-beta pruning to a fixed depth
//! (default 4) and a quiescence search on captures. At the root every move that scores within
//! `margin` centipawns of the best is a candidate, and one is drawn at random with the seed:
//! the same seed repeats the choice, different seeds vary among near-equal moves. The player
//! of some skill searches the same way and scores every root move, then draws one by a
//! softmax of the scores (`choice.rs`).
//!
//! For move ordering it deepens one ply at a time up to the fixed depth, remembers best
//! moves and bounds in a small transposition table, and orders moves with the move picker
//! the strong search uses too (`movepicker.rs`: hash move, captures by MVV/LVA with losing
//! ones last, killers, then quiet moves by its own history, a plain piece-to-point table);
//! it searches later moves with a null window first (principal variation search).
//! It never prunes by guesswork in the main search (no null move, no reductions, no
//! futility), so its scores are the minimax values to that depth; quiescence looks at
//! captures that do not lose material by static exchange.

use crate::choice::{self, Choice, SOFTMAX_CAP};
use crate::limits::Limits;
use crate::movepicker::{is_capture, MovePicker};
use crate::node::Node;
use crate::quiesce::{quiesce, CaptureSearch};
use crate::root::{root_moves, sort_by_key};
use crate::score::{Score, MATE};
use crate::thought::{Info, Thought};
use crate::time::Budget;
use crate::tt::{Bound, Table};
use core::sync::atomic::{AtomicBool, Ordering};
use xiangqi::{Game, Move, MoveList, Position};

/// How v2 plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Plies searched before quiescence.
    pub depth: u32,
    /// How the move is drawn among the scored root moves.
    pub choice: Choice,
    /// Seed of the random choice among candidates.
    pub seed: u64,
}

/// v2's margin unless told: root moves within 20 centipawns of the best are candidates.
pub const DEFAULT_MARGIN: i32 = 20;

impl Default for Config {
    fn default() -> Self {
        Config {
            depth: 4,
            choice: Choice::Margin(DEFAULT_MARGIN),
            seed: 0,
        }
    }
}

const INF: i32 = MATE + 1;

const MAX_PLY: usize = 64;
/// Deepest iteration (quiescence goes on beyond it up to [`MAX_PLY`]).
const MAX_DEPTH: u32 = 32;
/// Transposition table size in megabytes: small, v2 searches shallow trees.
const TABLE_MB: usize = 4;

struct AlphaBeta<'a> {
    clock: &'a dyn Fn() -> u64,
    stop: &'a AtomicBool,
    budget: Budget,
    /// Set when the stop flag, the node limit or the hard time limit is reached: every
    /// score computed since is unusable.
    stopped: bool,
    table: Table,
    nodes: u64,
    seldepth: u32,
    killers: [[Move; 2]; MAX_PLY],
    history: [[i32; 90]; 16],
    /// Hashes since the last capture, the game's and then the search path's.
    path: Vec<u64>,
}

impl CaptureSearch for AlphaBeta<'_> {
    const MAX_PLY: usize = MAX_PLY;

    fn enter(&mut self, ply: usize) -> bool {
        if self.nodes & 1023 == 0 {
            self.poll();
        }
        if self.stopped {
            return false;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        true
    }

    fn stopped(&self) -> bool {
        self.stopped
    }

    fn in_check(&self, pos: &Node) -> bool {
        pos.in_check()
    }

    // Repetitions are judged in the main search only.
    fn played(&mut self, _pos: &Node) {}

    fn taken_back(&mut self) {}
}

impl AlphaBeta<'_> {
    fn poll(&mut self) {
        // The budget reads the clock first, where a caller may set the stop flag.
        if self.budget.spent(self.nodes, self.clock) || self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }

    fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.path.len();
        let window = (pos.halfmoves() as usize).min(n.saturating_sub(1));
        (4..=window)
            .step_by(2)
            .any(|back| self.path[n - 1 - back] == pos.hash())
    }

    fn search(
        &mut self,
        pos: &mut Node,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        if depth == 0 || ply + 1 >= MAX_PLY {
            return quiesce(self, pos, alpha, beta, ply);
        }
        if !self.enter(ply) {
            return 0;
        }
        if ply > 0 && self.is_repetition(pos) {
            return 0;
        }
        let hash = pos.hash();
        let mut hash_move = Move::NONE;
        if let Some(hit) = self.table.probe(hash, ply) {
            hash_move = hit.mv;
            if hit.depth >= depth as i32 {
                match hit.bound {
                    Bound::Exact => return hit.score,
                    Bound::Lower => alpha = alpha.max(hit.score),
                    Bound::Upper => beta = beta.min(hit.score),
                    Bound::None => {}
                }
                if alpha >= beta {
                    return hit.score;
                }
            }
        }
        let mut list = MoveList::new();
        pos.generate_legal(&mut list);
        if list.is_empty() {
            return -(MATE - ply as i32);
        }
        let history = &self.history;
        let mut picker = MovePicker::new(pos, list, hash_move, &self.killers[ply], |m| {
            history[pos.code_at(m.from().index()) as usize][m.to().index()]
        });
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut first = true;
        while let Some((m, _)) = picker.next() {
            let capture = is_capture(pos, m);
            let piece = pos.code_at(m.from().index()) as usize;
            let undo = pos.make_move(m);
            self.path.push(pos.hash());
            let mut score;
            if first {
                score = -self.search(pos, depth - 1, -beta, -alpha, ply + 1);
                first = false;
            } else {
                score = -self.search(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                if score > alpha && score < beta {
                    score = -self.search(pos, depth - 1, -beta, -alpha, ply + 1);
                }
            }
            self.path.pop();
            pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if !capture {
                            if self.killers[ply][0] != m {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = m;
                            }
                            self.history[piece][m.to().index()] += (depth * depth) as i32;
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A zero may be a repetition draw, which depends on the path: keep it out.
        if best != 0 {
            self.table
                .store(hash, ply, best_move, best, 0, depth as i32, bound);
        }
        best
    }
}

/// Chooses a move for the side to move in `game` among the moves `limits` allows (see the
/// module doc), reporting each completed depth to `on_info`. It deepens to `config.depth`, or
/// to the limits' depth; with a time, node or infinite budget and no depth, as deep as the
/// budget allows. When stopped it plays the best move of the last completed depth.
pub fn choose(
    game: &Game,
    config: &Config,
    limits: &Limits,
    clock: &dyn Fn() -> u64,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info),
) -> Thought {
    let us = game.position().turn();
    let mut roots: Vec<(Move, i32, Option<i32>)> = root_moves(game, limits)
        .into_iter()
        .map(|r| (r.mv, 0, r.final_score(us)))
        .collect();
    if roots.is_empty() {
        return Thought::none();
    }
    let budget = Budget::new(limits, us);
    let mut ab = AlphaBeta {
        clock,
        stop,
        budget,
        stopped: false,
        table: Table::new(TABLE_MB),
        nodes: 0,
        seldepth: 0,
        killers: [[Move::NONE; 2]; MAX_PLY],
        history: [[0; 90]; 16],
        path: game.hashes(),
    };
    let mut pos = Node::new(game.position().clone());
    let max_depth = match limits.depth {
        Some(d) => d,
        None if limits.has_budget() => MAX_DEPTH,
        None => config.depth,
    }
    .clamp(1, MAX_DEPTH);
    // Searches one root move with the window (alpha, beta) at depth `d`.
    let mut search_root = |ab: &mut AlphaBeta, m: Move, d: u32, alpha: i32, beta: i32| {
        let undo = pos.make_move(m);
        ab.path.push(pos.hash());
        let s = -ab.search(&mut pos, d - 1, -beta, -alpha, 1);
        ab.path.pop();
        pos.unmake_move(m, undo);
        s
    };
    let mut completed = roots.clone();
    let mut completed_best = -INF;
    let mut depth = 0;
    for d in 1..=max_depth {
        // Principal variation search at the root: an exact score for the best move and an
        // upper bound for each of the others.
        let mut best = -INF;
        for (i, root) in roots.iter_mut().enumerate() {
            let (m, ref mut score, fixed) = *root;
            *score = match fixed {
                Some(v) => v,
                None if i == 0 => search_root(&mut ab, m, d, -INF, INF),
                None => {
                    let s = search_root(&mut ab, m, d, best, best + 1);
                    if s > best && !ab.stopped {
                        search_root(&mut ab, m, d, best, INF)
                    } else {
                        s
                    }
                }
            };
            if ab.stopped {
                break;
            }
            best = best.max(*score);
        }
        if ab.stopped {
            break;
        }
        sort_by_key(&mut roots, |r| -r.1);
        completed.clone_from(&roots);
        completed_best = best;
        depth = d;
        let time_ms = clock();
        on_info(&Info {
            depth: d,
            seldepth: ab.seldepth,
            multipv: 1,
            score: Score::from_internal(best),
            nodes: ab.nodes,
            time_ms,
            nps: ab.nodes * 1000 / time_ms.max(1),
            pv: vec![roots[0].0],
        });
        if ab.budget.soft_ms.is_some_and(|soft| time_ms >= soft) {
            break;
        }
    }
    let roots = completed;
    let (best_move, best) = (roots[0].0, completed_best);
    if depth == 0 {
        // Stopped before the first depth completed: the first root move (ordered as the
        // rules verdicts left them) is all there is.
        let &(mv, _, fixed) = roots
            .iter()
            .max_by_key(|r| r.2.unwrap_or(0))
            .expect("at least one root move");
        return Thought {
            best: Some(mv),
            score: Score::from_internal(fixed.unwrap_or(0)),
            depth: 0,
            nodes: ab.nodes,
            pv: vec![mv],
        };
    }
    // The candidates: the best move, and every other one that a search shows to score at
    // least the margin's threshold (a null window there) or, for the softmax, its score down
    // to the cap below the best (a window from there; a score under it counts as the cap).
    // The root search is fail-soft, so a move's score from it is an upper bound: below the
    // threshold, no test is needed. Once stopped, no further candidate is tested.
    let (floor, exact) = match config.choice {
        Choice::Margin(margin) => (best - margin, false),
        Choice::Softmax(_) => (best - SOFTMAX_CAP, true),
    };
    let mut candidates = vec![(best_move, best)];
    for &(m, bound, fixed) in &roots[1..] {
        if ab.stopped {
            break;
        }
        let score = match fixed {
            Some(v) => v,
            None if bound < floor => bound,
            None if exact => search_root(&mut ab, m, depth, floor - 1, best + 1),
            None => search_root(&mut ab, m, depth, floor - 1, floor),
        };
        if ab.stopped {
            break;
        }
        if exact {
            // A search of the same depth again may find a little more than the first did.
            candidates.push((m, score.clamp(floor - 1, best)));
        } else if score >= floor {
            candidates.push((m, score));
        }
    }
    if exact {
        sort_by_key(&mut candidates, |c| -c.1);
    }
    let (mv, score) = choice::draw(&candidates, config.choice, config.seed)
        .expect("the best move is a candidate");
    Thought {
        best: Some(mv),
        score: Score::from_internal(score),
        depth,
        nodes: ab.nodes,
        pv: vec![mv],
    }
}
