//! The arguments of `xiangqi puzzles`, declared with clap; the `xiangqi` command forwards
//! them.

use crate::checks::{cores, count, threads};
use clap::Args;
use std::path::PathBuf;

/// `xiangqi puzzles --out FILE [--games FILE]... [--play N] [--depth D] [--count N] ...`.
#[derive(Debug, Args)]
#[command(after_help = "\
Mines puzzles from the engine's own games and writes them to FILE, one a line
(`id;fen;line;themes;rating`, see docs/puzzles.md). A candidate is the position after a
move that threw the game away; a search of DEPTH plies keeps it if exactly one move wins
there, and plays the solution out to the end of the tactic. The games are the files given
with --games (written by `xiangqi datagen --format games`) and N self-play games played here
between the strong search at the node budgets --nodes (each pair in turn). The same
arguments write the same file. After a change of the search, --again judges the shipped set
anew, keeping the numbers that links and saved progress name. Examples:
  xiangqi puzzles --out www/puzzles.txt --games data/games-r1.bin --play 4000 --count 2400
  xiangqi puzzles --again www/puzzles.txt --out www/puzzles.txt")]
pub struct PuzzlesArgs {
    /// Write the puzzles here
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// A puzzle set to judge again with this search: each of its puzzles that is still one
    /// keeps its number, with the line and rating the search now finds (new puzzles from
    /// --games and --play are numbered after its last)
    #[arg(long, value_name = "FILE")]
    pub again: Option<PathBuf>,
    /// Self-play games to mine (`xiangqi datagen --format games` files)
    #[arg(long = "games", value_name = "FILE")]
    pub games: Vec<PathBuf>,
    /// Self-play games to play and mine, 0 to 100000000
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = count(0, 100_000_000))]
    pub play: usize,
    /// The node budgets a move that play those games, in pairs (each 1 to 1000000000)
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "300,1000,4000",
        value_parser = clap::value_parser!(u64).range(1..=1_000_000_000)
    )]
    pub nodes: Vec<u64>,
    /// Plies the judging search looks ahead, 1 to 30
    #[arg(long, value_name = "D", default_value_t = 9,
          value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// Stop once this many puzzles are found, 1 to 1000000
    #[arg(long, value_name = "N", default_value_t = 2400, value_parser = count(1, 1_000_000))]
    pub count: usize,
    /// Searches at once, 1 to 256 (default: every core)
    #[arg(long, value_name = "N", value_parser = threads(),
          default_value_t = cores())]
    pub threads: usize,
    /// Seed of the games played here
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Judge with this network instead of the built-in one
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<PathBuf>,
    /// Judge with the hand-set evaluation instead of the built-in network
    #[arg(long, conflicts_with = "eval_file")]
    pub hand_set: bool,
    /// Say on stderr why each candidate was dropped
    #[arg(long)]
    pub why: bool,
}
