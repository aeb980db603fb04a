//! A transposition table in memory outside the session (a `Backing`), as the page's workers
//! share one: it searches as the session's own table does, sessions on one backing see each
//! other's entries, and a session helps another's search through it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use xiangqi::notation::parse_uci;
use xiangqi::{Game, Position};
use xiangqi_ai::{Limits, Player, Session, SharedEntries, Task, Thought};
use xiangqi_budget::best_of_three;

fn game() -> Game {
    let moves: Vec<_> = ["h2e2", "h9g7", "h0g2", "i9h9"]
        .iter()
        .map(|m| parse_uci(m).unwrap())
        .collect();
    Game::replay(Position::start(), &moves).unwrap()
}

fn search(session: &mut Session, depth: u32) -> Thought {
    let task = Task {
        player: Player::Strong,
        limits: Limits::depth(depth),
    };
    session.think(&game(), &task, &|| 0, &AtomicBool::new(false), &mut |_| {})
}

fn shared(words: &SharedEntries) -> Session {
    let mut session = Session::new(1);
    session.share_table(Box::new(words.clone()));
    session
}

#[test]
fn a_backed_table_searches_as_the_sessions_own_does() {
    let own = search(&mut Session::new(4), 9);
    let words = SharedEntries::new(4);
    let backed = search(&mut shared(&words), 9);
    assert_eq!(
        (backed.best, backed.depth, backed.nodes, backed.score),
        (own.best, own.depth, own.nodes, own.score)
    );
    assert!(words.used() > 1000, "the entries are in the backing");
}

#[test]
fn sessions_on_one_backing_see_each_others_entries_until_the_owner_clears_it() {
    let words = SharedEntries::new(4);
    let fresh = search(&mut shared(&SharedEntries::new(4)), 9);
    let mut owner = shared(&words);
    let mut other = shared(&words);
    search(&mut owner, 9);
    let warm = search(&mut other, 9);
    // Each session keeps its own correction history, so the other session reads the owner's
    // entries with other corrected evaluations and reuses fewer of them than the owner would.
    assert!(
        warm.nodes * 3 < fresh.nodes * 2,
        "another session's entries are used: {} nodes after them, {} without",
        warm.nodes,
        fresh.nodes
    );
    // A helper's new game keeps the table; the owner's clears it.
    other.new_game_keeping_table();
    assert!(words.used() > 1000);
    owner.new_game();
    assert_eq!(words.used(), 0);
}

#[test]
fn a_session_helps_another_search_on_the_shared_table_until_stopped() {
    let game = game();
    let minute = Duration::from_secs(60);
    best_of_three("a depth 10 search with a helper", minute, || {
        let words = SharedEntries::new(4);
        let mut main = shared(&words);
        let mut helper = shared(&words);
        let done = AtomicBool::new(false);
        let start = Instant::now();
        let (thought, helped) = std::thread::scope(|s| {
            let helping = s.spawn(|| helper.help(&game, &Limits::default(), 1, &|| 0, &done));
            let thought = search(&mut main, 10);
            done.store(true, Ordering::Relaxed);
            (thought, helping.join().unwrap())
        });
        let took = start.elapsed();
        assert_eq!(thought.depth, 10);
        assert!(game.position().is_legal(thought.best.unwrap()));
        assert!(helped > 10_000, "the helper searched: {helped} nodes");
        took
    });
}

/// Runs `search` with a clock that sets the stop flag from 100 ms on, as the page's worker
/// sets it from the page's flag; returns how long it took.
fn stopped_at_100_ms(search: impl FnOnce(&dyn Fn() -> u64, &AtomicBool)) -> Duration {
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let clock = || {
        let ms = start.elapsed().as_millis() as u64;
        if ms >= 100 {
            stop.store(true, Ordering::Relaxed);
        }
        ms
    };
    search(&clock, &stop);
    start.elapsed()
}

/// Where the caller sets its stop flag in the clock (as the page's worker does, reading the
/// page's flag), a search without a time limit stops as soon as the clock says so: the clock
/// is read at every poll. In this game a helper once searched 4.4 M nodes, 1.5 s, past its stop.
#[test]
fn a_search_without_a_time_limit_stops_when_its_clock_sets_the_flag() {
    let text = "h2e2 h7e7 g3g4 h9g7 h0g2 i9h9 f0e1 c6c5 b2c2 b9c7 c3c4 h9h5 i0h0 h5h0 g2h0 c7d5 \
        c4c5 d5e3 h0g2 a9b9 g2e3 e7e3 b0a2 c9e7 a0b0 b7b1 c5d5 b9b2 c2c6 f9e8 c6g6 a6a5 g4g5 \
        e7g5 g6g9 g5e7 g9g8 e3e4 g0i2 e9f9 i2g0 b2b3 e2e3 b3e3 g0i2 b1b3 b0b2 e3i3 e1f2 b3e3";
    let moves: Vec<_> = text
        .split_whitespace()
        .map(|m| parse_uci(m).unwrap())
        .collect();
    let words = SharedEntries::new(16);
    let mut helper = shared(&words);
    let mut main = Session::new(16);
    let budget = Duration::from_millis(400);
    let task = Task {
        player: Player::Strong,
        limits: Limits::infinite(),
    };
    for n in 40..=moves.len() {
        let game = Game::replay(Position::start(), &moves[..n]).unwrap();
        best_of_three(
            &format!("ply {n}: a helper told to stop at 100 ms"),
            budget,
            || {
                stopped_at_100_ms(|clock, stop| {
                    helper.help(&game, &Limits::default(), 1, clock, stop);
                })
            },
        );
        best_of_three(
            &format!("ply {n}: an analysis told to stop at 100 ms"),
            budget,
            || {
                stopped_at_100_ms(|clock, stop| {
                    main.think(&game, &task, clock, stop, &mut |_| {});
                })
            },
        );
    }
}
