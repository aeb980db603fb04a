//! Walking a game: rebuilding it from a start and a move list, and looking back at each ply.

use xiangqi::game::{PlayError, ReplayError};
use xiangqi::notation::parse_uci;
use xiangqi::{Color, Game, Move, Outcome, Position, Reason, Ruleset};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|t| parse_uci(t).unwrap())
        .collect()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Red mates with the second chariot on the back rank in one move.
const BACK_RANK_MATE: &str = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";

#[test]
fn a_legal_opening_replays_to_the_same_game_as_playing_it() {
    let list = moves("h2e2 h9g7 h0g2 i9h9");
    let replayed = Game::replay(Position::start(), &list).unwrap();
    let mut played = Game::new();
    for &m in &list {
        played.play(m).unwrap();
    }
    assert_eq!(replayed.moves(), list);
    assert_eq!(replayed.position(), played.position());
    assert_eq!(replayed.hashes(), played.hashes());
    assert_eq!(replayed.outcome(), None);
    assert_eq!(
        Game::replay(Position::start(), &[]).unwrap().position(),
        &Position::start()
    );
}

#[test]
fn an_illegal_third_move_is_reported_as_ply_three() {
    // The black chariot on a9 cannot jump its own soldier to a0.
    let list = moves("h2e2 h9g7 a9a0 h0g2");
    let e = Game::replay(Position::start(), &list).unwrap_err();
    assert_eq!(
        e,
        ReplayError {
            ply: 3,
            mv: list[2],
            error: PlayError::Illegal(list[2]),
        }
    );
    assert_eq!(e.to_string(), "ply 3: a9a0 is not a legal move here");
}

#[test]
fn a_move_after_the_end_is_reported_with_the_outcome() {
    let list = moves("b0b9 e9e8");
    let e = Game::replay(pos(BACK_RANK_MATE), &list).unwrap_err();
    let mate = Outcome {
        winner: Some(Color::Red),
        reason: Reason::Checkmate,
    };
    assert_eq!(e.ply, 2);
    assert_eq!(e.error, PlayError::GameOver(mate));
    assert_eq!(
        e.to_string(),
        "ply 2: e9e8 cannot be played: the game is over (Red wins: checkmate)"
    );
    let game = Game::replay(pos(BACK_RANK_MATE), &list[..1]).unwrap();
    assert_eq!(game.outcome(), Some(mate));
}

#[test]
fn replay_with_rules_judges_under_those_rules() {
    // Horses out and back twice: the start position occurs a third time after eight plies.
    let shuffle = moves("h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9");
    let default = Game::replay(Position::start(), &shuffle).unwrap();
    assert_eq!(
        default.outcome().map(|o| o.reason),
        Some(Reason::Repetition)
    );
    let lenient = Ruleset {
        repetition_count: 5,
        ..Ruleset::default()
    };
    let game = Game::replay_with_rules(Position::start(), lenient, &shuffle).unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.rules(), lenient);
    // Under the default rules a ninth move comes too late.
    let mut longer = shuffle.clone();
    longer.push(parse_uci("h0g2").unwrap());
    assert_eq!(Game::replay(Position::start(), &longer).unwrap_err().ply, 9);
}

#[test]
fn play_all_stops_before_the_bad_move_and_counts_plies_from_the_start() {
    let mut game = Game::replay(Position::start(), &moves("h2e2")).unwrap();
    let e = game.play_all(&moves("h9g7 h0g2 a0a9")).unwrap_err();
    assert_eq!(e.ply, 4);
    assert_eq!(game.moves(), moves("h2e2 h9g7 h0g2"));
}

#[test]
fn plies_show_each_move_with_the_positions_around_it() {
    let list = moves("h2e2 h9g7 b2b9");
    let game = Game::replay(Position::start(), &list).unwrap();
    let plies: Vec<_> = game.plies().collect();
    assert_eq!(plies.len(), 3);
    assert_eq!(plies[0].number, 1);
    assert_eq!(plies[0].before, Position::start());
    assert_eq!(plies[0].mv, list[0]);
    assert_eq!(plies[1].before, plies[0].after);
    assert_eq!(plies[1].before.turn(), Color::Black);
    assert_eq!(plies[1].move_number(), (1, Color::Black));
    assert_eq!(plies[2].move_number(), (2, Color::Red));
    // The cannon jumps the black cannon on b7 and takes the horse on b9.
    assert_eq!(
        plies[2].captured.map(|p| p.color),
        Some(Color::Black),
        "{:?}",
        plies[2]
    );
    assert!(plies[0].captured.is_none());
    assert_eq!(&plies[2].after, game.position());
    assert_eq!(game.plies().len(), 3);
    assert_eq!(Game::new().plies().count(), 0);
}

#[test]
fn plies_count_from_a_black_start() {
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7";
    let game = Game::replay(pos(black), &moves("h7e7 h2e2 h9g7")).unwrap();
    let numbers: Vec<(u32, Color)> = game.plies().map(|p| p.move_number()).collect();
    assert_eq!(
        numbers,
        [(7, Color::Black), (8, Color::Red), (8, Color::Black)]
    );
}

#[test]
fn position_at_walks_back_through_the_game() {
    let list = moves("h2e2 h9g7 h0g2");
    let game = Game::replay(Position::start(), &list).unwrap();
    assert_eq!(game.position_at(0), Some(Position::start()));
    assert_eq!(game.position_at(1), Some(Position::start().after(list[0])));
    assert_eq!(game.position_at(3).as_ref(), Some(game.position()));
    assert_eq!(game.position_at(4), None);
    for (i, ply) in game.plies().enumerate() {
        assert_eq!(game.position_at(i), Some(ply.before));
    }
}

#[test]
fn play_all_on_goes_on_past_an_ending_the_rules_judged() {
    // Red checks a third time around the same cycle and loses by perpetual check; a GUI
    // under other rules may still play on, and the game follows.
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
    let moves: Vec<Move> = "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8"
        .split(' ')
        .map(|m| parse_uci(m).unwrap())
        .collect();
    let err = Game::replay(start.clone(), &moves).unwrap_err();
    assert_eq!(err.ply, 10, "the move after the ending is refused: {err}");
    let mut game = Game::from_position(start);
    game.play_all_on(&moves).unwrap();
    assert_eq!(game.len(), 10);
    // An illegal move still stops it, naming the ply, with the game left before it.
    let err = game.play_all_on(&moves[..1]).unwrap_err();
    assert_eq!((err.ply, game.len()), (11, 10));
}
