//! The difficulty levels offered to players, in one place.
//!
//! | level | player | budget |
//! |---|---|---|
//! | 1 | v1 greedy | one ply |
//! | 2 | v2 randomized alpha-beta | depth 2, margin 40 |
//! | 3 | v2 randomized alpha-beta | depth 4, margin 20 |
//! | 4 | v3 search | 100 ms |
//! | 5 | v3 search | 300 ms |
//! | 6 | v3 search | 1 s |
//! | 7 | v3 search | 3 s |
//! | 8 | v3 search | 8 s |

use super::alphabeta::{self, Config};
use super::greedy;
use super::search::{Limits, Searcher};
use super::{Info, Request, Thought};
use core::sync::atomic::AtomicBool;
use xiangqi::Game;

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

/// Transposition table size for the levels that use the strong search, in megabytes.
pub const LEVEL_HASH_MB: usize = 16;

/// A difficulty level, 1..=[`MAX_LEVEL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Which player a level uses, with its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// v1: the best one-ply evaluation.
    Greedy,
    /// v2: fixed-depth alpha-beta, random among near-equal root moves.
    AlphaBeta {
        /// Plies.
        depth: u32,
        /// Centipawns from the best within which a root move is a candidate.
        margin: i32,
    },
    /// v3: the strong search for a time per move.
    Search {
        /// Milliseconds per move.
        movetime_ms: u64,
    },
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

    /// The player this level uses (the table in the module doc).
    pub fn player(self) -> Player {
        match self.0 {
            1 => Player::Greedy,
            2 => Player::AlphaBeta {
                depth: 2,
                margin: 40,
            },
            3 => Player::AlphaBeta {
                depth: 4,
                margin: 20,
            },
            4 => Player::Search { movetime_ms: 100 },
            5 => Player::Search { movetime_ms: 300 },
            6 => Player::Search { movetime_ms: 1_000 },
            7 => Player::Search { movetime_ms: 3_000 },
            _ => Player::Search { movetime_ms: 8_000 },
        }
    }
}

impl Player {
    /// Chooses a move with this player (a fresh searcher for the strong search).
    pub fn think(
        self,
        game: &Game,
        request: &Request,
        clock: &dyn Fn() -> u64,
        on_info: &mut dyn FnMut(&Info),
    ) -> Thought {
        match self {
            Player::Greedy => greedy::choose(game, request.seed),
            Player::AlphaBeta { depth, margin } => alphabeta::choose(
                game,
                &Config {
                    depth,
                    margin,
                    seed: request.seed,
                },
                clock,
                on_info,
            ),
            Player::Search { movetime_ms } => {
                let mut searcher = Searcher::new(LEVEL_HASH_MB);
                let limits = Limits {
                    multipv: request.multipv.max(1),
                    ..Limits::movetime(movetime_ms)
                };
                searcher.search(game, &limits, clock, &AtomicBool::new(false), on_info)
            }
        }
    }
}
