//! The difficulty levels offered to players, in one place.
//!
//! | level | player | budget | rating |
//! |---|---|---|---|
//! | 1 | v1 greedy | one ply | −1750 (shown as <500) |
//! | 2 | v2 randomized alpha-beta | depth 2, margin 40 | −80 (shown as <500) |
//! | 3 | v2 randomized alpha-beta | depth 4, margin 20 | 920 |
//! | 4 | v3 search | 20,000 nodes | 1620 |
//! | 5 | v3 search | 100 ms | 2080 |
//! | 6 | v3 search | 500 ms | 2370 |
//! | 7 | v3 search | 2 s | 2620 (extrapolated) |
//! | 8 | v3 search | 8 s | 2870 (extrapolated) |
//!
//! Levels 5 to 8 play the opening book's moves at once while it knows the position
//! ([`Limits::book`]), drawn by weight with the level's seed, so games from the start vary.
//!
//! Level 4 counts nodes rather than time, so that it plays the same on every device: it
//! bridges the alpha-beta levels and the timed ones, which a node budget does in a few
//! milliseconds anywhere.
//!
//! **Ratings** are approximate Elo of engine play, on a scale fixed by one anchor:
//! ElephantEye 3.31 (book off, one thread, 100 ms a move) is 2000. They were measured natively
//! on one thread: levels 4 to 6 against the anchor, the levels below each against the next
//! through v2 and v3 players in between (neighbouring levels there win nine games in ten or
//! more); levels 7 and 8 are extrapolated from the gain per doubling of time between levels 5
//! and 6. `docs/levels.md` gives every match.
//! These are the native binary's figures. The page plays the wasm build, a little slower,
//! so its timed levels play somewhat differently: it shows ratings of its own, measured with
//! its engine (the web crate's `text::levels`, and `docs/levels.md`).
//! They are engine ratings, not the ratings of human players.

use crate::limits::Limits;
use crate::session::{Player, Task};

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

/// Each level's estimated rating, level 1 first (see the module doc), rounded to tens.
const RATINGS: [i32; MAX_LEVEL as usize] = [-1750, -80, 920, 1620, 2080, 2370, 2620, 2870];

/// Below this a level is labelled only as below it: a chain of matches won nine times in ten
/// or more puts the weakest levels thousands of points down, a figure that says "far weaker"
/// and nothing more precise.
pub const RATING_FLOOR: i32 = 500;

/// A difficulty level, 1..=[`MAX_LEVEL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Text that is not a level: `"9" is not a level: choose 1 to 8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl core::fmt::Display for LevelError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "\"{}\" is not a level: choose 1 to {MAX_LEVEL}", self.0)
    }
}

impl std::error::Error for LevelError {}

/// A level's number, 1 to [`MAX_LEVEL`] (spaces around it allowed); anything else is refused.
impl core::str::FromStr for Level {
    type Err = LevelError;

    fn from_str(text: &str) -> Result<Level, LevelError> {
        match text.trim().parse::<u8>() {
            Ok(n) if (1..=MAX_LEVEL).contains(&n) => Ok(Level(n)),
            _ => Err(LevelError(text.trim().to_string())),
        }
    }
}

