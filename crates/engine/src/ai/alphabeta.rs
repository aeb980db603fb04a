//! v2, the randomized alpha-beta player: negamax with alpha-beta pruning to a fixed depth
//! (default 4) and a quiescence search on captures. At the root every move that scores within
//! `margin` centipawns of the best is a candidate, and one is drawn at random with the seed:
//! the same seed repeats the choice, different seeds vary among near-equal moves.
//!
//! For move ordering it deepens one ply at a time up to the fixed depth and keeps killer
//! moves and a history table; it has no transposition table and never prunes unsoundly, so
//! its scores are exact minimax values to that depth.

use super::eval::evaluate;
use super::order::{is_capture, mvv_lva};
use super::root::root_moves;
use super::{Info, Score, Thought, MATE};
use crate::position::code;
use crate::{Game, Move, MoveList, Position};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// How v2 plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Plies searched before quiescence.
    pub depth: u32,
    /// Root moves within this many centipawns of the best are candidates.
    pub margin: i32,
    /// Seed of the random choice among candidates.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            depth: 4,
            margin: 20,
            seed: 0,
        }
    }
}

const INF: i32 = MATE + 1;
const MAX_PLY: usize = 64;

struct AlphaBeta {
    nodes: u64,
    seldepth: u32,
    killers: [[Move; 2]; MAX_PLY],
    history: [[i32; 90]; 16],
    /// Hashes since the last capture, the game's and then the search path's.
    path: Vec<u64>,
}

impl AlphaBeta {
    fn order(&self, pos: &Position, list: &mut MoveList, ply: usize) {
        let key = |m: Move| -> i32 {
            if is_capture(pos, m) {
                1_000_000 + mvv_lva(pos, m)
            } else if m == self.killers[ply][0] {
                900_000
            } else if m == self.killers[ply][1] {
                800_000
            } else {
                self.history[pos.board[m.from().index()] as usize][m.to().index()]
            }
        };
        list.as_mut_slice().sort_by_cached_key(|&m| -key(m));
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
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth == 0 || ply + 1 >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        if ply > 0 && self.is_repetition(pos) {
            return 0;
        }
        let mut list = MoveList::new();
        pos.generate_legal(&mut list);
        if list.is_empty() {
            return -(MATE - ply as i32);
        }
        self.order(pos, &mut list, ply);
        let mut best = -INF;
        for &m in list.iter() {
            let capture = is_capture(pos, m);
            let piece = pos.board[m.from().index()] as usize;
            let undo = pos.make_move(m);
            self.path.push(pos.hash());
            let score = -self.search(pos, depth - 1, -beta, -alpha, ply + 1);
            self.path.pop();
            pos.unmake_move(m, undo);
            if score > best {
                best = score;
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
        best
    }

    fn quiesce(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        let in_check = pos.in_check();
        let mut best = -INF;
        if !in_check {
            best = evaluate(pos);
            if best >= beta || ply + 1 >= MAX_PLY {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut list = MoveList::new();
        if in_check {
            pos.generate_legal(&mut list);
            if list.is_empty() {
                return -(MATE - ply as i32);
            }
            if ply + 1 >= MAX_PLY {
                return evaluate(pos);
            }
        } else {
            pos.generate_legal_captures(&mut list);
        }
        list.as_mut_slice()
            .sort_by_cached_key(|&m| -mvv_lva(pos, m));
        for &m in list.iter() {
            if pos.board[m.to().index()] == code::general(pos.turn().index() ^ 1) {
                continue;
            }
            let undo = pos.make_move(m);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1);
            pos.unmake_move(m, undo);
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
}

/// Chooses a move for the side to move in `game` (see the module doc), reporting each
/// completed depth to `on_info`.
pub fn choose(
    game: &Game,
    config: &Config,
    clock: &dyn Fn() -> u64,
    on_info: &mut dyn FnMut(&Info),
) -> Thought {
    let us = game.position().turn();
    let mut roots: Vec<(Move, i32, Option<i32>)> = root_moves(game)
        .into_iter()
        .map(|r| {
            let fixed = r.ends.map(|o| match o.winner {
                Some(w) if w == us => MATE - 1,
                Some(_) => -(MATE - 1),
                None => 0,
            });
            (r.mv, 0, fixed)
        })
        .collect();
    if roots.is_empty() {
        return Thought {
            best: None,
            score: Score::Mate(0),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
    }
    let mut ab = AlphaBeta {
        nodes: 0,
        seldepth: 0,
        killers: [[Move::NONE; 2]; MAX_PLY],
        history: [[0; 90]; 16],
        path: game.hashes(),
    };
    let mut pos = game.position().clone();
    let depth = config.depth.max(1);
    let mut best = 0;
    for d in 1..=depth {
        let last = d == depth;
        best = -INF;
        for root in roots.iter_mut() {
            let (m, ref mut score, fixed) = *root;
            if let Some(v) = fixed {
                *score = v;
            } else {
                // Candidates need exact scores down to best - margin; others may fail low.
                let floor = if last { best - config.margin - 1 } else { best };
                let alpha = floor.max(-INF);
                let undo = pos.make_move(m);
                ab.path.push(pos.hash());
                *score = -ab.search(&mut pos, d - 1, -INF, -alpha, 1);
                ab.path.pop();
                pos.unmake_move(m, undo);
            }
            best = best.max(*score);
        }
        roots.sort_by_key(|r| -r.1);
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
    }
    let candidates: Vec<&(Move, i32, Option<i32>)> = roots
        .iter()
        .filter(|r| r.1 >= best - config.margin)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let &&(mv, score, _) = candidates
        .choose(&mut rng)
        .expect("the best move is a candidate");
    Thought {
        best: Some(mv),
        score: Score::from_internal(score),
        depth,
        nodes: ab.nodes,
        pv: vec![mv],
    }
}
