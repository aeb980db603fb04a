//! UCI sessions fed through the protocol loop in memory, and the command parser on its own.

use std::time::Duration;
use xiangqi::notation::parse_uci;
use xiangqi::{perft, FenError, Position};
use xiangqi_ai::{GameClock, Limits};
use xiangqi_cli::flow::Flow;
use xiangqi_cli::uci::{self, Command, CommandError, Engine, Go};
use xiangqi_tools::matches::go::format_go;

/// Runs a whole session and returns everything the engine wrote.
fn session(input: &str) -> String {
    let mut out = Vec::new();
    uci::run(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The position after `moves` from the start, played directly on the engine library.
fn after(moves: &[&str]) -> Position {
    let mut pos = Position::start();
    for m in moves {
        pos.make_move(parse_uci(m).unwrap());
    }
    pos
}

fn mv(s: &str) -> xiangqi::Move {
    parse_uci(s).unwrap()
}

/// The move of a `bestmove` line, without its `ponder` move.
fn best_of(line: &str) -> &str {
    let rest = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{line}"));
    rest.split_once(" ponder ").map_or(rest, |(m, _)| m)
}

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
        "go depth",
        "go depth x",
        "go depth -1",
        "go depth 3 depth 4",
        "go nodes 99999999999999999999999",
        "go wtime 1000 btime",
        "go infinite infinite",
        "go perft",
        "go perft 0",
        "go perft 11",
        "go perft 4294967296",
        "go perft 2 depth 3",
        "go depth 3 perft 2",
        "go searchmoves",
        "go searchmoves zz",
        "go sideways",
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
fn an_illegal_move_names_itself_and_keeps_the_previous_position() {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    engine
        .handle_line("position startpos moves h2e2 h9g7", &mut out)
        .unwrap();
    assert!(out.is_empty());
    let before = after(&["h2e2", "h9g7"]);
    assert_eq!(engine.position(), &before);

    // The third move is illegal: the cannon left h2 on move 1.
    engine
        .handle_line("position startpos moves h2e2 h9g7 h2e2 b9c7", &mut out)
        .unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert!(
        text.starts_with("info string move 3 (h2e2) is not legal in "),
        "{text}"
    );
    assert!(
        text.contains(&before.to_fen()),
        "the message shows where: {text}"
    );
    assert_eq!(
        engine.position(),
        &before,
        "the position is the one before the command"
    );

    // A move that is no move at all is caught by the parser, with its place in the list.
    out.clear();
    engine
        .handle_line("position startpos moves h2e2 z9z9", &mut out)
        .unwrap();
    let text = String::from_utf8(out.clone()).unwrap();
    assert!(text.starts_with("info string move 2: \"z9z9\""), "{text}");
    assert_eq!(engine.position(), &before);

    // Moving the side not to move is illegal too.
    out.clear();
    engine
        .handle_line("position startpos moves h9g7", &mut out)
        .unwrap();
    assert!(String::from_utf8(out).unwrap().contains("move 1 (h9g7)"));
    assert_eq!(engine.position(), &before);
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
    };
    let search = |limits: Limits, ponder: bool, mate: Option<u32>| {
        Command::Go(Go::Search {
            limits,
            ponder,
            mate,
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
    assert!(matches!(
        "go mate 0".parse::<Command>(),
        Err(CommandError::BadNumber { name: "mate", .. })
    ));
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
    assert_eq!(
        "go depth 3 depth 4".parse::<Command>(),
        Err(CommandError::Repeated("depth"))
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

/// A buffer the search thread can write into while the test reads it.
#[derive(Clone, Default)]
struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// Runs `input` through an engine whose search output is captured; returns the loop's
/// replies and the search's lines.
fn search_session(input: &str) -> (String, String) {
    let sink = Shared::default();
    let engine = Engine::with_output(Box::new(sink.clone()));
    let mut out = Vec::new();
    uci::run_with(engine, input.as_bytes(), &mut out).unwrap();
    (String::from_utf8(out).unwrap(), sink.text())
}

fn bestmoves(search: &str) -> Vec<String> {
    search
        .lines()
        .filter(|l| l.starts_with("bestmove "))
        .map(|l| best_of(l).to_string())
        .collect()
}

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
        "setoption name Threads value 0",
        "setoption name Threads value 100000",
        "setoption name Algorithm value minimax",
        "setoption name Depth value 99",
        "setoption name MultiPV value -1",
        "setoption name Level value 9",
        "setoption name Colour value red",
    ] {
        engine.handle_line(line, &mut out).unwrap();
        assert_eq!(engine.options(), &before, "{line}");
    }
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 9);
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

/// The real binary speaking UCI on pipes, with every line it writes timestamped, so that
/// tests can check what it answers and when.
mod binary {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
    use std::time::{Duration, Instant};

    pub struct Uci {
        child: Child,
        stdin: Option<ChildStdin>,
        lines: Receiver<(Instant, String)>,
    }

    impl Uci {
        /// `xiangqi uci`, or `xiangqi` with no command when `args` is empty (a pipe).
        pub fn start(args: &[&str]) -> Uci {
            let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("the binary starts");
            let stdin = child.stdin.take();
            let stdout = child.stdout.take().expect("stdout is piped");
            let (tx, lines) = mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send((Instant::now(), line)).is_err() {
                        break;
                    }
                }
            });
            Uci {
                child,
                stdin,
                lines,
            }
        }

        /// Sends one line and returns when it was sent.
        pub fn send(&mut self, line: &str) -> Instant {
            let stdin = self.stdin.as_mut().expect("input still open");
            writeln!(stdin, "{line}").unwrap();
            stdin.flush().unwrap();
            Instant::now()
        }

        /// Closes the engine's input (the end of a pipe).
        pub fn close(&mut self) {
            self.stdin = None;
        }

        /// The lines up to and including the first that starts with `prefix`, and when that
        /// one came; panics after `timeout` with what came so far.
        pub fn until(&mut self, prefix: &str, timeout: Duration) -> (Vec<String>, Instant) {
            let deadline = Instant::now() + timeout;
            let mut seen = Vec::new();
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.lines.recv_timeout(left) {
                    Ok((at, line)) => {
                        let done = line.starts_with(prefix);
                        seen.push(line);
                        if done {
                            return (seen, at);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        panic!("no \"{prefix}\" within {timeout:?}; got {seen:#?}")
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        panic!("the engine exited before \"{prefix}\"; got {seen:#?}")
                    }
                }
            }
        }

        /// Every line written within `wait`.
        pub fn drain(&mut self, wait: Duration) -> Vec<String> {
            let deadline = Instant::now() + wait;
            let mut seen = Vec::new();
            while let Ok((_, line)) = self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                seen.push(line);
            }
            seen
        }

        /// Sends `isready` and waits for `readyok` (everything before it has been read).
        pub fn sync(&mut self) {
            self.send("isready");
            self.until("readyok", Duration::from_secs(10));
        }

        /// Waits for the process to end by itself; `None` if it is still running after
        /// `timeout` (then it is killed).
        pub fn exit_within(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
            let deadline = Instant::now() + timeout;
            while Instant::now() < deadline {
                if let Ok(Some(status)) = self.child.try_wait() {
                    return Some(status);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            None
        }
    }

    impl Drop for Uci {
        fn drop(&mut self) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// The node count of the last `info ... nodes N` line among `lines`.
    pub fn last_nodes(lines: &[String]) -> u64 {
        lines
            .iter()
            .rev()
            .find_map(|l| {
                let mut words = l.split_whitespace();
                l.starts_with("info ")
                    .then(|| words.by_ref().skip_while(|&w| w != "nodes").nth(1))
                    .flatten()
                    .and_then(|n| n.parse().ok())
            })
            .unwrap_or_else(|| panic!("no info line with nodes in {lines:#?}"))
    }
}

use binary::{last_nodes, Uci};

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn searchmoves_bound_the_answer_of_every_algorithm() {
    let mut uci = Uci::start(&["uci"]);
    for algorithm in ["greedy", "alphabeta", "pvs"] {
        uci.send(&format!("setoption name Algorithm value {algorithm}"));
        uci.send("position startpos");
        uci.send("go depth 6 searchmoves a3a4 i3i4");
        let (lines, _) = uci.until("bestmove ", 30 * SECOND);
        let best = best_of(lines.last().unwrap());
        assert!(best == "a3a4" || best == "i3i4", "{algorithm}: {lines:#?}");
    }
}

#[test]
fn go_ponder_thinks_until_ponderhit_then_answers_on_the_clock_with_a_ponder_move() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("setoption name Ponder value true");
    // The GUI expects h9g7 and lets the engine think on it in the opponent's time.
    uci.send("position startpos moves h2e2 h9g7");
    uci.sync();
    uci.send("go ponder wtime 6000 btime 6000 winc 0 binc 0");
    // A 6 s clock plans a fraction of a second; pondering goes on well past that.
    let early = uci.drain(Duration::from_millis(1_500));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove while pondering: {early:#?}"
    );
    let hit = uci.send("ponderhit");
    let (lines, answered) = uci.until("bestmove ", 5 * SECOND);
    let took = answered - hit;
    // It goes on thinking on its clock after ponderhit (not at once, not for ever).
    assert!(took >= Duration::from_millis(30), "{took:?}: {lines:#?}");
    assert!(took < 3 * SECOND, "{took:?}: {lines:#?}");
    let last = lines.last().unwrap();
    let (best, reply) = last
        .strip_prefix("bestmove ")
        .and_then(|l| l.split_once(" ponder "))
        .unwrap_or_else(|| panic!("no ponder move: {last}"));
    let pos = after(&["h2e2", "h9g7"]);
    assert!(pos.is_legal(mv(best)), "{last}");
    assert!(pos.after(mv(best)).is_legal(mv(reply)), "{last}");
    // stop ends a ponder search that never gets its ponderhit, with a move as well.
    uci.send("go ponder wtime 6000 btime 6000");
    uci.drain(Duration::from_millis(300));
    uci.send("stop");
    let (lines, _) = uci.until("bestmove ", 5 * SECOND);
    assert!(pos.is_legal(mv(best_of(lines.last().unwrap()))));
    // A ponderhit with nothing pondering is answered, and harms nothing.
    uci.send("ponderhit");
    let (said, _) = uci.until("info string ", 5 * SECOND);
    assert_eq!(
        said,
        ["info string ponderhit: no search is pondering; ignored"]
    );
}

#[test]
fn go_mate_stops_once_it_proves_the_mate() {
    // Mate in 3: a0a9 e9e8 a9f9 e8e7 f9f8 (the advisor blocks the general's way out).
    let mut uci = Uci::start(&["uci"]);
    uci.send("position fen 4ka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    uci.send("go mate 3");
    let (lines, _) = uci.until("bestmove ", 10 * SECOND);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    let last = infos.last().unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(last.contains(" score mate 3 "), "{lines:#?}");
    // It stopped on the proof, before the depth limit of a 3-move mate (7 plies).
    let depth: u32 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(depth < 7, "{lines:#?}");
    assert_eq!(best_of(lines.last().unwrap()), "a0a9");
}

#[test]
fn quit_ends_a_long_perft_at_once() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("go perft 9");
    std::thread::sleep(Duration::from_millis(200));
    uci.send("isready");
    uci.until("readyok", SECOND);
    let quit = std::time::Instant::now();
    uci.send("quit");
    let status = uci.exit_within(3 * SECOND);
    assert_eq!(status.map(|s| s.code()), Some(Some(0)), "exits by itself");
    assert!(quit.elapsed() < SECOND, "{:?}", quit.elapsed());
    // stop ends one too, and says so rather than give a wrong total.
    let mut uci = Uci::start(&["uci"]);
    uci.send("go perft 9");
    std::thread::sleep(Duration::from_millis(200));
    uci.send("stop");
    let (lines, _) = uci.until("info string perft stopped", SECOND);
    assert!(
        !lines.iter().any(|l| l.starts_with("Nodes searched")),
        "{lines:#?}"
    );
    uci.sync();
}

#[test]
fn alphabeta_movetime_300_answers_within_a_second() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("setoption name Algorithm value alphabeta");
    uci.send("position startpos");
    uci.sync();
    let sent = uci.send("go movetime 300");
    let (lines, answered) = uci.until("bestmove ", 5 * SECOND);
    let took = answered - sent;
    // It thinks for its time (not just its default depth), and not much longer.
    assert!(took >= Duration::from_millis(250), "{took:?}: {lines:#?}");
    assert!(took < SECOND, "{took:?}: {lines:#?}");
}

#[test]
fn alphabeta_infinite_answers_soon_after_stop() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("setoption name Algorithm value alphabeta");
    uci.send("position startpos");
    uci.sync();
    uci.send("go infinite");
    let early = uci.drain(Duration::from_millis(200));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {early:#?}"
    );
    let stopped = uci.send("stop");
    let (lines, answered) = uci.until("bestmove ", 5 * SECOND);
    let took = answered - stopped;
    assert!(took < Duration::from_millis(300), "{took:?}: {lines:#?}");
    let best = best_of(lines.last().unwrap());
    assert!(Position::start().is_legal(mv(best)), "{best}");
}

