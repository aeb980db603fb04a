//! `xiangqi match`: two engine configurations play each other from a set of opening lines,
//! each line twice with the colours swapped, and the result is reported as wins, draws and
//! losses, a score and an Elo difference with its 95% interval.
//!
//! Games are judged by the engine's rules ([`xiangqi::Game`]: mate, no legal move, perpetual
//! check or chase, repetition, 60 moves without a capture, no attacking material), and a game
//! that reaches the length limit is a draw. A player that fails (an external engine that times
//! out, crashes or plays an illegal move) loses that game.
//!
//! ```text
//! xiangqi match --a alphabeta:depth=4 --b greedy --games 20
//! ```

pub mod elo;
pub mod openings;
pub mod player;
pub mod spec;
pub mod uci_engine;
pub mod uci_spec;

use elo::{Pairs, Tally};
use openings::OPENINGS;
use player::Player;
use spec::EngineSpec;
use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;
use xiangqi::notation::Notation;
use xiangqi::records::Pgn;
use xiangqi::{Color, Game, Move, Outcome, Position, Reason};

/// A game that lasts this many plies (the opening included) is a draw unless `--max-plies`
/// says otherwise.
pub const DEFAULT_MAX_PLIES: usize = 300;
/// Plies without a capture after which an engine's `nobestmove` is taken as a draw claim
/// (the 50-move rule of ElephantEye) rather than a forfeit.
pub const CLAIM_PLIES: u32 = 100;

/// Opening pairs played unless `--games` says otherwise.
pub const DEFAULT_PAIRS: usize = 10;

/// What a match is asked to do.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first engine; results are given from its side.
    pub a: EngineSpec,
    /// The second engine.
    pub b: EngineSpec,
    /// Opening lines to play, each twice (A as Red, then B as Red).
    pub pairs: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// A game that reaches this many plies is a draw.
    pub max_plies: usize,
    /// The seed of the randomized players' choices (each game and ply gets its own).
    pub seed: u64,
    /// Where to write the games in PGN, if anywhere.
    pub pgn: Option<PathBuf>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of the game.
    Rules(Outcome),
    /// The length limit was reached: a draw.
    MaxPlies(usize),
    /// An engine declined to move (`nobestmove`) after at least [`CLAIM_PLIES`] plies
    /// without a capture, claiming the draw of the 50-move rule it plays by (ElephantEye
    /// does): a draw, though the game's own rule waits for 60 moves.
    DrawClaimed {
        /// The side that claimed it.
        by: Color,
    },
    /// A player failed and lost.
    Forfeit {
        /// The side that failed.
        loser: Color,
        /// What went wrong.
        reason: String,
    },
}

impl Ending {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Ending::Rules(o) => o.winner,
            Ending::MaxPlies(_) | Ending::DrawClaimed { .. } => None,
            Ending::Forfeit { loser, .. } => Some(!*loser),
        }
    }

    /// "1-0", "0-1" or "1/2-1/2".
    pub fn result_tag(&self) -> &'static str {
        match self.winner() {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// A short name for the tally of endings.
    pub fn kind(&self) -> &'static str {
        match self {
            Ending::Rules(o) => match o.reason {
                Reason::Checkmate => "checkmate",
                Reason::Stalemate => "no legal move",
                Reason::PerpetualCheck => "perpetual check",
                Reason::PerpetualChase => "perpetual chase",
                Reason::Repetition => "repetition",
                Reason::NoCapture => "no capture in 60 moves",
                Reason::InsufficientMaterial => "no attacking material",
            },
            Ending::MaxPlies(_) => "length limit",
            Ending::DrawClaimed { .. } => "draw claimed after 50 moves without a capture",
            Ending::Forfeit { .. } => "forfeit",
        }
    }
}

