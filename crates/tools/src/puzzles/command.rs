//! `xiangqi puzzles`: gathers the candidates, judges them on every core in batches (each
//! puzzle found at the mining depth is verified by a search [`VERIFY_PLIES`] deeper), and
//! writes the puzzles kept, in the order of their candidates, so the same arguments always
//! write the same file. A set judged again (`--again`) keeps its puzzles' numbers, which links
//! and saved progress name; a number it drops is not given to another puzzle.

use super::args::PuzzlesArgs;
use super::judge::{check_first_move, Judge};
use super::mine::mine;
use super::sources::{from_record, from_selfplay};
use crate::checks::writable;
use crate::train::{chosen_network_or_say, read_games};
use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use xiangqi::records::puzzle::{read_puzzles, Puzzle};
use xiangqi::Position;
use xiangqi_ai::Session;

/// Candidates judged between two looks at the count.
const BATCH: usize = 256;
/// How much deeper than the mining the search that verifies each first move looks.
pub const VERIFY_PLIES: u32 = 2;

/// Runs `xiangqi puzzles`; progress and errors go to `log`. Returns the exit code.
pub fn run_puzzles(args: &PuzzlesArgs, log: &mut (dyn Write + Send)) -> u8 {
    let Some(network) = chosen_network_or_say(args.eval_file.as_deref(), args.hand_set, log) else {
        return 1;
    };
    if args.nodes.is_empty() || args.nodes.contains(&0) {
        let _ = writeln!(log, "--nodes: give node budgets above 0; nothing written");
        return 1;
    }
    // The file must be writable before hours of mining, but what it holds is kept until then.
    if let Err(e) = writable(&args.out) {
        let _ = writeln!(log, "{e}; nothing mined");
        return 1;
    }
    if args.games.is_empty() && args.play == 0 && args.again.is_none() {
        let _ = writeln!(
            log,
            "no games to mine: give --games FILE, --play N or --again SET; nothing written"
        );
        return 1;
    }
    let threads = args.threads.max(1);
    // The candidates, those of a set judged again first, with their numbers.
    let mut numbered: Vec<(u32, Position)> = Vec::new();
    if let Some(path) = &args.again {
        let set = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| read_puzzles(&t).map_err(|e| e.to_string()));
        match set {
            Ok(set) => numbered.extend(set.into_iter().map(|p| (p.id, p.position))),
            Err(e) => {
                let _ = writeln!(log, "{}: {e}; nothing written", path.display());
                return 1;
            }
        }
        let _ = writeln!(
            log,
            "{}: {} puzzles to judge again",
            path.display(),
            numbered.len()
        );
    }
    let mut candidates: Vec<Position> = Vec::new();
    for path in &args.games {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                let _ = writeln!(log, "{}: {e}; nothing written", path.display());
                return 1;
            }
        };
        let mut input = std::io::BufReader::new(file);
        let before = candidates.len();
        for record in read_games(&mut input) {
            let found = record
                .map_err(|e| e.to_string())
                .and_then(|r| from_record(&r));
            match found {
                Ok(c) => candidates.extend(c),
                Err(e) => {
                    let _ = writeln!(log, "{}: {e}; nothing written", path.display());
                    return 1;
                }
            }
        }
        let _ = writeln!(
            log,
            "{}: {} candidates",
            path.display(),
            candidates.len() - before
        );
    }
    if args.play > 0 {
        let next = AtomicUsize::new(0);
        let found = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut session = Session::new(16);
                    session.set_network(network.clone());
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= args.play {
                            break;
                        }
                        let c = from_selfplay(&mut session, &args.nodes, args.seed, k);
                        found.lock().expect("no thread panics").push((k, c));
                    }
                });
            }
        });
        let mut found = found.into_inner().expect("no thread panics");
        found.sort_by_key(|(k, _)| *k);
        let before = candidates.len();
        candidates.extend(found.into_iter().flat_map(|(_, c)| c));
        let _ = writeln!(
            log,
            "{} self-play games at {:?} nodes: {} candidates",
            args.play,
            args.nodes,
            candidates.len() - before
        );
    }
    // New puzzles are numbered after the set's last.
    let first_new = numbered.iter().map(|(id, _)| id + 1).max().unwrap_or(1);
    let mut candidates: Vec<(Option<u32>, Position)> = numbered
        .into_iter()
        .map(|(id, p)| (Some(id), p))
        .chain(candidates.into_iter().map(|p| (None, p)))
        .collect();
    let mut seen = HashSet::new();
    candidates.retain(|(_, p)| seen.insert(p.hash()));
    let _ = writeln!(
        log,
        "{} different candidates; judging at depth {}",
        candidates.len(),
        args.depth
    );

    let mut puzzles: Vec<Puzzle> = Vec::new();
    for (b, batch) in candidates.chunks(BATCH).enumerate() {
        let next = AtomicUsize::new(0);
        let results = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut judge = Judge::new(args.depth, network.clone());
                    let mut deeper = Judge::new(args.depth + VERIFY_PLIES, network.clone());
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((id, pos)) = batch.get(i) else { break };
                        let p = match mine(&mut judge, pos, id.unwrap_or(0)) {
                            Ok(p) => p,
                            Err(e) => {
                                if args.why {
                                    eprintln!("dropped: {e}");
                                }
                                continue;
                            }
                        };
                        match check_first_move(&mut deeper, &p) {
                            Ok(()) => results.lock().expect("no thread panics").push((i, p)),
                            Err(e) => {
                                if args.why {
                                    eprintln!("dropped by the deeper search: {e}");
                                }
                            }
                        }
                    }
                });
            }
        });
        let mut results = results.into_inner().expect("no thread panics");
        results.sort_by_key(|(i, _)| *i);
        puzzles.extend(results.into_iter().map(|(_, p)| p));
        let _ = writeln!(
            log,
            "{} candidates judged: {} puzzles",
            (b * BATCH + batch.len()),
            puzzles.len()
        );
        if puzzles.len() >= args.count {
            break;
        }
    }
    puzzles.truncate(args.count);
    // An empty set would replace the one there (the page's puzzles) with nothing.
    if puzzles.is_empty() {
        let _ = writeln!(
            log,
            "no puzzles found; {} left as it was",
            args.out.display()
        );
        return 1;
    }
    for (id, p) in (first_new..).zip(puzzles.iter_mut().filter(|p| p.id == 0)) {
        p.id = id;
    }
    let mut text = format!(
        "# Xiangqi puzzles: id;fen;line;themes;rating (docs/puzzles.md)\n# {} puzzles, each first move verified at depth {}; mined at depth {} with {}\n",
        puzzles.len(),
        args.depth + VERIFY_PLIES,
        args.depth,
        match (&args.eval_file, args.hand_set) {
            (_, true) => "the hand-set evaluation".to_string(),
            (Some(f), _) => f.display().to_string(),
            (None, _) => xiangqi_ai::nnue::built_in::NAME.to_string(),
        }
    );
    for p in &puzzles {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    if let Err(e) = std::fs::write(&args.out, text) {
        let _ = writeln!(log, "cannot write {}: {e}", args.out.display());
        return 1;
    }
    let _ = writeln!(
        log,
        "{} puzzles written to {}",
        puzzles.len(),
        args.out.display()
    );
    0
}
