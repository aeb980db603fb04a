//! The depth `go perft N` (and the `xiangqi perft` command) accept, and the count both
//! write.
//!
//! The format follows Stockfish's, so the usual perft comparison scripts read it unchanged:
//! one line per root move, sorted by the move text, a blank line, then the total.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use xiangqi::{Move, MoveList, Position};

/// The deepest perft accepted. Depth 7 from the start position already takes minutes; the
/// cap only keeps a typo such as `go perft 99` from hanging the program for ever.
pub const MAX_DEPTH: u32 = 10;

/// A perft depth that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthError(pub String);

impl fmt::Display for DepthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "perft depth \"{}\" is not a whole number from 1 to {MAX_DEPTH}",
            self.0
        )
    }
}

impl std::error::Error for DepthError {}

/// Reads a perft depth, from 1 to [`MAX_DEPTH`].
pub fn parse_depth(s: &str) -> Result<u32, DepthError> {
    match s.parse::<u32>() {
        Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
        _ => Err(DepthError(s.to_string())),
    }
}

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
