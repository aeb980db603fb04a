//! `xiangqi datagen`: self-play games of the strong searcher at a fixed number of nodes a
//! move, on every core, each from an opening line of the match set followed by a few
//! random moves; the quiet positions of each game are written with its result.
//!
//! A position is kept when the side to move is not in check, the move the search chose is
//! not a capture, and the score is no mate: the evaluation of such a position is what the
//! search would use there. Games end by the rules, at 300 plies (a draw), or when both
//! sides' searches have agreed for [`ADJUDICATE_PLIES`] plies that one side is at least
//! [`ADJUDICATE_CP`] ahead (a win for it).

use super::sample::format_line;
use crate::matches::openings::OPENINGS;
use crate::seed::mix;
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use xiangqi::{Color, Game};
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

/// What `xiangqi datagen` does.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Games to play.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random moves played after the opening line.
    pub random_plies: usize,
    /// Threads, one game each at a time.
    pub threads: usize,
    /// Seed of the random moves.
    pub seed: u64,
}

/// One game's kept positions and its result for Red.
pub struct GameData {
    /// The quiet positions kept.
    pub positions: Vec<xiangqi::Position>,
    /// 1, 0.5 or 0.
    pub result: f64,
}

/// Plays game number `k` and returns its kept positions.
pub fn play_one(session: &mut Session, cfg: &DatagenConfig, k: usize) -> GameData {
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
    let task = Task {
        player: Player::Strong,
        limits: Limits {
            nodes: Some(cfg.nodes),
            ..Limits::default()
        },
    };
    let mut positions = Vec::new();
    // Plies in a row with Red far ahead (positive) or behind (negative), by the searches.
    let mut streak: i32 = 0;
    let result = loop {
        if let Some(o) = game.outcome() {
            break match o.winner {
                Some(Color::Red) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
        }
        if game.len() >= MAX_PLIES {
            break 0.5;
        }
        let thought = session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |_| {});
        let Some(m) = thought.best else {
            break 0.5; // Not reached: the rules end a game with no legal move.
        };
        let pos = game.position();
        let red = if pos.turn() == Color::Red { 1 } else { -1 };
        match thought.score {
            Score::Cp(cp) => {
                if !pos.in_check() && pos.piece_at(m.to()).is_none() {
                    positions.push(pos.clone());
                }
                let cp = cp * red;
                streak = if cp >= ADJUDICATE_CP {
                    streak.max(0) + 1
                } else if cp <= -ADJUDICATE_CP {
                    streak.min(0) - 1
                } else {
                    0
                };
            }
            Score::Mate(n) => {
                let red_mates = (n > 0) == (red == 1);
                streak = if red_mates {
                    streak.max(0) + 1
                } else {
                    streak.min(0) - 1
                };
            }
        }
        if streak.unsigned_abs() as usize >= ADJUDICATE_PLIES {
            break if streak > 0 { 1.0 } else { 0.0 };
        }
        if game.play(m).is_err() {
            break 0.5; // Not reached: the search plays legal moves.
        }
    };
    GameData { positions, result }
}

/// Plays the games on `cfg.threads` threads and writes the data lines to `out` as each game
/// ends, with progress on `log`. Returns the number of positions written.
pub fn run(
    cfg: &DatagenConfig,
    out: &mut (dyn Write + Send),
    log: &mut (dyn Write + Send),
) -> Result<usize, DatagenError> {
    let next = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let sinks = Mutex::new((out, log));
    let failed = Mutex::new(None::<DatagenError>);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            scope.spawn(|| {
                let mut session = Session::new(16);
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= cfg.games || failed.lock().unwrap().is_some() {
                        break;
                    }
                    let data = play_one(&mut session, cfg, k);
                    let mut text = String::new();
                    for p in &data.positions {
                        text.push_str(&format_line(p, data.result));
                        text.push('\n');
                    }
                    let mut sinks = sinks.lock().unwrap();
                    if let Err(e) = sinks.0.write_all(text.as_bytes()) {
                        *failed.lock().unwrap() = Some(DatagenError::Write(e));
                        break;
                    }
                    let n = written.fetch_add(data.positions.len(), Ordering::Relaxed)
                        + data.positions.len();
                    let games = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if games % 50 == 0 || games == cfg.games {
                        let _ = writeln!(
                            sinks.1,
                            "{games}/{} games, {n} positions, {:.0} s",
                            cfg.games,
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap() {
        return Err(e);
    }
    sinks
        .into_inner()
        .unwrap()
        .0
        .flush()
        .map_err(DatagenError::Flush)?;
    Ok(written.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::sample::parse_line;

    #[test]
    fn a_few_games_give_quiet_positions_with_results() {
        let cfg = DatagenConfig {
            games: 2,
            nodes: 300,
            random_plies: 4,
            threads: 2,
            seed: 7,
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
}
