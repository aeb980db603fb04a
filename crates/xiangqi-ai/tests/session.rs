//! The engine session: what it keeps between searches, and that every player honours every
//! limit (stop, time, nodes, searchmoves).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use xiangqi::notation::parse_uci;
use xiangqi::{Game, Move};
use xiangqi_ai::{Limits, Player, Session, Task, Thought};
use xiangqi_budget::best_of_three;

/// A second, the budget of the searches told to stop.
const SECOND: Duration = Duration::from_secs(1);

const PLAYERS: [Player; 3] = [
    Player::Greedy { seed: 5 },
    Player::AlphaBeta {
        depth: 3,
        margin: 30,
        seed: 5,
    },
    Player::Strong,
];

fn run(session: &mut Session, game: &Game, player: Player, limits: Limits) -> Thought {
    let start = Instant::now();
    let clock = move || start.elapsed().as_millis() as u64;
    let task = Task { player, limits };
    session.think(game, &task, &clock, &AtomicBool::new(false), &mut |_| {})
}

fn moves(text: &str) -> Vec<Move> {
    text.split(' ').map(|m| parse_uci(m).unwrap()).collect()
}

#[test]
fn the_table_is_kept_between_searches_and_cleared_by_a_new_game() {
    let game = Game::new();
    let mut session = Session::new(16);
    let first = run(&mut session, &game, Player::Strong, Limits::depth(8));
    let second = run(&mut session, &game, Player::Strong, Limits::depth(8));
    assert_eq!(second.depth, 8);
    assert!(
        second.nodes * 3 < first.nodes * 2,
        "the second search reuses the first: {} then {} nodes",
        first.nodes,
        second.nodes
    );
    session.new_game();
    let fresh = run(&mut session, &game, Player::Strong, Limits::depth(8));
    assert!(
        fresh.nodes * 4 > first.nodes * 3,
        "a new game starts from nothing: {} then {} nodes",
        first.nodes,
        fresh.nodes
    );
}

#[test]
fn every_player_chooses_only_among_searchmoves() {
    let game = Game::new();
    let allowed = moves("a3a4 i3i4");
    for player in PLAYERS {
        let limits = Limits {
            searchmoves: allowed.clone(),
            ..Limits::depth(4)
        };
        let t = run(&mut Session::new(4), &game, player, limits);
        assert!(
            allowed.contains(&t.best.unwrap()),
            "{player:?} chose {:?}",
            t.best
        );
    }
    // Listed moves that are all illegal restrict nothing.
    let limits = Limits {
        searchmoves: moves("a0a9"),
        ..Limits::depth(2)
    };
    let t = run(&mut Session::new(4), &game, Player::Strong, limits);
    assert!(game.position().is_legal(t.best.unwrap()));
}

#[test]
fn every_player_stops_when_asked_and_still_plays_a_legal_move() {
    let game = Game::new();
    for player in PLAYERS {
        let what = format!("{player:?} told to stop at 50 ms");
        best_of_three(&what, SECOND, || {
            let stop = AtomicBool::new(false);
            let start = Instant::now();
            let clock = || {
                let ms = start.elapsed().as_millis() as u64;
                if ms >= 50 {
                    stop.store(true, Ordering::Relaxed);
                }
                ms
            };
            let task = Task {
                player: player.with_seed(1),
                limits: Limits::infinite(),
            };
            let t = Session::new(4).think(&game, &task, &clock, &stop, &mut |_| {});
            let took = start.elapsed();
            assert!(game.position().is_legal(t.best.unwrap()), "{player:?}");
            took
        });
    }
}

#[test]
fn alpha_beta_keeps_to_a_movetime_and_a_node_limit() {
    let game = Game::new();
    let player = Player::AlphaBeta {
        depth: 4,
        margin: 20,
        seed: 3,
    };
    best_of_three("alpha-beta on a movetime of 200 ms", SECOND, || {
        let start = Instant::now();
        let t = run(&mut Session::new(4), &game, player, Limits::movetime(200));
        let took = start.elapsed();
        assert!(t.depth >= 1 && game.position().is_legal(t.best.unwrap()));
        took
    });
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let t = run(&mut Session::new(4), &game, player, limits);
    assert!(t.nodes < 5_000 + 2_048, "{} nodes", t.nodes);
}

#[test]
fn without_a_budget_alpha_beta_searches_its_own_depth() {
    let player = Player::AlphaBeta {
        depth: 3,
        margin: 0,
        seed: 0,
    };
    let t = run(
        &mut Session::new(4),
        &Game::new(),
        player,
        Limits::default(),
    );
    assert_eq!(t.depth, 3);
    let t = run(&mut Session::new(4), &Game::new(), player, Limits::depth(2));
    assert_eq!(t.depth, 2);
}