#[test]
fn greedy_infinite_waits_for_stop() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("setoption name Algorithm value greedy");
    uci.send("position startpos");
    uci.send("go infinite");
    let early = uci.drain(Duration::from_millis(300));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {early:#?}"
    );
    uci.send("stop");
    uci.until("bestmove ", 5 * SECOND);
}

#[test]
fn the_table_is_kept_between_searches_until_ucinewgame() {
    let mut uci = Uci::start(&["uci"]);
    let search = |uci: &mut Uci| {
        uci.send("position startpos");
        uci.send("go depth 10");
        let (lines, _) = uci.until("bestmove ", 60 * SECOND);
        last_nodes(&lines)
    };
    let first = search(&mut uci);
    let second = search(&mut uci);
    uci.send("ucinewgame");
    let fresh = search(&mut uci);
    assert!(
        second * 2 < first,
        "the second search reuses the table: {first} then {second}"
    );
    assert!(
        fresh * 2 > first && fresh < first * 2,
        "ucinewgame forgets it: {first}, then {fresh} after ucinewgame"
    );
}

#[test]
fn end_of_input_ends_an_infinite_search_with_its_answer() {
    let mut uci = Uci::start(&[]);
    uci.send("position startpos");
    uci.send("go infinite");
    uci.close();
    let status = uci.exit_within(3 * SECOND);
    assert_eq!(
        status.map(|s| s.code()),
        Some(Some(0)),
        "the engine exits by itself"
    );
    let lines = uci.drain(Duration::from_millis(100));
    let best = lines
        .iter()
        .find(|l| l.starts_with("bestmove "))
        .map(|l| best_of(l))
        .unwrap_or_else(|| panic!("no bestmove: {lines:#?}"));
    assert!(Position::start().is_legal(mv(best)), "{best}");
}

