//! The arguments of `xiangqi match`, declared with clap; the `xiangqi` command forwards them.

use super::adjudication::Adjudication;
use super::config::{MatchConfig, DEFAULT_MAX_PLIES, DEFAULT_PAIRS, DEFAULT_SPRT_PAIRS};
use super::opening_set::OpeningSet;
use super::spec::EngineSpec;
use super::sprt::Sprt;
use crate::checks::{count, threads};
use crate::seed::clock_seed;
use clap::Args;
use std::path::PathBuf;

/// `xiangqi match --a SPEC --b SPEC ...`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Engine A (results are given from its side)
    #[arg(long, value_name = "SPEC")]
    pub a: EngineSpec,
    /// Engine B
    #[arg(long, value_name = "SPEC")]
    pub b: EngineSpec,
    /// Game pairs to play (2N games), 1 to 1000000 [default: 10; with --sprt, at most 100000]
    #[arg(long, value_name = "N", value_parser = count(1, MAX_PAIRS))]
    pub games: Option<usize>,
    /// The openings: `named` (the 28 named lines), `book` (the built-in book of 400
    /// positions for fast conditions), `start` (the start position alone) or a file of UCI
    /// move lines
    #[arg(long, value_name = "SET|FILE", default_value = "named", value_parser = OpeningSet::from_arg)]
    pub openings: OpeningSet,
    /// Play pairs until a sequential test decides, like elo0=0,elo1=5,alpha=0.05,beta=0.05
    /// (normalized Elo; add model=logistic for logistic Elo)
    #[arg(long, value_name = "TEST")]
    pub sprt: Option<Sprt>,
    /// Games played at once, 1 to 256
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = threads())]
    pub concurrency: usize,
    /// A game this long is a draw (1 to 100000)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PLIES, value_parser = count(1, MAX_PLIES))]
    pub max_plies: usize,
    /// End a game early when both engines' scores agree on its result: `standard` (the
    /// value when none is given: draw=40/8/20,resign=4/1000), `none`, or
    /// draw=MOVE/MOVES/CP and/or resign=MOVES/CP [default: none]
    #[arg(long, value_name = "RULES", num_args = 0..=1, default_missing_value = "standard")]
    pub adjudicate: Option<Adjudication>,
    /// Seed of the randomized players [default: from the clock, printed]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Also write the games there, in PGN
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Go on with a match that stopped: count the games already in the --pgn file (written by
    /// the same match: engines, openings, seed, number of games), play only the others and
    /// append them
    #[arg(long, requires = "pgn")]
    pub resume: bool,
}

impl MatchArgs {
    /// The match to play.
    pub fn config(&self) -> MatchConfig {
        MatchConfig {
            a: self.a.clone(),
            b: self.b.clone(),
            pairs: self.games.unwrap_or(if self.sprt.is_some() {
                DEFAULT_SPRT_PAIRS
            } else {
                DEFAULT_PAIRS
            }),
            openings: self.openings.clone(),
            sprt: self.sprt,
            concurrency: self.concurrency,
            max_plies: self.max_plies,
            adjudication: self.adjudicate.unwrap_or_default(),
            seed: self.seed.unwrap_or_else(|| clock_seed() % 1_000_000_007),
            pgn: self.pgn.clone(),
            resume: self.resume,
        }
    }
}

/// The most opening lines a match plays.
const MAX_PAIRS: u64 = 1_000_000;
/// The longest game a match plays.
const MAX_PLIES: u64 = 100_000;
