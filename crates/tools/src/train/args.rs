//! The arguments of `xiangqi train`, declared with clap; the `xiangqi` command forwards them.

use crate::checks::{cores, count, positive, real, threads};
use clap::Args;
use std::path::PathBuf;
use xiangqi_ai::nnue::{MAX_HIDDEN, MAX_OUTPUTS};

/// `xiangqi train --data FILE... --out NET [--hidden N] [--epochs N] ...`.
#[derive(Debug, Args)]
#[command(after_help = "\
Reads games (as `xiangqi datagen --format games` writes them), takes their quiet
positions, holds every tenth game out, and fits a network of --hidden neurons a side to the
rest (and their mirror images) on every core: the target is --lambda parts the game's result and the rest the
search's score. After each epoch it prints the training and held-out losses and writes
the floating-point network to --checkpoint (if given); at the end it writes the integer
network the engine reads to --out. Example:
  xiangqi train --data data/games.bin --hidden 256 --epochs 20 --out data/net.bin \\
      --checkpoint data/net.float")]
pub struct TrainArgs {
    /// Games to train on (several files may be given)
    #[arg(long, value_name = "FILE", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Write the integer network here
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Write the floating-point network here after each epoch
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Start from this checkpoint instead of random weights
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Hidden neurons a side, 1 to 4096
    #[arg(long, default_value_t = 256, value_parser = count(1, MAX_HIDDEN as u64))]
    pub hidden: usize,
    /// Outputs, 1 to 13: a position is read by one of them, chosen by the chariots, horses
    /// and cannons on the board (8: 0-1, 2-3, 4, 5-6, 7-8, 9, 10-11, 12 of them)
    #[arg(long, default_value_t = 1, value_parser = count(1, MAX_OUTPUTS as u64))]
    pub outputs: usize,
    /// Passes over the training positions, 1 to 100000
    #[arg(long, default_value_t = 10, value_parser = count(1, 100_000))]
    pub epochs: usize,
    /// Positions per step, 1 to 1048576
    #[arg(long, default_value_t = 16_384, value_parser = count(1, 1 << 20))]
    pub batch: usize,
    /// Adam's step size, above 0
    #[arg(long, default_value_t = 0.001, value_parser = positive)]
    pub rate: f64,
    /// What the step size is multiplied by after each epoch, above 0
    #[arg(long, default_value_t = 1.0, value_parser = positive)]
    pub decay: f64,
    /// The result's part of the target (the search's score has the rest), 0 to 1
    #[arg(long, default_value_t = 0.5, value_parser = real(0.0, 1.0))]
    pub lambda: f64,
    /// Train on the positions only, not also on their mirror images (files turned left for
    /// right, the same position for the rules)
    #[arg(long)]
    pub no_mirror: bool,
    /// Seed of the initial weights and of the shuffle
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads, 1 to 256 (default: every core)
    #[arg(long, default_value_t = cores(), value_parser = threads())]
    pub threads: usize,
}
