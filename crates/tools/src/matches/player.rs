//! One side of a match game, whatever plays it: the built-in players (`builtin.rs`) and the
//! external engines (`external.rs`).

use super::error::PlayerError;
use xiangqi::{Game, Move};
use xiangqi_ai::{GameClock, Limits};

/// One side of a game. A player is made for one thread and kept for many games.
pub trait Player {
    /// Prepares for a new game (a UCI engine is restarted here if it died).
    fn new_game(&mut self) -> Result<(), PlayerError>;

    /// Chooses a move for the side to move in `game`, which is not over. `seed` varies per
    /// game and ply, for the randomized players; `clock` is the time left on both clocks
    /// when the player plays on one (its own limits apply besides). An error forfeits the
    /// game and says why.
    fn choose(
        &mut self,
        game: &Game,
        seed: u64,
        clock: Option<GameClock>,
    ) -> Result<Move, PlayerError>;

    /// The nodes searched, the depth reached and the score for the last move chosen, when
    /// the player says (an external engine in its last `info` lines with them).
    fn searched(&self) -> Option<Searched> {
        None
    }

    /// True if the last `choose` failed because the engine declined to move (`nobestmove`),
    /// which engines do when they hold the game drawn by a rule of their own.
    fn claims_draw(&self) -> bool {
        false
    }
}

/// A player's own `limits` for one move, with the game `clock` it is told (if it plays on
/// one) in place of any clock of its own.
pub fn on_clock(limits: &Limits, clock: Option<GameClock>) -> Limits {
    Limits {
        clock: clock.or(limits.clock),
        ..limits.clone()
    }
}

/// What a player searched for one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// Nodes searched.
    pub nodes: u64,
    /// Depth completed.
    pub depth: u32,
    /// The score of the move chosen, for the side that chose it, in centipawns (a mate as
    /// [`MATE_CP`] less the moves to it, or its negation); `None` if the player gave none.
    pub score: Option<i32>,
}

/// A mate's score in [`Searched::score`], less the moves to it.
pub const MATE_CP: i32 = 100_000;

/// A mate in `n` moves as [`Searched::score`] gives it: positive `n` for the side to move,
/// zero or negative when it is mated.
pub fn mate_cp(n: i32) -> i32 {
    let n = n.clamp(1 - MATE_CP, MATE_CP - 1);
    if n > 0 {
        MATE_CP - n
    } else {
        -MATE_CP - n
    }
}
