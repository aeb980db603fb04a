//! What a game keeps of each ply: the move, what undoes it, and what the repetition rules
//! read (the hash after it, whether it checked, what it started to chase).

use crate::m::Move;
use crate::position::Undo;

/// What the game remembers of each ply, for undo and for the repetition rules.
#[derive(Clone, Debug)]
pub(crate) struct Ply {
    pub mv: Move,
    pub undo: Undo,
    /// Hash of the position after the move.
    pub hash: u64,
    /// The move attacked the opponent's general.
    pub check: bool,
    /// Opponent pieces (by point, after the move) that the move started to chase.
    pub chased: u128,
}
