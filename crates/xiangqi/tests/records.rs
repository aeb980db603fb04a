//! Game records: PGN written and read back, the move numbering, the Chinese text record, and
//! the errors for records that cannot be read.

use xiangqi::notation::{parse_uci, MoveTextError, Notation};
use xiangqi::records::{
    chinese_record, move_number, movetext, read_pgn, Comment, GameResult, MoveError, Pgn, PgnError,
};
use xiangqi::{Color, FenError, Game, PlayError, Position, START_FEN};

fn game(fen: &str, moves: &str) -> Game {
    let moves: Vec<_> = moves
        .split_whitespace()
        .map(|t| parse_uci(t).unwrap())
        .collect();
    Game::replay(Position::from_fen(fen).unwrap(), &moves).unwrap()
}

fn tags() -> Vec<(String, String)> {
    [
        ("Event", "Casual game"),
        ("Site", "127.0.0.1"),
        ("Date", "2026.11.21"),
        ("Red", "Red"),
        ("Black", "Black"),
    ]
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .to_vec()
}

const BLACK_TO_MOVE: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7";
const BACK_RANK_MATE: &str = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";

#[test]
fn move_numbers_pair_red_and_black_from_the_start_position() {
    let start = Position::start();
    assert_eq!(move_number(&start, 0), (1, Color::Red));
    assert_eq!(move_number(&start, 1), (1, Color::Black));
    assert_eq!(move_number(&start, 2), (2, Color::Red));
    let black = Position::from_fen(BLACK_TO_MOVE).unwrap();
    assert_eq!(move_number(&black, 0), (7, Color::Black));
    assert_eq!(move_number(&black, 1), (8, Color::Red));
    assert_eq!(move_number(&black, 4), (9, Color::Black));
    // The numbering agrees with the positions a game walks through.
    let g = game(BLACK_TO_MOVE, "h7e7 h2e2 h9g7 h0g2 i9h9");
    for (i, ply) in g.plies().enumerate() {
        assert_eq!(move_number(&black, i), ply.move_number());
    }
}

#[test]
fn the_pgn_writer_gives_the_tags_and_numbered_moves() {
    let g = game(START_FEN, "h2e2 h9g7 h0g2 i9h9 i0h0 b7b3");
    let pgn = Pgn {
        tags: tags(),
        ..Pgn::new(g)
    };
    assert_eq!(
        pgn.write(Notation::Wxf),
        "[Game \"Chinese Chess\"]\n[Event \"Casual game\"]\n[Site \"127.0.0.1\"]\n\
         [Date \"2026.11.21\"]\n[Red \"Red\"]\n[Black \"Black\"]\n\
         [ECCO \"B05\"]\n[Opening \"中炮对进左马(其他)\"]\n[Result \"*\"]\n\
         [Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 C2+4 *\n"
    );
    assert!(pgn
        .write(Notation::Chinese)
        .contains("[Format \"Chinese\"]\n\n1. 炮二平五 马8进7 2. 马二进三"));
    assert!(pgn.write(Notation::Iccs).contains("1. H2-E2 H9-G7"));
}

#[test]
fn a_pgn_reads_back_to_the_same_moves_in_every_notation() {
    let g = game(START_FEN, "h2e2 h9g7 h0g2 i9h9 i0h0 b7b3");
    let pgn = Pgn {
        tags: tags(),
        ..Pgn::new(g.clone())
    };
    for n in Notation::ALL {
        let text = pgn.write(n);
        let back = read_pgn(&text).unwrap();
        assert_eq!(back.game.moves(), g.moves(), "{text}");
        assert_eq!(back.result, Some(GameResult::Unknown));
        // The writer named the opening; read back, the record keeps the tags it was given.
        let mut named = tags();
        named.push(("ECCO".into(), "B05".into()));
        named.push(("Opening".into(), "中炮对进左马(其他)".into()));
        assert_eq!(back.tags, named, "{text}");
        assert_eq!(back.tag("event"), Some("Casual game"));
        assert_eq!(back.write(n), text);
    }
}

#[test]
fn a_finished_game_from_a_position_keeps_its_fen_and_result() {
    let g = game(BACK_RANK_MATE, "b0b9");
    let text = Pgn::new(g.clone()).write(Notation::Chinese);
    assert!(
        text.contains(&format!("[FEN \"{BACK_RANK_MATE}\"]")),
        "{text}"
    );
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.ends_with("1-0\n"), "{text}");
    let back = read_pgn(&text).unwrap();
    assert_eq!(back.game.start_position().to_fen(), BACK_RANK_MATE);
    assert_eq!(back.game.moves(), g.moves());
    assert_eq!(back.result, Some(GameResult::RedWins));
    assert_eq!(back.game.outcome(), g.outcome());
    // A recorded result (a resignation, say) is written in place of the rules' one.
    let resigned = Pgn {
        result: Some(GameResult::BlackWins),
        ..Pgn::new(game(START_FEN, "h2e2"))
    };
    assert!(resigned.write(Notation::Wxf).ends_with("1. C2.5 0-1\n"));
}

