//! `xiangqi book`: builds the opening book ([`xiangqi_ai::book`]) from our own engine's
//! searches.
//!
//! From the start position it searches positions best-first, the most likely to be reached
//! first: each search is the strong search with the built-in network on one thread, a fixed
//! number of nodes and several lines (multi-PV), from an empty table. The lines within
//! `--margin` centipawns of the best become the position's book moves, weighted by how far
//! they fall behind it (a move 10 centipawns worse gets half the weight). Each book move's
//! position is then queued with the chance of reaching it (the product of the shares on the
//! way), down to `--plies` plies and while that chance is at least `--min-share`. The build
//! stops after `--positions` searches. One thread, fixed nodes and an empty table each time:
//! the same arguments write the same book.

use crate::checks::count;
use clap::Args;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;
use xiangqi::{Game, Move};
use xiangqi_ai::book::{Book, BookMove};
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{Info, Limits, Player, Score, Session, Task};

/// The shipped book (`www/book.txt`, which the page fetches), for the native engine's
/// `OwnBook` and the match runner; `None` if it does not read (its test reads it).
pub fn built_in() -> Option<Arc<Book>> {
    Book::parse(include_str!("../../../www/book.txt"))
        .ok()
        .map(Arc::new)
}

/// `xiangqi book --out FILE [--positions N] [--nodes N] [--lines N] [--margin CP] [--plies N]`.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Builds the opening book from the strong search (the built-in network, one thread, NODES
nodes and LINES lines a position), the likeliest positions first, and writes it in the
format the page and `OwnBook` read. The same arguments write the same book. The shipped
book was written with:
  xiangqi book --out www/book.txt --positions 5000 --nodes 500000 --lines 4 --margin 24 --plies 14")]
pub struct BookArgs {
    /// Write the book here (replacing it; also every 200 positions while building)
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Positions to search, 1 to 1000000
    #[arg(long, value_name = "N", default_value_t = 5000, value_parser = count(1, 1_000_000))]
    pub positions: usize,
    /// Nodes each search spends, 1 to 1000000000
    #[arg(long, value_name = "N", default_value_t = 500_000, value_parser = count(1, 1_000_000_000))]
    pub nodes: usize,
    /// Lines each search reports (multi-PV), 1 to 8
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = count(1, 8))]
    pub lines: usize,
    /// Keep a line at most this many centipawns below the best, 0 to 200
    #[arg(long, value_name = "CP", default_value_t = 24, value_parser = count(0, 200))]
    pub margin: usize,
    /// The deepest position searched, in plies from the start, 1 to 40
    #[arg(long, value_name = "N", default_value_t = 14, value_parser = count(1, 40))]
    pub plies: usize,
    /// Queue a position only if the book reaches it at least this often, in millionths
    #[arg(long, value_name = "PPM", default_value_t = 200, value_parser = count(0, 1_000_000))]
    pub min_share: usize,
}

/// A move this far below the best gets half its weight, in centipawns.
const HALVING_CP: f64 = 10.0;

/// The weight of a line `behind` centipawns below the best: 100, halving every
/// [`HALVING_CP`], at least 1.
fn weight(behind: i32) -> u32 {
    (100.0 * 0.5f64.powf(f64::from(behind) / HALVING_CP))
        .round()
        .max(1.0) as u32
}

/// The last complete set of lines a multi-PV search reported: those of the deepest depth at
/// which every line up to `want` came, each line's last report.
fn final_lines(infos: &[Info], want: usize) -> Vec<(Move, i32)> {
    let Some(depth) = infos
        .iter()
        .map(|i| i.depth)
        .filter(|&d| {
            (1..=want as u32).all(|k| infos.iter().any(|i| i.depth == d && i.multipv == k))
        })
        .max()
    else {
        return Vec::new();
    };
    (1..=want as u32)
        .filter_map(|k| {
            let info = infos
                .iter()
                .rev()
                .find(|i| i.depth == depth && i.multipv == k)?;
            let Score::Cp(cp) = info.score else {
                return None;
            };
            Some((*info.pv.first()?, cp))
        })
        .collect()
}

/// The book moves of one searched position: the lines within `margin` of the best, weighted.
fn book_moves(lines: &[(Move, i32)], margin: i32) -> Vec<BookMove> {
    let Some(best) = lines.iter().map(|&(_, cp)| cp).max() else {
        return Vec::new();
    };
    let mut moves: Vec<BookMove> = lines
        .iter()
        .filter(|&&(_, cp)| best - cp <= margin)
        .map(|&(mv, score)| BookMove {
            mv,
            score,
            weight: weight(best - score),
        })
        .collect();
    moves.sort_by_key(|m| Reverse(m.score));
    moves.dedup_by_key(|m| m.mv);
    moves
}

