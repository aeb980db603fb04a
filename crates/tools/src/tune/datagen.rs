//! `xiangqi datagen`: self-play games of the strong searcher at a fixed number of nodes a
//! move, on every core, each from an opening line of the match set followed by a few
//! random moves. Written as text, the quiet positions of each game with its result (for
//! `xiangqi tune`); as games, each game whole with the search's scores (`train::games`, for
//! the evaluation network). Games end by the rules, at 300 plies (a draw), or when both
//! sides' searches have agreed for [`ADJUDICATE_PLIES`] plies that one side is at least
//! [`ADJUDICATE_CP`] ahead (a win for it).

use super::sample::format_line;
use crate::matches::openings::OPENINGS;
use crate::seed::mix;
use crate::train::games::{is_mate, score, GameRecord, Outcome};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use xiangqi::{Color, Game};
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{Limits, Player, Score, Session, Task};

/// A score this large for this many plies in a row ends the game.
pub const ADJUDICATE_CP: i32 = 1500;
/// See [`ADJUDICATE_CP`].
pub const ADJUDICATE_PLIES: usize = 8;
/// Games longer than this are draws.
pub const MAX_PLIES: usize = 300;

/// Why the data could not be written.
#[derive(Debug)]
pub enum DatagenError {
    /// A game's lines could not be written.
    Write(io::Error),
    /// The lines could not be flushed at the end.
    Flush(io::Error),
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Write(e) => write!(f, "cannot write the data: {e}"),
            DatagenError::Flush(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DatagenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DatagenError::Write(e) | DatagenError::Flush(e) => Some(e),
        }
    }
}

/// What `xiangqi datagen` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Each game's quiet positions with its result, `FEN;RESULT` lines, for `xiangqi tune`.
    Text,
    /// Each game whole, its moves and the search's scores (`train::games`), for the network.
    Games,
}

/// What `xiangqi datagen` does.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Games to play.
    pub games: usize,
    /// The number of the first game: game `k` is the same whatever run plays it, so a run
    /// that appends to a file of `n` games starts at `n` and continues the sequence.
    pub first_game: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random moves played after the opening line.
    pub random_plies: usize,
    /// Threads, one game each at a time.
    pub threads: usize,
    /// Seed of the random moves.
    pub seed: u64,
    /// What to write.
    pub format: Format,
    /// Draw a progress bar on the terminal.
    pub progress: bool,
    /// The network the search evaluates with (the hand-set evaluation if none).
    pub network: Option<Arc<Network>>,
}

/// Plays game number `k`: the opening line, the random moves, then the search at a fixed
/// number of nodes a move, from a fresh session, so the game depends on `k` and the seed
/// alone.
pub fn play_one(session: &mut Session, cfg: &DatagenConfig, k: usize) -> GameRecord {
    session.new_game();
    let opening = OPENINGS[k % OPENINGS.len()].moves();
    let mut game = Game::replay(xiangqi::Position::start(), &opening)
        .unwrap_or_else(|e| panic!("the openings are legal (tested): {e}"));
    let mut rng = mix(cfg.seed, k as u64);
    for _ in 0..cfg.random_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        rng = mix(rng, 1);
        let m = moves[(rng % moves.len() as u64) as usize];
        if game.play(m).ok().flatten().is_some() {
            break;
        }
    }
    let first_scored = game.len();
    let task = Task {
        player: Player::Strong,
        limits: Limits {
            nodes: Some(cfg.nodes),
            ..Limits::default()
        },
    };
    let mut scores = Vec::new();
    // Plies in a row with Red far ahead (positive) or behind (negative), by the searches.
    let mut streak: i32 = 0;
    let outcome = loop {
        if let Some(o) = game.outcome() {
            break Outcome::won_by(o.winner);
        }
        if game.len() >= MAX_PLIES {
            break Outcome::Draw;
        }
        let thought = session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |_| {});
        let Some(m) = thought.best else {
            break Outcome::Draw; // Not reached: the rules end a game with no legal move.
        };
        let red = if game.position().turn() == Color::Red {
            1
        } else {
            -1
        };
        streak = match thought.score {
            Score::Cp(cp) if cp * red >= ADJUDICATE_CP => streak.max(0) + 1,
            Score::Cp(cp) if cp * red <= -ADJUDICATE_CP => streak.min(0) - 1,
            Score::Cp(_) => 0,
            Score::Mate(n) if (n > 0) == (red == 1) => streak.max(0) + 1,
            Score::Mate(_) => streak.min(0) - 1,
        };
        if game.play(m).is_err() {
            break Outcome::Draw; // Not reached: the search plays legal moves.
        }
        scores.push(score(thought.score));
        if streak.unsigned_abs() as usize >= ADJUDICATE_PLIES {
            break if streak > 0 {
                Outcome::Win
            } else {
                Outcome::Loss
            };
        }
    };
    GameRecord {
        moves: game.moves(),
        first_scored,
        scores,
        outcome,
    }
}

/// The quiet positions of a game as `FEN;RESULT` lines: the side to move not in check, the
/// move chosen not a capture, the score no mate. The evaluation of such a position is what
/// the search would use there.
pub fn quiet_lines(record: &GameRecord) -> (String, usize) {
    let mut text = String::new();
    let mut n = 0;
    let result = record.outcome.for_red();
    for (pos, m, s) in record.positions().unwrap_or_default() {
        if !pos.in_check() && pos.piece_at(m.to()).is_none() && !is_mate(s) {
            text.push_str(&format_line(&pos, result));
            text.push('\n');
            n += 1;
        }
    }
    (text, n)
}

