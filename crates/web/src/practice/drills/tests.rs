//! Every drill well formed, legal, and confirmed by the engine; how a game stands.
use super::{drill, Drill, Goal, Standing, DRILLS};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use xiangqi::{Game, Position};
use xiangqi_ai::nnue::Network;
use xiangqi_ai::{Limits, Player, Score, Session, Task};

/// Plies the engine searches each drill to: deep enough to prove the mates below, short
/// enough that all of them take some seconds (the engine crates are optimised even in
/// test builds).
const DEPTH: u32 = 20;

/// The least advantage (centipawns) that confirms a win the search does not see to the mate.
const WIN_CP: i32 = 400;
/// A drill to hold must stand better than this (centipawns) for the person.
const DRAW_CP: i32 = -150;

fn position(drill: &Drill) -> Position {
    Position::from_fen(drill.fen)
        .unwrap_or_else(|e| panic!("drill {}: the FEN does not parse: {e}", drill.id))
}

fn is_id(id: &str) -> bool {
    id.split('-').all(|word| {
        !word.is_empty()
            && word
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    })
}

#[test]
fn ids_match_the_pattern() {
    assert!(is_id("chariot-vs-general"));
    assert!(is_id("a1"));
    for bad in ["", "-a", "a-", "a--b", "A", "a_b", "a b", "单车"] {
        assert!(!is_id(bad), "{bad:?}");
    }
}

#[test]
fn every_drill_is_well_formed() {
    assert!(DRILLS.len() >= 32, "{} drills", DRILLS.len());
    assert!(DRILLS.iter().filter(|d| d.goal == Goal::Draw).count() >= 8);
    let mut ids = HashSet::new();
    for d in DRILLS {
        assert!(
            is_id(d.id),
            "drill id {:?} is not lowercase words joined by '-'",
            d.id
        );
        assert!(ids.insert(d.id), "drill id {} is used twice", d.id);
        assert!(
            !d.en.trim().is_empty() && !d.zh.trim().is_empty(),
            "drill {}",
            d.id
        );
        assert!(
            (5..=60).contains(&d.moves),
            "drill {}: {} moves",
            d.id,
            d.moves
        );
        let pos = position(d);
        let board = d.fen.split(' ').next().unwrap_or_default();
        assert_eq!(
            pos.to_fen().split(' ').next(),
            Some(board),
            "drill {}: the FEN is not in canonical form",
            d.id
        );
        let warnings = pos.to_setup().warnings();
        assert!(warnings.is_empty(), "drill {}: {warnings:?}", d.id);
        assert!(
            !pos.in_check(),
            "drill {}: the person starts in check",
            d.id
        );
        assert!(pos.has_legal_move(), "drill {}: no legal move", d.id);
        let game = Game::from_position(pos);
        assert_eq!(
            game.outcome(),
            None,
            "drill {}: the game is already over",
            d.id
        );
    }
}

/// What is wrong with the engine's `score` (for the person, the side to move) in `drill`.
fn verdict(drill: &Drill, score: Score) -> Result<(), String> {
    let ok = match (drill.goal, score) {
        // A mate in one is no drill; a mate beyond the limit cannot be won in time.
        (Goal::Win, Score::Mate(n)) => n > 1 && n <= drill.moves as i32,
        (Goal::Win, Score::Cp(cp)) => cp >= WIN_CP,
        // Mated, or mating: either way the drill is no defence.
        (Goal::Draw, Score::Mate(_)) => false,
        (Goal::Draw, Score::Cp(cp)) => cp > DRAW_CP,
    };
    match ok {
        true => Ok(()),
        false => Err(format!(
            "drill {} ({:?} within {} moves): the engine scores it {score} at depth {DEPTH}",
            drill.id, drill.goal, drill.moves
        )),
    }
}

#[test]
fn verdicts_follow_the_goal() {
    let win = DRILLS.iter().find(|d| d.goal == Goal::Win).expect("a win");
    let draw = DRILLS
        .iter()
        .find(|d| d.goal == Goal::Draw)
        .expect("a draw");
    assert!(verdict(win, Score::Mate(2)).is_ok());
    assert!(verdict(win, Score::Mate(1)).is_err());
    assert!(verdict(win, Score::Mate(-3)).is_err());
    assert!(verdict(win, Score::Mate(win.moves as i32 + 1)).is_err());
    assert!(verdict(win, Score::Cp(WIN_CP)).is_ok());
    assert!(verdict(win, Score::Cp(WIN_CP - 1)).is_err());
    assert!(verdict(draw, Score::Cp(0)).is_ok());
    assert!(verdict(draw, Score::Cp(DRAW_CP)).is_err());
    assert!(verdict(draw, Score::Mate(-5)).is_err());
}

#[test]
fn the_engine_confirms_every_drill() {
    let net = Network::from_bytes(include_bytes!("../../../../xiangqi-ai/nets/xq-r1.nnue"))
        .expect("the shipped network reads");
    let net = Arc::new(net);
    let task = Task {
        player: Player::Strong,
        limits: Limits::depth(DEPTH),
    };
    let mut failures = Vec::new();
    for d in DRILLS {
        let mut session = Session::default();
        session.set_network(Some(Arc::clone(&net)));
        let game = Game::from_position(position(d));
        let thought = session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |_| {});
        println!(
            "{:45} {:?} {} depth {}",
            d.id, d.goal, thought.score, thought.depth
        );
        if let Err(e) = verdict(d, thought.score) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_drill_is_done_when_won_or_held_and_failed_when_lost_or_out_of_moves() {
    use xiangqi::notation::parse_uci;
    let win = drill("chariot-vs-general").unwrap();
    let mut game = Game::from_position(win.position());
    assert_eq!(win.standing(&game), Standing::Playing(win.moves));
    // Shuffling the chariot back and forth never wins: failed at the move limit.
    let mut moved = 0;
    while let Standing::Playing(_) = win.standing(&game) {
        let legal = game.position().legal_moves();
        let m = if game.position().turn() == game.start_position().turn() {
            let there = ["i0i1", "i1i0"].map(|t| parse_uci(t).unwrap());
            there[moved % 2]
        } else {
            legal.as_slice()[0]
        };
        if game.position().turn() == game.start_position().turn() {
            moved += 1;
        }
        if game.play(m).is_err() || moved > 100 {
            break;
        }
    }
    assert_eq!(win.standing(&game), Standing::Failed, "after {moved} moves");
    // A drill to hold is done once its moves are made and answered.
    let hold = DRILLS.iter().find(|d| d.goal == Goal::Draw).unwrap();
    let game = Game::from_position(hold.position());
    assert_eq!(hold.standing(&game), Standing::Playing(hold.moves));
}
