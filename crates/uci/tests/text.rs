//! The protocol's text as both engines read and write it: commands, `info string`,
//! `bestmove`, perft depths.

use xiangqi::notation::parse_uci;
use xiangqi::Position;
use xiangqi_ai::{GameClock, Limits};
use xiangqi_uci::output::{bestmove_line, info_string};
use xiangqi_uci::perft::{parse_depth, MAX_DEPTH};
use xiangqi_uci::{Command, CommandError, Go};

fn go(line: &str) -> Limits {
    match line.parse::<Command>() {
        Ok(Command::Go(Go::Search { limits, .. })) => limits,
        other => panic!("{line}: {other:?}"),
    }
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
    assert_eq!(err("go depth x"), "depth \"x\" is not a number in range");
    assert_eq!(err("go depth 3 depth 4"), "depth is given twice");
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
