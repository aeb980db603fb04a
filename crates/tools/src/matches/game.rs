//! One match game: the opening's moves, then the players in turn until the game ends.

use super::adjudication::{Adjudication, Judge};
use super::ending::{Ending, CLAIM_PLIES};
use super::error::PlayerError;
use super::player::Player;
use super::thinking::Thinking;
use crate::seed::mix;
use std::time::Instant;
use xiangqi::{Color, Game, Move, Position};

/// What [`play_game`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Every move, the opening's included.
    pub moves: Vec<Move>,
    /// How it ended.
    pub ending: Ending,
    /// Red's thinking, then Black's.
    pub thinking: [Thinking; 2],
}

/// Plays one game from the start position: the opening's moves, then the players in turn
/// until the rules end the game, `max_plies` plies have been played, the players' scores
/// agree on its result by the rules of `adjudication`, or a player fails.
pub fn play_game(
    red: &mut dyn Player,
    black: &mut dyn Player,
    opening: &[Move],
    max_plies: usize,
    adjudication: Adjudication,
    seed: u64,
) -> Played {
    let mut judge = Judge::new(adjudication);
    let mut verdict = None;
    let mut thinking = [Thinking::default(); 2];
    let played = |game: &Game, ending, thinking| Played {
        moves: game.moves(),
        ending,
        thinking,
    };
    let mut game = Game::replay(Position::start(), opening)
        .unwrap_or_else(|e| panic!("the openings are legal (tested): {e}"));
    for side in [Color::Red, Color::Black] {
        let player: &mut dyn Player = match side {
            Color::Red => &mut *red,
            Color::Black => &mut *black,
        };
        if let Err(reason) = player.new_game() {
            let ending = Ending::Forfeit {
                loser: side,
                reason,
            };
            return played(&game, ending, thinking);
        }
    }
    loop {
        if let Some(o) = game.outcome() {
            return played(&game, Ending::Rules(o), thinking);
        }
        if game.len() >= max_plies {
            return played(&game, Ending::MaxPlies(game.len()), thinking);
        }
        if let Some(winner) = verdict {
            return played(&game, Ending::Adjudicated { winner }, thinking);
        }
        let side = game.position().turn();
        let player: &mut dyn Player = match side {
            Color::Red => &mut *red,
            Color::Black => &mut *black,
        };
        let started = Instant::now();
        let choice = player.choose(&game, mix(seed, game.len() as u64));
        let ms = started.elapsed().as_millis() as u64;
        let searched = player.searched().filter(|_| choice.is_ok());
        thinking[side.index()].add(Thinking {
            moves: 1,
            ms,
            searched_moves: searched.is_some() as u32,
            nodes: searched.map_or(0, |s| s.nodes),
            depths: searched.map_or(0, |s| s.depth as u64),
            searched_ms: if searched.is_some() { ms } else { 0 },
        });
        let failed = match choice {
            Ok(m) => match game.play(m) {
                Ok(_) => {
                    let score = searched.and_then(|s| s.score);
                    verdict = judge.after_move(side, score, game.len());
                    continue;
                }
                Err(e) => PlayerError::Refused(e),
            },
            Err(reason) => reason,
        };
        let ending = if player.claims_draw() && game.position().halfmoves() >= CLAIM_PLIES {
            Ending::DrawClaimed { by: side }
        } else {
            Ending::Forfeit {
                loser: side,
                reason: failed,
            }
        };
        return played(&game, ending, thinking);
    }
}
