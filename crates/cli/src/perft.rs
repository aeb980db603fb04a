//! The `perft` command and the output that `go perft` shares with it.
//!
//! The format follows Stockfish's, so the usual perft comparison scripts read it unchanged:
//! one line per root move, sorted by the move text, a blank line, then the total.
//!
//! ```text
//! a0a1: 1290
//! a0a2: 1290
//! ...
//! i3i4: 1290
//!
//! Nodes searched: 79666
//! ```

use std::io::Write;
use std::time::Instant;
use xiangqi::Position;

pub use xiangqi_uci::perft::{
    parse_depth, sorted_moves, write_divide, write_divide_until, DepthError, MAX_DEPTH,
};

/// Runs `xiangqi perft`: the counts of `position` to `depth` on `out`, the time on `err`.
/// Returns the process exit code: 0, or 1 when `out` cannot be written.
pub fn run<W: Write, E: Write>(mut position: Position, depth: u32, out: &mut W, err: &mut E) -> u8 {
    let start = Instant::now();
    let nodes = match write_divide(out, &mut position, depth) {
        Ok(n) => n,
        // The reader went away (a closed pipe): nothing more to say.
        Err(_) => return 1,
    };
    let secs = start.elapsed().as_secs_f64();
    let mnps = if secs > 0.0 {
        nodes as f64 / secs / 1e6
    } else {
        0.0
    };
    let _ = writeln!(err, "Time: {secs:.3} s, speed: {mnps:.2} Mnps");
    0
}
