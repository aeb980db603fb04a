//! What a match is asked to do, and the defaults of `xiangqi match`.

use super::spec::EngineSpec;
use std::path::PathBuf;

/// A game that lasts this many plies (the opening included) is a draw unless `--max-plies`
/// says otherwise.
pub const DEFAULT_MAX_PLIES: usize = 300;

/// Opening pairs played unless `--games` says otherwise.
pub const DEFAULT_PAIRS: usize = 10;

/// What a match is asked to do.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first engine; results are given from its side.
    pub a: EngineSpec,
    /// The second engine.
    pub b: EngineSpec,
    /// Opening lines to play, each twice (A as Red, then B as Red).
    pub pairs: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// A game that reaches this many plies is a draw.
    pub max_plies: usize,
    /// The seed of the randomized players' choices (each game and ply gets its own).
    pub seed: u64,
    /// Where to write the games in PGN, if anywhere.
    pub pgn: Option<PathBuf>,
}
