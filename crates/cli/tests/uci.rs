//! UCI sessions fed through the protocol loop in memory, and the command parser on its own:
//! the lines a GUI sends, what is refused and why, positions and `go` limits.

mod common;

use common::{after, mv, search_session, session};
use xiangqi::{perft, FenError, Position};
use xiangqi_ai::{GameClock, Limits};
use xiangqi_cli::flow::Flow;
use xiangqi_cli::uci::{self, Command, CommandError, Engine, Go};
use xiangqi_tools::matches::go::format_go;

#[test]
fn a_full_session() {
    let mut pos = after(&["h2e2", "h9g7"]);
    let expected = perft(&mut pos, 2);
    // The count runs on the search's thread and writes where the search does; the end of
    // input waits for it.
    let (replies, counted) =
        search_session("uci\nisready\nucinewgame\nposition startpos moves h2e2 h9g7\ngo perft 2\n");
    let out = replies + &counted;
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("option ")).collect();
    assert_eq!(
        lines[..4],
        [
            &format!("id name Xiangqi {}", env!("CARGO_PKG_VERSION")) as &str,
            "id author the Xiangqi developers",
            "uciok",
            "readyok",
        ]
    );
    for option in [
        "Hash",
        "Algorithm",
        "Depth",
        "Seed",
        "MultiPV",
        "Level",
        "EvalFile",
        "Ponder",
    ] {
        assert!(
            out.contains(&format!("option name {option} type ")),
            "{option} is announced"
        );
    }
    let moves = &lines[4..lines.len() - 2];
    assert_eq!(moves.len(), pos.legal_moves().len());
    let mut sorted = moves.to_vec();
    sorted.sort();
    assert_eq!(moves, sorted, "root moves are listed in text order");
    let sum: u64 = moves
        .iter()
        .map(|l| {
            let (m, n) = l.split_once(": ").unwrap();
            let m = mv(m);
            let mut child = pos.after(m);
            let n: u64 = n.parse().unwrap();
            assert_eq!(n, perft(&mut child, 1), "{l}");
            n
        })
        .sum();
    assert_eq!(sum, expected);
    assert_eq!(lines[lines.len() - 2], "");
    assert_eq!(
        lines[lines.len() - 1],
        format!("Nodes searched: {expected}")
    );
    // Nothing is answered after quit.
    assert_eq!(session("isready\nquit\nisready\n"), "readyok\n");
}

#[test]
fn crlf_extra_whitespace_and_empty_lines_are_fine() {
    let out =
        session("\r\n\n   \t \r\n  isready  \r\n\tposition   startpos  moves  h2e2\t\r\nd\r\n");
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("readyok"));
    assert!(out.contains(&format!("Fen: {}\n", after(&["h2e2"]).to_fen())));
    assert!(!out.contains("info string"), "{out}");
}

#[test]
fn malformed_and_unknown_lines_get_info_string_and_the_loop_goes_on() {
    let bad = [
        "foo",
        "uci now",
        "isready please",
        "position",
        "position startpos h2e2",
        "position fen",
        "position fen moves h2e2",
        "position somewhere",
        "position startpos moves h2e",
        "position startpos moves h2h2",
        "go perft",
        "go perft 0",
        "go perft 11",
        "go perft 4294967296",
        "go perft 2 depth 3",
        "setoption",
        "setoption nom x",
        "setoption name",
        "\u{0}\u{1}\u{7f}",
        "ééé 𝄞",
    ];
    for line in bad {
        let mut engine = Engine::new();
        let mut out = Vec::new();
        let flow = engine.handle_line(line, &mut out).unwrap();
        assert_eq!(flow, Flow::Continue);
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with("info string "), "{line:?} -> {out:?}");
        assert_eq!(out.lines().count(), 1, "{line:?} -> {out:?}");
        assert_eq!(engine.position(), &Position::start(), "{line:?}");
    }
    // The loop goes on after all of them.
    let input = bad.join("\n") + "\nisready\n";
    let out = session(&input);
    assert_eq!(out.lines().count(), bad.len() + 1);
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn invalid_utf8_is_answered_not_fatal() {
    let mut out = Vec::new();
    uci::run(&b"\xff\xfe\xfd\n\xc3\nisready\n"[..], &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("info string unknown command"));
    assert!(lines[1].starts_with("info string unknown command"));
    assert_eq!(lines[2], "readyok");
}

#[test]
fn an_illegal_move_names_itself_and_the_moves_before_it_stand() {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    engine
        .handle_line("position startpos moves h2e2 h9g7", &mut out)
        .unwrap();
    assert!(out.is_empty());
    let before = after(&["h2e2", "h9g7"]);
    assert_eq!(engine.position(), &before);

    // The third move is illegal (the cannon left h2 on move 1): the two before it stand, as
    // in reference engines, and the message says so.
    engine
        .handle_line("position startpos moves h2e2 h9g7 h2e2 b9c7", &mut out)
        .unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert_eq!(
        text,
        format!(
            "info string move 3 (h2e2) is not legal; the moves before it stand: position fen {}\n",
            before.to_fen()
        )
    );
    assert_eq!(engine.position(), &before);

    // A move that is no move at all is caught by the parser, with its place in the list, and
    // leaves the position as it was.
    out.clear();
    engine
        .handle_line("position startpos moves h2e2", &mut out)
        .unwrap();
    engine
        .handle_line("position startpos moves h2e2 z9z9", &mut out)
        .unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert!(text.starts_with("info string move 2: \"z9z9\""), "{text}");
    assert_eq!(engine.position(), &after(&["h2e2"]));

    // Moving the side not to move is illegal too: no move stands.
    out.clear();
    engine
        .handle_line("position startpos moves h9g7", &mut out)
        .unwrap();
    assert!(String::from_utf8(out)
        .unwrap()
        .starts_with("info string move 1 (h9g7) is not legal;"));
    assert_eq!(engine.position(), &Position::start());
}

