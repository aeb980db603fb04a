//! The root moves as the game's rules see them: every player plays each legal move on a copy
//! of the game first, so that no player chooses a move that loses by perpetual check or chase
//! while another move exists, and a move that ends the game in a draw is scored as exactly 0.

use super::MATE;
use crate::{Color, Game, Move, Outcome};

/// A legal move at the root and what the rules say it does at once.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// The outcome if the move ends the game.
    pub ends: Option<Outcome>,
}

impl RootMove {
    /// True if the move loses at once under the rules (perpetual check or chase).
    pub fn loses(&self, us: Color) -> bool {
        self.ends.is_some_and(|o| o.winner == Some(!us))
    }

    /// The exact score for `us` of a move that ends the game (a win as a mate in one), or
    /// `None` when the game goes on and the move must be searched.
    pub fn final_score(&self, us: Color) -> Option<i32> {
        self.ends.map(|o| match o.winner {
            Some(w) if w == us => MATE - 1,
            Some(_) => -(MATE - 1),
            None => 0,
        })
    }
}

/// The legal moves of `game`'s position, each tried on a copy of the game. Moves that lose by
/// the rules are left out unless every move does.
pub(crate) fn root_moves(game: &Game) -> Vec<RootMove> {
    let us = game.position().turn();
    let all: Vec<RootMove> = game
        .position()
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut g = game.clone();
            let ends = g.play(mv).ok().flatten();
            RootMove { mv, ends }
        })
        .collect();
    if all.iter().all(|r| r.loses(us)) {
        return all;
    }
    all.into_iter().filter(|r| !r.loses(us)).collect()
}
