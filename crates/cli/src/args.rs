//! The command line of `xiangqi`, declared with clap: the subcommands, their flags and
//! defaults, and the readers of the values that need the rules (levels, sides, FENs). Each
//! subcommand's arguments become the plain options its module runs with, so the modules
//! never see the command line. The tools' subcommands (`match`, `openings`, `datagen`, `tune`, `train`, `puzzles`) take the
//! arguments that [`xiangqi_tools`] declares.

use crate::convert::ConvertArgs;
use crate::perft;
use crate::play::{PlayOptions, DEFAULT_HINT_MS, DEFAULT_LEVEL};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use xiangqi::{Color, Position};
use xiangqi_ai::{Level, LevelError};
use xiangqi_tools::book::BookArgs;
use xiangqi_tools::matches::{MatchArgs, OpeningsArgs, SPEC_HELP};
use xiangqi_tools::puzzles::PuzzlesArgs;
use xiangqi_tools::seed::clock_seed;
use xiangqi_tools::train::TrainArgs;
use xiangqi_tools::tune::{DatagenArgs, TuneArgs};

/// Every help text starts with the usage line, as the hand-written ones did.
const TEMPLATE: &str = "\
{before-help}usage: {usage}

{about-with-newline}
{all-args}{after-help}";

/// `xiangqi [COMMAND]`.
#[derive(Debug, Parser)]
#[command(
    name = "xiangqi",
    version,
    about = "Xiangqi (Chinese chess): a UCI engine, perft, bench, terminal play, engine matches and record conversion.",
    after_help = "With no command and stdin not a terminal (a GUI or a pipe), xiangqi speaks UCI.",
    help_template = TEMPLATE,
    subcommand_help_heading = "Commands"
)]
pub struct Cli {
    /// What to do; none means UCI when stdin is a pipe.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
#[command(help_template = TEMPLATE)]
pub enum Command {
    /// Speak UCI on stdin/stdout (Pikafish conventions)
    #[command(help_template = TEMPLATE)]
    Uci,
    /// Count the legal move tree, split by root move
    #[command(help_template = TEMPLATE)]
    Perft(PerftArgs),
    /// Time the alpha-beta and strong searches on fixed positions
    #[command(help_template = TEMPLATE)]
    Bench(BenchArgs),
    /// Play against the computer in the terminal
    #[command(help_template = TEMPLATE)]
    Play(PlayArgs),
    /// List the levels: number, rating, move time (ms, or - for a fixed budget), player
    #[command(help_template = TEMPLATE)]
    Levels,
    /// Play two engines against each other
    #[command(help_template = TEMPLATE, after_help = SPEC_HELP)]
    Match(Box<MatchArgs>),
    /// Write a book of balanced opening positions for matches (`match --openings FILE`)
    #[command(help_template = TEMPLATE)]
    Openings(OpeningsArgs),
    /// Build the opening book the levels, `OwnBook` and the explorer read
    #[command(help_template = TEMPLATE)]
    Book(BookArgs),
    /// Write self-play data: positions for `xiangqi tune`, or games for `xiangqi train`
    #[command(help_template = TEMPLATE)]
    Datagen(DatagenArgs),
    /// Describe shards of network data, or list them in (or check them against) a manifest
    #[command(help_template = TEMPLATE)]
    Shards(xiangqi_tools::shards::command::ShardsArgs),
    /// Fit the evaluation's weights to training positions (Texel's method)
    #[command(help_template = TEMPLATE)]
    Tune(TuneArgs),
    /// Train an evaluation network on self-play games
    #[command(help_template = TEMPLATE)]
    Train(TrainArgs),
    /// Mine puzzles from the engine's own games
    #[command(help_template = TEMPLATE)]
    Puzzles(PuzzlesArgs),
    /// Name the ECCO opening of moves or of a record's games
    #[command(help_template = TEMPLATE)]
    Opening(crate::opening::OpeningArgs),
    /// Convert a game record (XQF, DhtmlXQ, WXF, PGN) to PGN or DhtmlXQ
    #[command(help_template = TEMPLATE)]
    Convert(ConvertArgs),
}

/// `xiangqi perft <DEPTH> [--fen FEN]`.
#[derive(Debug, Args)]
#[command(after_help = "\
Counts the leaf nodes of the legal move tree, one line per root move, then
`Nodes searched: N`; time and speed go to stderr. The FEN may be one quoted
argument or the remaining arguments:
  xiangqi perft 3 --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'
  xiangqi perft 3 --fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")]
pub struct PerftArgs {
    /// Plies to count, 1 to 10
    #[arg(value_parser = perft::parse_depth)]
    pub depth: u32,
    /// Start from this position (one argument, or the rest of the line)
    #[arg(long, num_args = 1.., allow_hyphen_values = true, value_name = "FEN")]
    pub fen: Option<Vec<String>>,
}

impl PerftArgs {
    /// The root position: the start, or the FEN given.
    pub fn position(&self) -> Result<Position, clap::Error> {
        match &self.fen {
            None => Ok(Position::start()),
            Some(words) => read_fen(words),
        }
    }
}

/// `xiangqi bench [AB_DEPTH [PVS_DEPTH]] [--threads N]`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Depth of the alpha-beta (v2) searches, 1 to 8
    #[arg(default_value_t = crate::bench::AB_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=8))]
    pub ab_depth: u32,
    /// Depth of the strong (v3) searches, 1 to 30
    #[arg(default_value_t = crate::bench::PVS_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=30))]
    pub pvs_depth: u32,
    /// Threads of the strong searches (with more than one, node counts vary from run to run)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Evaluate the strong searches with this network (`xiangqi train --out`) instead of the
    /// built-in one; node counts then differ from the signature
    #[arg(long, value_name = "FILE", conflicts_with = "hand_set")]
    pub eval_file: Option<std::path::PathBuf>,
    /// Evaluate the strong searches with the hand-set evaluation instead of the built-in
    /// network (the page's engine does until its network arrives)
    #[arg(long)]
    pub hand_set: bool,
}

