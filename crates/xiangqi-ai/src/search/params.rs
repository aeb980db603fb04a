//! Tuning constants of the strong search, in one place.
//!
//! Glossary:
//! - a MARGIN is a score distance in centipawns: "if the static evaluation is this far above
//!   beta, assume the node fails high";
//! - a REDUCTION is a number of plies taken off the depth of a search;
//! - a LIMIT is a largest depth at which a pruning rule may apply;
//! - a WINDOW is the half-width of an aspiration window around the previous score.

/// Aspiration: the first window around the previous iteration's score.
pub const ASPIRATION_WINDOW: i32 = 30;
/// Aspiration windows are used from this depth on.
pub const ASPIRATION_FROM_DEPTH: i32 = 5;

/// Reverse futility (static null move): at depth <= LIMIT, fail high when
/// eval - MARGIN * depth >= beta.
pub const RFP_LIMIT: i32 = 6;
/// See [`RFP_LIMIT`].
pub const RFP_MARGIN: i32 = 90;

/// Null move: from this depth, with reduction BASE + depth / DIVISOR.
pub const NULL_MIN_DEPTH: i32 = 3;
/// See [`NULL_MIN_DEPTH`].
pub const NULL_REDUCTION_BASE: i32 = 3;
/// See [`NULL_MIN_DEPTH`].
pub const NULL_REDUCTION_DIVISOR: i32 = 4;

/// Futility: at depth <= LIMIT, skip quiet moves when eval + MARGIN * depth <= alpha.
pub const FUTILITY_LIMIT: i32 = 3;
/// See [`FUTILITY_LIMIT`].
pub const FUTILITY_MARGIN: i32 = 110;

/// Late-move pruning: at depth <= LIMIT, skip quiet moves after BASE + depth * depth tried.
pub const LMP_LIMIT: i32 = 4;
/// See [`LMP_LIMIT`].
pub const LMP_BASE: usize = 4;

/// Late-move reductions: from this depth and this move number; the reduction is
/// ln(depth) * ln(move number) / DIVISOR.
pub const LMR_MIN_DEPTH: i32 = 3;
/// See [`LMR_MIN_DEPTH`].
pub const LMR_MIN_MOVE: usize = 3;
/// See [`LMR_MIN_DEPTH`].
pub const LMR_DIVISOR: f64 = 2.0;

/// Quiet moves are reduced one ply less for every this many points of history (the sum of
/// the butterfly and two continuation scores, each within +-HISTORY_MAX), one more below zero.
pub const LMR_HISTORY_DIVISOR: i32 = 16_384;

/// Internal iterative reduction: from this depth, a node with no hash move is searched one
/// ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// History scores are kept within +-HISTORY_MAX (gravity keeps them there).
pub const HISTORY_MAX: i32 = 16_384;

/// A score this far from zero means a rule loss (perpetual check) found in the tree; it is
/// below every mate score so that mates are still preferred and reported as mates.
pub const RULE_LOSS: i32 = 20_000;

/// Time on a game clock: the planned time (the soft limit) is stretched to this percentage
/// when the best move changed in the last iteration (from depth 5)...
pub const TIME_UNSETTLED_PERCENT: u64 = 160;
/// ...cut to this one when it has stayed the same for three iterations or more...
pub const TIME_SETTLED_PERCENT: u64 = 60;
/// ...and stretched by this percentage more when the best score fell by more than
/// [`TIME_FALL`] centipawns since the last iteration. The hard limit bounds it all.
pub const TIME_FALL_PERCENT: u64 = 140;
/// See [`TIME_FALL_PERCENT`].
pub const TIME_FALL: i32 = 40;

/// Correction history (`correction.rs`): entries are kept within +-LIMIT, in 1/SCALE of a
/// centipawn, so that the evaluation moves by at most LIMIT / SCALE centipawns; a search of
/// depth d whose result differs from the evaluation by x centipawns adds x * d / 8 (at most
/// LIMIT / 4) with gravity. Stockfish's limit and bonus.
pub const CORRECTION_LIMIT: i32 = 1024;
/// See [`CORRECTION_LIMIT`].
pub const CORRECTION_SCALE: i32 = 32;
