//! The searches that judge a puzzle: the best move and its score at a fixed depth, from a
//! table cleared for each position so that a verdict depends on the position alone; and the
//! best score of every other move. What counts as winning is here, shared by the miner and
//! the test over the shipped set.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use xiangqi::{Game, Move, Position};
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{Limits, Player, Score, Session, Task};

/// A centipawn score at or above this wins decisively.
pub const WIN_CP: i32 = 400;
/// A second move within this of the best would do nearly as well: the puzzle is not one.
pub const GAP_CP: i32 = 300;

/// Whether `s` wins decisively for the side to move.
pub fn wins(s: Score) -> bool {
    match s {
        Score::Mate(n) => n > 0,
        Score::Cp(cp) => cp >= WIN_CP,
    }
}

/// Whether a second move scoring `alt` would also solve a puzzle whose move scores `best`:
/// it wins too, or (where the best does not mate) it comes within [`GAP_CP`] of it.
pub fn also_solves(best: Score, alt: Score) -> bool {
    wins(alt)
        || match (best, alt) {
            (Score::Cp(b), Score::Cp(a)) => a > b - GAP_CP,
            _ => false,
        }
}

/// A search's answer: the move, its score, and the first depth from which every iteration
/// chose that move with a winning score (how deep one must look to find it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// The best move.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// The depth from which the search kept to it, winning.
    pub found_at: u32,
}

/// A session that judges positions at one depth.
pub struct Judge {
    session: Session,
    depth: u32,
}

impl Judge {
    /// A judge searching `depth` plies, with `network` (or the hand-set evaluation).
    pub fn new(depth: u32, network: Option<Arc<Network>>) -> Judge {
        let mut session = Session::new(16);
        session.set_network(network);
        Judge { session, depth }
    }

    /// The depth it searches.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    fn search(&mut self, pos: &Position, searchmoves: Vec<Move>) -> Option<Verdict> {
        self.session.new_game();
        let game = Game::from_position(pos.clone());
        let task = Task {
            player: Player::Strong,
            limits: Limits {
                depth: Some(self.depth),
                searchmoves,
                ..Limits::default()
            },
        };
        let mut found_at = None;
        let mut on_info = |info: &xiangqi_ai::Info| {
            if info.multipv > 1 {
                return;
            }
            match info.pv.first() {
                Some(&m) if wins(info.score) => {
                    found_at = match found_at {
                        Some((d, prev)) if prev == m => Some((d, m)),
                        _ => Some((info.depth, m)),
                    };
                }
                _ => found_at = None,
            }
        };
        let t = self
            .session
            .think(&game, &task, &|| 0, &AtomicBool::new(false), &mut on_info);
        let best = t.best?;
        let found_at = match found_at {
            Some((d, m)) if m == best => d,
            _ => self.depth,
        };
        Some(Verdict {
            best,
            score: t.score,
            found_at,
        })
    }

    /// The best move in `pos`; `None` when there is no legal move.
    pub fn best(&mut self, pos: &Position) -> Option<Verdict> {
        self.search(pos, Vec::new())
    }

    /// The best score of the moves of `pos` other than `m`; `None` when there is none.
    pub fn best_other(&mut self, pos: &Position, m: Move) -> Option<Score> {
        let others: Vec<Move> = pos
            .legal_moves()
            .as_slice()
            .iter()
            .copied()
            .filter(|&o| o != m)
            .collect();
        if others.is_empty() {
            return None;
        }
        self.search(pos, others).map(|v| v.score)
    }

    /// The search's best move in `pos` if it is the only winning one: it wins, and no other
    /// move would also do. The error says why not.
    pub fn unique_win(&mut self, pos: &Position) -> Result<Verdict, String> {
        let v = self.best(pos).ok_or("no legal move")?;
        self.alone(pos, v)
    }

    /// Whether `m` is the only winning move in `pos`: the search's best, winning, and no
    /// other move would also do. The error says why not.
    pub fn only_win(&mut self, pos: &Position, m: Move) -> Result<Verdict, String> {
        let v = self.best(pos).ok_or("no legal move")?;
        if v.best != m {
            return Err(format!("the search prefers {} ({})", v.best, v.score));
        }
        self.alone(pos, v)
    }

    /// `v`, the search's answer in `pos`, if its move wins and no other move would also do.
    /// A position with a single legal move (an evasion of check, mostly) is no puzzle: there
    /// is nothing to find, and no wrong move to make.
    fn alone(&mut self, pos: &Position, v: Verdict) -> Result<Verdict, String> {
        if !wins(v.score) {
            return Err(format!("{} does not win ({})", v.best, v.score));
        }
        match self.best_other(pos, v.best) {
            None => return Err(format!("{} is the only legal move", v.best)),
            Some(alt) if also_solves(v.score, alt) => {
                return Err(format!("another move also wins ({alt})"));
            }
            Some(_) => {}
        }
        Ok(v)
    }
}

/// The check the shipped set must pass: the puzzle's first move is the only winning move by
/// `judge`'s search.
pub fn check_first_move(
    judge: &mut Judge,
    p: &xiangqi::records::puzzle::Puzzle,
) -> Result<(), String> {
    let first = *p.line.first().ok_or("no solution")?;
    judge
        .only_win(&p.position, first)
        .map(|_| ())
        .map_err(|e| format!("puzzle {}: {e}", p.id))
}
