//! v1, the greedy player: it looks one ply ahead and plays the move after which the
//! evaluation is best for it, taking a win (mate, or a rule win) first. Equal moves are
//! chosen among at random with the seed, so it does not always play the same game.

use crate::eval::evaluate::evaluate_position;
use crate::limits::Limits;
use crate::root::root_moves;
use crate::score::Score;
use crate::thought::Thought;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use xiangqi::Game;

/// The one-ply value of each root move for the side to move.
fn scored_moves(game: &Game, limits: &Limits) -> Vec<(xiangqi::Move, i32)> {
    let us = game.position().turn();
    root_moves(game, limits)
        .into_iter()
        .map(|r| {
            let value = r
                .final_score(us)
                .unwrap_or_else(|| -evaluate_position(&game.position().after(r.mv)));
            (r.mv, value)
        })
        .collect()
}

/// Chooses the greedy move (randomly among equals, by `seed`) among the moves `limits`
/// allows. One ply is over at once: no limit of time or nodes can cut it shorter.
pub fn choose(game: &Game, seed: u64, limits: &Limits) -> Thought {
    let scored = scored_moves(game, limits);
    let best = scored.iter().map(|&(_, v)| v).max();
    let Some(best) = best else {
        return Thought::none();
    };
    let candidates: Vec<_> = scored.iter().filter(|&&(_, v)| v == best).collect();
    let mut rng = Pcg32::seed_from_u64(seed);
    let &&(mv, _) = candidates.choose(&mut rng).expect("at least one best move");
    Thought {
        best: Some(mv),
        score: Score::from_internal(best),
        depth: 1,
        nodes: scored.len() as u64,
        pv: vec![mv],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;

    #[test]
    fn takes_a_hanging_chariot() {
        // Black's chariot on i5 is unprotected and Red's chariot sees it up the open i-file.
        let game = Game::from_position(
            Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p2/8r/9/P1P1P1P2/1C5C1/9/RNBAKABNR w")
                .unwrap(),
        );
        for seed in 0..5 {
            assert_eq!(
                choose(&game, seed, &Limits::default()).best,
                Some(parse_uci("i0i5").unwrap())
            );
        }
    }

    #[test]
    fn wins_at_once_when_it_can() {
        // a0a9 mates; i8f8 stalemates (a win in Xiangqi). Either ends the game for Red.
        let game = Game::from_position(Position::from_fen("4k4/8R/9/9/9/9/9/9/9/R2K5 w").unwrap());
        for seed in 0..8 {
            let t = choose(&game, seed, &Limits::default());
            assert_eq!(t.score, Score::Mate(1));
            let mut after = game.clone();
            let outcome = after.play(t.best.unwrap()).unwrap().expect("the game ends");
            assert_eq!(outcome.winner, Some(xiangqi::Color::Red));
        }
    }
}
