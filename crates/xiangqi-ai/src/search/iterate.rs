//! The strong search's root: iterative deepening with aspiration windows, multi-PV, the
//! report after each iteration, and the search of the root moves themselves.

use super::history::played;
use super::params::{ASPIRATION_FROM_DEPTH, ASPIRATION_WINDOW};
use super::searcher::{Searcher, INF, MAX_DEPTH, MAX_PLY};
use super::threads::Control;
use crate::limits::Limits;
use crate::movepicker::mvv_lva;
use crate::node::Node;
use crate::root::{root_moves, sort_by_key};
use crate::score::{Score, MATE, MATE_BOUND};
use crate::thought::{Info, Thought};
use crate::time::{Budget, Stability};
use core::sync::atomic::AtomicBool;
use xiangqi::{Game, Move};

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    /// The score if the move ends the game at once (rules verdict), not searched.
    fixed: Option<i32>,
    pv: Vec<Move>,
}

impl Searcher {
    /// One thread's iterative deepening.
    pub(super) fn iterate(
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
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut completed = roots.clone();
        let mut completed_depth = 0;
        // How settled the best move and score are, for the time on a game clock.
        let mut stability = Stability::default();
        let mut pos = Node::with_network(root_pos, self.net.clone());
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
}