/// Like "Red wins: checkmate" or "Draw: 300 plies played (length limit)".
impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(o) => write!(f, "{o}"),
            Ending::MaxPlies(n) => write!(f, "Draw: {n} plies played (length limit)"),
            Ending::DrawClaimed { by } => write!(
                f,
                "Draw: claimed by {by} after 50 moves without a capture (nobestmove)"
            ),
            Ending::Forfeit { loser, reason } => {
                write!(f, "{} wins: {loser} forfeits, {reason}", !*loser)
            }
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// 1, 2, ... in the order the games were started.
    pub number: usize,
    /// Index into [`OPENINGS`].
    pub opening: usize,
    /// True when engine A had Red.
    pub a_is_red: bool,
    /// Every move, the opening's included.
    pub moves: Vec<Move>,
    /// How it ended.
    pub ending: Ending,
    /// The time each side spent choosing its moves: Red's, then Black's.
    pub thinking: [Thinking; 2],
}

/// The moves a side chose in a game and the time it took, for the time-per-move check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Moves chosen.
    pub moves: u32,
    /// Milliseconds spent, as the match sees it (for an external engine, the round trip).
    pub ms: u64,
    /// Moves for which the player said what it searched, and their nodes, depths and
    /// milliseconds.
    pub searched_moves: u32,
    /// Nodes over those moves.
    pub nodes: u64,
    /// Depths over those moves, added up.
    pub depths: u64,
    /// Milliseconds over those moves.
    pub searched_ms: u64,
}

impl Thinking {
    fn add(&mut self, other: Thinking) {
        self.moves += other.moves;
        self.ms += other.ms;
        self.searched_moves += other.searched_moves;
        self.nodes += other.nodes;
        self.depths += other.depths;
        self.searched_ms += other.searched_ms;
    }

    /// Nodes per second over the moves whose nodes are known, timed by the match.
    pub fn nps(&self) -> Option<f64> {
        (self.searched_ms > 0).then(|| self.nodes as f64 * 1000.0 / self.searched_ms as f64)
    }

    /// The average depth over the moves whose depth is known.
    pub fn average_depth(&self) -> Option<f64> {
        (self.searched_moves > 0).then(|| self.depths as f64 / self.searched_moves as f64)
    }

    /// Like `100 ms, 1.23 M nodes/s, depth 9.8`.
    fn describe(&self) -> String {
        let mut text = format!("{:.0} ms", self.average_ms());
        // A player too fast for the match's millisecond clock has no measurable speed.
        if let Some(nps) = self.nps() {
            text.push_str(&format!(", {:.2} M nodes/s", nps / 1e6));
        }
        if let Some(depth) = self.average_depth() {
            text.push_str(&format!(", depth {depth:.1}"));
        }
        text
    }

    /// Milliseconds per move.
    pub fn average_ms(&self) -> f64 {
        self.ms as f64 / self.moves.max(1) as f64
    }
}

/// What [`play_game`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Every move, the opening's included.
    pub moves: Vec<Move>,
    /// How it ended.
    pub ending: Ending,
    /// Red's thinking, then Black's.
    pub thinking: [Thinking; 2],
}

/// A game's result for engine A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForA {
    /// A won.
    Win,
    /// A draw.
    Draw,
    /// A lost.
    Loss,
}

impl GameRecord {
    /// The result from engine A's side.
    pub fn for_a(&self) -> ForA {
        let a = if self.a_is_red {
            Color::Red
        } else {
            Color::Black
        };
        match self.ending.winner() {
            None => ForA::Draw,
            Some(w) if w == a => ForA::Win,
            Some(_) => ForA::Loss,
        }
    }
}

/// The scores of the complete colour-swapped pairs (games `2k+1` and `2k+2`) for A.
pub fn pairs_of(records: &[GameRecord]) -> Pairs {
    let points = |g: &GameRecord| match g.for_a() {
        ForA::Win => 1.0,
        ForA::Draw => 0.5,
        ForA::Loss => 0.0,
    };
    let mut pairs = Pairs::default();
    for g in records.iter().filter(|g| g.number % 2 == 1) {
        if let Some(h) = records.iter().find(|h| h.number == g.number + 1) {
            pairs.add(points(g), points(h));
        }
    }
    pairs
}

fn add(t: &mut Tally, r: ForA) {
    match r {
        ForA::Win => t.wins += 1,
        ForA::Draw => t.draws += 1,
        ForA::Loss => t.losses += 1,
    }
}

