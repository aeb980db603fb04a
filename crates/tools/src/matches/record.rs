//! A finished game of a match as the match keeps it, its result for engine A, and the
//! games of a whole match.

use super::elo::{Pairs, Tally};
use super::ending::Ending;
use super::thinking::Thinking;
use xiangqi::{Color, Move};

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// 1, 2, ... in the order the games were started.
    pub number: usize,
    /// The pair's number from 0, which picks the opening
    /// ([`OpeningSet::get`](super::opening_set::OpeningSet::get)).
    pub opening: usize,
    /// True when engine A had Red.
    pub a_is_red: bool,
    /// Every move, the opening's included.
    pub moves: Vec<Move>,
    /// How it ended.
    pub ending: Ending,
    /// The time each side spent choosing its moves: Red's, then Black's.
    pub thinking: [Thinking; 2],
}

/// A game's result for engine A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForA {
    /// A won.
    Win,
    /// A draw.
    Draw,
    /// A lost.
    Loss,
}

impl GameRecord {
    /// The result from engine A's side.
    pub fn for_a(&self) -> ForA {
        let a = if self.a_is_red {
            Color::Red
        } else {
            Color::Black
        };
        match self.ending.winner() {
            None => ForA::Draw,
            Some(w) if w == a => ForA::Win,
            Some(_) => ForA::Loss,
        }
    }
}

/// The scores of the complete colour-swapped pairs (games `2k+1` and `2k+2`) for A.
pub fn pairs_of(records: &[GameRecord]) -> Pairs {
    let points = |g: &GameRecord| match g.for_a() {
        ForA::Win => 1.0,
        ForA::Draw => 0.5,
        ForA::Loss => 0.0,
    };
    let mut pairs = Pairs::default();
    for g in records.iter().filter(|g| g.number % 2 == 1) {
        if let Some(h) = records.iter().find(|h| h.number == g.number + 1) {
            pairs.add(points(g), points(h));
        }
    }
    pairs
}

/// Counts a result for A in a tally.
pub fn count(t: &mut Tally, r: ForA) {
    match r {
        ForA::Win => t.wins += 1,
        ForA::Draw => t.draws += 1,
        ForA::Loss => t.losses += 1,
    }
}

/// The outcome of a whole match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// Every game, in the order they were started.
    pub records: Vec<GameRecord>,
    /// Engine A's wins, draws and losses.
    pub tally: Tally,
}
