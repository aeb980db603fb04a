use super::*;

#[test]
fn levels_rise_from_a_beginner_to_the_strong_search() {
    assert!(matches!(
        Level::new(0).task(1).player,
        Player::Skill {
            depth: 1,
            seed: 1,
            ..
        }
    ));
    // The mission's two players keep their places: v1 greedy and v2 randomized alpha-beta.
    assert!(matches!(
        Level::new(2).task(1).player,
        Player::Greedy { seed: 1 }
    ));
    assert!(matches!(
        Level::new(15).task(2).player,
        Player::AlphaBeta {
            depth: 4,
            seed: 2,
            ..
        }
    ));
    assert_eq!(
        Level::new(MAX_LEVEL + 1).task(0).limits,
        Limits {
            book: Some(0),
            ..Limits::movetime(8_000)
        }
    );
    // Each level is a stronger budget or a cooler choice than the one below it within its
    // kind of player.
    for n in 1..MAX_LEVEL {
        let (low, high) = (Level::new(n).play(), Level::new(n + 1).play());
        match (low, high) {
            (
                Play::Skill {
                    depth: d,
                    temperature: t,
                },
                Play::Skill {
                    depth: e,
                    temperature: u,
                },
            ) => {
                assert!(
                    e > d || (e == d && u < t),
                    "level {n}: {low:?} then {high:?}"
                )
            }
            (Play::Nodes(a), Play::Nodes(b)) | (Play::Millis(a), Play::Millis(b)) => {
                assert!(b > a, "level {n}")
            }
            _ => {}
        }
    }
}

/// A link or saved game of the first ladder (levels 1 to 8) opens the level that plays as
/// that one did: the same player and the same budget.
#[test]
fn the_first_ladders_levels_keep_their_player_and_budget() {
    let first = [
        Task {
            player: Player::Greedy { seed: 3 },
            limits: Limits::default(),
        },
        Task {
            player: Player::AlphaBeta {
                depth: 2,
                margin: 40,
                seed: 3,
            },
            limits: Limits::depth(2),
        },
        Task {
            player: Player::AlphaBeta {
                depth: 4,
                margin: 20,
                seed: 3,
            },
            limits: Limits::depth(4),
        },
        Task {
            player: Player::Strong,
            limits: Limits {
                nodes: Some(20_000),
                ..Limits::default()
            },
        },
    ];
    for (i, task) in first.iter().enumerate() {
        let n = i as u8 + 1;
        assert_eq!(
            &Level::from_first_ladder(n).task(3),
            task,
            "first ladder's level {n}"
        );
    }
    for (n, ms) in [(5, 100), (6, 500), (7, 2_000), (8, 8_000)] {
        let task = Level::from_first_ladder(n).task(3);
        assert_eq!(task.player, Player::Strong, "first ladder's level {n}");
        assert_eq!(
            task.limits,
            Limits {
                book: Some(3),
                ..Limits::movetime(ms)
            }
        );
    }
    let numbers: Vec<u8> = (1..=8)
        .map(|n| Level::from_first_ladder(n).number())
        .collect();
    assert_eq!(numbers, [2, 10, 15, 19, 21, 23, 25, 26]);
    assert_eq!(Level::from_first_ladder(0), Level::from_first_ladder(1));
    assert_eq!(Level::from_first_ladder(99), Level::new(MAX_LEVEL));
}

/// A clock of `minutes`+`inc` seconds, both sides full.
fn clock(minutes: u64, inc: u64) -> Limits {
    Limits {
        clock: Some(crate::limits::GameClock {
            time_ms: [minutes * 60_000; 2],
            inc_ms: [inc * 1_000; 2],
            moves_to_go: None,
        }),
        ..Limits::default()
    }
}

#[test]
fn a_clock_never_lifts_a_levels_own_budget() {
    for n in 1..=MAX_LEVEL {
        let level = Level::new(n);
        let own = level.task(5);
        let on_clock = level.task_within(clock(3, 2), 5);
        assert_eq!(on_clock.player, own.player, "level {n}");
        assert_eq!(on_clock.limits.depth, own.limits.depth, "level {n}");
        assert_eq!(on_clock.limits.nodes, own.limits.nodes, "level {n}");
        assert_eq!(
            on_clock.limits.movetime_ms, own.limits.movetime_ms,
            "level {n}"
        );
        assert!(on_clock.limits.clock.is_some(), "level {n} keeps the clock");
    }
    // The alpha-beta levels carry their depth as a limit, which a clock cannot lift.
    assert_eq!(Level::new(15).task(0).limits.depth, Some(4));
    assert_eq!(Level::new(14).task(0).limits.depth, Some(4));
    assert_eq!(Level::new(19).task(0).limits.nodes, Some(20_000));
}