/// `xiangqi play [--level N] [--side red|black] [--fen FEN] [--seed N] [--color|--no-color]`.
#[derive(Debug, Args)]
#[command(after_help = "\
Type moves in UCI (h2e2), ICCS (H2-E2), WXF (C2.5) or Chinese (炮二平五); type help
during the game for the commands.")]
pub struct PlayArgs {
    /// 1 = v1 greedy, 2-3 = v2 alpha-beta, 4-8 = v3 search with more time per move
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LEVEL, value_parser = parse_level)]
    pub level: u8,
    /// The side you play (red moves first)
    #[arg(long, value_name = "red|black", default_value = "red", value_parser = parse_side)]
    pub side: Color,
    /// Start from this position instead (one argument, or the rest of the line)
    #[arg(long, num_args = 1.., allow_hyphen_values = true, value_name = "FEN")]
    pub fen: Option<Vec<String>>,
    /// Seed of the computer's random choices [default: from the clock]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Draw in colour (default: on a terminal unless NO_COLOR is set)
    #[arg(long, alias = "colour", overrides_with = "no_color")]
    pub color: bool,
    /// Draw without colour
    #[arg(long, alias = "no-colour", overrides_with = "color")]
    pub no_color: bool,
}

impl PlayArgs {
    /// The options of the game; `color` is the default for colours (from the terminal and
    /// `NO_COLOR`), which `--color` and `--no-color` override.
    pub fn options(&self, color: bool) -> Result<PlayOptions, clap::Error> {
        Ok(PlayOptions {
            level: self.level,
            human: self.side,
            start: match &self.fen {
                None => Position::start(),
                Some(words) => read_fen(words)?,
            },
            color: (color || self.color) && !self.no_color,
            seed: self.seed.unwrap_or_else(clock_seed),
            hint_ms: DEFAULT_HINT_MS,
        })
    }
}

/// A level, 1 to [`xiangqi_ai::MAX_LEVEL`], as [`Level`] reads it.
fn parse_level(text: &str) -> Result<u8, LevelError> {
    text.parse::<Level>().map(Level::number)
}

fn parse_side(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "red" | "r" | "w" | "white" => Ok(Color::Red),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("\"{text}\": choose red or black")),
    }
}