#[test]
fn long_games_are_wrapped_and_tags_escaped() {
    // Sixty plies picked by a fixed rule from the legal moves.
    let mut g = Game::new();
    for i in 0..60 {
        let legal = g.position().legal_moves();
        if g.outcome().is_some() {
            break;
        }
        g.play(legal[(i * 7) % legal.len()]).unwrap();
    }
    assert!(g.len() > 30);
    let pgn = Pgn {
        tags: vec![("Event".into(), "The \"quoted\" \\ cup".into())],
        ..Pgn::new(g.clone())
    };
    let text = pgn.write(Notation::Chinese);
    assert!(
        text.contains("[Event \"The \\\"quoted\\\" \\\\ cup\"]"),
        "{text}"
    );
    let body = text.split("\n\n").nth(1).unwrap();
    assert!(body.lines().count() > 1, "{text}");
    assert!(body.lines().all(|l| l.chars().count() < 80), "{text}");
    let back = read_pgn(&text).unwrap();
    assert_eq!(back.tag("Event"), Some("The \"quoted\" \\ cup"));
    assert_eq!(back.game.moves(), g.moves());
}

#[test]
fn the_chinese_record_numbers_moves_in_pairs() {
    let g = game(START_FEN, "h2e2 h9g7 h0g2");
    assert_eq!(chinese_record(&g), "1. 炮二平五 马8进7 2. 马二进三");
    assert_eq!(movetext(&g, Notation::Uci), "1. h2e2 h9g7 2. h0g2");
    let g = game(BLACK_TO_MOVE, "h7e7 h2e2");
    assert_eq!(chinese_record(&g), "7. ... 炮8平5 8. 炮二平五");
    let g = game(BACK_RANK_MATE, "b0b9");
    assert_eq!(chinese_record(&g), "1. 车八进九 红方胜 — 黑方被将死");
    assert_eq!(movetext(&Game::new(), Notation::Chinese), "");
}

#[test]
fn plain_lists_in_any_notation_with_numbers_and_comments() {
    for text in [
        "h2e2 h9g7 h0g2",
        "1. H2-E2 H9-G7 2. H0-G2",
        "1.C2.5 H8+7 2.H2+3 *",
        "1、炮二平五 马8进7 2、马二进三 {a comment} (1... 炮8平5)",
        "1. 炮二平五 h9g7; note\n2. H2+3",
        "1. C2.5 $1 H8+7 2... H2+3",
        "%escaped line\n1。炮二平五，马8进7；马二进三",
    ] {
        let back = read_pgn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back.game.moves().len(), 3, "{text}");
        assert_eq!(back.game.moves()[2], parse_uci("h0g2").unwrap(), "{text}");
    }
}

#[test]
fn comments_are_kept_at_their_ply_and_written_back() {
    let text = "{An opening} 1. C2.5 {the central cannon} H8+7 (1... C8.5 {the same}) \
                2. H2+3 ; a quiet move\n*";
    let back = read_pgn(text).unwrap();
    assert_eq!(
        back.comments,
        [
            Comment {
                ply: 0,
                text: "An opening".into()
            },
            Comment {
                ply: 1,
                text: "the central cannon".into()
            },
            Comment {
                ply: 3,
                text: "a quiet move".into()
            },
        ]
    );
    let written = back.write(Notation::Wxf);
    assert!(
        written
            .ends_with("{An opening} 1. C2.5 {the central cannon} H8+7 2. H2+3 {a quiet move} *\n"),
        "{written}"
    );
    assert_eq!(read_pgn(&written).unwrap().comments, back.comments);
}

#[test]
fn a_bad_move_is_reported_with_its_number_and_why() {
    let e = read_pgn("1. h2e2 h9g7 2. h0g2 a9a0").unwrap_err();
    let PgnError::Move {
        ply,
        number,
        side,
        text,
        error,
    } = &e
    else {
        panic!("{e:?}")
    };
    assert_eq!(
        (*ply, *number, *side, text.as_str()),
        (4, 2, Color::Black, "a9a0")
    );
    assert!(matches!(
        error,
        MoveError::Text(MoveTextError::Illegal { .. })
    ));
    assert_eq!(
        e.to_string(),
        format!("move 2 (Black), \"a9a0\": {}", error)
    );
    assert!(e
        .to_string()
        .starts_with("move 2 (Black), \"a9a0\": the move a9a0 is not legal here"));
    assert!(matches!(
        read_pgn("1. 炮二平五 nonsense").unwrap_err(),
        PgnError::Move {
            number: 1,
            side: Color::Black,
            error: MoveError::Text(_),
            ..
        }
    ));
    // A move after the rules ended the game: the start position for the third time.
    let repeated = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h0g2";
    assert!(matches!(
        read_pgn(repeated).unwrap_err(),
        PgnError::Move {
            ply: 9,
            number: 5,
            side: Color::Red,
            error: MoveError::Play(PlayError::GameOver(_)),
            ..
        }
    ));
    assert_eq!(read_pgn("  ").unwrap_err(), PgnError::Empty);
    assert!(matches!(
        read_pgn("[FEN \"9/9 w\"]\n1. h2e2").unwrap_err(),
        PgnError::Fen(FenError::WrongRankCount { .. })
    ));
    // Tags alone are a record of no moves.
    let only_tags = read_pgn("[Event \"x\"]").unwrap();
    assert!(only_tags.game.is_empty());
}

#[test]
fn junk_never_panics() {
    let long = "炮".repeat(10_000);
    for text in [
        "{",
        "}",
        "(",
        ")))",
        "[",
        "[]",
        "[FEN]",
        "[FEN \"\"]",
        "[Result \"2-0\"]",
        "1.",
        "1...",
        "…",
        "$",
        ";",
        "{ unterminated\n comment",
        "((1. h2e2)",
        "\u{0}\u{fffd}",
        &long,
    ] {
        let _ = read_pgn(text);
    }
    match read_pgn(&long).unwrap_err() {
        PgnError::Move { text, .. } => assert!(text.chars().count() <= 33, "{text}"),
        e => panic!("{e:?}"),
    }
}
