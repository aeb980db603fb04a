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

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use xiangqi::{Move, MoveList, Position};

pub use xiangqi_uci::perft::{parse_depth, DepthError, MAX_DEPTH};

/// The legal moves of `pos` in the order the output lists them (by their text).
pub fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<(String, Move)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m.to_string(), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves.into_iter().map(|(_, m)| m).collect()
}

/// Counts the leaves `depth` plies below `pos` (depth 1 or more), writing one line per root
/// move as soon as it is known, then the blank line and `Nodes searched: N`. Returns N.
/// `pos` is left as it was.
pub fn write_divide<W: Write>(out: &mut W, pos: &mut Position, depth: u32) -> io::Result<u64> {
    // Nothing sets this flag, so the count always runs to its end.
    let never = AtomicBool::new(false);
    write_divide_until(out, pos, depth, &never).map(Option::unwrap_or_default)
}

/// [`write_divide`], giving up soon after `stop` is set (`go perft` runs while the protocol
/// loop reads `stop` and `quit`). A stopped count lists the root moves counted in full and
/// then, instead of a total that would look like a wrong one, `info string perft stopped:
/// K of M root moves counted, N nodes`; it returns `None`.
pub fn write_divide_until<W: Write>(
    out: &mut W,
    pos: &mut Position,
    depth: u32,
    stop: &AtomicBool,
) -> io::Result<Option<u64>> {
    let moves = sorted_moves(pos);
    let mut total = 0;
    for (i, &m) in moves.iter().enumerate() {
        let undo = pos.make_move(m);
        let n = count_until(pos, depth.saturating_sub(1), stop);
        pos.unmake_move(m, undo);
        let Some(n) = n else {
            writeln!(
                out,
                "info string perft stopped: {i} of {} root moves counted, {total} nodes",
                moves.len()
            )?;
            out.flush()?;
            return Ok(None);
        };
        total += n;
        writeln!(out, "{m}: {n}")?;
        out.flush()?;
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    out.flush()?;
    Ok(Some(total))
}

/// [`xiangqi::perft`] that gives up (`None`) once `stop` is set. The flag is read at every
/// node two plies above the leaves: a few thousand leaves apart, a few microseconds.
fn count_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return (!stop.load(Ordering::Relaxed)).then(|| xiangqi::perft(pos, depth));
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = pos.make_move(m);
        let n = count_until(pos, depth - 1, stop);
        pos.unmake_move(m, undo);
        nodes += n?;
    }
    Some(nodes)
}

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
