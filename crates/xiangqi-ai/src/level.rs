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

use crate::session::{Limits, Player, Task};

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

/// A difficulty level, 1..=[`MAX_LEVEL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// The level `n`, clamped to 1..=[`MAX_LEVEL`].
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, MAX_LEVEL))
    }

    /// The number of this level.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The player and limits of this level (the table in the module doc), the randomized
    /// players drawing with `seed`.
    pub fn task(self, seed: u64) -> Task {
        let strong = |ms| Task {
            player: Player::Strong,
            limits: Limits::movetime(ms),
        };
        let alpha_beta = |depth, margin| Task {
            player: Player::AlphaBeta {
                depth,
                margin,
                seed,
            },
            limits: Limits::default(),
        };
        match self.0 {
            1 => Task {
                player: Player::Greedy { seed },
                limits: Limits::default(),
            },
            2 => alpha_beta(2, 40),
            3 => alpha_beta(4, 20),
            4 => strong(100),
            5 => strong(300),
            6 => strong(1_000),
            7 => strong(3_000),
            _ => strong(8_000),
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
        assert_eq!(Level::new(9).task(0).limits, Limits::movetime(8_000));
    }
}
