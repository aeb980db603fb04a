//! `xiangqi`: reads the command line and runs the command; the commands live in the library.

use clap::Parser;
use std::io::{self, IsTerminal};
use std::path::Path;
use std::process::ExitCode;
use xiangqi_cli::args::{Cli, Command};
use xiangqi_cli::{bench, convert, opening, perft, play, uci};
use xiangqi_tools::train::chosen_network;
use xiangqi_tools::{matches, tune};

fn run_uci() -> ExitCode {
    let stdin = io::stdin().lock();
    // The loop's replies and the search thread's lines both go to stdout, line by line.
    let engine = uci::Engine::with_output(Box::new(io::stdout()));
    match uci::run_with(engine, stdin, &mut io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout means the GUI went away: leave quietly, but not as a success.
        Err(_) => ExitCode::FAILURE,
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        None if !io::stdin().is_terminal() => return run_uci(),
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().write_help(&mut io::stderr());
            2
        }
        Some(Command::Uci) => return run_uci(),
        Some(Command::Perft(args)) => {
            let position = args.position().unwrap_or_else(|e| e.exit());
            perft::run(
                position,
                args.depth,
                &mut io::stdout().lock(),
                &mut io::stderr(),
            )
        }
        Some(Command::Bench(args)) => {
            let net = match chosen_network(args.eval_file.as_deref(), args.hand_set) {
                Ok(net) => net,
                Err(e) => {
                    let path = args.eval_file.as_deref().unwrap_or(Path::new("")).display();
                    eprintln!("xiangqi bench: cannot use {path}: {e}");
                    return ExitCode::from(2);
                }
            };
            bench::run(
                args.ab_depth,
                args.pvs_depth,
                args.threads as usize,
                net,
                &mut io::stdout().lock(),
            )
        }
        Some(Command::Play(args)) => {
            let no_color = std::env::var_os("NO_COLOR");
            let color = play::want_color(no_color.as_deref(), io::stdout().is_terminal());
            let opts = args.options(color).unwrap_or_else(|e| e.exit());
            match play::run(io::stdin().lock(), &mut io::stdout().lock(), &opts) {
                Ok(()) => 0,
                Err(_) => 1,
            }
        }
        Some(Command::Match(args)) => {
            matches::run(&args.config(), &mut io::stdout().lock(), &mut io::stderr())
        }
        Some(Command::Levels) => {
            print!("{}", play::options::level_list());
            0
        }
        Some(Command::Openings(args)) => matches::run_openings(&args, &mut io::stderr()),
        Some(Command::Opening(args)) => {
            opening::run(&args, &mut io::stdout().lock(), &mut io::stderr())
        }
        Some(Command::Book(args)) => xiangqi_tools::book::run_book(&args, &mut io::stderr()),
        Some(Command::Datagen(args)) => tune::run_datagen(&args, &mut io::stderr()),
        Some(Command::Shards(args)) => {
            xiangqi_tools::shards::command::run_shards(&args, &mut io::stdout(), &mut io::stderr())
        }
        Some(Command::Tune(args)) => {
            tune::run_tune(&args, &mut io::stdout().lock(), &mut io::stderr())
        }
        Some(Command::Train(args)) => {
            xiangqi_tools::train::run_train(&args, &mut io::stdout().lock(), &mut io::stderr())
        }
        Some(Command::Puzzles(args)) => {
            xiangqi_tools::puzzles::run_puzzles(&args, &mut io::stderr())
        }
        Some(Command::Convert(args)) => convert::run(
            &args,
            &mut io::stdin().lock(),
            &mut io::stdout().lock(),
            &mut io::stderr(),
        ),
    };
    ExitCode::from(code)
}
