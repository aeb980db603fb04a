//! The game clocks of a timed game: each side's time left, the side whose clock runs, the
//! time left after each move (for the record), and a flag fall. Pure: the time comes in as
//! milliseconds, with each action the state takes ([`super::action::Timed`]); the page reads
//! it from [`now_ms`] (a clock the test sets in native tests).
//!
//! The rules, as `docs/playing.md` states them:
//! - The clocks start with the first move played after the time control was set (or the game
//!   began): before it, neither runs.
//! - After each move the mover's clock stops, gets the increment, and the other side's runs.
//! - Undo gives no time back: the time spent stays spent, and the side to move again has its
//!   clock running with what it has left. A move played again after an undo (or redone)
//!   earns no second increment.
//! - Browsing the game changes nothing: the clock of the side to move in the game runs on.
//! - The analysis board, a review and the editor pause both clocks; they run on afterwards.
//! - A flag fall ends the game: a loss for the side whose time ran out, or a draw if the other
//!   side has nothing left to mate with (no chariot, horse, cannon or soldier).

use super::settings::TimeControl;
use xiangqi::records::GameResult;
use xiangqi::{Color, Kind, Position};

/// The page's clock in milliseconds (`Date.now()`); in tests and native builds, a clock the
/// test sets.
#[cfg(all(target_arch = "wasm32", not(test)))]
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

#[cfg(any(test, not(target_arch = "wasm32")))]
thread_local! {
    static TEST_NOW: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The page's clock in milliseconds (`Date.now()`); in tests and native builds, a clock the
/// test sets.
#[cfg(any(test, not(target_arch = "wasm32")))]
pub fn now_ms() -> u64 {
    TEST_NOW.with(std::cell::Cell::get)
}

/// Sets the tests' clock.
#[cfg(any(test, not(target_arch = "wasm32")))]
pub fn set_test_now(ms: u64) {
    TEST_NOW.with(|c| c.set(ms));
}

/// Time under which a clock shows tenths and warns.
pub const LOW_MS: u64 = 10_000;

/// How a timed game ended on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The side whose time ran out.
    pub side: Color,
    /// The other side could not have mated: a draw rather than a loss.
    pub draw: bool,
}

impl Flag {
    /// The winner: the other side, unless it is a draw.
    pub fn winner(self) -> Option<Color> {
        (!self.draw).then_some(!self.side)
    }