/// A game on a clock of 1 s + 50 ms a move for each side, each move's real time taken off
/// the mover's clock and the increment added: the strong player never runs out of time. The
/// figure is how far either clock ran down, from its 1 s, before an increment: it flags at
/// 1000 ms.
#[test]
fn the_strong_player_never_flags_on_a_clock() {
    use xiangqi_ai::GameClock;
    let start_ms = 1_000i64;
    best_of_three("the deepest a 1+0.05 clock ran down", SECOND, || {
        let mut game = Game::new();
        let mut session = Session::new(16);
        let mut time_ms = [start_ms; 2];
        let inc_ms = 50;
        let mut lowest = start_ms;
        for _ in 0..40 {
            if game.outcome().is_some() {
                break;
            }
            let side = game.position().turn().index();
            let limits = Limits {
                clock: Some(GameClock {
                    time_ms: [time_ms[0] as u64, time_ms[1] as u64],
                    inc_ms: [inc_ms as u64; 2],
                    moves_to_go: None,
                }),
                ..Limits::default()
            };
            let start = Instant::now();
            let thought = run(&mut session, &game, Player::Strong, limits);
            time_ms[side] -= start.elapsed().as_millis() as i64;
            lowest = lowest.min(time_ms[side]);
            if time_ms[side] <= 0 {
                eprintln!("flagged at ply {}", game.len());
                break;
            }
            time_ms[side] += inc_ms;
            game.play(thought.best.unwrap()).unwrap();
        }
        Duration::from_millis((start_ms - lowest) as u64)
    });
}

/// With one legal move, a clock is not spent on it.
#[test]
fn a_forced_move_is_played_at_once_on_a_clock() {
    use xiangqi_ai::GameClock;
    // A middlegame (found by random play) where Red's only legal move is f1e1: a tree big
    // enough that searching it would spend the clock's share.
    let pos = xiangqi::Position::from_fen(
        "3akabnr/5r3/n1c1b4/2p3p2/p3p3p/P1P1P3P/6Pc1/B5N1R/R1N2K3/3A1AB2 w - - 4 27",
    )
    .unwrap();
    assert_eq!(pos.legal_moves().len(), 1, "{:?}", pos.legal_moves());
    let game = Game::from_position(pos);
    let limits = Limits {
        clock: Some(GameClock {
            time_ms: [60_000, 60_000],
            inc_ms: [0, 0],
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let budget = Duration::from_millis(500);
    best_of_three("a forced move on a 60 s clock", budget, || {
        let start = Instant::now();
        let thought = run(&mut Session::new(16), &game, Player::Strong, limits.clone());
        let took = start.elapsed();
        assert!(thought.best.is_some());
        took
    });
}

#[test]
fn a_threaded_search_plays_a_legal_move_and_stops_when_asked_at_every_thread_count() {
    let game = Game::replay(xiangqi::Position::start(), &moves("h2e2 h9g7")).unwrap();
    for threads in 1..=4 {
        let mut session = Session::new(4);
        session.set_threads(threads);
        assert_eq!(session.threads(), threads);
        let t = run(&mut session, &game, Player::Strong, Limits::depth(7));
        assert_eq!(t.depth, 7, "{threads} threads");
        assert!(
            game.position().is_legal(t.best.unwrap()),
            "{threads} threads"
        );

        // An infinite search ends only by the stop flag, set from another thread.
        let what = format!("{threads} threads told to stop at 50 ms");
        best_of_three(&what, SECOND, || {
            let stop = AtomicBool::new(false);
            let start = Instant::now();
            let clock = || start.elapsed().as_millis() as u64;
            let task = Task {
                player: Player::Strong,
                limits: Limits::infinite(),
            };
            let t = std::thread::scope(|s| {
                s.spawn(|| {
                    std::thread::sleep(Duration::from_millis(50));
                    stop.store(true, Ordering::Relaxed);
                });
                session.think(&game, &task, &clock, &stop, &mut |_| {})
            });
            let took = start.elapsed();
            assert!(
                game.position().is_legal(t.best.unwrap()),
                "{threads} threads"
            );
            took
        });
        // The session goes on working after a threaded search.
        session.set_threads(1);
        let t = run(&mut session, &game, Player::Strong, Limits::depth(3));
        assert!(game.position().is_legal(t.best.unwrap()));
    }
}
