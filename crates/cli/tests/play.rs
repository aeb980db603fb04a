//! `xiangqi play`: scripted sessions through the library, and the binary's arguments.

use std::io::{Cursor, Write};
use std::process::{Command, Stdio};
use xiangqi::notation::{format, Notation};
use xiangqi::{Color, Position};
use xiangqi_cli::flow::Flow;
use xiangqi_cli::play::{self, Console, PlayOptions};

fn options(level: u8) -> PlayOptions {
    PlayOptions {
        level,
        seed: 11,
        hint_ms: 60,
        ..PlayOptions::default()
    }
}

fn session_output(opts: &PlayOptions, script: &str) -> String {
    let mut out = Vec::new();
    play::run(Cursor::new(script.as_bytes()), &mut out, opts).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_scripted_session() {
    let script = "\
h2e2
xyz
h2h9
level 27
level 2
undo
炮二平五
undo
C2.5
undo
H2-E2
flip
hint
moves
help
quit
h0g2
";
    let text = session_output(&options(1), script);
    // Each of the four notations played 炮二平五, and the computer answered each time.
    assert_eq!(
        text.matches("You play 炮二平五 (h2e2).").count(),
        4,
        "{text}"
    );
    assert_eq!(text.matches("Computer plays ").count(), 4, "{text}");
    assert!(text.contains("\"xyz\" is not a move: write it like h2e2, H2-E2, C2.5 or 炮二平五"));
    assert!(text.contains("the move h2h9 is not legal here"), "{text}");
    assert!(text.contains("\"27\" is not a level: choose 1 to 26. The level stays 1."));
    let greedy = xiangqi_ai::Level::new(2)
        .rating_label()
        .replace('≈', "about ");
    assert!(
        text.contains(&format!("Level 2: v1 greedy, one ply ({greedy} Elo).")),
        "{text}"
    );
    assert_eq!(text.matches("Took back 炮二平五 ").count(), 3, "{text}");
    // The flipped board has Red's numbers on top and Black's at the bottom.
    assert!(
        text.contains("\n   一  二  三  四  五  六  七  八  九\n0  俥"),
        "{text}"
    );
    assert!(text.contains("\n   9   8   7   6   5   4   3   2   1\n"));
    assert!(text.contains("Hint 1: "), "{text}");
    assert!(text.contains("1. 炮二平五 "));
    assert!(text.contains("  undo      take back your last move"));
    // quit ends the session: the line after it is never read.
    assert!(text.ends_with("Your move (Red)> Goodbye.\n"), "{text}");
    assert_eq!(text.matches("You play ").count(), 4);
    assert!(!text.contains('\x1b'));
}

#[test]
fn bad_input_changes_nothing() {
    let mut s = Console::new(&options(1));
    let mut out = Vec::new();
    s.start(&mut out).unwrap();
    s.handle_line("h2e2", &mut out).unwrap();
    let moves = s.game().moves();
    assert_eq!(moves.len(), 2);
    for line in [
        "",
        "   ",
        "xyz",
        "h2h9",
        "a0a0",
        "炮二平九",
        "H5+7",
        "level 0",
        "level x",
        "level 3 4",
        "undo please",
    ] {
        let mut out = Vec::new();
        assert_eq!(s.handle_line(line, &mut out).unwrap(), Flow::Continue);
        assert_eq!(s.game().moves(), moves, "{line}");
        assert_eq!(s.level(), 1, "{line}");
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains("Computer plays"), "{line}: {text}");
    }
}

