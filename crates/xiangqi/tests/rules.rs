//! The game's rules as scripted sequences: a named position, the moves, the expected outcome.

use xiangqi::game::PlayError;
use xiangqi::notation::parse_uci;
use xiangqi::{Color, Game, Outcome, Position, Reason, Ruleset};

fn game(fen: &str) -> Game {
    Game::from_position(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

/// Plays `moves` (UCI, space separated); every move but the last must leave the game open.
fn play(game: &mut Game, moves: &str) -> Option<Outcome> {
    let list: Vec<&str> = moves.split_whitespace().collect();
    let mut last = None;
    for (i, text) in list.iter().enumerate() {
        assert!(
            last.is_none(),
            "the game ended early, before {text}: {last:?}"
        );
        let m = parse_uci(text).unwrap();
        last = game
            .play(m)
            .unwrap_or_else(|e| panic!("move {} ({text}): {e}", i + 1));
    }
    last
}

fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(winner),
        reason,
    })
}

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        reason,
    })
}

/// Red's chariot checks along ranks 9 and 8 while Black's general steps between e9 and e8.
const CHECKING: &str = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
const CHECK_CYCLE: &str = "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9";

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let mut g = game(CHECKING);
    // The position after a0a9 occurs for the third time on the ninth ply.
    let outcome = play(&mut g, &format!("{CHECK_CYCLE} a8a9"));
    assert_eq!(outcome, win(Color::Black, Reason::PerpetualCheck));
    assert_eq!(
        outcome.unwrap().to_string(),
        "Black wins: perpetual check by Red"
    );
    assert_eq!(outcome.unwrap().chinese(), "黑方胜 — 红方长将判负");
    assert_eq!(
        g.play(parse_uci("e9e8").unwrap()),
        Err(PlayError::GameOver(outcome.unwrap())),
        "no move after the end"
    );
}

#[test]
fn the_second_occurrence_is_not_yet_judged() {
    let mut g = game(CHECKING);
    assert_eq!(play(&mut g, "a0a9 e9e8 a9a8 e8e9 a8a9"), None);
}

#[test]
fn a_longer_repetition_count_waits_longer() {
    let rules = Ruleset {
        repetition_count: 4,
        ..Ruleset::default()
    };
    let mut g = Game::with_rules(Position::from_fen(CHECKING).unwrap(), rules);
    assert_eq!(play(&mut g, &format!("{CHECK_CYCLE} a8a9")), None);
    assert_eq!(
        play(&mut g, "e9e8 a9a8 e8e9 a8a9"),
        win(Color::Black, Reason::PerpetualCheck)
    );
}

/// Red's chariot chases Black's lone, unprotected cannon between d5 and c5.
const CHASING: &str = "4k4/9/9/9/3c5/9/9/9/9/2R2K3 w - - 0 1";

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    let mut g = game(CHASING);
    // The start position itself recurs after plies 4 and 8: the eighth ply ends the game.
    let outcome = play(&mut g, "c0d0 d5c5 d0c0 c5d5 c0d0 d5c5 d0c0 c5d5");
    assert_eq!(outcome, win(Color::Black, Reason::PerpetualChase));
    assert_eq!(
        outcome.unwrap().to_string(),
        "Black wins: perpetual chase by Red"
    );
    assert_eq!(outcome.unwrap().chinese(), "黑方胜 — 红方长捉判负");
}

#[test]
fn attacking_a_protected_piece_is_not_a_chase() {
    // The same dance, but Black's chariot on a5 guards the cannon along the fifth rank on
    // both of its points, so Red's attacks are no chase and the repetition is a draw.
    let mut g = game("4k4/9/9/9/r2c5/9/9/9/9/2R2K3 w - - 0 1");
    let outcome = play(&mut g, "c0d0 d5c5 d0c0 c5d5 c0d0 d5c5 d0c0 c5d5");
    assert_eq!(outcome, draw(Reason::Repetition));
}

#[test]
fn a_piece_pinned_to_its_general_protects_nothing() {
    // Black's chariot on e5 would guard d5 and c5 along the rank, but Red's chariot on e0
    // pins it to Black's general on e9, so the cannon counts as unprotected.
    let mut g = game("4k4/9/9/9/3cr4/9/9/9/9/2R1RK3 w - - 0 1");
    let outcome = play(&mut g, "c0d0 d5c5 d0c0 c5d5 c0d0 d5c5 d0c0 c5d5");
    assert_eq!(outcome, win(Color::Black, Reason::PerpetualChase));
}

