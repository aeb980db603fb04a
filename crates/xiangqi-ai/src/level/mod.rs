//! The difficulty levels offered to players, in one place: 26 levels from a true beginner
//! (who leaves a piece hanging now and then and misses a mate in one) to the full engine,
//! each some hundred to two hundred and fifty Elo above the one below.
//!
//! - [`ladder`]: what each level plays (its player and budget), and where the eight levels of
//!   the first ladder stand on this one ([`Level::from_first_ladder`]): a link or a saved game
//!   that names one of those opens the level of the same strength.
//! - [`ratings`]: each level's rating, written by `scripts/rate-levels` from one run of
//!   matches between neighbouring levels and against the anchor, ElephantEye 3.31 (book off,
//!   one thread, 100 ms a move) at 2000. The levels are rated as the page plays them (its wasm
//!   build on one worker); the levels without time in their budget play the same moves
//!   natively, so there they were measured natively. `docs/levels.md` gives every match.
//!
//! The timed levels (21 to 26) play the opening book's moves at once while it knows the
//! position ([`Limits::book`]), drawn by weight with the level's seed, so games from the start
//! vary. The node levels play alike on every device.
//!
//! They are engine ratings, not the ratings of human players.

pub mod ladder;
pub mod ratings;
#[cfg(test)]
mod tests;

use crate::limits::Limits;
use crate::session::{Player, Task};
use ladder::{Play, FIRST_LADDER, LADDER};

/// The strongest level.
pub const MAX_LEVEL: u8 = LADDER.len() as u8;

/// A rating on the levels' scale as players see it: "≈1700", "≈−1250" (with the minus sign).
pub fn label(rating: i32) -> String {
    match rating {
        r if r < 0 => format!("≈−{}", r.unsigned_abs()),
        r => format!("≈{r}"),
    }
}

/// A difficulty level, 1..=[`MAX_LEVEL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Text that is not a level: `"27" is not a level: choose 1 to 26`.
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

    /// The level that plays as the first ladder's level `n` (1 to 8, clamped) did: the same
    /// player and budget. Links and saved games written before this ladder name those.
    pub fn from_first_ladder(n: u8) -> Level {
        Level(FIRST_LADDER[usize::from(n.clamp(1, 8) - 1)])
    }

    /// The number of this level.
    pub fn number(self) -> u8 {
        self.0
    }

    /// How this level plays.
    pub fn play(self) -> Play {
        LADDER[usize::from(self.0 - 1)]
    }

    /// The measured rating of this level (the module doc says how). The weakest levels'
    /// ratings are negative: the scale's zero is nothing in particular, and only the
    /// differences mean anything.
    pub fn rating(self) -> i32 {
        ratings::RATINGS[usize::from(self.0 - 1)]
    }

    /// Whether the last rating run measured this level ([`ratings::MEASURED_UP_TO`]); its
    /// figure is an estimate otherwise.
    // The bound is written by the rating command and is 0 before any run.
    #[allow(clippy::absurd_extreme_comparisons)]
    pub fn measured(self) -> bool {
        self.0 <= ratings::MEASURED_UP_TO
    }

    /// The rating as players see it: "≈1700", "≈−1250".
    pub fn rating_label(self) -> String {
        label(self.rating())
    }

    /// The player and limits of this level ([`ladder`]), the randomized players drawing with
    /// `seed`.
    pub fn task(self, seed: u64) -> Task {
        // The depth is a limit as well as the player's own, so that a clock or a move time
        // given beside it (which would let the player deepen as far as time allows) cannot
        // make the level search deeper than it does with none.
        let to_depth = |player, depth| Task {
            player,
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        };
        match self.play() {
            Play::Greedy => Task {
                player: Player::Greedy { seed },
                limits: Limits::default(),
            },
            Play::AlphaBeta { depth, margin } => to_depth(
                Player::AlphaBeta {
                    depth,
                    margin,
                    seed,
                },
                depth,
            ),
            Play::Skill { depth, temperature } => to_depth(
                Player::Skill {
                    depth,
                    temperature,
                    seed,
                },
                depth,
            ),
            Play::Nodes(nodes) => Task {
                player: Player::Strong,
                limits: Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
            },
            // The timed levels answer from the opening book where it knows the position.
            Play::Millis(ms) => Task {
                player: Player::Strong,
                limits: Limits {
                    book: Some(seed),
                    ..Limits::movetime(ms)
                },
            },
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