#[test]
fn after_a_failed_position_go_answers_no_move_of_the_old_one() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("position startpos moves h2e2");
    // The GUI means the position after h2e2 h9g7 h2e2, which is not legal: the engine keeps
    // the position after h2e2 (Black to move), but must not answer a Black move for it.
    for failed in [
        "position startpos moves h2e2 h9g7 h2e2",
        "position fen 9/9/9 w moves h2e2",
    ] {
        uci.send(failed);
        let (said, _) = uci.until("info string ", 5 * SECOND);
        assert_eq!(said.len(), 1, "{failed}: {said:#?}");
        uci.send("go depth 3");
        let (lines, _) = uci.until("bestmove ", 10 * SECOND);
        assert_eq!(
            lines.last().unwrap(),
            "bestmove (none)",
            "{failed}: {lines:#?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("info string ")),
            "{failed}: the answer says why: {lines:#?}"
        );
    }
    // A position that works searches again.
    uci.send("position startpos moves h2e2 h9g7");
    uci.send("go depth 3");
    let (lines, _) = uci.until("bestmove ", 10 * SECOND);
    let best = best_of(lines.last().unwrap());
    assert!(after(&["h2e2", "h9g7"]).is_legal(mv(best)), "{lines:#?}");
}

/// The `Outcome:` line that `d` prints after the board.
fn outcome_line(input: &str) -> String {
    let out = session(input);
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Outcome: "))
        .unwrap_or_else(|| panic!("no outcome line: {out}"))
        .to_string()
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

/// The `bestmove` of a fixed-depth search of `fen`.
fn best_move(fen: &str, depth: u32) -> String {
    let (_, search) = search_session(&format!("position fen {fen}\ngo depth {depth}\n"));
    bestmoves(&search)
        .pop()
        .unwrap_or_else(|| panic!("no bestmove: {search}"))
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
