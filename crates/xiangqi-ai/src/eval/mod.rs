//! Static evaluation in centipawns from the side to move's point of view.
//!
//! Terms, each computed for both sides and subtracted, each weight a pair (middlegame,
//! endgame) blended by the phase (how many chariots, horses and cannons remain):
//! - material and piece-square tables;
//! - mobility of chariots, horses and cannons, and a horse with no move;
//! - general safety: missing advisors and elephants weighed by the attackers facing them, an
//!   "empty-head" cannon (空头炮) or two cannons (重炮) on the general's file, a chariot on it;
//! - the discovered-check pattern: a piece standing between its own chariot or cannon and
//!   the enemy general, ready to move away with check;
//! - a bonus for the side to move.
//!
//! The weights live in `weights.rs`, written by the tuner (`xiangqi tune`); `layout.rs`
//! numbers them as one vector, and [`features()`] gives, for a position, how much each weight
//! counts in its evaluation: the evaluation is exactly the sum of weight times feature
//! (checked by a test), which is what tuning needs.
//!
//! Files: `psq.rs` holds the exchange values, the material-and-table lookup and the phase;
//! `terms.rs` the terms of one side; `evaluate.rs` the evaluation; `features.rs` the same
//! terms as features; `term.rs` names the terms.

pub(crate) mod evaluate;
mod features;
pub mod layout;
pub(crate) mod psq;
mod term;
mod terms;
mod weights;

pub use evaluate::{evaluate, evaluate_position, material};
pub use features::{features, Features};
pub use psq::{phase, piece_square, MAX_PHASE, VALUE};