/// SplitMix64: turns the match seed and a counter into well-spread seeds.
pub fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game from the start position: the opening's moves, then the players in turn
/// until the rules end the game, `max_plies` plies have been played, or a player fails.
pub fn play_game(
    red: &mut dyn Player,
    black: &mut dyn Player,
    opening: &[Move],
    max_plies: usize,
    seed: u64,
) -> Played {
    let mut thinking = [Thinking::default(); 2];
    let played = |game: &Game, ending, thinking| Played {
        moves: game.moves(),
        ending,
        thinking,
    };
    let mut game = Game::replay(Position::start(), opening)
        .unwrap_or_else(|e| panic!("the openings are legal (tested): {e}"));
    for side in [Color::Red, Color::Black] {
        let player: &mut dyn Player = match side {
            Color::Red => &mut *red,
            Color::Black => &mut *black,
        };
        if let Err(reason) = player.new_game() {
            let ending = Ending::Forfeit {
                loser: side,
                reason,
            };
            return played(&game, ending, thinking);
        }
    }
    loop {
        if let Some(o) = game.outcome() {
            return played(&game, Ending::Rules(o), thinking);
        }
        if game.len() >= max_plies {
            return played(&game, Ending::MaxPlies(game.len()), thinking);
        }
        let side = game.position().turn();
        let player: &mut dyn Player = match side {
            Color::Red => &mut *red,
            Color::Black => &mut *black,
        };
        let started = Instant::now();
        let choice = player.choose(&game, mix(seed, game.len() as u64));
        let ms = started.elapsed().as_millis() as u64;
        let searched = player.searched().filter(|_| choice.is_ok());
        thinking[side.index()].add(Thinking {
            moves: 1,
            ms,
            searched_moves: searched.is_some() as u32,
            nodes: searched.map_or(0, |s| s.nodes),
            depths: searched.map_or(0, |s| s.depth as u64),
            searched_ms: if searched.is_some() { ms } else { 0 },
        });
        let failed = match choice {
            Ok(m) => match game.play(m) {
                Ok(_) => continue,
                Err(e) => format!("its move: {e}"),
            },
            Err(reason) => reason,
        };
        let ending = if player.claims_draw() && game.position().halfmoves() >= CLAIM_PLIES {
            Ending::DrawClaimed { by: side }
        } else {
            Ending::Forfeit {
                loser: side,
                reason: failed,
            }
        };
        return played(&game, ending, thinking);
    }
}

/// The outcome of a whole match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// Every game, in the order they were started.
    pub records: Vec<GameRecord>,
    /// Engine A's wins, draws and losses.
    pub tally: Tally,
}

enum Event {
    Done(GameRecord),
    Failed(String),
}

fn game_line(cfg: &MatchConfig, g: &GameRecord, total: usize, t: &Tally) -> String {
    let (red, black) = if g.a_is_red {
        (&cfg.a, &cfg.b)
    } else {
        (&cfg.b, &cfg.a)
    };
    format!(
        "Game {}/{total} ({} {}): {red} - {black} {} {{{}}} {} plies; A +{} ={} -{}",
        g.number,
        g.opening % OPENINGS.len() + 1,
        OPENINGS[g.opening % OPENINGS.len()].name,
        g.ending.result_tag(),
        g.ending,
        g.moves.len(),
        t.wins,
        t.draws,
        t.losses,
    )
}

/// The game in PGN, with the moves in ICCS as Xiangqi PGN readers expect.
pub fn pgn(cfg: &MatchConfig, g: &GameRecord) -> String {
    let (red, black) = if g.a_is_red {
        (&cfg.a, &cfg.b)
    } else {
        (&cfg.b, &cfg.a)
    };
    // The moves the rules accept; a game they ended early is listed up to that point.
    let mut game = Game::new();
    let _ = game.play_all(&g.moves);
    let tags = [
        ("Event", "xiangqi match".to_string()),
        ("Round", g.number.to_string()),
        ("Red", red.text.clone()),
        ("Black", black.text.clone()),
        (
            "Opening",
            OPENINGS[g.opening % OPENINGS.len()].name.to_string(),
        ),
        ("Termination", g.ending.to_string()),
        ("PlyCount", g.moves.len().to_string()),
    ];
    let record = Pgn {
        tags: tags.map(|(k, v)| (k.to_string(), v)).to_vec(),
        result: g.ending.result_tag().parse().ok(),
        ..Pgn::new(game)
    };
    // A blank line between the games of a file.
    record.write(Notation::Iccs) + "\n"
}

