//! One match game: the opening's moves, then the players in turn until the game ends.

use super::adjudication::{Adjudication, Judge};
use super::clock::{Clocks, TimeControl};
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

/// How a game is played besides its players and opening.
#[derive(Clone, Copy, Debug)]
pub struct Conditions {
    /// A game this long is a draw.
    pub max_plies: usize,
    /// The rules that end it early by the players' scores.
    pub adjudication: Adjudication,
    /// Red's game clock, then Black's, for the sides that play on one.
    pub clocks: [Option<TimeControl>; 2],
    /// The seed of the randomized players' choices.
    pub seed: u64,
}

/// Plays one game from the start position: the opening's moves, then the players in turn
/// until the rules end the game, `max_plies` plies have been played, the players' scores
/// agree on its result by the rules of `adjudication`, a side's clock runs out, or a player
/// fails.
pub fn play_game(
    red: &mut dyn Player,
    black: &mut dyn Player,
    opening: &[Move],
    conditions: Conditions,
) -> Played {
    let Conditions {
        max_plies,
        adjudication,
        clocks,
        seed,
    } = conditions;
    let mut clocks = Clocks::new(clocks);
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
        let choice = player.choose(&game, mix(seed, game.len() as u64), clocks.for_move(side));
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
        if choice.is_ok() {
            if let Err(flagged) = clocks.spend(side, ms) {
                let ending = Ending::Time {
                    loser: side,
                    flagged,
                };
                return played(&game, ending, thinking);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::openings::OPENINGS;
    use xiangqi_ai::GameClock;

    /// Plays each position's first legal move after sleeping `sleep_ms`, and keeps the clocks
    /// it was shown.
    struct Sleeper {
        sleep_ms: u64,
        shown: Vec<Option<GameClock>>,
    }

    impl Sleeper {
        fn new(sleep_ms: u64) -> Sleeper {
            Sleeper {
                sleep_ms,
                shown: Vec::new(),
            }
        }
    }

    impl Player for Sleeper {
        fn new_game(&mut self) -> Result<(), PlayerError> {
            Ok(())
        }

        fn choose(
            &mut self,
            game: &Game,
            _seed: u64,
            clock: Option<GameClock>,
        ) -> Result<Move, PlayerError> {
            self.shown.push(clock);
            std::thread::sleep(std::time::Duration::from_millis(self.sleep_ms));
            Ok(game.position().legal_moves()[0])
        }
    }

    fn conditions(clocks: [Option<&str>; 2], max_plies: usize) -> Conditions {
        Conditions {
            max_plies,
            adjudication: Adjudication::NONE,
            clocks: clocks.map(|c| c.map(|c| c.parse().unwrap())),
            seed: 1,
        }
    }

    #[test]
    fn each_side_is_shown_both_clocks_as_they_run() {
        let (mut red, mut black) = (Sleeper::new(0), Sleeper::new(0));
        let opening = OPENINGS[0].moves();
        let cond = conditions([Some("60+1"), Some("30+2")], opening.len() + 10);
        let game = play_game(&mut red, &mut black, &opening, cond);
        assert_eq!(game.ending, Ending::MaxPlies(opening.len() + 10));
        let shown = |p: &Sleeper| p.shown.iter().map(|c| c.unwrap()).collect::<Vec<_>>();
        let (r, b) = (shown(&red), shown(&black));
        assert_eq!((r.len(), b.len()), (5, 5));
        assert_eq!(r[0].time_ms, [60_000, 30_000]);
        assert_eq!(r[0].inc_ms, [1_000, 2_000]);
        assert_eq!(r[0].moves_to_go, None);
        // A clock gains at most its increment a move, and each side sees the other's as it
        // was left.
        for w in r.windows(2) {
            assert!(w[1].time_ms[0] <= w[0].time_ms[0] + 1_000, "{r:?}");
        }
        for (k, bk) in b.iter().enumerate() {
            assert_eq!(
                bk.time_ms[0],
                r.get(k + 1).map_or(bk.time_ms[0], |rk| rk.time_ms[0])
            );
            assert!(bk.time_ms[1] <= 30_000 + 2_000 * k as u64, "{b:?}");
        }
    }

    #[test]
    fn a_move_longer_than_the_clock_loses_on_time() {
        let (mut red, mut black) = (Sleeper::new(0), Sleeper::new(80));
        let cond = conditions([Some("60"), Some("0.05")], 300);
        let game = play_game(&mut red, &mut black, &[], cond);
        let Ending::Time { loser, flagged } = game.ending.clone() else {
            panic!("{:?}", game.ending)
        };
        assert_eq!(loser, Color::Black);
        assert_eq!(flagged.left_ms, 50);
        assert!(flagged.used_ms >= 80, "{flagged:?}");
        // Red's first move was played; Black's late one was not.
        assert_eq!(game.moves.len(), 1);
        assert_eq!(game.ending.result_tag(), "1-0");
        assert_eq!(game.ending.kind(), "loss on time");
        assert!(game
            .ending
            .to_string()
            .starts_with("Red wins: Black lost on time, "));
    }

    #[test]
    fn a_side_without_a_clock_is_not_shown_one() {
        let (mut red, mut black) = (Sleeper::new(0), Sleeper::new(0));
        let cond = conditions([None, Some("10")], 4);
        let game = play_game(&mut red, &mut black, &[], cond);
        assert_eq!(game.ending, Ending::MaxPlies(4));
        assert!(red.shown.iter().all(Option::is_none));
        // Black sees Red's side as its own clock.
        let first = black.shown[0].unwrap();
        assert_eq!(first.time_ms[0], first.time_ms[1]);
        assert_eq!(first.inc_ms, [0, 0]);
    }
}
