//! The root moves as the game's rules see them: every player plays each legal move on a copy
//! of the game first, so that no player chooses a move that loses by perpetual check or chase
//! while another move exists, and a move that ends the game in a draw is scored as exactly 0.
//!
//! A move also loses by the rules when the opponent has a reply that ends the game in their
//! favour: the reply completes the repetition, and the cycle's chases or checks were ours.
//! Only replies that return to a position already seen can do that, so only those are played
//! out in full.
//!
//! Both searches sort their root moves with [`sort_by_key`], a stable sort small enough for
//! the browser's worker.

use crate::limits::Limits;
use crate::score::MATE;
use xiangqi::{Color, Game, Move, Outcome};

/// A legal move at the root and what the rules say it does at once.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// The outcome if the move ends the game.
    pub ends: Option<Outcome>,
    /// The opponent has a reply that ends the game with our loss under the repetition rules.
    pub loses_on_reply: bool,
}

impl RootMove {
    /// True if the move loses at once under the rules (perpetual check or chase).
    pub fn loses(&self, us: Color) -> bool {
        self.loses_on_reply || self.ends.is_some_and(|o| o.winner == Some(!us))
    }

    /// The exact score for `us` of a move that ends the game (a win as a mate in one), or
    /// `None` when the game goes on and the move must be searched.
    pub fn final_score(&self, us: Color) -> Option<i32> {
        if self.loses_on_reply {
            // The opponent ends the game with its reply: as good as mated in one.
            return Some(-(MATE - 2));
        }
        self.ends.map(|o| match o.winner {
            Some(w) if w == us => MATE - 1,
            Some(_) => -(MATE - 1),
            None => 0,
        })
    }
}

/// The legal moves of `game`'s position that `limits` allows (its `searchmoves`), each tried
/// on a copy of the game. Moves that lose by the rules are left out unless every move does.
pub(crate) fn root_moves(game: &Game, limits: &Limits) -> Vec<RootMove> {
    let us = game.position().turn();
    // The game's positions so far, looked up one by one: a game has a few hundred at most
    // (well under a millisecond for every reply to every move), and a hash set's code would
    // weigh on the page's worker for no gain.
    let seen = game.hashes();
    let legal = game.position().legal_moves();
    let all: Vec<RootMove> = legal
        .iter()
        .filter(|&&mv| limits.allows(mv, legal.as_slice()))
        .map(|&mv| {
            let mut g = game.clone();
            let ends = g.play(mv).ok().flatten();
            let loses_on_reply = ends.is_none() && reply_wins_by_rule(&g, &seen);
            RootMove {
                mv,
                ends,
                loses_on_reply,
            }
        })
        .collect();
    if all.iter().all(|r| r.loses(us)) {
        return all;
    }
    all.into_iter().filter(|r| !r.loses(us)).collect()
}

/// True if the side to move in `game` has a reply that wins at once by the repetition rules.
/// `seen` holds the hashes of the positions before the last move.
fn reply_wins_by_rule(game: &Game, seen: &[u64]) -> bool {
    let mover = game.position().turn();
    let mut pos = game.position().clone();
    game.position().legal_moves().iter().any(|&reply| {
        // A repetition needs a position seen before: everything else is skipped cheaply.
        let undo = pos.make_move(reply);
        let repeats = seen.contains(&pos.hash());
        pos.unmake_move(reply, undo);
        if !repeats {
            return false;
        }
        let mut g = game.clone();
        matches!(g.play(reply), Ok(Some(o)) if o.winner == Some(mover))
    })
}

/// Sorts `v` by `key`, keeping equal elements in their order: an insertion sort, for the root's
/// move lists (at most some 120 entries, sorted a few times an iteration). The standard
/// library's stable sort is no faster at that size and links 6 to 8 KB of code per element type
/// into the browser's search worker, which the page's first-load budget has no room for.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_insertion_sort_agrees_with_the_standard_stable_sort() {
        // Pairs (key, original index): equal keys must keep their order.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for len in 0..130 {
            let mut v: Vec<(i32, usize)> = (0..len)
                .map(|i| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    ((state % 9) as i32 - 4, i)
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_by_key(|e| -e.0);
            sort_by_key(&mut v, |e| -e.0);
            assert_eq!(v, expected, "length {len}");
        }
    }
}
