//! `xiangqi openings`: writes a book of opening positions for matches at fast conditions,
//! many more than the named lines, each one the engine itself judges balanced.
//!
//! Candidate `k` is the named line `k mod 28` of [`OPENINGS`] followed by 2 to 4 random legal
//! moves (drawn from the seed and `k`). It is kept when the game goes on, the side to move is
//! not in check, no earlier candidate reached the same position (side to move included),
//! and the strong search, at a fixed number of nodes on one thread from an empty table,
//! scores it within `--margin` centipawns of even. The same seed, nodes, margin, network and
//! search write the same book. The file is the format [`opening_set`](super::opening_set)
//! reads: the moves in UCI, then `;` and the score for Red.

use super::openings::OPENINGS;
use crate::checks::count;
use crate::seed::mix;
use clap::Args;
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use xiangqi::notation::format_uci;
use xiangqi::{Color, Game, Move};
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{Limits, Player, Score, Session, Task};

/// `xiangqi openings --out FILE [--count N] [--nodes N] [--margin CP] [--seed N]`.
#[derive(Debug, Args)]
#[command(after_help = "\
Writes COUNT distinct opening positions, each a named line followed by 2 to 4 random
moves that the strong search (the built-in network, one thread, NODES nodes) scores
within MARGIN centipawns of even; one line of UCI moves each, then `; SCORE` for Red.
The same arguments write the same file. The built-in book was written with:
  xiangqi openings --out crates/tools/data/openings.txt --count 400 --seed 1")]
pub struct OpeningsArgs {
    /// Write the book here (replacing it)
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Positions to write, 1 to 100000
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = count(1, 100_000))]
    pub count: usize,
    /// Nodes the search spends judging each candidate, 1 to 1000000000
    #[arg(long, value_name = "N", default_value_t = 50_000, value_parser = count(1, 1_000_000_000))]
    pub nodes: usize,
    /// Keep a position whose score is at most this far from 0, in centipawns (0 to 1000)
    #[arg(long, value_name = "CP", default_value_t = 60, value_parser = count(0, 1000))]
    pub margin: usize,
    /// Seed of the random moves
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

/// A kept opening: its moves and the search's score for Red.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLine {
    /// The moves from the start.
    pub moves: Vec<Move>,
    /// The score for Red, in centipawns.
    pub red_cp: i32,
}

/// The most candidates tried for each position asked, before giving up.
const TRIES_PER_LINE: usize = 50;

/// Candidate `k`: a named line and 2 to 4 random moves; `None` if the game ends on the way.
fn candidate(seed: u64, k: usize) -> Option<Game> {
    let mut game = Game::new();
    game.play_all(&OPENINGS[k % OPENINGS.len()].moves()).ok()?;
    let mut rng = mix(seed, k as u64);
    for _ in 0..2 + rng % 3 {
        rng = mix(rng, 1);
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[(rng % moves.len() as u64) as usize];
        if game.play(m).ok()?.is_some() {
            return None;
        }
    }
    Some(game)
}

/// Writes the book's positions, in the order they were found; `progress` hears of each.
pub fn generate(
    args: &OpeningsArgs,
    network: Option<Arc<Network>>,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<BookLine> {
    let mut session = Session::new(16);
    session.set_threads(1);
    session.set_network(network);
    let task = Task {
        player: Player::Strong,
        limits: Limits {
            nodes: Some(args.nodes as u64),
            ..Limits::default()
        },
    };
    let mut seen = HashSet::new();
    let mut book = Vec::new();
    for k in 0..args.count * TRIES_PER_LINE {
        if book.len() == args.count {
            break;
        }
        let Some(game) = candidate(args.seed, k) else {
            continue;
        };
        if game.position().in_check() || !seen.insert(game.position().hash()) {
            continue;
        }
        session.new_game();
        let thought = session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |_| {});
        let Score::Cp(cp) = thought.score else {
            continue;
        };
        if cp.unsigned_abs() as usize <= args.margin {
            let red_cp = if game.position().turn() == Color::Red {
                cp
            } else {
                -cp
            };
            book.push(BookLine {
                moves: game.moves(),
                red_cp,
            });
        }
        progress(book.len(), k + 1);
    }
    book
}

/// The book as a file: a header saying how it was made, then a line per opening.
pub fn write_book(
    args: &OpeningsArgs,
    book: &[BookLine],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(
        out,
        "# {} opening positions written by `xiangqi openings --count {} --nodes {} --margin {} --seed {}`",
        book.len(),
        args.count,
        args.nodes,
        args.margin,
        args.seed
    )?;
    writeln!(
        out,
        "# moves from the start in UCI; after `;` the search's score for Red"
    )?;
    for line in book {
        let moves: Vec<String> = line.moves.iter().map(|&m| format_uci(m)).collect();
        writeln!(out, "{} ; {:+}", moves.join(" "), line.red_cp)?;
    }
    Ok(())
}

/// Runs `xiangqi openings` with the built-in network. Returns the exit code: 0, or 1 if the
/// file cannot be written or too few positions were found.
pub fn run_openings(args: &OpeningsArgs, err: &mut dyn Write) -> u8 {
    if let Err(e) = crate::checks::writable(&args.out) {
        let _ = writeln!(err, "xiangqi openings: {e}");
        return 1;
    }
    let book = generate(
        args,
        xiangqi_ai::nnue::built_in::built_in(),
        &mut |kept, tried| {
            if kept % 50 == 0 && kept > 0 {
                let _ = writeln!(err, "{kept} kept of {tried} tried");
            }
        },
    );
    if book.len() < args.count {
        let _ = writeln!(
            err,
            "xiangqi openings: only {} positions found; nothing written (try a wider --margin)",
            book.len()
        );
        return 1;
    }
    let mut text = Vec::new();
    let written =
        write_book(args, &book, &mut text).and_then(|()| std::fs::write(&args.out, &text));
    match written {
        Ok(()) => {
            let _ = writeln!(
                err,
                "{} positions written to {}",
                book.len(),
                args.out.display()
            );
            0
        }
        Err(e) => {
            let _ = writeln!(
                err,
                "xiangqi openings: cannot write {}: {e}",
                args.out.display()
            );
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::opening_set::OpeningSet;

    #[test]
    fn a_small_book_is_deterministic_distinct_and_reads_back() {
        let args = OpeningsArgs {
            out: PathBuf::from("unused"),
            count: 6,
            nodes: 500,
            margin: 80,
            seed: 3,
        };
        let book = generate(&args, None, &mut |_, _| {});
        assert_eq!(book.len(), 6);
        assert_eq!(generate(&args, None, &mut |_, _| {}), book);
        let mut text = Vec::new();
        write_book(&args, &book, &mut text).unwrap();
        let set = OpeningSet::parse(std::str::from_utf8(&text).unwrap(), "t").unwrap();
        assert_eq!(set.len(), 6);
        for (line, kept) in set.lines.iter().zip(&book) {
            assert_eq!(line.moves, kept.moves);
            assert!(kept.red_cp.unsigned_abs() <= 80);
        }
    }
}