#[test]
fn a_plain_threefold_repetition_is_a_draw() {
    // Both sides shuffle horses back to where they started, twice.
    let mut g = Game::new();
    let cycle = "b0c2 b9c7 c2b0 c7b9";
    assert_eq!(
        play(&mut g, &format!("{cycle} {cycle}")),
        draw(Reason::Repetition)
    );
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "Draw: the same position occurred three times"
    );
    // Undo reopens the game.
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_flying_general_rule_forbids_exposing_the_generals() {
    // Red's advisor on e1 is the only piece between the generals on the e-file.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1").unwrap();
    let legal = pos.legal_moves();
    for m in ["e1d2", "e1f2", "e1d0", "e1f0"] {
        let m = parse_uci(m).unwrap();
        assert!(!legal.contains(m), "{m} would expose the generals");
        assert!(!pos.is_legal(m));
    }
    // The general may not step onto the open file facing the other general either.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    assert!(!pos.is_legal(parse_uci("e0d0").unwrap()));
    assert!(pos.is_legal(parse_uci("e0e1").unwrap()));
}

#[test]
fn stalemate_loses_for_the_side_to_move() {
    // Black's general on e9 is not in check but every step is covered: e8 by the chariot on
    // a8, f9 by the chariot on the f-file, d9 by Red's general facing it on the d-file.
    let g = game("4k4/R8/9/9/9/9/9/9/5R3/3K5 b - - 0 1");
    assert!(!g.position().in_check());
    assert_eq!(g.outcome(), win(Color::Red, Reason::Stalemate));
    assert_eq!(g.outcome().unwrap().chinese(), "红方胜 — 黑方困毙");
}

#[test]
fn stalemate_reached_by_a_move() {
    let mut g = game("4k4/R8/9/9/9/9/9/9/9/3K1R3 w - - 0 1");
    assert_eq!(play(&mut g, "f0f1"), win(Color::Red, Reason::Stalemate));
}

#[test]
fn checkmate_loses() {
    // Two chariots: i8 covers rank 8, a0a9 checks on rank 9, and Red's general on d0 guards d9.
    let mut g = game("4k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    assert_eq!(play(&mut g, "a0a9"), win(Color::Red, Reason::Checkmate));
    assert_eq!(g.outcome().unwrap().to_string(), "Red wins: checkmate");
}

#[test]
fn sixty_moves_without_a_capture_draw() {
    // 118 capture-less plies already; two more quiet moves reach the limit of 120.
    let mut g = game("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 70");
    assert_eq!(play(&mut g, "a0a1"), None);
    assert_eq!(play(&mut g, "e9e8"), draw(Reason::NoCapture));
    // A capture resets the count.
    let mut g = game("4k4/9/9/9/9/9/9/p8/9/R2K5 w - - 118 70");
    assert_eq!(play(&mut g, "a0a2 e9e8"), None);
}

#[test]
fn insufficient_material_draws() {
    // Only generals, advisors and elephants: nobody can cross the river.
    let g = game("5k3/4a4/4b4/9/9/9/9/4B4/4A4/3K5 w - - 0 1");
    assert_eq!(g.outcome(), draw(Reason::InsufficientMaterial));
    // Capturing the last soldier produces the same draw.
    let mut g = game("5k3/4a4/9/9/9/9/9/9/4p4/3KR4 w - - 0 1");
    assert_eq!(g.outcome(), None);
    assert_eq!(play(&mut g, "e0e1"), None, "a chariot remains");
}

#[test]
fn capturing_the_last_attacker_draws() {
    // Red's general takes the checking soldier: only the two generals remain.
    let mut g = game("5k3/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1");
    assert_eq!(play(&mut g, "e0e1"), draw(Reason::InsufficientMaterial));
}

#[test]
fn a_side_reads_back_from_its_name_and_its_fen_letter() {
    for c in Color::ALL {
        assert_eq!(c.name().parse(), Ok(c));
        assert_eq!(c.to_string().parse(), Ok(c));
        assert_eq!(c.fen_char().to_string().parse(), Ok(c));
    }
    assert_eq!("r".parse(), Ok(Color::Red));
    assert_eq!(
        "".parse::<Color>(),
        Err(xiangqi::ParseColorError(String::new()))
    );
}
