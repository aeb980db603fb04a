//! The arguments of `xiangqi train`, declared with clap; the `xiangqi` command forwards them.

use clap::Args;
use std::path::PathBuf;

/// The machine's cores, the default for threads.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

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
    /// Hidden neurons a side
    #[arg(long, default_value_t = 256)]
    pub hidden: usize,
    /// Passes over the training positions
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Positions per step
    #[arg(long, default_value_t = 16_384)]
    pub batch: usize,
    /// Adam's step size
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// What the step size is multiplied by after each epoch
    #[arg(long, default_value_t = 1.0)]
    pub decay: f32,
    /// The result's part of the target (the search's score has the rest)
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f32,
    /// Train on the positions only, not also on their mirror images (files turned left for
    /// right, the same position for the rules)
    #[arg(long)]
    pub no_mirror: bool,
    /// Seed of the initial weights and of the shuffle
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: every core)
    #[arg(long, default_value_t = cores())]
    pub threads: usize,
}