/// Builds the book; `progress` hears the count of positions searched and the book so far.
pub fn build(
    args: &BookArgs,
    network: Option<Arc<Network>>,
    progress: &mut dyn FnMut(usize, &Book),
) -> Book {
    let mut session = Session::new(16);
    session.set_threads(1);
    session.set_network(network);
    // The queue: the chance of reaching a position (in millionths), then first come first.
    // Moves are not ordered, so the heap holds each path's index in `paths`.
    let mut paths: Vec<Vec<Move>> = vec![Vec::new()];
    let mut queue: BinaryHeap<(u64, Reverse<usize>)> = BinaryHeap::new();
    queue.push((1_000_000, Reverse(0)));
    let mut seen = HashSet::new();
    let mut book = Book::default();
    let mut searched = 0;
    while let Some((share, Reverse(index))) = queue.pop() {
        let path = std::mem::take(&mut paths[index]);
        if searched == args.positions {
            break;
        }
        let Ok(game) = Game::replay(xiangqi::Position::start(), &path) else {
            continue;
        };
        if game.outcome().is_some() || !seen.insert(game.position().hash()) {
            continue;
        }
        let legal = game.position().legal_moves().len();
        let want = args.lines.min(legal);
        let task = Task {
            player: Player::Strong,
            limits: Limits {
                nodes: Some(args.nodes as u64),
                multipv: want as u32,
                ..Limits::default()
            },
        };
        session.new_game();
        let mut infos = Vec::new();
        session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |i| {
            infos.push(i.clone())
        });
        searched += 1;
        let moves = book_moves(&final_lines(&infos, want), args.margin as i32);
        if moves.is_empty() {
            continue;
        }
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        if path.len() + 1 < args.plies {
            for m in &moves {
                let child = share * u64::from(m.weight) / total;
                if child >= args.min_share as u64 {
                    let mut next = path.clone();
                    next.push(m.mv);
                    queue.push((child, Reverse(paths.len())));
                    paths.push(next);
                }
            }
        }
        book.insert(path, game.position(), moves);
        progress(searched, &book);
    }
    book
}

/// The book as its file: a header saying how it was built, then the positions.
pub fn book_text(args: &BookArgs, book: &Book) -> String {
    let mut text = format!(
        "# opening book: {} positions, written by `xiangqi book --positions {} --nodes {} --lines {} --margin {} --plies {} --min-share {}`\n\
         # each line: the moves from the start (UCI) ; then each book move: move, score for the side to move (cp), weight\n",
        book.len(),
        args.positions,
        args.nodes,
        args.lines,
        args.margin,
        args.plies,
        args.min_share
    );
    let _ = book.write(&mut text);
    text
}

/// Runs `xiangqi book` with the built-in network. Returns the exit code: 0, or 1 if the file
/// cannot be written.
pub fn run_book(args: &BookArgs, err: &mut dyn Write) -> u8 {
    if let Err(e) = crate::checks::writable(&args.out) {
        let _ = writeln!(err, "xiangqi book: {e}");
        return 1;
    }
    let start = Instant::now();
    let mut failed = None;
    let book = build(
        args,
        xiangqi_ai::nnue::built_in::built_in(),
        &mut |n, book| {
            if n % 200 == 0 {
                let _ = writeln!(
                    err,
                    "{n} positions searched, {} in the book, {:.0} s",
                    book.len(),
                    start.elapsed().as_secs_f64()
                );
                if let Err(e) = std::fs::write(&args.out, book_text(args, book)) {
                    failed = Some(e);
                }
            }
        },
    );
    let written = match failed {
        Some(e) => Err(e),
        None => std::fs::write(&args.out, book_text(args, &book)),
    };
    match written {
        Ok(()) => {
            let _ = writeln!(
                err,
                "{} positions written to {} in {:.0} s",
                book.len(),
                args.out.display(),
                start.elapsed().as_secs_f64()
            );
            0
        }
        Err(e) => {
            let _ = writeln!(
                err,
                "xiangqi book: cannot write {}: {e}",
                args.out.display()
            );
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(positions: usize) -> BookArgs {
        BookArgs {
            out: PathBuf::from("unused"),
            positions,
            nodes: 3000,
            lines: 3,
            margin: 60,
            plies: 8,
            min_share: 0,
        }
    }

    #[test]
    fn the_shipped_book_reads_and_starts_at_the_start() {
        let text = include_str!("../../../www/book.txt");
        let book = Book::parse(text).unwrap();
        assert!(book.len() >= 1000, "{}", book.len());
        assert!(book.moves(&xiangqi::Position::start()).len() >= 2);
        assert_eq!(built_in().map(|b| b.len()), Some(book.len()));
    }

    #[test]
    fn weights_halve_every_ten_centipawns() {
        assert_eq!(weight(0), 100);
        assert_eq!(weight(10), 50);
        assert_eq!(weight(20), 25);
        assert_eq!(weight(200), 1);
    }

    #[test]
    fn a_small_book_is_deterministic_legal_and_reads_back() {
        let book = build(&args(6), None, &mut |_, _| {});
        assert_eq!(book.len(), 6);
        assert_eq!(build(&args(6), None, &mut |_, _| {}), book);
        let text = book_text(&args(6), &book);
        let read = Book::parse(&text).unwrap();
        assert_eq!(read, book);
        let start = xiangqi::Position::start();
        let first = read.moves(&start);
        assert!(!first.is_empty() && first.len() <= 3);
        assert!(first.windows(2).all(|w| w[0].score >= w[1].score));
        assert!(first.iter().all(|m| first[0].score - m.score <= 60));
    }
}
