//! Every level through UCI `Level` on a game clock: the clock plans the time, but never lets a
//! level think longer or deeper than its own budget, so a beginner's level answers at once.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use xiangqi_ai::{Level, Player, MAX_LEVEL};
use xiangqi_budget::best_of_three;

/// A 3+2 game after 1. C2.5 (Black to move), as a person meets it.
const GO_3_PLUS_2: &str = "position startpos moves h2e2\n\
                           go wtime 180000 btime 180000 winc 2000 binc 2000\n";

/// Plays one move at `level` on the 3+2 clock through the `xiangqi` binary, as a GUI would;
/// returns its output and the time from `go` to its `bestmove`. The engine is started and
/// ready (`isready`, `readyok`) before the clock starts, as in a game, where it is started
/// once: what is timed is the move, not the start of a process.
fn on_the_clock(level: u8) -> (String, Duration) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    let mut read_until = |prefix: &str, out: &mut String| loop {
        let mut line = String::new();
        let n = stdout.read_line(&mut line).expect("the engine answers");
        assert!(n > 0, "the engine ended before `{prefix}`: {out}");
        out.push_str(&line);
        if line.starts_with(prefix) {
            break;
        }
    };
    writeln!(stdin, "setoption name Level value {level}\nisready").unwrap();
    stdin.flush().unwrap();
    read_until("readyok", &mut out);
    let start = Instant::now();
    stdin.write_all(GO_3_PLUS_2.as_bytes()).unwrap();
    stdin.flush().unwrap();
    read_until("bestmove", &mut out);
    let took = start.elapsed();
    drop(stdin);
    child.wait().unwrap();
    (out, took)
}

/// The value after `key` in the last `info` line that has it.
fn last_info(out: &str, key: &str) -> Option<u64> {
    out.lines()
        .rev()
        .filter(|l| l.starts_with("info "))
        .find_map(|l| {
            let mut words = l.split_whitespace();
            words.find(|w| *w == key)?;
            words.next()?.parse().ok()
        })
}

#[test]
fn the_levels_of_a_fixed_budget_answer_within_a_second_on_a_3_plus_2_clock() {
    for n in (1..=MAX_LEVEL).filter(|&n| Level::new(n).task(0).limits.movetime_ms.is_none()) {
        let own = Level::new(n).task(0);
        let what = format!("level {n} on a 3+2 clock");
        best_of_three(&what, Duration::from_secs(1), || {
            let (out, took) = on_the_clock(n);
            assert!(out.contains("bestmove "), "level {n}: {out}");
            assert!(!out.contains("bestmove (none)"), "level {n}: {out}");
            if let Player::AlphaBeta { depth, .. } | Player::Skill { depth, .. } = own.player {
                let reached = last_info(&out, "depth").unwrap_or(0);
                assert!(
                    reached <= u64::from(depth),
                    "level {n} reached depth {reached}"
                );
            }
            if let Some(budget) = own.limits.nodes {
                let nodes = last_info(&out, "nodes").expect("the strong search reports nodes");
                // The search polls its budget every few thousand nodes.
                assert!(nodes <= budget + 4_096, "level {n} searched {nodes} nodes");
            }
            took
        });
    }
}

#[test]
fn the_timed_levels_answer_within_their_own_time_on_a_3_plus_2_clock() {
    for n in 1..=MAX_LEVEL {
        let Some(own) = Level::new(n).task(0).limits.movetime_ms else {
            continue;
        };
        let what = format!("level {n} ({own} ms) on a 3+2 clock");
        best_of_three(&what, Duration::from_millis(own + 500), || {
            let (out, took) = on_the_clock(n);
            assert!(out.contains("bestmove "), "level {n}: {out}");
            took
        });
    }
}