    /// The game's result.
    pub fn result(self) -> GameResult {
        match self.winner() {
            Some(Color::Red) => GameResult::RedWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

/// True if `color` has a piece that could give mate: a chariot, horse, cannon or soldier.
pub fn can_mate(pos: &Position, color: Color) -> bool {
    xiangqi::Square::all().any(|sq| {
        pos.piece_at(sq).is_some_and(|p| {
            p.color == color
                && matches!(
                    p.kind,
                    Kind::Chariot | Kind::Horse | Kind::Cannon | Kind::Soldier
                )
        })
    })
}

/// Clocks as a saved game keeps them: each side's time left (Red's, Black's), the mover's
/// time left after each ply, and the flag if the time ran out.
pub type SavedClock = ([u64; 2], Vec<u64>, Option<Flag>);

/// The two clocks of a timed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The control they run under.
    control: TimeControl,
    /// The game they time (its id), and its length when they last looked.
    game: (u64, usize),
    /// Each side's time left (Red's, then Black's) when its clock last stopped or started.
    left: [u64; 2],
    /// The side whose clock runs, since when; `None` when neither runs.
    running: Option<(Color, u64)>,
    /// The clocks have started (the first move was played).
    started: bool,
    /// Paused (analysis, review, editor): neither runs until resumed.
    paused: bool,
    /// The mover's time left after each ply of the game, from its first (0 where unknown:
    /// plies played before the clocks were set).
    record: Vec<u64>,
    /// The time ran out.
    flag: Option<Flag>,
    /// The longest the game has been under these clocks: a move earns the increment only
    /// when it makes the game longer than that, so undoing and playing again earns nothing.
    paid: usize,
}

impl Clock {
    /// Full clocks for game `game_id` of `len` plies, under `control`; neither runs yet.
    pub fn new(control: TimeControl, game_id: u64, len: usize) -> Clock {
        Clock {
            control,
            game: (game_id, len),
            left: [control.base_ms(); 2],
            running: None,
            started: false,
            paused: false,
            record: vec![0; len],
            flag: None,
            paid: len,
        }
    }

    /// Clocks restored from a saved game: `left` for each side, `record` for its plies, the
    /// flag if the time had run out. They start again with the next move.
    pub fn restore(
        control: TimeControl,
        game_id: u64,
        len: usize,
        left: [u64; 2],
        mut record: Vec<u64>,
        flag: Option<Flag>,
    ) -> Clock {
        record.resize(len, 0);
        Clock {
            control,
            game: (game_id, len),
            left: left.map(|ms| ms.min(control.base_ms() * 10)),
            running: None,
            started: false,
            paused: false,
            record,
            flag,
            paid: len,
        }
    }

    /// The control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The game (its id) these clocks time.
    pub fn game_id(&self) -> u64 {
        self.game.0
    }

    /// The flag, if the time ran out.
    pub fn flag(&self) -> Option<Flag> {
        self.flag
    }

    /// The side whose clock runs now, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// True while paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// `color`'s time left at `now`.
    pub fn left_at(&self, color: Color, now: u64) -> u64 {
        let left = self.left[color.index()];
        match self.running {
            Some((c, since)) if c == color => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// Both sides' time left when their clocks last stopped or started (Red's, Black's), and
    /// when the running one started, for the display to count down from.
    pub fn snapshot(&self) -> ([u64; 2], Option<(Color, u64)>) {
        (self.left, self.running)
    }

    /// The time left by the mover after each ply (0 where unknown).
    pub fn record(&self) -> &[u64] {
        &self.record
    }

    /// Stops the running clock at `now`, charging it the time since it started.
    fn stop(&mut self, now: u64) {
        if let Some((c, _)) = self.running {
            self.left[c.index()] = self.left_at(c, now);
            self.running = None;
        }
    }

    /// Follows the game to `now`: `len` plies with `pos` its position, `over` if it has ended
    /// by the rules, `pause` while the analysis board, a review or the editor is on.
    pub fn follow(&mut self, pos: &Position, len: usize, over: bool, pause: bool, now: u64) {
        // A flag stops the clocks for good (`check` stopped the running one).
        if self.check(pos, now) || self.flag.is_some() {
            self.game.1 = len;
            self.record.truncate(len);
            return;
        }
        let seen = self.game.1;
        let turn = pos.turn();
        if len > seen {
            // Moves were played. A single one is the running side's: it is charged, and gets
            // the increment if it makes the game longer than it has been. Several at once
            // (redo) change no clock.
            let one_move = len - seen == 1;
            self.stop(now);
            self.record.truncate(seen);
            for ply in seen..len {
                let side = if (len - ply) % 2 == 1 { !turn } else { turn };
                if one_move && self.started && len > self.paid {
                    self.left[side.index()] += self.control.increment_ms();
                }
                self.record.push(self.left[side.index()]);
            }
            self.started = true;
            self.paid = self.paid.max(len);
        } else if len < seen {
            // Undo: no time comes back. The running clock is charged up to now.
            self.stop(now);
            self.record.truncate(len);
        }
        self.game.1 = len;
        self.paused = pause;
        let should_run = self.started && !over && !pause;
        match (should_run, self.running) {
            (true, Some((c, _))) if c == turn => {}
            (true, _) => {
                self.stop(now);
                self.running = Some((turn, now));
            }
            (false, _) => self.stop(now),
        }
    }

    /// Ends the game if the running side's time has run out by `now`; true if it did.
    pub fn check(&mut self, pos: &Position, now: u64) -> bool {
        match self.running {
            Some((side, _)) if self.flag.is_none() && self.left_at(side, now) == 0 => {
                self.stop(now);
                self.left[side.index()] = 0;
                self.flag = Some(Flag {
                    side,
                    draw: !can_mate(pos, !side),
                });
                true
            }
            _ => false,
        }
    }

    /// The time the search of `turn`'s move may plan on: each side's time left at `now`, less
    /// a margin for the page's own work (the reply's way back, the move's drawing), so that the
    /// computer never loses on time.
    pub fn for_search(&self, now: u64) -> xiangqi_ai::GameClock {
        const MARGIN_MS: u64 = 300;
        let left = |c: Color| self.left_at(c, now).saturating_sub(MARGIN_MS).max(1);
        xiangqi_ai::GameClock {
            time_ms: [left(Color::Red), left(Color::Black)],
            inc_ms: [self.control.increment_ms(); 2],
            moves_to_go: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Game;

    fn play(game: &mut Game, uci: &str) {
        game.play(parse_uci(uci).unwrap()).unwrap();
    }

    #[test]
    fn the_clocks_start_with_the_first_move_and_add_the_increment() {
        let mut game = Game::default();
        let mut clock = Clock::new(TimeControl::new(3, 2), 1, 0);
        clock.follow(game.position(), 0, false, false, 1_000);
        assert_eq!(clock.running(), None, "nothing runs before the first move");
        play(&mut game, "h2e2");
        clock.follow(game.position(), 1, false, false, 5_000);
        // Red's first move is free; Black's clock now runs.
        assert_eq!(clock.running(), Some(Color::Black));
        assert_eq!(clock.left_at(Color::Red, 5_000), 180_000);
        assert_eq!(clock.left_at(Color::Black, 15_000), 170_000);
        play(&mut game, "h9g7");
        clock.follow(game.position(), 2, false, false, 15_000);
        assert_eq!(
            clock.left_at(Color::Black, 99_000),
            172_000,
            "10 s spent, 2 s added"
        );
        assert_eq!(clock.running(), Some(Color::Red));
        assert_eq!(clock.record(), &[180_000, 172_000]);
    }

    #[test]
    fn undo_gives_no_time_back_and_a_pause_stops_both() {
        let mut game = Game::default();
        let mut clock = Clock::new(TimeControl::new(1, 0), 1, 0);
        play(&mut game, "h2e2");
        clock.follow(game.position(), 1, false, false, 0);
        play(&mut game, "h9g7");
        clock.follow(game.position(), 2, false, false, 20_000);
        assert_eq!(clock.left_at(Color::Black, 20_000), 40_000);
        // Red thinks 5 s, then takes back both moves: Red's clock runs on from 55 s.
        game.undo();
        game.undo();
        clock.follow(game.position(), 0, false, false, 25_000);
        assert_eq!(clock.left_at(Color::Red, 25_000), 55_000);
        assert_eq!(clock.left_at(Color::Black, 25_000), 40_000);
        assert_eq!(clock.running(), Some(Color::Red));
        assert!(clock.record().is_empty());
        // Paused for a minute: nothing is charged.
        clock.follow(game.position(), 0, false, true, 26_000);
        clock.follow(game.position(), 0, false, false, 86_000);
        assert_eq!(clock.left_at(Color::Red, 86_000), 54_000);
    }

    #[test]
    fn a_move_played_again_after_undo_earns_no_second_increment() {
        let mut game = Game::default();
        let mut clock = Clock::new(TimeControl::new(1, 5), 1, 0);
        play(&mut game, "h2e2");
        clock.follow(game.position(), 1, false, false, 0);
        play(&mut game, "h9g7");
        clock.follow(game.position(), 2, false, false, 0);
        assert_eq!(clock.left_at(Color::Black, 0), 65_000);
        for _ in 0..3 {
            game.undo();
            clock.follow(game.position(), 1, false, false, 0);
            play(&mut game, "h9g7");
            clock.follow(game.position(), 2, false, false, 0);
        }
        assert_eq!(clock.left_at(Color::Black, 0), 65_000);
        play(&mut game, "b0c2");
        clock.follow(game.position(), 3, false, false, 0);
        assert_eq!(clock.left_at(Color::Red, 0), 65_000, "a new ply earns it");
    }

    #[test]
    fn a_flag_fall_loses_unless_the_other_side_cannot_mate() {
        let mut game = Game::default();
        let mut clock = Clock::new(TimeControl::new(1, 0), 1, 0);
        play(&mut game, "h2e2");
        clock.follow(game.position(), 1, false, false, 0);
        assert!(!clock.check(game.position(), 59_999));
        assert!(clock.check(game.position(), 60_000));
        assert_eq!(
            clock.flag(),
            Some(Flag {
                side: Color::Black,
                draw: false
            })
        );
        assert_eq!(clock.flag().unwrap().result().as_str(), "1-0");
        assert_eq!(clock.running(), None);
        // Red has only its general and advisors: Black's flag is a draw.
        let bare = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 1").unwrap();
        let mut clock = Clock::new(TimeControl::new(1, 0), 2, 0);
        clock.started = true;
        clock.follow(&bare, 0, false, false, 0);
        assert!(clock.check(&bare, 61_000));
        assert_eq!(clock.flag().map(Flag::winner), Some(None));
    }

    #[test]
    fn the_search_plans_on_less_than_is_left() {
        let mut game = Game::default();
        let mut clock = Clock::new(TimeControl::new(3, 2), 1, 0);
        play(&mut game, "h2e2");
        clock.follow(game.position(), 1, false, false, 0);
        let c = clock.for_search(10_000);
        assert_eq!(c.time_ms, [179_700, 169_700]);
        assert_eq!(c.inc_ms, [2_000, 2_000]);
    }
}