#[test]
fn on_a_clock_the_alpha_beta_levels_search_to_their_own_depth() {
    use core::sync::atomic::AtomicBool;
    let mut game = xiangqi::Game::new();
    game.play(xiangqi::notation::parse_uci("h2e2").unwrap())
        .unwrap();
    for n in [1, 9, 12] {
        let task = Level::new(n).task_within(clock(3, 2), 1);
        let (Player::AlphaBeta { depth, .. } | Player::Skill { depth, .. }) = task.player else {
            panic!("level {n} is an alpha-beta player");
        };
        let mut deepest = 0;
        let start = std::time::Instant::now();
        let thought = crate::session::Session::new(1).think(
            &game,
            &task,
            &|| start.elapsed().as_millis() as u64,
            &AtomicBool::new(false),
            &mut |i| deepest = deepest.max(i.depth),
        );
        assert!(thought.best.is_some());
        assert_eq!(thought.depth, depth, "level {n}");
        assert!(deepest <= depth, "level {n} reached depth {deepest}");
    }
}

#[test]
fn a_level_is_read_from_its_number_only() {
    assert_eq!(" 3 ".parse::<Level>(), Ok(Level::new(3)));
    assert_eq!("26".parse::<Level>(), Ok(Level::new(MAX_LEVEL)));
    for bad in ["0", "27", "-1", "three", "", "256"] {
        let e = bad.parse::<Level>().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("\"{bad}\" is not a level: choose 1 to 26")
        );
    }
}

#[test]
fn the_callers_limits_only_shorten_a_level() {
    let asked = Limits {
        depth: Some(2),
        nodes: Some(1_000_000),
        movetime_ms: Some(50),
        multipv: 3,
        ..Limits::default()
    };
    let task = Level::new(15).task_within(asked.clone(), 0);
    assert_eq!(task.limits.depth, Some(2));
    let task = Level::new(19).task_within(asked.clone(), 0);
    assert_eq!(task.limits.nodes, Some(20_000));
    let task = Level::new(MAX_LEVEL).task_within(asked, 0);
    assert_eq!(task.limits.movetime_ms, Some(50));
    assert_eq!(task.limits.multipv, 3);
}

#[test]
fn the_timed_levels_play_book_moves_at_once_and_the_rest_search() {
    use crate::book::Book;
    use crate::session::Session;
    use core::sync::atomic::AtomicBool;
    use std::sync::Arc;
    // A book whose only start move no search would choose.
    let book = Arc::new(Book::parse("; a3a4 +0 1\n").unwrap());
    let a3a4 = xiangqi::notation::parse_uci("a3a4").unwrap();
    let mut session = Session::new(1);
    session.set_book(Some(book));
    let game = xiangqi::Game::new();
    for n in 1..=MAX_LEVEL {
        let task = Level::new(n).task(n.into());
        let stop = AtomicBool::new(false);
        let thought = session.think(&game, &task, &|| 0, &stop, &mut |_| {});
        if matches!(Level::new(n).play(), Play::Millis(_)) {
            assert_eq!((thought.best, thought.nodes), (Some(a3a4), 0), "level {n}");
            // A caller who says no to the book (UCI's OwnBook off) gets a search.
            let task = Level::new(n).task_within(Limits::depth(1), 0);
            let thought = session.think(&game, &task, &|| 0, &stop, &mut |_| {});
            assert!(thought.nodes > 0, "level {n}");
        } else {
            assert_eq!(task.limits.book, None, "level {n}");
        }
    }
}

#[test]
fn each_level_is_rated_above_the_one_below_by_a_step_a_person_can_climb() {
    for n in 1..MAX_LEVEL {
        let (low, high) = (Level::new(n).rating(), Level::new(n + 1).rating());
        assert!(low < high, "level {n} {low}, level {} {high}", n + 1);
    }
    assert_eq!(
        Level::new(15).rating_label(),
        format!("≈{}", Level::new(15).rating())
    );
    let weakest = Level::new(1).rating();
    assert!(weakest < 0);
    assert_eq!(Level::new(1).rating_label(), format!("≈−{}", -weakest));
}