#[test]
fn bad_fen_is_reported_and_changes_nothing() {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    engine
        .handle_line("position startpos moves h2e2", &mut out)
        .unwrap();
    let before = engine.position().clone();
    for (fen, says) in [
        ("9/9/9", "3 ranks"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
            "unknown letter 'X'",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "side to move",
        ),
        ("9/9/9/9/9/9/9/9/9/4K4 w", "Black has no general"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 7",
            "more than six",
        ),
    ] {
        out.clear();
        engine
            .handle_line(&format!("position fen {fen} moves h2e2"), &mut out)
            .unwrap();
        let text = String::from_utf8(out.clone()).unwrap();
        assert!(text.starts_with("info string bad FEN: "), "{fen}: {text}");
        assert!(
            text.to_lowercase().contains(&says.to_lowercase()),
            "{fen}: {text}"
        );
        assert_eq!(engine.position(), &before, "{fen}");
    }
}

#[test]
fn position_fen_takes_one_to_six_fields() {
    let full = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    let fields: Vec<&str> = full.split(' ').collect();
    for n in 1..=6 {
        let fen = fields[..n].join(" ");
        let cmd: Command = format!("position fen {fen}").parse().unwrap();
        assert_eq!(
            cmd,
            Command::Position {
                start: Box::new(Position::from_fen(&fen).unwrap()),
                moves: vec![],
            }
        );
        let cmd: Command = format!("position fen {fen} moves a0a1").parse().unwrap();
        let Command::Position { moves, .. } = cmd else {
            panic!("not a position")
        };
        assert_eq!(moves, [mv("a0a1")]);
    }
    let mut engine = Engine::new();
    let mut out = Vec::new();
    engine
        .handle_line(&format!("position fen {full} moves h9g7"), &mut out)
        .unwrap();
    assert!(out.is_empty());
    assert_eq!(
        engine.position(),
        &Position::from_fen(full).unwrap().after(mv("h9g7"))
    );
}

#[test]
fn go_limits_are_parsed() {
    // mate 3 is depth 7 unless a depth is given; ponder keeps the clock for ponderhit;
    // negative times are 0.
    let cmd: Command =
        "go wtime 60000 btime -5 winc 1000 binc 0 movestogo 30 nodes 1000000 movetime 500 mate 3 ponder searchmoves h2e2 b0c2"
            .parse()
            .unwrap();
    let limits = Limits {
        depth: Some(7),
        nodes: Some(1_000_000),
        movetime_ms: Some(500),
        clock: Some(GameClock {
            time_ms: [60_000, 0],
            inc_ms: [1000, 0],
            moves_to_go: Some(30),
        }),
        infinite: false,
        searchmoves: vec![mv("h2e2"), mv("b0c2")],
        multipv: 0,
        book: None,
    };
    let search = |limits: Limits, ponder: bool, mate: Option<u32>| {
        Command::Go(Go::Search {
            limits,
            ponder,
            mate,
            notes: vec![],
        })
    };
    assert_eq!(cmd, search(limits.clone(), true, Some(3)));
    assert_eq!(
        "go depth 12 mate 3 infinite".parse::<Command>().unwrap(),
        search(
            Limits {
                depth: Some(12),
                infinite: true,
                ..Limits::default()
            },
            false,
            Some(3)
        )
    );
    assert_eq!(
        "go searchmoves h2e2 depth 3".parse::<Command>().unwrap(),
        search(
            Limits {
                depth: Some(3),
                searchmoves: vec![mv("h2e2")],
                ..Limits::default()
            },
            false,
            None
        )
    );
    assert_eq!(
        "go".parse::<Command>().unwrap(),
        search(Limits::default(), false, None)
    );
    // What a match sends reads back as the same limits.
    let mut sent = limits;
    sent.clock.as_mut().unwrap().time_ms[1] = 5;
    assert_eq!(
        format!("go {}", format_go(&sent)).parse::<Command>(),
        Ok(search(sent, false, None))
    );
    assert_eq!(
        "go perft 3".parse::<Command>().unwrap(),
        Command::Go(Go::Perft(3))
    );
    assert!(matches!(
        "go perft 11".parse::<Command>(),
        Err(CommandError::PerftDepth(_))
    ));
    assert!(matches!(
        "position fen 9/9".parse::<Command>(),
        Err(CommandError::Fen(FenError::WrongRankCount { found: 2 }))
    ));
}
