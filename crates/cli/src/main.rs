//! `xiangqi`: argument dispatch only; the commands live in the library.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use xiangqi_cli::{bench, matches, perft, play, uci, USAGE};

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

fn run_play(args: &[String]) -> ExitCode {
    let no_color = std::env::var_os("NO_COLOR");
    let color = play::want_color(no_color.as_deref(), io::stdout().is_terminal());
    let opts = match play::parse_args(args, color) {
        Ok(o) => o,
        Err(play::ArgsError::Help) => {
            print!("{}", play::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("xiangqi play: {e}");
            eprintln!("{}", play::USAGE.lines().next().unwrap_or_default());
            return ExitCode::from(2);
        }
    };
    match play::run(io::stdin().lock(), &mut io::stdout().lock(), &opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None if !io::stdin().is_terminal() => run_uci(),
        None => {
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
        Some("uci") if args.len() == 1 => run_uci(),
        Some("uci") => {
            eprintln!("xiangqi uci: takes no arguments (the GUI sends commands on stdin)");
            ExitCode::from(2)
        }
        Some("perft") => {
            let code = perft::run(&args[1..], &mut io::stdout().lock(), &mut io::stderr());
            ExitCode::from(code)
        }
        Some("bench") => {
            let code = bench::run(&args[1..], &mut io::stdout().lock(), &mut io::stderr());
            ExitCode::from(code)
        }
        Some("play") => run_play(&args[1..]),
        Some("match") => {
            let code = matches::run(&args[1..], &mut io::stdout().lock(), &mut io::stderr());
            ExitCode::from(code)
        }
        Some("help" | "-h" | "--help") => {
            print!("{USAGE}");
            let _ = io::stdout().flush();
            ExitCode::SUCCESS
        }
        Some("-V" | "--version") => {
            println!("xiangqi {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("xiangqi: unknown command \"{other}\"");
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
