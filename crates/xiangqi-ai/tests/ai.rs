//! The computer players: mates found and proven shortest, seeds, stopping, legality.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use xiangqi::notation::parse_uci;
use xiangqi::{Game, Position, Reason};
use xiangqi_ai::{Level, Limits, Player, Score, Session, Task, Thought};

fn game(fen: &str) -> Game {
    Game::from_position(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn no_clock() -> u64 {
    0
}

/// `player` thinks about `game` within `limits`, in a fresh session.
fn think(game: &Game, player: Player, limits: Limits) -> Thought {
    Session::new(4).think(
        game,
        &Task { player, limits },
        &no_clock,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

fn v3(game: &Game, depth: u32) -> Thought {
    think(game, Player::Strong, Limits::depth(depth))
}

fn v2(game: &Game, depth: u32, margin: i32, seed: u64) -> Thought {
    let player = Player::AlphaBeta {
        depth,
        margin,
        seed,
    };
    think(game, player, Limits::default())
}

fn skill(game: &Game, depth: u32, temperature: i32, seed: u64) -> Thought {
    let player = Player::Skill {
        depth,
        temperature,
        seed,
    };
    think(game, player, Limits::default())
}

fn v1(game: &Game, seed: u64) -> Thought {
    think(game, Player::Greedy { seed }, Limits::default())
}

/// Exact minimax score by v2 (no unsound pruning) at `depth`.
fn exact(game: &Game, depth: u32) -> Score {
    v2(game, depth, 0, 0).score
}

/// Positions with a forced mate for the side to move and its length in moves (each length
/// proven shortest by exhaustive search; stalemate also wins in Xiangqi).
const MATES: &[(&str, i32)] = &[
    ("4k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1", 1),
    // A quiet first move: the chariot takes rank 8, the other mates on rank 9.
    ("4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1", 2),
    ("9/9/3k5/5R3/9/1R7/9/9/5K3/9 w - - 0 1", 2),
    ("5k3/9/9/9/9/9/2R6/9/3K5/9 w - - 0 1", 2),
    ("9/9/5k3/9/9/9/9/3K2RC1/9/9 w - - 0 1", 2),
    ("5k3/9/9/9/9/9/4C4/4K4/9/5N3 w - - 0 1", 3),
    ("3k4C/9/9/9/3P5/9/9/9/5K3/9 w - - 0 1", 3),
    ("3k5/9/9/9/9/9/6C2/4K4/1N7/9 w - - 0 1", 3),
];

#[test]
fn mates_are_found_and_are_the_shortest() {
    for &(fen, moves) in MATES {
        let g = game(fen);
        let t = v3(&g, (2 * moves + 3) as u32);
        assert_eq!(t.score, Score::Mate(moves), "{fen}: v3 found {:?}", t.score);
        // Exact search confirms the length: a mate at 2n-1 plies, none at 2n-3.
        assert_eq!(
            exact(&g, (2 * moves - 1) as u32),
            Score::Mate(moves),
            "{fen}"
        );
        if moves > 1 {
            assert!(
                !matches!(exact(&g, (2 * moves - 3) as u32), Score::Mate(n) if n > 0),
                "{fen}: no shorter mate"
            );
        }
        // The principal variation is legal and ends the game with a win for the mover.
        let mut played = g.clone();
        let winner = g.position().turn();
        for &m in &t.pv {
            played
                .play(m)
                .unwrap_or_else(|e| panic!("{fen}: pv {:?}: {e}", t.pv));
        }
        let outcome = played.outcome().expect("the pv ends the game");
        assert_eq!(outcome.winner, Some(winner), "{fen}");
        assert!(matches!(
            outcome.reason,
            Reason::Checkmate | Reason::Stalemate
        ));
    }
}

#[test]
fn v1_takes_a_hanging_chariot() {
    let g = game("rnbakabn1/9/1c5c1/p1p1p1p2/8r/9/P1P1P1P2/1C5C1/9/RNBAKABNR w");
    assert_eq!(v1(&g, 3).best, Some(parse_uci("i0i5").unwrap()));
}

#[test]
fn a_hot_player_leaves_a_hanging_chariot_now_and_then_and_a_cool_one_never() {
    let g = game("rnbakabn1/9/1c5c1/p1p1p1p2/8r/9/P1P1P1P2/1C5C1/9/RNBAKABNR w");
    let take = parse_uci("i0i5").unwrap();
    let taken = |temperature| {
        (0..40)
            .filter(|&seed| skill(&g, 2, temperature, seed).best == Some(take))
            .count()
    };
    // Every other move leaves a chariot for nothing: at 300 cp a halving, each is some
    // 2^-3.3 as likely as taking it, and there are forty of them.
    let hot = taken(300);
    assert!((1..30).contains(&hot), "taken {hot} times in 40");
    assert_eq!(taken(30), 40);
    assert_eq!(taken(0), 40);
    // The same seed plays the same move.
    for seed in 0..8 {
        assert_eq!(skill(&g, 2, 300, seed).best, skill(&g, 2, 300, seed).best);
    }
}

#[test]
fn v2_repeats_with_a_seed_and_varies_across_seeds() {
    let g = Game::new();
    let pick = |seed| v2(&g, 3, 30, seed).best;
    let first = pick(42);
    assert_eq!(pick(42), first, "a fixed seed reproduces the choice");
    let mut distinct: Vec<_> = (0..16).map(pick).collect();
    distinct.sort_by_key(|m| m.map(|m| m.raw()));
    distinct.dedup();
    assert!(
        distinct.len() >= 2,
        "different seeds choose among near-equal moves: {distinct:?}"
    );
    // Every choice is within the margin of the best: a zero margin leaves only best moves,
    // and each varied choice scores at least best - margin.
    let best = exact(&g, 3);
    for m in distinct.into_iter().flatten() {
        let mut after = g.clone();
        after.play(m).unwrap();
        let reply = exact(&after, 2);
        if let (Score::Cp(b), Score::Cp(r)) = (best, reply) {
            assert!(-r >= b - 30, "{m} scores {} against best {b}", -r);
        }
    }
}

#[test]
fn stop_ends_the_search_at_the_next_poll() {
    // The clock raises the stop flag on its 5th reading; the search must read it no more
    // than once after that (it polls the flag together with the clock).
    let stop = AtomicBool::new(false);
    let readings = Cell::new(0u32);
    let clock = || {
        readings.set(readings.get() + 1);
        if readings.get() == 5 {
            stop.store(true, Ordering::Relaxed);
        }
        0
    };
    let task = Task {
        player: Player::Strong,
        limits: Limits::infinite(),
    };
    let t = Session::new(4).think(&Game::new(), &task, &clock, &stop, &mut |_| {});
    assert!(
        readings.get() <= 6,
        "read the clock {} times",
        readings.get()
    );
    assert!(Game::new().position().is_legal(t.best.unwrap()));
}

#[test]
fn node_limit_is_respected() {
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let t = think(&Game::new(), Player::Strong, limits);
    assert!(t.nodes < 20_000 + 2_048, "{} nodes", t.nodes);
    assert!(t.best.is_some());
}

#[test]
fn every_player_returns_a_legal_move_whenever_one_exists() {
    // Positions from a seeded playout, including ones in check, at every level.
    let mut g = Game::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut positions = Vec::new();
    while g.outcome().is_none() && positions.len() < 40 {
        positions.push(g.clone());
        let moves = g.position().legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        g.play(moves[(seed % moves.len() as u64) as usize]).unwrap();
    }
    for (i, g) in positions.iter().enumerate().step_by(3) {
        for level in 1..=3 {
            let task = Level::new(level).task(i as u64);
            let t = think(g, task.player, task.limits);
            let m = t.best.expect("a move exists");
            assert!(
                g.position().is_legal(m),
                "level {level} chose illegal {m} in {:?}",
                g.position()
            );
        }
        let m = skill(g, 2, 400, i as u64).best.expect("a move exists");
        assert!(g.position().is_legal(m), "skill chose illegal {m}");
        let t = v3(g, 4);
        assert!(g.position().is_legal(t.best.unwrap()));
    }
    // A lost position without legal moves yields no move.
    let mated = game("4k4/R8/9/9/9/9/9/9/5R3/3K5 b - - 0 1");
    assert_eq!(v3(&mated, 3).best, None);
    assert_eq!(v1(&mated, 0).best, None);
}

#[test]
fn no_player_chooses_a_move_that_loses_by_perpetual_check() {
    // Red has checked twice around the cycle; checking again repeats the position a third
    // time and loses. Every player must choose another move.
    let mut g = game("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    for m in "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9".split(' ') {
        g.play(parse_uci(m).unwrap()).unwrap();
    }
    let losing = parse_uci("a8a9").unwrap();
    let mut after = g.clone();
    assert_eq!(
        after.play(losing).unwrap().unwrap().reason,
        Reason::PerpetualCheck
    );
    assert_ne!(v1(&g, 0).best, Some(losing));
    for seed in 0..4 {
        let t = v2(&g, 3, 50, seed);
        assert_ne!(t.best, Some(losing));
    }
    // However hot, a player of some skill never draws a move the rules lose.
    for seed in 0..20 {
        assert_ne!(skill(&g, 2, 5_000, seed).best, Some(losing));
    }
    assert_ne!(v3(&g, 6).best, Some(losing));
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut lines = Vec::new();
    let limits = Limits {
        multipv: 3,
        ..Limits::depth(4)
    };
    Session::new(4).think(
        &Game::new(),
        &Task {
            player: Player::Strong,
            limits,
        },
        &no_clock,
        &AtomicBool::new(false),
        &mut |i| {
            if i.depth == 4 {
                lines.push((i.multipv, i.pv[0]))
            }
        },
    );
    assert_eq!(lines.iter().map(|l| l.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    let mut firsts: Vec<_> = lines.iter().map(|l| l.1).collect();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different first moves");
}

#[test]
fn no_player_steps_into_a_chase_that_the_reply_completes() {
    // From a game in which Black's chariot chased Red's chariot back and forth: after these
    // moves, a5b5 repeats the chase, and Red's reply b6a6 completes the third repetition,
    // which Black then loses by perpetual chase. Other moves exist (a little worse), so no
    // player may choose a5b5.
    let mut g = Game::new();
    for m in "h2e2 c9e7 b2b9 a9b9 e2e6 f9e8 e6a6 b7a7 c0e2 b9b5 h0g2 b5a5 a6b6 a5b5 b6a6 b5a5 a6b6"
        .split(' ')
    {
        g.play(parse_uci(m).unwrap()).unwrap();
    }
    let chase = parse_uci("a5b5").unwrap();
    let mut after = g.clone();
    assert_eq!(
        after.play(chase).unwrap(),
        None,
        "a5b5 does not end the game itself"
    );
    let reply = parse_uci("b6a6").unwrap();
    let outcome = after.play(reply).unwrap().expect("the reply ends the game");
    assert_eq!(outcome.reason, Reason::PerpetualChase);
    assert_eq!(outcome.winner, Some(xiangqi::Color::Red));

    assert_ne!(v3(&g, 6).best, Some(chase), "v3");
    for seed in 0..4 {
        let t = v2(&g, 3, 100, seed);
        assert_ne!(t.best, Some(chase), "v2 seed {seed}");
    }
    assert_ne!(v1(&g, 0).best, Some(chase), "v1");
}