/// Plays the games on `cfg.threads` threads and writes them to `out` in the order of their
/// numbers (so a seed always writes the same bytes), with progress on `log`. Returns the
/// number of positions written: the quiet ones as text, every searched one as games.
pub fn run(
    cfg: &DatagenConfig,
    out: &mut (dyn Write + Send),
    log: &mut (dyn Write + Send),
) -> Result<usize, DatagenError> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    // Games finished out of turn wait here for the ones before them.
    let pending = Mutex::new(Ordered {
        next: 0,
        waiting: BTreeMap::new(),
        written: 0,
        error: None,
    });
    let started = Instant::now();
    let bar = if cfg.progress {
        ProgressBar::new(cfg.games as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {msg} [{elapsed_precise}, eta {eta}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let out = Mutex::new(out);
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            scope.spawn(|| {
                let mut session = Session::new(16);
                session.set_network(cfg.network.clone());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let record = play_one(&mut session, cfg, cfg.first_game + i);
                    let (bytes, n) = match cfg.format {
                        Format::Text => {
                            let (text, n) = quiet_lines(&record);
                            (text.into_bytes(), n)
                        }
                        Format::Games => (record.encode(), record.scores.len()),
                    };
                    let mut guard = pending.lock().unwrap();
                    let p = &mut *guard;
                    p.waiting.insert(i, (bytes, n));
                    while let Some((bytes, n)) = p.waiting.remove(&p.next) {
                        // Each game reaches the file whole as soon as it is next: a run stopped
                        // at any moment loses at most the game being written (which the
                        // next run drops and plays again), never games played before it.
                        let written = {
                            let mut out = out.lock().unwrap();
                            out.write_all(&bytes).and_then(|()| out.flush())
                        };
                        if let Err(e) = written {
                            p.error = Some(DatagenError::Write(e));
                            failed.store(true, Ordering::Relaxed);
                            break;
                        }
                        p.next += 1;
                        p.written += n;
                    }
                    bar.inc(1);
                    let seconds = started.elapsed().as_secs_f64().max(1e-3);
                    bar.set_message(format!(
                        "{} positions, {:.0}/s",
                        p.written,
                        p.written as f64 / seconds
                    ));
                }
            });
        }
    });
    bar.finish_and_clear();
    let p = pending.into_inner().unwrap();
    if let Some(e) = p.error {
        return Err(e);
    }
    out.into_inner()
        .unwrap()
        .flush()
        .map_err(DatagenError::Flush)?;
    let _ = writeln!(
        log,
        "{} games, {} positions in {:.0} s",
        p.next,
        p.written,
        started.elapsed().as_secs_f64()
    );
    Ok(p.written)
}

/// The games written so far, in order, and those finished out of turn.
struct Ordered {
    next: usize,
    waiting: BTreeMap<usize, (Vec<u8>, usize)>,
    written: usize,
    error: Option<DatagenError>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::sample::parse_line;

    #[test]
    fn a_few_games_give_quiet_positions_with_results() {
        let cfg = DatagenConfig {
            games: 2,
            first_game: 0,
            nodes: 300,
            random_plies: 4,
            threads: 2,
            seed: 7,
            format: Format::Text,
            progress: false,
            network: None,
        };
        let mut out = Vec::new();
        let n = run(&cfg, &mut out, &mut io::sink()).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(n > 10, "{n}");
        assert_eq!(text.lines().count(), n);
        for line in text.lines() {
            let s = parse_line(line).unwrap().unwrap();
            assert!(!s.position.in_check(), "{line}");
            assert!([0.0, 0.5, 1.0].contains(&s.result));
        }
    }

    fn games_cfg(games: usize, first_game: usize, threads: usize) -> DatagenConfig {
        DatagenConfig {
            games,
            first_game,
            nodes: 300,
            random_plies: 4,
            threads,
            seed: 11,
            format: Format::Games,
            progress: false,
            network: None,
        }
    }

    fn bytes(cfg: &DatagenConfig) -> (Vec<u8>, usize) {
        let mut out = Vec::new();
        let n = run(cfg, &mut out, &mut io::sink()).unwrap();
        (out, n)
    }

    #[test]
    fn games_replay_legally_and_a_seed_writes_the_same_bytes_however_they_are_played() {
        let (all, n) = bytes(&games_cfg(4, 0, 2));
        let records: Vec<GameRecord> = crate::train::read_games(&mut &all[..])
            .map(Result::unwrap)
            .collect();
        assert_eq!(records.len(), 4);
        assert_eq!(n, records.iter().map(|r| r.scores.len()).sum::<usize>());
        for r in &records {
            assert_eq!(r.scores.len(), r.moves.len() - r.first_scored);
            assert!(r.first_scored >= 4, "the opening and the random moves");
            let positions = r.positions().unwrap();
            assert_eq!(positions.len(), r.scores.len());
            assert!(positions.iter().all(|(pos, m, _)| pos.is_legal(*m)));
        }
        // One thread, or two runs the second of which goes on from the first: the same bytes.
        assert_eq!(bytes(&games_cfg(4, 0, 1)).0, all);
        let (mut appended, _) = bytes(&games_cfg(2, 0, 2));
        appended.extend(bytes(&games_cfg(2, 2, 2)).0);
        assert_eq!(appended, all);
        // The quiet positions of the same games are the text lines.
        let (text, _) = quiet_lines(&records[0]);
        assert!(text.lines().count() > 5);
    }
}
