//! The arguments of `xiangqi datagen` and `xiangqi tune`, declared with clap; the `xiangqi`
//! command forwards them.

use crate::checks::{cores, count, positive, real, threads};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// What `xiangqi datagen` writes (see `--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DataFormat {
    /// Quiet positions with the game's result, one `FEN;RESULT` line each
    Text,
    /// Whole games: the moves and the search's score of each, a few bytes a position
    Games,
}

/// `xiangqi datagen --out FILE [--format text|games] [--games N] [--nodes N] ...`.
#[derive(Debug, Args)]
#[command(after_help = "\
Plays the strong searcher against itself, each game from an opening line followed by a
few random moves, and appends to FILE, in the order of the games' numbers:
  text   the quiet positions with the game's result, one `FEN;RESULT` line each (RESULT
         for Red: 1, 0.5 or 0), for `xiangqi tune`;
  games  each game whole, its moves and the search's score of each (docs/tuning.md), for
         the evaluation network; appending goes on with the games after those already in
         FILE, so two runs write what one run of both would. FILE is a shard: FILE.meta,
         written before its first game, says the settings its games are made with, and a
         run of other settings is refused (`xiangqi shards` lists shards in a manifest).
The same seed writes the same data. Examples:
  xiangqi datagen --out data/selfplay.txt --games 4000 --nodes 8000
  xiangqi datagen --format games --out data/games.bin --games 20000 --nodes 5000")]
pub struct DatagenArgs {
    /// Append the data to this file
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// What to write
    #[arg(long, value_enum, default_value_t = DataFormat::Text)]
    pub format: DataFormat,
    /// Games to play, 0 to 100000000 (0: only makes a games file whole again, dropping a game
    /// a stopped run left unfinished)
    #[arg(long, default_value_t = 1000, value_parser = count(0, 100_000_000))]
    pub games: usize,
    /// Nodes searched per move, 1 to 1000000000
    #[arg(long, default_value_t = 8000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: u64,
    /// Random moves after the opening line, 0 to 100
    #[arg(long, default_value_t = 6, value_parser = count(0, 100))]
    pub random_plies: usize,
    /// Games played at once, 1 to 256 (default: every core)
    #[arg(long, default_value_t = cores(), value_parser = threads())]
    pub threads: usize,
    /// Seed of the random moves
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Search with this network (`xiangqi train --out`) instead of the built-in one
    #[arg(long, value_name = "FILE", conflicts_with = "hand_set")]
    pub eval_file: Option<PathBuf>,
    /// Search with the hand-set evaluation instead of the built-in network (rounds 0 and 1
    /// of the network's data were made so)
    #[arg(long)]
    pub hand_set: bool,
}

/// `xiangqi tune --data FILE [--epochs N] [--rate R] [--out FILE]`.
#[derive(Debug, Args)]
#[command(after_help = "\
Reads FEN;RESULT lines (as `xiangqi datagen` writes them), fits the scale K to the
current weights, runs gradient descent on the mean squared error between each
position's expected score and its game's result, and writes the rounded weights as
the evaluation's source file. Example:
  xiangqi tune --data data/selfplay.txt --out crates/xiangqi-ai/src/eval/weights.rs")]
pub struct TuneArgs {
    /// Training positions (several files may be given)
    #[arg(long, value_name = "FILE", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Passes of gradient descent over the data, 1 to 1000000
    #[arg(long, default_value_t = 500, value_parser = count(1, 1_000_000))]
    pub epochs: usize,
    /// Step size of the descent (the mean error's gradient is multiplied by it), above 0
    #[arg(long, default_value_t = 2e5, value_parser = positive)]
    pub rate: f64,
    /// Pull toward the starting weights: l2 * (w - w0)^2 per weight added to the error (0 or
    /// more)
    #[arg(long, default_value_t = 0.0, value_parser = real(0.0, f64::MAX))]
    pub l2: f64,
    /// Write the tuned weights here (a Rust source file); without it, only report
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Threads for the gradient, 1 to 256 (default: every core)
    #[arg(long, default_value_t = cores(), value_parser = threads())]
    pub threads: usize,
}
