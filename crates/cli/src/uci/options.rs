//! The options `uci` announces, their values, and the task they make of a `go`.

use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;
use xiangqi_ai::nnue::built_in::built_in;
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{alphabeta, Level, Limits, Player, Task, DEFAULT_HASH_MB, MAX_LEVEL};
use xiangqi_tools::train::read_network;
use xiangqi_uci::option::spin;
pub use xiangqi_uci::option::OptionError;

/// The options announced after `uci`, with their current values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`: transposition table megabytes.
    pub hash_mb: usize,
    /// `Threads`: threads of the strong search.
    pub threads: usize,
    /// `Algorithm`: which player answers `go`.
    pub algorithm: Algorithm,
    /// `Depth`: plies for the alpha-beta player when `go` gives no depth.
    pub depth: u32,
    /// `Seed`: for the randomized players; 0 draws a new seed for every search.
    pub seed: u64,
    /// `MultiPV`: lines the strong search reports.
    pub multipv: u32,
    /// `Level`: 0 follows `Algorithm` and the `go` limits; 1..=8 plays as the app's level.
    pub level: u8,
    /// `EvalFile`: the network read from the file it names (`xiangqi train --out`), the one
    /// built into the engine for `<built-in>`, none (the hand-set evaluation) for `<empty>`.
    pub network: Option<Arc<Network>>,
}

/// The players `Algorithm` chooses among.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// v1: one ply, greedy.
    Greedy,
    /// v2: fixed-depth alpha-beta, random among near-equal moves.
    AlphaBeta,
    /// v3: the strong search.
    Pvs,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            algorithm: Algorithm::Pvs,
            depth: 4,
            seed: 0,
            multipv: 1,
            level: 0,
            network: built_in(),
        }
    }
}

/// Largest `Hash` in megabytes.
pub const MAX_HASH_MB: usize = 4096;
/// Largest `Threads`: the machine's cores.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Largest `Depth` for the alpha-beta player.
pub const MAX_AB_DEPTH: u32 = 12;

impl Options {
    pub(super) fn announce<W: Write>(&self, out: &mut W) -> io::Result<()> {
        writeln!(
            out,
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        )?;
        writeln!(out, "option name Clear Hash type button")?;
        writeln!(
            out,
            "option name Threads type spin default 1 min 1 max {}",
            max_threads()
        )?;
        writeln!(
            out,
            "option name Algorithm type combo default pvs var greedy var alphabeta var pvs"
        )?;
        writeln!(
            out,
            "option name Depth type spin default 4 min 1 max {MAX_AB_DEPTH}"
        )?;
        writeln!(
            out,
            "option name Seed type spin default 0 min 0 max 2147483647"
        )?;
        writeln!(out, "option name MultiPV type spin default 1 min 1 max 16")?;
        writeln!(out, "option name EvalFile type string default {BUILT_IN}")?;
        writeln!(
            out,
            "option name Level type spin default 0 min 0 max {MAX_LEVEL}"
        )
    }

    /// Applies `setoption`; the error says what is wrong and nothing changes.
    pub(super) fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let value = value.map(str::trim).unwrap_or("");
        let spin = |min: u64, max: u64| spin(name, value, min, max);
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.hash_mb = spin(1, MAX_HASH_MB as u64)? as usize,
            "threads" => self.threads = spin(1, max_threads() as u64)? as usize,
            "algorithm" => {
                self.algorithm = match value.to_ascii_lowercase().as_str() {
                    "greedy" => Algorithm::Greedy,
                    "alphabeta" => Algorithm::AlphaBeta,
                    "pvs" => Algorithm::Pvs,
                    _ => {
                        return Err(OptionError::Choice {
                            name: "Algorithm",
                            choices: "greedy, alphabeta or pvs",
                            value: value.to_string(),
                        })
                    }
                }
            }
            "depth" => self.depth = spin(1, MAX_AB_DEPTH as u64)? as u32,
            "seed" => self.seed = spin(0, 2_147_483_647)?,
            "multipv" => self.multipv = spin(1, 16)? as u32,
            "level" => self.level = spin(0, MAX_LEVEL as u64)? as u8,
            "evalfile" => self.network = eval_file(value)?,
            _ => {
                return Err(OptionError::Unknown {
                    name: name.to_string(),
                })
            }
        }
        Ok(())
    }
}

/// `EvalFile`'s value for the network built into the engine.
pub const BUILT_IN: &str = "<built-in>";

/// `EvalFile`'s network for `value`: the built-in one for [`BUILT_IN`], none (the hand-set
/// evaluation) for an empty value or `<empty>`, else the file's.
fn eval_file(value: &str) -> Result<Option<Arc<Network>>, OptionError> {
    match value {
        "" | "<empty>" => Ok(None),
        BUILT_IN => Ok(built_in()),
        path => read_network(Path::new(path))
            .map(Some)
            .map_err(|e| OptionError::File {
                name: "EvalFile",
                path: path.to_string(),
                reason: e.to_string(),
            }),
    }
}

impl Options {
    /// The task for `go` with `limits`: the player the options choose, drawing with `seed`.
    /// With a `Level`, the level's player and budget, which the GUI's limits (a clock
    /// included) can only shorten: [`Level::task_within`].
    pub fn task(&self, mut limits: Limits, seed: u64) -> Task {
        limits.multipv = self.multipv;
        if self.level > 0 {
            return Level::new(self.level).task_within(limits, seed);
        }
        let player = match self.algorithm {
            Algorithm::Greedy => Player::Greedy { seed },
            Algorithm::AlphaBeta => Player::AlphaBeta {
                depth: self.depth,
                margin: alphabeta::Config::default().margin,
                seed,
            },
            Algorithm::Pvs => Player::Strong,
        };
        Task { player, limits }
    }
}
