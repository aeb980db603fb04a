//! UCI searches run through the protocol loop in memory, their output captured: `go` and its
//! answers, every algorithm and level, `stop` and `isready` while searching, options, and
//! positions that are mates or cannot be played.

mod common;

use common::{after, best_move, bestmoves, mv, outcome_line, search_session, session, Shared};
use std::time::Duration;
use xiangqi::Position;
use xiangqi_cli::flow::Flow;
use xiangqi_cli::uci::{Command, Engine};

#[test]
fn go_answers_with_info_lines_and_a_legal_bestmove() {
    let (_, search) = search_session("position startpos moves h2e2 h9g7\ngo depth 5\n");
    let pos = after(&["h2e2", "h9g7"]);
    let best = bestmoves(&search);
    assert_eq!(best.len(), 1, "{search}");
    assert!(pos.is_legal(mv(&best[0])), "{search}");
    for depth in 1..=5 {
        let line = search
            .lines()
            .find(|l| l.starts_with(&format!("info depth {depth} ")))
            .unwrap_or_else(|| panic!("no info for depth {depth}: {search}"));
        for field in [
            " seldepth ",
            " score ",
            " nodes ",
            " nps ",
            " time ",
            " pv ",
        ] {
            assert!(line.contains(field), "{line}");
        }
        // The pv is a legal line from the position.
        let pv = line.split(" pv ").nth(1).unwrap();
        let mut p = pos.clone();
        for m in pv.split(' ') {
            assert!(p.is_legal(mv(m)), "{line}");
            p.make_move(mv(m));
        }
    }
}

#[test]
fn every_algorithm_and_level_answers_go() {
    let mut input = String::new();
    for algo in ["greedy", "alphabeta", "pvs"] {
        input += &format!("setoption name Algorithm value {algo}\nposition startpos\ngo depth 3\n");
    }
    input += "setoption name Algorithm value pvs\n";
    for level in 1..=4 {
        input += &format!(
            "setoption name Level value {level}\nposition startpos moves b0c2\ngo movetime 50\n"
        );
    }
    let (replies, search) = search_session(&input);
    assert_eq!(replies, "", "every option was accepted");
    let best = bestmoves(&search);
    assert_eq!(best.len(), 7, "{search}");
    for m in &best[..3] {
        assert!(Position::start().is_legal(mv(m)), "{m}");
    }
    for m in &best[3..] {
        assert!(after(&["b0c2"]).is_legal(mv(m)), "{m}");
    }
}

#[test]
fn isready_and_stop_are_read_while_searching() {
    // An infinite search answers isready at once and gives its bestmove only after stop.
    let sink = Shared::default();
    let mut engine = Engine::with_output(Box::new(sink.clone()));
    let mut out = Vec::new();
    engine.handle_line("go infinite", &mut out).unwrap();
    engine.handle_line("isready", &mut out).unwrap();
    assert_eq!(String::from_utf8(out.clone()).unwrap(), "readyok\n");
    std::thread::sleep(Duration::from_millis(50));
    assert!(
        bestmoves(&sink.text()).is_empty(),
        "no bestmove before stop"
    );
    engine.handle_line("stop", &mut out).unwrap();
    let best = bestmoves(&sink.text());
    assert_eq!(best.len(), 1);
    assert!(Position::start().is_legal(mv(&best[0])));
    // quit during a search stops it too.
    engine.handle_line("go infinite", &mut out).unwrap();
    assert_eq!(engine.handle_line("quit", &mut out).unwrap(), Flow::Quit);
    assert_eq!(bestmoves(&sink.text()).len(), 2);
}

#[test]
fn threads_search_together_and_stop_together() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (replies, _) = search_session("uci\n");
    assert!(
        replies.contains(&format!(
            "option name Threads type spin default 1 min 1 max {cores}\n"
        )),
        "{replies}"
    );
    for threads in 1..=cores.min(4) {
        let sink = Shared::default();
        let mut engine = Engine::with_output(Box::new(sink.clone()));
        let mut out = Vec::new();
        for line in [
            &format!("setoption name Threads value {threads}") as &str,
            "position startpos moves h2e2",
            "go depth 6",
            "isready",
            "go infinite",
        ] {
            engine.handle_line(line, &mut out).unwrap();
        }
        assert_eq!(engine.options().threads, threads);
        std::thread::sleep(Duration::from_millis(100));
        engine.handle_line("stop", &mut out).unwrap();
        let best = bestmoves(&sink.text());
        assert_eq!(best.len(), 2, "{threads} threads: {}", sink.text());
        for m in &best {
            assert!(after(&["h2e2"]).is_legal(mv(m)), "{threads} threads: {m}");
        }
        assert!(sink.text().contains("info depth 6 "), "{}", sink.text());
    }
}

#[test]
fn a_mated_side_answers_bestmove_none() {
    let (_, search) = search_session("position fen 4k4/9/9/9/4R4/5R3/9/9/9/3K5 b\ngo depth 3\n");
    assert_eq!(bestmoves(&search), ["(none)"]);
}

#[test]
fn bad_option_values_change_nothing() {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    let before = engine.options().clone();
    for line in [
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Hash value 4097",
        "setoption name Hash value 99999999999999999999",
        "setoption name Threads value 0",
        "setoption name Threads value 100000",
        "setoption name Algorithm value minimax",
        "setoption name Depth value 99",
        "setoption name MultiPV value -1",
        "setoption name Level value 27",
        "setoption name Colour value red",
    ] {
        engine.handle_line(line, &mut out).unwrap();
        assert_eq!(engine.options(), &before, "{line}");
    }
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 11);
    assert!(
        text.lines().all(|l| l.starts_with("info string ")),
        "{text}"
    );
    engine
        .handle_line("setoption name hash value 64", &mut Vec::new())
        .unwrap();
    assert_eq!(engine.options().hash_mb, 64, "names are case-insensitive");
}