impl Level {
    /// The level `n`, clamped to 1..=[`MAX_LEVEL`].
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, MAX_LEVEL))
    }

    /// The number of this level.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The estimated rating of this level (the module doc says how it was measured). The
    /// weakest levels' estimates come from chains of lopsided matches and may be negative.
    pub fn rating(self) -> i32 {
        RATINGS[usize::from(self.0 - 1)]
    }

    /// The rating players are shown, or `None` when it is below [`RATING_FLOOR`] and shown
    /// only as below it.
    pub fn shown_rating(self) -> Option<i32> {
        Some(self.rating()).filter(|&r| r >= RATING_FLOOR)
    }

    /// The rating as players see it: "≈1700", or "<500" below [`RATING_FLOOR`].
    pub fn rating_label(self) -> String {
        match self.shown_rating() {
            Some(r) => format!("≈{r}"),
            None => format!("<{RATING_FLOOR}"),
        }
    }

    /// The player and limits of this level (the table in the module doc), the randomized
    /// players drawing with `seed`.
    pub fn task(self, seed: u64) -> Task {
        // The timed levels answer from the opening book where it knows the position.
        let strong = |ms| Task {
            player: Player::Strong,
            limits: Limits {
                book: Some(seed),
                ..Limits::movetime(ms)
            },
        };
        let strong_nodes = |nodes| Task {
            player: Player::Strong,
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
        };
        // The depth is a limit as well as the player's own, so that a clock or a move time
        // given beside it (which would let the player deepen as far as time allows) cannot
        // make the level search deeper than it does with none.
        let alpha_beta = |depth, margin| Task {
            player: Player::AlphaBeta {
                depth,
                margin,
                seed,
            },
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        };
        match self.0 {
            1 => Task {
                player: Player::Greedy { seed },
                limits: Limits::default(),
            },
            2 => alpha_beta(2, 40),
            3 => alpha_beta(4, 20),
            4 => strong_nodes(20_000),
            5 => strong(100),
            6 => strong(500),
            7 => strong(2_000),
            _ => strong(8_000),
        }
    }

    /// The level's task within the caller's `limits` (a GUI's `go`, the page's game clock):
    /// the level's player and its own budget, which those limits can only shorten. The
    /// tighter depth, node count and move time win; a clock plans the time but never lets a
    /// level search longer or deeper than it does with no clock, so a beginner's level
    /// answers at once on any clock. The caller's other fields (clock, moves to choose from,
    /// lines, infinite) are kept. The book is used when both the caller's limits and the
    /// level ask for it, with the level's seed.
    pub fn task_within(self, mut limits: Limits, seed: u64) -> Task {
        fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        let own = self.task(seed);
        limits.depth = tighter(limits.depth, own.limits.depth);
        limits.nodes = tighter(limits.nodes, own.limits.nodes);
        limits.movetime_ms = tighter(limits.movetime_ms, own.limits.movetime_ms);
        limits.book = limits.book.and(own.limits.book);
        Task {
            player: own.player,
            limits,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rise_from_greedy_to_the_strong_search() {
        assert!(matches!(
            Level::new(0).task(1).player,
            Player::Greedy { seed: 1 }
        ));
        assert!(matches!(
            Level::new(3).task(2).player,
            Player::AlphaBeta {
                depth: 4,
                seed: 2,
                ..
            }
        ));
        assert_eq!(
            Level::new(9).task(0).limits,
            Limits {
                book: Some(0),
                ..Limits::movetime(8_000)
            }
        );
    }

    /// A clock of `minutes`+`inc` seconds, both sides full.
    fn clock(minutes: u64, inc: u64) -> Limits {
        Limits {
            clock: Some(crate::limits::GameClock {
                time_ms: [minutes * 60_000; 2],
                inc_ms: [inc * 1_000; 2],
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn a_clock_never_lifts_a_levels_own_budget() {
        for n in 1..=MAX_LEVEL {
            let level = Level::new(n);
            let own = level.task(5);
            let on_clock = level.task_within(clock(3, 2), 5);
            assert_eq!(on_clock.player, own.player, "level {n}");
            assert_eq!(on_clock.limits.depth, own.limits.depth, "level {n}");
            assert_eq!(on_clock.limits.nodes, own.limits.nodes, "level {n}");
            assert_eq!(
                on_clock.limits.movetime_ms, own.limits.movetime_ms,
                "level {n}"
            );
            assert!(on_clock.limits.clock.is_some(), "level {n} keeps the clock");
        }
        // The alpha-beta levels carry their depth as a limit, which a clock cannot lift.
        assert_eq!(Level::new(3).task(0).limits.depth, Some(4));
        assert_eq!(Level::new(4).task(0).limits.nodes, Some(20_000));
    }

    #[test]
    fn on_a_clock_the_alpha_beta_levels_search_to_their_own_depth() {
        use core::sync::atomic::AtomicBool;
        let mut game = xiangqi::Game::new();
        game.play(xiangqi::notation::parse_uci("h2e2").unwrap())
            .unwrap();
        for n in [2, 3] {
            let task = Level::new(n).task_within(clock(3, 2), 1);
            let Player::AlphaBeta { depth, .. } = task.player else {
                panic!("level {n} is the alpha-beta player");
            };
            let mut deepest = 0;
            let start = std::time::Instant::now();
            let thought = crate::session::Session::new(1).think(
                &game,
                &task,
                &|| start.elapsed().as_millis() as u64,
                &AtomicBool::new(false),
                &mut |i| deepest = deepest.max(i.depth),
            );
            assert!(thought.best.is_some());
            assert_eq!(thought.depth, depth, "level {n}");
            assert!(deepest <= depth, "level {n} reached depth {deepest}");
        }
    }

    #[test]
    fn a_level_is_read_from_its_number_only() {
        assert_eq!(" 3 ".parse::<Level>(), Ok(Level::new(3)));
        assert_eq!("8".parse::<Level>(), Ok(Level::new(MAX_LEVEL)));
        for bad in ["0", "9", "-1", "three", "", "256"] {
            let e = bad.parse::<Level>().unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("\"{bad}\" is not a level: choose 1 to 8")
            );
        }
    }

    #[test]
    fn the_callers_limits_only_shorten_a_level() {
        let asked = Limits {
            depth: Some(2),
            nodes: Some(1_000_000),
            movetime_ms: Some(50),
            multipv: 3,
            ..Limits::default()
        };
        let task = Level::new(3).task_within(asked.clone(), 0);
        assert_eq!(task.limits.depth, Some(2));
        let task = Level::new(4).task_within(asked.clone(), 0);
        assert_eq!(task.limits.nodes, Some(20_000));
        let task = Level::new(8).task_within(asked, 0);
        assert_eq!(task.limits.movetime_ms, Some(50));
        assert_eq!(task.limits.multipv, 3);
    }

    #[test]
    fn levels_5_to_8_play_book_moves_at_once_and_the_rest_search() {
        use crate::book::Book;
        use crate::session::Session;
        use core::sync::atomic::AtomicBool;
        use std::sync::Arc;
        // A book whose only start move no search would choose.
        let book = Arc::new(Book::parse("; a3a4 +0 1\n").unwrap());
        let a3a4 = xiangqi::notation::parse_uci("a3a4").unwrap();
        let mut session = Session::new(1);
        session.set_book(Some(book));
        let game = xiangqi::Game::new();
        for n in 1..=MAX_LEVEL {
            let task = Level::new(n).task(n.into());
            let stop = AtomicBool::new(false);
            let thought = session.think(&game, &task, &|| 0, &stop, &mut |_| {});
            if n >= 5 {
                assert_eq!((thought.best, thought.nodes), (Some(a3a4), 0), "level {n}");
                // A caller who says no to the book (UCI's OwnBook off) gets a search.
                let task = Level::new(n).task_within(Limits::depth(1), 0);
                let thought = session.think(&game, &task, &|| 0, &stop, &mut |_| {});
                assert!(thought.nodes > 0, "level {n}");
            } else {
                assert_eq!(task.limits.book, None, "level {n}");
            }
        }
    }

    #[test]
    fn each_level_is_rated_above_the_one_below() {
        for n in 1..MAX_LEVEL {
            let (low, high) = (Level::new(n).rating(), Level::new(n + 1).rating());
            assert!(low < high, "level {n} {low}, level {} {high}", n + 1);
        }
        assert_eq!(
            Level::new(MAX_LEVEL).rating_label(),
            format!("≈{}", Level::new(MAX_LEVEL).rating())
        );
        assert_eq!(Level::new(1).rating_label(), format!("<{RATING_FLOOR}"));
    }
}
