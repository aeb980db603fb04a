//! The computer player the worker runs, under the contract of the engine's `xiangqi::ai`
//! (`think`, `Request`, `Info`, `Thought`, `Score`, `MAX_LEVEL`).
//!
//! The engine's own searches are being written on the main branch; until they land the page
//! needs an opponent with the same interface, levels and progress reports, so that the worker,
//! the status bar and "move now" can be built and tested now. When `xiangqi::ai` arrives this
//! module becomes `pub use xiangqi::ai::*;` and nothing else in the crate changes.
//!
//! Levels: 1 is greedy (the best capture by material, ties broken at random), 2 and 3 are
//! randomized fixed-depth alpha-beta, 4 and up are iterative deepening with a time budget that
//! doubles with each level.

use core::fmt;
use xiangqi::{Color, Game, Kind, Move, MoveList, Position};

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

const MATE: i32 = 30_000;
const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;

/// What the caller asks of [`think`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Difficulty level, 1..=[`MAX_LEVEL`].
    pub level: u8,
    /// Seed for the randomized levels.
    pub seed: u64,
    /// Lines to report; 1 for play.
    pub multipv: u32,
}

/// A search score: centipawns or mate in moves, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The score for an internal value.
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v + 1) / 2)
        } else {
            Score::Cp(v)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Progress of a search, reported after each completed iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = best).
    pub multipv: u32,
    /// Score of this line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The chosen move, `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: Score,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// Chooses a move for the side to move in `game`, reporting progress to `on_info`.
/// `clock` returns milliseconds since the search began.
pub fn think(
    game: &Game,
    request: &Request,
    clock: &dyn Fn() -> u64,
    on_info: &mut dyn FnMut(&Info),
) -> Thought {
    let level = request.level.clamp(1, MAX_LEVEL);
    let mut search = Search {
        pos: game.position().clone(),
        nodes: 0,
        seldepth: 0,
        clock,
        deadline: u64::MAX,
        stopped: false,
        rng: request.seed | 1,
        noise: 0,
        pv: vec![Vec::new(); 64],
        history: game.hashes(),
    };
    match level {
        1 => search.greedy(),
        2 | 3 => {
            search.noise = 24;
            search.iterate(u32::from(level), on_info)
        }
        _ => {
            // 250 ms at level 4, doubling to 4 s at level 8.
            search.deadline = 250 << (level - 4);
            search.iterate(64, on_info)
        }
    }
}

/// Piece values in centipawns, by [`Kind::index`].
const VALUE: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

struct Search<'a> {
    pos: Position,
    nodes: u64,
    seldepth: u32,
    clock: &'a dyn Fn() -> u64,
    deadline: u64,
    stopped: bool,
    rng: u64,
    /// Random centipawns added to root moves, for the randomized levels.
    noise: i32,
    /// Triangular principal-variation table.
    pv: Vec<Vec<Move>>,
    /// Hashes of the game's positions and the search path, for repetition.
    history: Vec<u64>,
}