#[test]
fn other_commands() {
    assert_eq!(
        "setoption name Hash Size value 64 MB"
            .parse::<Command>()
            .unwrap(),
        Command::SetOption {
            name: "Hash Size".into(),
            value: Some("64 MB".into())
        }
    );
    let out = session("setoption name Hash value 16\nstop\nponderhit\nd\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"0  R N B A K A B N R"), "{out}");
    assert!(
        lines.contains(&&*format!("Fen: {}", xiangqi::START_FEN)),
        "{out}"
    );

    // ucinewgame goes back to the start position.
    let mut engine = Engine::new();
    let mut out = Vec::new();
    engine
        .handle_line("position startpos moves h2e2", &mut out)
        .unwrap();
    engine.handle_line("ucinewgame", &mut out).unwrap();
    assert_eq!(engine.position(), &Position::start());
    assert_eq!(engine.handle_line("quit", &mut out).unwrap(), Flow::Quit);
    assert!(out.is_empty());
}

#[test]
fn go_perft_from_a_position_without_moves() {
    // Black is checkmated (chariot e5 checks, d9 faces the general, f4 guards f9).
    let mate = "4k4/9/9/9/4R4/5R3/9/9/9/3K5 b";
    let (_, out) = search_session(&format!("position fen {mate}\ngo perft 3\n"));
    assert_eq!(out, "\nNodes searched: 0\n");
}

#[test]
fn d_prints_the_outcome_by_the_rules() {
    assert_eq!(outcome_line("position startpos moves h2e2\nd\n"), "none");
    // Red's chariot chases Black's lone cannon until the start recurs a third time.
    let chase = "position fen 4k4/9/9/9/3c5/9/9/9/9/2R2K3 w - - 0 1 moves \
                 c0d0 d5c5 d0c0 c5d5 c0d0 d5c5 d0c0 c5d5\nd\n";
    assert_eq!(outcome_line(chase), "black wins, perpetual chase by red");
    let check = "position fen 3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1 moves \
                 a0d0 d9e9 d0e0 e9d9 e0d0 d9e9 d0e0 e9d9 e0d0\nd\n";
    assert_eq!(outcome_line(check), "black wins, perpetual check by red");
    let mate = "position fen 4k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1 moves a0a9\nd\n";
    assert_eq!(outcome_line(mate), "red wins, checkmate");
    let idle = "position startpos moves b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9\nd\n";
    assert_eq!(
        outcome_line(idle),
        "draw, the same position occurred three times"
    );
}

#[test]
fn composed_positions_are_searched_and_their_mates_found() {
    // (FEN, the mating move, what is composed about it)
    let puzzles = [
        (
            "3pkp3/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1",
            "b1e1",
            "two black soldiers behind their start wall the general in",
        ),
        (
            "4bk3/5a3/9/9/7N1/9/9/9/9/3K5 w - - 0 1",
            "h5g7",
            "an elephant and an advisor off their points smother the general",
        ),
    ];
    for (fen, mate, why) in puzzles {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{why}: {e}"));
        assert!(!pos.to_setup().warnings().is_empty(), "{why}: composed");
        assert_eq!(best_move(fen, 4), mate, "{why}");
    }
    // A red elephant across the river cannot move; the search still answers a legal move.
    let fen = "4k4/4B4/9/9/9/9/9/9/9/3K2p2 w - - 0 1";
    let best = best_move(fen, 4);
    assert!(
        Position::from_fen(fen).unwrap().is_legal(mv(&best)),
        "{best}"
    );
    assert!(!best.starts_with("e8"), "the elephant has no move: {best}");
}

#[test]
fn an_unplayable_position_is_refused_and_go_answers_no_move() {
    // Red's chariot on d0 checks Black's general, but it is Red's turn.
    let (replies, search) =
        search_session("position fen 3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1\ngo depth 2\n");
    assert_eq!(
        replies,
        "info string bad FEN: Black is in check but it is not Black's turn: the general could be captured\n"
    );
    let lines: Vec<&str> = search.lines().collect();
    assert_eq!(lines.len(), 2, "{search}");
    assert!(lines[0].starts_with("info string no position"), "{search}");
    assert_eq!(lines[1], "bestmove (none)");
}

#[test]
fn every_search_go_is_answered_and_names_what_it_left_out() {
    // Each `go` ends the one before it; the end of the input stops the last.
    let gos = [
        ("go depth", "go: depth needs a number; ignored"),
        (
            "go depth 3 depth 1",
            "go: depth is given twice; the last one counts",
        ),
        ("go nodes -7", "go: nodes \"-7\" is out of range; 1 is used"),
        (
            "go searchmoves zz depth 1",
            "go searchmoves: move 1: \"zz\"",
        ),
        ("go depth 3 perft 2", "go: unexpected \"perft\"; ignored"),
        (
            "go infinite infinite",
            "go: infinite is given twice; the last one counts",
        ),
    ];
    let input: String = gos.iter().map(|(go, _)| format!("{go}\n")).collect();
    let (replies, search) = search_session(&format!("position startpos\n{input}"));
    assert_eq!(replies, "", "the notes go where the answer goes");
    assert_eq!(bestmoves(&search).len(), gos.len(), "{search}");
    for m in bestmoves(&search) {
        assert!(Position::start().is_legal(mv(&m)), "{m}: {search}");
    }
    let notes: Vec<&str> = search
        .lines()
        .filter_map(|l| l.strip_prefix("info string "))
        .collect();
    for (go, note) in gos {
        assert!(
            notes.iter().any(|n| n.starts_with(note)),
            "{go}: {notes:#?}"
        );
    }
}