/// The FEN given as one argument or as several, checked against the rules.
fn read_fen(words: &[String]) -> Result<Position, clap::Error> {
    let fen = words.join(" ");
    let fen = fen.trim();
    Position::from_fen(fen).map_err(|e| {
        Cli::command().error(
            ErrorKind::ValueValidation,
            format!("bad FEN \"{fen}\": {e}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("xiangqi").chain(args.iter().copied()))
    }

    fn error(args: &[&str]) -> String {
        parse(args).unwrap_err().to_string()
    }

    #[test]
    fn the_declaration_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn match_arguments() {
        let Some(Command::Match(m)) = parse(&[
            "match",
            "--a",
            "alphabeta:depth=4",
            "--b=greedy",
            "--games",
            "20",
            "--max-plies=200",
            "--seed",
            "5",
            "--concurrency",
            "2",
        ])
        .unwrap()
        .command
        else {
            panic!("not a match")
        };
        let cfg = m.config();
        assert_eq!(cfg.a.text, "alphabeta:depth=4");
        assert_eq!(cfg.b.text, "greedy");
        assert_eq!(
            (cfg.pairs, cfg.max_plies, cfg.seed, cfg.concurrency),
            (20, 200, 5, 2)
        );
        assert!(cfg.sprt.is_none());
        assert_eq!(cfg.openings.source, "named");
        let Some(Command::Match(m)) = parse(&[
            "match",
            "--a=greedy",
            "--b=greedy",
            "--openings=book",
            "--sprt",
            "elo0=0,elo1=5,alpha=0.05,beta=0.05",
        ])
        .unwrap()
        .command
        else {
            panic!("not a match")
        };
        let cfg = m.config();
        assert_eq!((cfg.pairs, cfg.openings.source.as_str()), (100_000, "book"));
        assert_eq!(cfg.sprt.unwrap().elo1, 5.0);
        assert!(
            error(&["match", "--a=greedy", "--b=greedy", "--sprt=elo0=1,elo1=0"])
                .contains("elo1 must be above elo0")
        );
        assert!(error(&[
            "match",
            "--a=greedy",
            "--b=greedy",
            "--openings=/nonexistent"
        ])
        .contains("cannot read the openings file"));
        assert!(error(&["match", "--b", "greedy"]).contains("--a <SPEC>"));
        assert!(error(&["match", "--a", "greedy"]).contains("--b <SPEC>"));
        assert!(error(&["match", "--a"]).contains("a value is required for '--a <SPEC>'"));
        assert!(
            error(&["match", "--a", "greedy", "--b", "greedy", "--games", "0"])
                .contains("'--games <N>'")
        );
        assert!(
            error(&["match", "--a", "nope", "--b", "greedy"]).contains("unknown engine \"nope\"")
        );
        assert!(error(&["match", "--x"]).contains("unexpected argument '--x'"));
        assert_eq!(
            parse(&["match", "-h"]).unwrap_err().kind(),
            ErrorKind::DisplayHelp
        );
    }

    #[test]
    fn play_arguments() {
        let Some(Command::Play(p)) = parse(&[
            "play",
            "--level",
            "5",
            "--side",
            "b",
            "--seed",
            "9",
            "--color",
            "--fen",
            "3k5/9/9/9/9/9/9/9/9/4K4",
            "w",
            "-",
            "-",
            "0",
            "1",
        ])
        .unwrap()
        .command
        else {
            panic!("not play")
        };
        let opts = p.options(false).unwrap();
        assert_eq!((opts.level, opts.human, opts.seed), (5, Color::Black, 9));
        assert!(opts.color);
        assert_eq!(opts.start.to_fen(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        let Some(Command::Play(p)) = parse(&["play", "--no-colour"]).unwrap().command else {
            panic!("not play")
        };
        let opts = p.options(true).unwrap();
        assert!(!opts.color);
        assert_eq!((opts.level, opts.human), (DEFAULT_LEVEL, Color::Red));
        assert!(error(&["play", "--level", "27"]).contains("\"27\" is not a level: choose 1 to 26"));
        assert!(error(&["play", "--side", "blue"]).contains("\"blue\": choose red or black"));
    }

    #[test]
    fn perft_and_bench_arguments() {
        let Some(Command::Perft(p)) = parse(&["perft", "3", "--fen=9/9 w"]).unwrap().command else {
            panic!("not perft")
        };
        assert_eq!(p.depth, 3);
        assert!(p
            .position()
            .unwrap_err()
            .to_string()
            .contains("bad FEN \"9/9 w\""));
        let Some(Command::Bench(b)) = parse(&["bench"]).unwrap().command else {
            panic!("not bench")
        };
        assert_eq!(
            (b.ab_depth, b.pvs_depth),
            (crate::bench::AB_DEPTH, crate::bench::PVS_DEPTH)
        );
        assert!(error(&["bench", "9"]).contains("9 is not in 1..=8"));
        assert!(error(&["bench", "x"]).contains("invalid value 'x' for '[AB_DEPTH]'"));
        assert!(error(&["bench", "1", "2", "3"]).contains("unexpected argument '3'"));
    }
}
