//! The protocol's text as both engines read and write it: commands, `info string`,
//! `bestmove`, perft depths.

use xiangqi::notation::parse_uci;
use xiangqi::Position;
use xiangqi_ai::{GameClock, Limits};
use xiangqi_uci::output::refused_move;
use xiangqi_uci::output::{bestmove_line, info_string};
use xiangqi_uci::perft::{parse_depth, MAX_DEPTH};
use xiangqi_uci::{Command, CommandError, Go, MAX_SEARCH_DEPTH, MAX_TIME_MS};

fn go(line: &str) -> Limits {
    go_noted(line).0
}

/// The limits of a search `go` and the `info string` text of each of its notes.
fn go_noted(line: &str) -> (Limits, Vec<String>) {
    match line.parse::<Command>() {
        Ok(Command::Go(Go::Search { limits, notes, .. })) => {
            (limits, notes.iter().map(ToString::to_string).collect())
        }
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn a_search_go_is_never_refused_what_cannot_be_used_is_noted_and_left_out() {
    // An unreadable value is ignored; the rest of the line is still read.
    let (limits, notes) = go_noted("go wtime abc btime 1");
    assert_eq!(
        limits.clock.map(|c| c.time_ms),
        Some([0, 1]),
        "btime is read, wtime left out"
    );
    assert_eq!(notes, ["go: wtime \"abc\" is not a whole number; ignored"]);
    // An out-of-range depth is brought within range: below 1 to 1, above to the deepest.
    let (limits, notes) = go_noted("go depth -1");
    assert_eq!(limits.depth, Some(1));
    assert_eq!(notes, ["go: depth \"-1\" is out of range; 1 is used"]);
    let (limits, notes) = go_noted("go depth 99999999999999999999");
    assert_eq!(limits.depth, Some(MAX_SEARCH_DEPTH));
    assert_eq!(
        notes,
        [format!(
            "go: depth \"99999999999999999999\" is out of range; {MAX_SEARCH_DEPTH} is used"
        )]
    );
    assert_eq!(go("go depth 0").depth, Some(1));
    assert_eq!(go("go nodes 0").nodes, Some(1));
    assert_eq!(go("go mate 0").depth, Some(3), "mate 0 is read as mate 1");
    assert_eq!(go("go mate 999").depth, Some(MAX_SEARCH_DEPTH - 1));
    assert_eq!(go("go movetime 1e3").movetime_ms, None);
    assert_eq!(
        go("go movetime 99999999999999999999").movetime_ms,
        Some(MAX_TIME_MS)
    );
    // Negative times are 0 without a word (GUIs send them once a flag has fallen).
    assert_eq!(go_noted("go movetime -5"), (Limits::movetime(0), vec![]));
    // A limit with no number does not swallow the next limit.
    let (limits, notes) = go_noted("go depth movetime 50");
    assert_eq!((limits.depth, limits.movetime_ms), (None, Some(50)));
    assert_eq!(notes, ["go: depth needs a number; ignored"]);
    // Given twice, the last counts; unknown words and a late perft are left out.
    let (limits, notes) = go_noted("go depth 3 sideways depth 4 perft 2 infinite infinite");
    assert_eq!((limits.depth, limits.infinite), (Some(4), true));
    assert_eq!(
        notes,
        [
            "go: unexpected \"sideways\"; ignored",
            "go: depth is given twice; the last one counts",
            "go: unexpected \"perft\"; ignored",
            "go: unexpected \"2\"; ignored",
            "go: infinite is given twice; the last one counts",
        ]
    );
    // A searchmoves word that is no move is left out; none at all searches every move.
    let (limits, notes) = go_noted("go searchmoves h2e2 zz depth 2");
    assert_eq!(limits.searchmoves, [parse_uci("h2e2").unwrap()]);
    assert!(
        notes[0].starts_with("go searchmoves: move 2: \"zz\""),
        "{notes:?}"
    );
    let (limits, notes) = go_noted("go searchmoves depth 2");
    assert!(limits.searchmoves.is_empty());
    assert_eq!(
        notes,
        ["go searchmoves: no move given; every move is searched"]
    );
    // A clean line has no notes.
    assert!(
        go_noted("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5")
            .1
            .is_empty()
    );
}

#[test]
fn a_refused_move_names_its_ply_and_the_position_left() {
    let start = Position::start();
    let error = xiangqi::Game::replay(start.clone(), &[parse_uci("a0a9").unwrap()]).unwrap_err();
    assert_eq!(
        refused_move(&error, &start),
        format!(
            "move 1 (a0a9) is not legal; the moves before it stand: position fen {}",
            start.to_fen()
        )
    );
}

#[test]
fn go_reads_every_limit_and_a_clock() {
    let limits = go("go wtime 60000 btime -5 winc 1000 binc 0 movestogo 20 depth 9 nodes 500");
    assert_eq!(limits.depth, Some(9));
    assert_eq!(limits.nodes, Some(500));
    assert_eq!(
        limits.clock,
        Some(GameClock {
            time_ms: [60_000, 0],
            inc_ms: [1_000, 0],
            moves_to_go: Some(20),
        })
    );
    assert_eq!(go("go movetime 200").movetime_ms, Some(200));
    assert!(go("go infinite").infinite);
    assert_eq!(
        go("go mate 2").depth,
        Some(5),
        "mate N searches 2N + 1 plies"
    );
    assert_eq!(
        "go perft 3".parse::<Command>(),
        Ok(Command::Go(Go::Perft(3)))
    );
}

#[test]
fn positions_read_moves_and_fens() {
    let Ok(Command::Position { start, moves }) =
        "position  startpos moves h2e2 h9g7".parse::<Command>()
    else {
        panic!("not read");
    };
    assert_eq!(*start, Position::start());
    assert_eq!(
        moves,
        vec![parse_uci("h2e2").unwrap(), parse_uci("h9g7").unwrap()]
    );
    let fen = Position::start().to_fen();
    let Ok(Command::Position { start, .. }) = format!("position fen {fen}").parse::<Command>()
    else {
        panic!("not read");
    };
    assert_eq!(start.to_fen(), fen);
}

#[test]
fn lines_that_cannot_be_used_say_why() {
    let err = |line: &str| line.parse::<Command>().unwrap_err().to_string();
    assert!(err("hello").starts_with("unknown command \"hello\""));
    assert_eq!(err("position"), "position needs startpos or fen FEN");
    assert!(err("position startpos moves h2e2 zz")
        .starts_with("move 2: \"zz\" is not a coordinate move"));
    assert!(matches!(
        "go perft 0".parse::<Command>(),
        Err(CommandError::PerftDepth(_))
    ));
    assert_eq!(
        "setoption name Clear Hash".parse::<Command>(),
        Ok(Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        })
    );
    assert_eq!(
        "setoption name Level value 3".parse::<Command>(),
        Ok(Command::SetOption {
            name: "Level".into(),
            value: Some("3".into())
        })
    );
}

#[test]
fn perft_depths_run_from_one_to_the_cap() {
    assert_eq!(parse_depth("1"), Ok(1));
    assert_eq!(parse_depth(&MAX_DEPTH.to_string()), Ok(MAX_DEPTH));
    let error = parse_depth("11").unwrap_err();
    assert_eq!(
        error.to_string(),
        "perft depth \"11\" is not a whole number from 1 to 10"
    );
}

#[test]
fn info_strings_stay_on_one_line() {
    assert_eq!(info_string("a\nb\tc"), "info string a b c");
}

#[test]
fn bestmove_names_the_reply_to_ponder_on_when_it_is_legal() {
    let start = Position::start();
    let m = |s: &str| parse_uci(s).unwrap();
    assert_eq!(bestmove_line(&start, None, &[]), "bestmove (none)");
    assert_eq!(
        bestmove_line(&start, Some(m("h2e2")), &[m("h2e2")]),
        "bestmove h2e2"
    );
    assert_eq!(
        bestmove_line(&start, Some(m("h2e2")), &[m("h2e2"), m("h9g7")]),
        "bestmove h2e2 ponder h9g7"
    );
    // A reply that is not legal after the move (here: Red moving twice) is left out.
    assert_eq!(
        bestmove_line(&start, Some(m("h2e2")), &[m("h2e2"), m("b2e2")]),
        "bestmove h2e2"
    );
}
