//! Perft: counting the leaf nodes of the legal move tree, to check move generation against
//! published numbers and to measure its speed.
//!
//! ```
//! use xiangqi::{perft, Position};
//! assert_eq!(perft(&mut Position::start(), 2), 1920);
//! ```

use crate::m::{Move, MoveList};
use crate::position::Position;

/// The number of leaf nodes `depth` plies below `pos` (the last ply is counted, not played).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    nodes
}

/// Perft split by root move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let undo = pos.make_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake_move(m, undo);
            (m, n)
        })
        .collect()
}