impl Search<'_> {
    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Level 1: the move that wins the most material at once, ties broken at random.
    fn greedy(&mut self) -> Thought {
        let moves = self.pos.legal_moves();
        let mut best = None;
        let mut best_key = i64::MIN;
        for &m in moves.as_slice() {
            let gain = self
                .pos
                .piece_at(m.to())
                .map_or(0, |p| VALUE[p.kind.index()]);
            let key = i64::from(gain) * 1024 + (self.random() % 1024) as i64;
            if key > best_key {
                best_key = key;
                best = Some(m);
            }
        }
        Thought {
            best,
            score: Score::Cp(0),
            depth: 1,
            nodes: moves.len() as u64,
            pv: best.into_iter().collect(),
        }
    }

    fn iterate(&mut self, max_depth: u32, on_info: &mut dyn FnMut(&Info)) -> Thought {
        let mut root = self.pos.legal_moves();
        let mut thought = Thought {
            best: root.as_slice().first().copied(),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: root.as_slice().first().copied().into_iter().collect(),
        };
        if root.len() <= 1 {
            return thought;
        }
        let noise: Vec<(Move, i32)> = root
            .as_slice()
            .iter()
            .map(|&m| {
                let n = if self.noise > 0 {
                    (self.random() % (2 * self.noise as u64 + 1)) as i32 - self.noise
                } else {
                    0
                };
                (m, n)
            })
            .collect();
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let mut best = None;
            order(&self.pos, root.as_mut_slice(), thought.best);
            for i in 0..root.len() {
                let m = root.as_slice()[i];
                let undo = self.pos.make_move(m);
                self.history.push(self.pos.hash());
                let bonus = noise.iter().find(|(n, _)| *n == m).map_or(0, |(_, b)| *b);
                let raw = -self.alphabeta(depth - 1, 1, -INF, -alpha + bonus);
                // A result at or below the window is only a bound: no improvement.
                let improves = raw + bonus > alpha;
                // Noise varies the choice among ordinary moves, never a mate's distance.
                let v = if raw.abs() >= MATE_BOUND {
                    raw
                } else {
                    raw + bonus
                };
                self.history.pop();
                self.pos.unmake_move(m, undo);
                if self.stopped {
                    break;
                }
                if improves && v > alpha {
                    alpha = v;
                    best = Some(m);
                    let mut line = vec![m];
                    line.extend_from_slice(&self.pv[1]);
                    self.pv[0] = line;
                }
            }
            if self.stopped && best.is_none() {
                break;
            }
            if let Some(b) = best {
                thought = Thought {
                    best: Some(b),
                    score: Score::from_internal(alpha),
                    depth,
                    nodes: self.nodes,
                    pv: self.pv[0].clone(),
                };
                let time_ms = (self.clock)();
                on_info(&Info {
                    depth,
                    seldepth: self.seldepth.max(depth),
                    multipv: 1,
                    score: thought.score,
                    nodes: self.nodes,
                    time_ms,
                    nps: self.nodes * 1000 / time_ms.max(1),
                    pv: thought.pv.clone(),
                });
            }
            if self.stopped || alpha.abs() >= MATE_BOUND {
                break;
            }
            // An iteration takes a few times longer than the last: do not start one that
            // cannot finish.
            if self.deadline != u64::MAX && (self.clock)() * 3 > self.deadline {
                break;
            }
        }
        thought.nodes = self.nodes;
        thought
    }

    fn check_time(&mut self) {
        if self.nodes & 1023 == 0 && (self.clock)() >= self.deadline {
            self.stopped = true;
        }
    }

    fn alphabeta(&mut self, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.check_time();
        if self.stopped {
            return 0;
        }
        let hash = self.pos.hash();
        let len = self.history.len();
        // The same position with the same side to move: two, four... plies back.
        if len > 4
            && self.history[..len - 1]
                .iter()
                .rev()
                .skip(1)
                .step_by(2)
                .any(|&h| h == hash)
        {
            return 0;
        }
        let in_check = self.pos.in_check();
        let depth = if in_check { depth + 1 } else { depth };
        if depth == 0 || ply >= 60 {
            return self.quiesce(ply, alpha, beta);
        }
        let mut moves = self.pos.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        order(&self.pos, moves.as_mut_slice(), None);
        for &m in moves.as_slice() {
            let undo = self.pos.make_move(m);
            self.history.push(self.pos.hash());
            let v = -self.alphabeta(depth - 1, ply + 1, -beta, -alpha);
            self.history.pop();
            self.pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if v > alpha {
                alpha = v;
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(m);
                head[ply].extend_from_slice(&tail[0]);
                if v >= beta {
                    break;
                }
            }
        }
        alpha
    }

    fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        self.check_time();
        if self.stopped {
            return 0;
        }
        let stand = evaluate(&self.pos);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        if ply >= 60 {
            return alpha;
        }
        let mut moves = MoveList::new();
        self.pos.generate_legal_captures(&mut moves);
        order(&self.pos, moves.as_mut_slice(), None);
        for &m in moves.as_slice() {
            let undo = self.pos.make_move(m);
            let v = -self.quiesce(ply + 1, -beta, -alpha);
            self.pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
        alpha
    }
}

/// Puts `first` first, then captures by most valuable victim and least valuable attacker.
fn order(pos: &Position, moves: &mut [Move], first: Option<Move>) {
    moves.sort_by_cached_key(|&m| {
        if Some(m) == first {
            return i32::MIN;
        }
        match pos.piece_at(m.to()) {
            Some(victim) => {
                let attacker = pos.piece_at(m.from()).map_or(0, |p| VALUE[p.kind.index()]);
                -(VALUE[victim.kind.index()] * 16 - attacker / 16)
            }
            None => 0,
        }
    });
}

/// Material and a little placement, for the side to move.
fn evaluate(pos: &Position) -> i32 {
    let mut score = [0i32; 2];
    for sq in xiangqi::Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let rel = i32::from(sq.relative_rank(p.color));
        let centre = 4 - (i32::from(sq.file()) - 4).abs();
        let place = match p.kind {
            Kind::Soldier if rel >= 5 => 90 + 10 * centre - if rel == 9 { 60 } else { 0 },
            Kind::Horse => 6 * centre + 4 * rel.min(6),
            Kind::Chariot => 2 * centre + 3 * rel.min(5),
            Kind::Cannon => 3 * centre,
            _ => 0,
        };
        score[p.color.index()] += VALUE[p.kind.index()] + place;
    }
    let us = pos.turn();
    let them = match us {
        Color::Red => Color::Black,
        Color::Black => Color::Red,
    };
    score[us.index()] - score[them.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn no_clock() -> u64 {
        0
    }

    #[test]
    fn every_level_plays_a_legal_move_from_the_start() {
        let game = Game::new();
        for level in 1..=3 {
            let t = think(
                &game,
                &Request {
                    level,
                    seed: 42,
                    multipv: 1,
                },
                &no_clock,
                &mut |_| {},
            );
            assert!(game.position().is_legal(t.best.unwrap()), "level {level}");
        }
    }

    #[test]
    fn finds_a_mate_in_one() {
        // The chariot on a8 holds rank 8; the other one mates on rank 9.
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").unwrap();
        let game = Game::from_position(pos);
        let t = think(
            &game,
            &Request {
                level: 3,
                seed: 1,
                multipv: 1,
            },
            &no_clock,
            &mut |_| {},
        );
        assert_eq!(t.best, Some(parse_uci("b0b9").unwrap()));
        assert_eq!(t.score, Score::Mate(1));
    }
}
