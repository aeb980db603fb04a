//! The real `xiangqi` binary: arguments, exit codes and piped UCI input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn xiangqi(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

#[test]
fn perft_3_from_the_start() {
    let out = xiangqi(&["perft", "3"], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.ends_with("\n\nNodes searched: 79666\n"), "{stdout}");
    assert_eq!(stdout.lines().count(), 44 + 2);
    assert!(stdout.starts_with("a0a1: "), "{stdout}");
    assert!(stdout.contains("\nh2e2: "));
    assert!(text(&out.stderr).contains("Mnps"));
}

#[test]
fn perft_with_a_fen_as_one_argument_or_many() {
    let one = xiangqi(&["perft", "2", "--fen", START], "");
    let mut args = vec!["perft", "2", "--fen"];
    args.extend(START.split(' '));
    let many = xiangqi(&args, "");
    let eq = xiangqi(&["perft", "2", &format!("--fen={START}")], "");
    for out in [&one, &many, &eq] {
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).ends_with("Nodes searched: 1920\n"));
    }
    assert_eq!(one.stdout, many.stdout);
}

#[test]
fn bad_perft_arguments_exit_2_with_a_message() {
    for (args, says) in [
        (
            &["perft"][..],
            "required arguments were not provided:\n  <DEPTH>",
        ),
        (&["perft", "x"], "\"x\" is not a whole number"),
        (&["perft", "-3"], "unexpected argument"),
        (&["perft", "0"], "from 1 to 10"),
        (&["perft", "11"], "from 1 to 10"),
        (&["perft", "99999999999999999999"], "from 1 to 10"),
        (&["perft", "2", "--fen"], "a value is required for '--fen"),
        (&["perft", "2", "--fen", "9/9 w"], "bad FEN \"9/9 w\""),
        (
            &["perft", "2", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"],
            "face each other",
        ),
        (&["perft", "2", "3"], "unexpected argument '3'"),
    ] {
        let out = xiangqi(args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_and_unknown_commands() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = xiangqi(args, "");
        assert_eq!(out.status.code(), Some(0));
        assert!(text(&out.stdout).starts_with("usage: xiangqi"));
    }
    let out = xiangqi(&["perft", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("usage: xiangqi perft"));

    let out = xiangqi(&["frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("unrecognized subcommand 'frobnicate'"));
    assert!(stderr.contains("Usage: xiangqi"));

    let out = xiangqi(&["--version"], "");
    assert_eq!(
        text(&out.stdout),
        format!("xiangqi {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn piped_uci_without_a_subcommand() {
    // The perft counts on its own thread, so the end of input (which waits for it) ends this
    // session rather than `quit` (which would stop it).
    let input = "uci\r\nisready\r\nbogus\r\nposition startpos moves h2e2 h9g7\r\ngo perft 1\r\n";
    let out = xiangqi(&[], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("id name Xiangqi "), "{stdout}");
    assert!(stdout.contains("\nuciok\nreadyok\n"), "{stdout}");
    let mut pos = xiangqi::Position::start();
    for m in ["h2e2", "h9g7"] {
        pos.make_move(xiangqi::notation::parse_uci(m).unwrap());
    }
    let n = pos.legal_moves().len();
    assert!(stdout.contains("\nreadyok\ninfo string unknown command \"bogus\": expected uci, isready, ucinewgame, position, go, stop, ponderhit, setoption, d or quit\n"), "{stdout}");
    assert!(
        stdout.ends_with(&format!("\n\nNodes searched: {n}\n")),
        "{stdout}"
    );
    // The `uci` subcommand is the same loop; it also ends cleanly at the end of input.
    let sub = xiangqi(&["uci"], "isready\n");
    assert_eq!(sub.status.code(), Some(0));
    assert_eq!(text(&sub.stdout), "readyok\n");
}

#[test]
fn huge_counters_in_a_uci_fen_do_not_crash() {
    let input = "position fen 3k5/9/9/9/9/9/9/9/9/4K4 b - - 4294967295 4294967295 moves d9d8\ngo perft 2\nisready\n";
    let out = xiangqi(&["uci"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // `isready` is answered while the perft counts on its thread; the count still ends.
    let stdout = text(&out.stdout);
    assert!(stdout.contains("readyok\n"), "{stdout}");
    assert!(stdout.contains("\nNodes searched: "), "{stdout}");
}
