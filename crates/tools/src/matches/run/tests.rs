use super::*;
use crate::matches::adjudication::Adjudication;
use crate::matches::config::DEFAULT_MAX_PLIES;
use crate::matches::ending::Ending;
use crate::matches::error::PlayerError;
use crate::matches::opening_set::OpeningSet;
use crate::matches::openings::OPENINGS;
use crate::matches::record::ForA;
use crate::matches::thinking::Thinking;
use xiangqi::{Color, Game, Move, Position};

fn config(a: &str, b: &str, pairs: usize) -> MatchConfig {
    MatchConfig {
        a: a.parse().unwrap(),
        b: b.parse().unwrap(),
        pairs,
        openings: OpeningSet::named(),
        sprt: None,
        concurrency: 1,
        max_plies: DEFAULT_MAX_PLIES,
        adjudication: Adjudication::NONE,
        seed: 7,
        pgn: None,
        resume: false,
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
        Ending::Adjudicated { .. } => assert_eq!(game.outcome(), None),
        Ending::Forfeit { .. }
        | Ending::DrawClaimed { .. }
        | Ending::Earlier { .. }
        | Ending::Time { .. } => {
            panic!(
                "game {}: built-in players without a clock never fail or decline",
                g.number
            )
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
        reason: PlayerError::Crashed {
            engine: "x".into(),
            awaited: "bestmove",
        },
    };
    // Game 2 has B as Red: B forfeits, A wins.
    assert_eq!(g.for_a(), ForA::Win);
    assert_eq!(g.ending.result_tag(), "0-1");
    assert_eq!(
        g.ending.to_string(),
        "Black wins: Red forfeits, engine x exited or crashed before sending bestmove"
    );
}

#[test]
fn games_end_where_both_scores_agree_when_asked() {
    // Depth 3 against one ply wins material at once; both scores soon say so.
    let plain = config("pvs:depth=3", "greedy", 2);
    let cfg = MatchConfig {
        adjudication: "resign=2/500".parse().unwrap(),
        ..plain.clone()
    };
    let mut out = Vec::new();
    let judged = run_match(&cfg, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(", adjudication resign=2/500, "), "{text}");
    let played = run_match(&plain, &mut Vec::new()).unwrap();
    let plies = |r: &MatchResult| r.records.iter().map(|g| g.moves.len()).sum::<usize>();
    assert!(plies(&judged) < plies(&played), "{text}");
    let adjudicated: Vec<_> = judged
        .records
        .iter()
        .filter(|g| matches!(g.ending, Ending::Adjudicated { .. }))
        .collect();
    assert!(!adjudicated.is_empty(), "{text}");
    for g in &judged.records {
        check_record(g, cfg.max_plies);
    }
    for g in adjudicated {
        // The stronger side won each; the game went on to no result of the rules.
        assert_eq!(g.for_a(), ForA::Win, "{text}");
        assert!(
            g.ending.to_string().contains("wins: adjudicated"),
            "{}",
            g.ending
        );
        assert!(text.contains("wins: adjudicated, both engines' scores a decisive edge"));
    }
    // The games both ways start alike: each adjudicated game is the start of the
    // same game played out.
    for (j, p) in judged.records.iter().zip(&played.records) {
        assert_eq!(j.moves[..], p.moves[..j.moves.len()]);
    }
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
fn a_sequential_test_stops_at_its_bound() {
    // Depth 2 against one ply wins nearly every pair: wide bounds are crossed long
    // before the cap of 50 pairs.
    let cfg = MatchConfig {
        sprt: Some("elo0=0,elo1=300".parse().unwrap()),
        max_plies: 120,
        openings: OpeningSet::book(),
        ..config("alphabeta:depth=2", "greedy", 50)
    };
    let mut out = Vec::new();
    let result = run_match(&cfg, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(result.records.len() < 100, "{text}");
    assert!(text.contains("\nSPRT: 1 pairs, LLR "), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with(
            "SPRT [elo0=0, elo1=300 (normalized), alpha=0.05, beta=0.05]: H1 accepted; "
        ),
        "{text}"
    );
    for g in &result.records {
        let opening = &cfg.openings.get(g.opening).moves;
        assert_eq!(&g.moves[..opening.len()], &opening[..]);
    }
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    let cfg = config("greedy", "uci:/nonexistent/engine", 1);
    let mut out = Vec::new();
    let e = run_match(&cfg, &mut out).unwrap_err().to_string();
    assert!(
        e.starts_with("engine B (uci:/nonexistent/engine): cannot start \"/nonexistent/engine\""),
        "{e}"
    );
}
