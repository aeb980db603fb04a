//! What a match is asked to do, and the defaults of `xiangqi match`.

use super::adjudication::Adjudication;
use super::opening_set::OpeningSet;
use super::spec::EngineSpec;
use super::sprt::Sprt;
use std::path::PathBuf;

/// A game that lasts this many plies (the opening included) is a draw unless `--max-plies`
/// says otherwise.
pub const DEFAULT_MAX_PLIES: usize = 300;

/// Opening pairs played unless `--games` says otherwise.
pub const DEFAULT_PAIRS: usize = 10;

/// The most pairs a sequential test plays unless `--games` says otherwise.
pub const DEFAULT_SPRT_PAIRS: usize = 100_000;

/// What a match is asked to do.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first engine; results are given from its side.
    pub a: EngineSpec,
    /// The second engine.
    pub b: EngineSpec,
    /// Game pairs to play (with a sequential test, at most), each an opening played twice
    /// (A as Red, then B as Red).
    pub pairs: usize,
    /// The openings, used in turn.
    pub openings: OpeningSet,
    /// The sequential test that may end the match early, if any.
    pub sprt: Option<Sprt>,
    /// Games played at once.
    pub concurrency: usize,
    /// A game that reaches this many plies is a draw.
    pub max_plies: usize,
    /// The rules that end a game early by the engines' scores (none by default).
    pub adjudication: Adjudication,
    /// The seed of the randomized players' choices (each game and ply gets its own).
    pub seed: u64,
    /// Where to write the games in PGN, if anywhere.
    pub pgn: Option<PathBuf>,
    /// Count the games already in the PGN file and play only the others, appending them.
    pub resume: bool,
}