#[test]
fn a_longer_game_in_every_notation() {
    let mut s = Console::new(&options(2));
    let mut out = Vec::new();
    s.start(&mut out).unwrap();
    for turn in 0..40 {
        if s.game().outcome().is_some() {
            break;
        }
        let before = s.game().len();
        let pos = s.game().position().clone();
        // The person plays v2's choice, typed in each notation in turn.
        let clock = || 0;
        let m = xiangqi_ai::alphabeta::choose(
            s.game(),
            &xiangqi_ai::alphabeta::Config {
                depth: 2,
                choice: xiangqi_ai::choice::Choice::Margin(0),
                seed: turn,
            },
            &xiangqi_ai::Limits::default(),
            &clock,
            &std::sync::atomic::AtomicBool::new(false),
            &mut |_| {},
        )
        .best
        .unwrap();
        let notation = Notation::ALL[turn as usize % 4];
        let text = format(&pos, m, notation);
        let mut out = Vec::new();
        s.handle_line(&text, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(s.game().moves()[before], m, "{notation} {text}: {out}");
        let expected = format!("You play {} ({m}).", format(&pos, m, Notation::Chinese));
        assert!(out.starts_with(&expected), "{out}");
        if s.game().outcome().is_none() {
            assert_eq!(s.game().len(), before + 2, "{out}");
        } else {
            assert!(out.contains("Game over: "), "{out}");
        }
    }
    // v2 usually mates the greedy level well before the end of the loop.
    assert!(s.game().len() >= 10);
}

#[test]
fn the_end_of_a_game_is_announced() {
    let opts = PlayOptions {
        start: Position::from_fen("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1").unwrap(),
        ..options(1)
    };
    let text = session_output(&opts, "b7b9\na8a9\nundo\nnew\nquit\n");
    assert!(text.contains("You play 车八进二 (b7b9)."), "{text}");
    assert!(
        text.contains("Game over: Red wins: checkmate. You win! (红方胜 — 黑方被将死)"),
        "{text}"
    );
    assert!(
        text.contains("The game is over (Red wins: checkmate)."),
        "{text}"
    );
    assert!(text.contains("Took back 车八进二."), "{text}");
    assert!(text.contains("New game: you play Red."));
    assert_eq!(text.matches("Computer plays").count(), 0);
}

#[test]
fn playing_black_the_computer_opens_and_black_is_at_the_bottom() {
    let opts = PlayOptions {
        human: Color::Black,
        ..options(2)
    };
    let text = session_output(&opts, "undo\nquit\n");
    let first_prompt = text.find("Your move (Black)> ").unwrap();
    assert!(text[..first_prompt].contains("Computer plays "), "{text}");
    assert!(text.starts_with("Xiangqi: you play Black against level 2"));
    assert!(text.contains("\n   一  二  三  四  五  六  七  八  九\n0  "));
    assert!(text.contains("Nothing to undo: you have not moved yet."));
}

#[test]
fn colours_follow_no_color_and_the_terminal() {
    use std::ffi::OsStr;
    assert!(play::want_color(None, true));
    assert!(play::want_color(Some(OsStr::new("")), true));
    assert!(!play::want_color(Some(OsStr::new("1")), true));
    assert!(!play::want_color(None, false));
    let opts = PlayOptions {
        color: true,
        ..options(1)
    };
    let text = session_output(&opts, "quit\n");
    assert!(text.contains("\x1b[1;31m俥"), "{text}");
}

fn xiangqi(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that rejects its arguments exits before reading: ignore a closed pipe.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn the_binary_plays_and_checks_its_arguments() {
    let out = xiangqi(
        &["play", "--level", "1", "--seed", "5"],
        "炮二平五\nquit\n",
        &[],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("You play 炮二平五 (h2e2)."), "{text}");
    assert!(text.contains("Computer plays "));
    // A pipe gets no colour; --color forces it, NO_COLOR does not override the flag.
    assert!(!text.contains('\x1b'));
    let out = xiangqi(&["play", "--color"], "quit\n", &[("NO_COLOR", "1")]);
    assert!(String::from_utf8(out.stdout).unwrap().contains('\x1b'));

    let out = xiangqi(
        &["play", "--side", "black", "--level", "1", "--fen"],
        "quit\n",
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("a value is required for '--fen"));
    for (args, says) in [
        (
            &["play", "--level", "0"][..],
            "\"0\" is not a level: choose 1 to 26",
        ),
        (
            &["play", "--side", "blue"],
            "invalid value 'blue' for '--side <red|black>': \"blue\": choose red or black",
        ),
        (&["play", "--fen", "xyz"], "bad FEN \"xyz\""),
        (&["play", "extra"], "unexpected argument 'extra'"),
    ] {
        let out = xiangqi(args, "", &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let out = xiangqi(&["play", "--help"], "", &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("usage: xiangqi play"));
}