/// Plays the match, writing a line per game as it finishes and the summary at the end.
/// Fails if an engine cannot be started or the output cannot be written.
pub fn run_match(cfg: &MatchConfig, out: &mut dyn Write) -> Result<MatchResult, String> {
    let total = cfg.pairs * 2;
    let concurrency = cfg.concurrency.clamp(1, total.max(1));
    let mut pgn_file = match &cfg.pgn {
        Some(path) => {
            Some(File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?)
        }
        None => None,
    };
    let io = |e: io::Error| format!("cannot write the results: {e}");
    writeln!(
        out,
        "Match: A = {} vs B = {}, {total} games ({} openings, each with both colours), \
         draw at {} plies, seed {}, concurrency {concurrency}",
        cfg.a, cfg.b, cfg.pairs, cfg.max_plies, cfg.seed
    )
    .map_err(io)?;
    if cfg.pairs > OPENINGS.len() {
        writeln!(
            out,
            "Note: {} opening pairs asked, {} lines known: the lines are used again in turn.",
            cfg.pairs,
            OPENINGS.len()
        )
        .map_err(io)?;
    }
    out.flush().map_err(io)?;

    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Event>();
    let mut records = Vec::with_capacity(total);
    let mut tally = Tally::default();
    let mut failure = None;
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..concurrency {
            let tx = tx.clone();
            let (next, abort) = (&next, &abort);
            scope.spawn(move || {
                let start = |spec: &EngineSpec, which: &str| {
                    spec.start().map_err(|e| {
                        abort.store(true, Ordering::Relaxed);
                        let _ = tx.send(Event::Failed(format!("engine {which} ({spec}): {e}")));
                    })
                };
                let Ok(mut a) = start(&cfg.a, "A") else {
                    return;
                };
                let Ok(mut b) = start(&cfg.b, "B") else {
                    return;
                };
                while !abort.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= total {
                        break;
                    }
                    let opening = k / 2;
                    let a_is_red = k % 2 == 0;
                    let (red, black): (&mut dyn Player, &mut dyn Player) = if a_is_red {
                        (a.as_mut(), b.as_mut())
                    } else {
                        (b.as_mut(), a.as_mut())
                    };
                    let line = OPENINGS[opening % OPENINGS.len()].moves();
                    let game = play_game(red, black, &line, cfg.max_plies, mix(cfg.seed, k as u64));
                    let record = GameRecord {
                        number: k + 1,
                        opening,
                        a_is_red,
                        moves: game.moves,
                        ending: game.ending,
                        thinking: game.thinking,
                    };
                    if tx.send(Event::Done(record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for event in rx {
            match event {
                Event::Done(g) => {
                    add(&mut tally, g.for_a());
                    writeln!(out, "{}", game_line(cfg, &g, total, &tally)).map_err(io)?;
                    out.flush().map_err(io)?;
                    if let Some(f) = &mut pgn_file {
                        f.write_all(pgn(cfg, &g).as_bytes()).map_err(io)?;
                    }
                    records.push(g);
                }
                Event::Failed(e) => failure = Some(e),
            }
        }
        Ok(())
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    records.sort_by_key(|g| g.number);
    let result = MatchResult { records, tally };
    write_summary(cfg, &result, started.elapsed().as_secs_f64(), out).map_err(io)?;
    Ok(result)
}

/// The lines after the games: totals, score, Elo, and how the games ended.
pub fn write_summary(
    cfg: &MatchConfig,
    result: &MatchResult,
    seconds: f64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let t = result.tally;
    let n = t.games();
    writeln!(out)?;
    writeln!(
        out,
        "Result of {} vs {}: {n} games in {seconds:.0} s",
        cfg.a, cfg.b
    )?;
    writeln!(
        out,
        "W/D/L: {}/{}/{} (for {})",
        t.wins, t.draws, t.losses, cfg.a
    )?;
    let mut red = Tally::default();
    let mut black = Tally::default();
    let (mut a_time, mut b_time) = (Thinking::default(), Thinking::default());
    for g in &result.records {
        add(if g.a_is_red { &mut red } else { &mut black }, g.for_a());
        let (a, b) = if g.a_is_red { (0, 1) } else { (1, 0) };
        a_time.add(g.thinking[a]);
        b_time.add(g.thinking[b]);
    }
    writeln!(
        out,
        "As Red: {}/{}/{}, as Black: {}/{}/{}",
        red.wins, red.draws, red.losses, black.wins, black.draws, black.losses
    )?;
    writeln!(
        out,
        "Score: {:.1}/{n} = {:.1}%",
        t.points(),
        t.score() * 100.0
    )?;
    let pairs = pairs_of(&result.records);
    if pairs.is_empty() {
        writeln!(
            out,
            "Elo difference: {}, LOS {:.1}%",
            t.elo(),
            t.los() * 100.0
        )?;
    } else {
        writeln!(
            out,
            "Elo difference: {}, LOS {:.1}% (interval over {} colour-swapped pairs; \
             pair scores 0/0.5/1/1.5/2: {:?})",
            pairs.elo(),
            t.los() * 100.0,
            pairs.len(),
            pairs.counts
        )?;
    }
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for g in &result.records {
        match kinds.iter_mut().find(|(k, _)| *k == g.ending.kind()) {
            Some((_, c)) => *c += 1,
            None => kinds.push((g.ending.kind(), 1)),
        }
    }
    kinds.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(y.0)));
    let kinds: Vec<String> = kinds.iter().map(|(k, c)| format!("{c} {k}")).collect();
    writeln!(out, "Endings: {}", kinds.join(", "))?;
    let plies: usize = result.records.iter().map(|g| g.moves.len()).sum();
    if n > 0 {
        writeln!(out, "Average length: {:.0} plies", plies as f64 / n as f64)?;
    }
    writeln!(
        out,
        "Per move: {} {}; {} {}",
        cfg.a,
        a_time.describe(),
        cfg.b,
        b_time.describe()
    )?;
    out.flush()
}

/// Runs `xiangqi match`. Returns the exit code: 0, or 1 if an engine failed to start or the
/// output could not be written.
pub fn run<W: Write, E: Write>(cfg: &MatchConfig, out: &mut W, err: &mut E) -> u8 {
    match run_match(cfg, out) {
        Ok(_) => 0,
        Err(e) => {
            let _ = writeln!(err, "xiangqi match: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(a: &str, b: &str, pairs: usize) -> MatchConfig {
        MatchConfig {
            a: a.parse().unwrap(),
            b: b.parse().unwrap(),
            pairs,
            concurrency: 1,
            max_plies: DEFAULT_MAX_PLIES,
            seed: 7,
            pgn: None,
        }
    }

    /// Replays a record and checks that it is legal and ends as recorded.
    fn check_record(g: &GameRecord, max_plies: usize) {
        let opening = OPENINGS[g.opening % OPENINGS.len()].moves();
        assert_eq!(&g.moves[..opening.len()], &opening[..], "game {}", g.number);
        let game = Game::replay(Position::start(), &g.moves)
            .unwrap_or_else(|e| panic!("game {}: {e}", g.number));
        match &g.ending {
            Ending::Rules(o) => assert_eq!(game.outcome(), Some(*o), "game {}", g.number),
            Ending::MaxPlies(n) => {
                assert_eq!(*n, max_plies);
                assert_eq!(g.moves.len(), max_plies);
                assert_eq!(game.outcome(), None);
            }
            Ending::Forfeit { .. } | Ending::DrawClaimed { .. } => {
                panic!("game {}: built-in players never fail or decline", g.number)
            }
        }
    }

    #[test]
    fn a_tiny_greedy_match_plays_complete_games() {
        let cfg = config("greedy", "greedy", 2);
        let mut out = Vec::new();
        let result = run_match(&cfg, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(result.records.len(), 4);
        assert_eq!(result.tally.games(), 4);
        for (i, g) in result.records.iter().enumerate() {
            assert_eq!(g.number, i + 1);
            assert_eq!(g.opening, i / 2);
            assert_eq!(g.a_is_red, i % 2 == 0);
            check_record(g, cfg.max_plies);
            assert!(text.contains(&format!("Game {}/4 ", i + 1)), "{text}");
        }
        assert!(text.contains("\nW/D/L: "), "{text}");
        assert!(text.contains("\nScore: "), "{text}");
        assert!(text.contains("\nElo difference: "), "{text}");
        assert!(text.contains("\nPer move: greedy "), "{text}");
        assert!(text.contains(", depth "), "{text}");
        for g in &result.records {
            let [red, black] = g.thinking;
            let chosen = g.moves.len() - OPENINGS[g.opening].moves().len();
            assert_eq!((red.moves + black.moves) as usize, chosen);
            // The built-in players say what they searched for every move.
            assert_eq!((red.searched_moves + black.searched_moves) as usize, chosen);
            assert!(red.nodes > 0 && black.nodes > 0);
        }
        // The same seed plays the same games.
        let again = run_match(&cfg, &mut Vec::new()).unwrap();
        let games = |r: &MatchResult| -> Vec<(Vec<Move>, Ending)> {
            r.records
                .iter()
                .map(|g| (g.moves.clone(), g.ending.clone()))
                .collect()
        };
        assert_eq!(games(&again), games(&result));
    }

    #[test]
    fn concurrent_games_are_all_played_once() {
        let cfg = MatchConfig {
            concurrency: 2,
            max_plies: 40,
            ..config("greedy", "alphabeta:depth=1", 3)
        };
        let result = run_match(&cfg, &mut Vec::new()).unwrap();
        let numbers: Vec<usize> = result.records.iter().map(|g| g.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
        for g in &result.records {
            check_record(g, 40);
        }
    }

    #[test]
    fn the_length_limit_draws_and_results_are_from_a_side() {
        // 8 plies: every game stops just after its opening.
        let cfg = MatchConfig {
            max_plies: 8,
            ..config("greedy", "level=1", 2)
        };
        let result = run_match(&cfg, &mut Vec::new()).unwrap();
        assert_eq!(result.tally.draws, 4);
        for g in &result.records {
            assert_eq!(g.ending, Ending::MaxPlies(8));
            assert_eq!(g.for_a(), ForA::Draw);
        }
        let mut g = result.records[1].clone();
        g.ending = Ending::Forfeit {
            loser: Color::Red,
            reason: "engine x crashed".into(),
        };
        // Game 2 has B as Red: B forfeits, A wins.
        assert_eq!(g.for_a(), ForA::Win);
        assert_eq!(g.ending.result_tag(), "0-1");
        assert_eq!(
            g.ending.to_string(),
            "Black wins: Red forfeits, engine x crashed"
        );
    }

    #[test]
    fn pgn_has_the_tags_and_iccs_moves() {
        let cfg = config("greedy", "pvs:depth=2", 1);
        let g = GameRecord {
            number: 1,
            opening: 0,
            a_is_red: true,
            moves: OPENINGS[0].moves(),
            ending: Ending::MaxPlies(4),
            thinking: [Thinking::default(); 2],
        };
        let text = pgn(&cfg, &g);
        assert!(
            text.contains("[Red \"greedy\"]\n[Black \"pvs:depth=2\"]\n"),
            "{text}"
        );
        assert!(text.contains("[Result \"1/2-1/2\"]"));
        assert!(
            text.ends_with("\n1. H2-E2 H9-G7 2. H0-G2 B9-C7 1/2-1/2\n\n"),
            "{text}"
        );
    }

    #[test]
    fn an_engine_that_cannot_start_stops_the_match() {
        let cfg = config("greedy", "uci:/nonexistent/engine", 1);
        let mut out = Vec::new();
        let e = run_match(&cfg, &mut out).unwrap_err();
        assert!(
            e.starts_with(
                "engine B (uci:/nonexistent/engine): cannot start \"/nonexistent/engine\""
            ),
            "{e}"
        );
    }
}
