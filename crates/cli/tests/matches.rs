//! `xiangqi match` as a program: arguments, output, and external engines as processes.

use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary starts")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

#[test]
fn a_small_match_prints_every_game_and_the_summary() {
    let out = xiangqi(&[
        "match", "--a", "greedy", "--b", "greedy", "--games", "2", "--seed", "3",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("Match: A = greedy vs B = greedy, 4 games (2 pairs"),
        "{stdout}"
    );
    for n in 1..=4 {
        assert!(stdout.contains(&format!("\nGame {n}/4 (")), "{stdout}");
    }
    for line in ["W/D/L: ", "Score: ", "Elo difference: ", "Endings: "] {
        assert!(stdout.contains(&format!("\n{line}")), "{stdout}");
    }
    // The same seed plays the same games.
    let again = xiangqi(&[
        "match", "--a", "greedy", "--b", "greedy", "--games", "2", "--seed", "3",
    ]);
    let games = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.starts_with("Game "))
            .map(String::from)
            .collect()
    };
    assert_eq!(games(&stdout), games(&text(&again.stdout)));
}

#[test]
fn bad_arguments_exit_2() {
    let out = xiangqi(&["match", "--a", "greedy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("required arguments were not provided:\n  --b <SPEC>"));
    let out = xiangqi(&["match", "--a", "greedy", "--b", "pvs:speed=9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("\"speed=9\" means nothing for pvs"));
    let out = xiangqi(&["match", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("usage: xiangqi match"));
}

#[test]
fn an_engine_that_cannot_start_is_an_error() {
    let out = xiangqi(&["match", "--a", "greedy", "--b", "uci:/no/such/engine"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot start \"/no/such/engine\""));
}

/// A UCI engine in sh that completes the handshake; `on_go` is what it does on `go`.
fn sh_engine(on_go: &str) -> String {
    format!(
        "uci:sh -c 'while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; \
         go*) {on_go};; quit) exit;; esac; done'"
    )
}

#[test]
fn a_silent_engine_is_killed_and_loses_each_game() {
    let spec = format!("{}:timeout=300", sh_engine("true"));
    let out = xiangqi(&["match", "--a", "greedy", "--b", &spec, "--games", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // B is restarted for the second game and fails again.
    assert_eq!(stdout.matches("forfeits, engine ").count(), 2, "{stdout}");
    assert!(
        stdout.contains("sent no bestmove within 300 ms: killed"),
        "{stdout}"
    );
    assert!(stdout.contains("\nW/D/L: 2/0/0 (for greedy)"), "{stdout}");
}

#[test]
fn a_crashing_engine_loses() {
    let out = xiangqi(&[
        "match",
        "--a",
        &sh_engine("exit 1"),
        "--b",
        "greedy",
        "--games",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("exited or crashed before sending bestmove"),
        "{stdout}"
    );
    assert!(stdout.contains("\nW/D/L: 0/0/2 (for uci:sh"), "{stdout}");
}

#[test]
fn an_engine_playing_nonsense_loses() {
    let out = xiangqi(&[
        "match",
        "--a",
        "greedy",
        "--b",
        &sh_engine("echo bestmove z9z9"),
        "--games",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("answered \"bestmove z9z9\", which is no move"),
        "{stdout}"
    );
    assert!(stdout.contains("\nW/D/L: 2/0/0"), "{stdout}");
}

#[test]
fn the_uci_engine_plays_complete_games() {
    // This very binary, speaking UCI on a pipe, as engine A: v2 at depth 2 against v1.
    let spec = format!(
        "uci:{}:opt=Algorithm=alphabeta:opt=Depth=2:depth=2:name=self",
        env!("CARGO_BIN_EXE_xiangqi")
    );
    let out = xiangqi(&[
        "match", "--a", &spec, "--b", "greedy", "--games", "2", "--seed", "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("Game ")).collect();
    assert_eq!(games.len(), 4, "{stdout}");
    for g in games {
        assert!(!g.contains("forfeits"), "{g}");
        assert!(g.contains("self"), "{g}");
    }
    assert!(
        stdout.contains("\nResult of self vs greedy: 4 games"),
        "{stdout}"
    );
}
