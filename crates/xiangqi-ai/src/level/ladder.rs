//! The ladder: what each level plays, weakest first, and where the levels of the first
//! ladder (eight levels, before 2026-11-28) stand on it.
//!
//! | levels | player | what weakens it |
//! |---|---|---|
//! | 1, 3 to 9, 11 to 14 | the player of some skill (`choice.rs`) | a depth of 1 to 4 plies, and a temperature: the centipawns lost that halve a move's chance |
//! | 2 | v1 greedy | one ply, the best capture or evaluation |
//! | 10, 15 | v2 randomized alpha-beta | depth 2 or 4, a margin within which any root move is drawn |
//! | 16 to 20 | v3, the strong search | a node budget, the same on every device |
//! | 21 to 26 | v3 | a time a move, so the device's speed counts |

/// How a level plays: its player and the budget that weakens it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// v1 greedy.
    Greedy,
    /// v2 to `depth` plies, drawing among the root moves within `margin` centipawns of the best.
    AlphaBeta {
        /// Plies.
        depth: u32,
        /// Centipawns.
        margin: i32,
    },
    /// The player of some skill: v2's search to `depth`, a move drawn by a softmax of the
    /// root moves' scores at `temperature` centipawns.
    Skill {
        /// Plies.
        depth: u32,
        /// Centipawns lost that halve a move's chance.
        temperature: i32,
    },
    /// v3 within a node budget.
    Nodes(u64),
    /// v3 within a time a move, in milliseconds, from the opening book while it knows the
    /// position.
    Millis(u64),
}

use Play::*;

/// The levels, weakest first: level `n` plays `LADDER[n - 1]`.
pub(super) const LADDER: [Play; 26] = [
    Skill {
        depth: 1,
        temperature: 300,
    },
    Greedy,
    Skill {
        depth: 1,
        temperature: 150,
    },
    Skill {
        depth: 1,
        temperature: 100,
    },
    Skill {
        depth: 1,
        temperature: 60,
    },
    Skill {
        depth: 1,
        temperature: 30,
    },
    Skill {
        depth: 2,
        temperature: 40,
    },
    Skill {
        depth: 2,
        temperature: 30,
    },
    Skill {
        depth: 2,
        temperature: 20,
    },
    AlphaBeta {
        depth: 2,
        margin: 40,
    },
    Skill {
        depth: 3,
        temperature: 15,
    },
    Skill {
        depth: 3,
        temperature: 5,
    },
    Skill {
        depth: 4,
        temperature: 22,
    },
    Skill {
        depth: 4,
        temperature: 15,
    },
    AlphaBeta {
        depth: 4,
        margin: 20,
    },
    Nodes(4_000),
    Nodes(7_000),
    Nodes(12_000),
    Nodes(20_000),
    Nodes(50_000),
    Millis(100),
    Millis(250),
    Millis(500),
    Millis(1_000),
    Millis(2_000),
    Millis(8_000),
];

/// The first ladder's levels 1 to 8 (links, saved games and settings written before this
/// ladder name them) as levels of this one: the same player with the same budget.
pub(super) const FIRST_LADDER: [u8; 8] = [2, 10, 15, 19, 21, 23, 25, 26];
