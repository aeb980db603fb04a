//! The words after `go` that a match sends an external engine, in UCI and in UCCI.

use xiangqi::Move;
use xiangqi_ai::Limits;

/// The arguments of `go` for `limits` (the inverse of the parser for what a match sends):
/// `movetime 100`, `depth 8 nodes 20000`, `wtime 60000 btime 60000 winc 0 binc 0`.
pub fn format_go(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(ms) = limits.movetime_ms {
        parts.push(format!("movetime {ms}"));
    }
    if let Some(c) = limits.clock {
        parts.push(format!(
            "wtime {} btime {} winc {} binc {}",
            c.time_ms[0], c.time_ms[1], c.inc_ms[0], c.inc_ms[1]
        ));
        if let Some(n) = c.moves_to_go {
            parts.push(format!("movestogo {n}"));
        }
    }
    if limits.infinite {
        parts.push("infinite".to_string());
    }
    if !limits.searchmoves.is_empty() {
        let moves: Vec<String> = limits.searchmoves.iter().map(Move::to_string).collect();
        parts.push(format!("searchmoves {}", moves.join(" ")));
    }
    parts.join(" ")
}

/// The words after `go` for a UCCI engine to move for the side `us` (0 red, 1 black): depth
/// and nodes as in UCI, a move time as `time MS` (UCCI has no move time; ElephantEye spends
/// a `time` with no moves to go on this one move), a clock as `time ... increment ...
/// opptime ... oppincrement ...` with `movestogo` if given.
pub fn format_ucci_go(limits: &Limits, us: usize) -> String {
    // Everything but time is said as in UCI.
    let untimed = Limits {
        movetime_ms: None,
        clock: None,
        ..limits.clone()
    };
    let mut parts = vec![format_go(&untimed)];
    if let Some(c) = limits.clock {
        let them = us ^ 1;
        parts.push(format!(
            "time {} increment {} opptime {} oppincrement {}",
            c.time_ms[us], c.inc_ms[us], c.time_ms[them], c.inc_ms[them]
        ));
        if let Some(n) = c.moves_to_go {
            parts.push(format!("movestogo {n}"));
        }
    } else if let Some(ms) = limits.movetime_ms {
        parts.push(format!("time {ms}"));
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucci_go_words() {
        use xiangqi_ai::GameClock;
        assert_eq!(format_ucci_go(&Limits::movetime(100), 0), "time 100");
        assert_eq!(format_ucci_go(&Limits::depth(7), 1), "depth 7");
        let clock = Limits {
            clock: Some(GameClock {
                time_ms: [60_000, 50_000],
                inc_ms: [1_000, 2_000],
                moves_to_go: Some(20),
            }),
            ..Limits::default()
        };
        assert_eq!(
            format_ucci_go(&clock, 1),
            "time 50000 increment 2000 opptime 60000 oppincrement 1000 movestogo 20"
        );
    }
}
