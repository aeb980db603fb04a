//! The position the searches walk: a [`Position`] with the evaluation's incremental
//! material and piece-square sums kept beside it, and the network's accumulators when the
//! search evaluates with a network.
//!
//! The rules crate knows nothing of evaluation, so the sums the evaluation would otherwise
//! add up over the whole board at every node are kept here, updated by [`Node::make_move`]
//! and restored by [`Node::unmake_move`] (as an accumulator is kept beside the board in
//! engines with a neural evaluation). With a network ([`Node::with_network`]) its
//! accumulators are kept the same way, on a [`Stack`] a ply deep per move. Everything else
//! reads through to the position.

use crate::eval::psq::piece_square;
use crate::nnue::{Network, Stack};
use crate::search::correction_keys::Keys;
use core::ops::Deref;
use std::sync::Arc;
use xiangqi::{code, Color, Move, Position, Undo};

/// A position and its material-and-table sums `(mg, eg)`, Red minus Black.
#[derive(Clone)]
pub struct Node {
    pos: Position,
    psq: [i32; 2],
    nnue: Option<Stack>,
    /// What the correction history is indexed by.
    keys: Keys,
}

/// What [`Node::unmake_move`] needs: the position's undo and the sums before the move.
#[derive(Clone, Copy, Debug)]
pub struct NodeUndo {
    undo: Undo,
    psq: [i32; 2],
    keys: Keys,
}

impl Node {
    /// The node for `pos`, with its sums added up once.
    pub fn new(pos: Position) -> Node {
        let mut psq = [0; 2];
        for (i, &c) in pos.codes().iter().enumerate() {
            if c != code::EMPTY {
                let (mg, eg) = piece_square(c, i);
                let sign = if code::color(c) == Color::Red.index() {
                    1
                } else {
                    -1
                };
                psq[0] += sign * mg;
                psq[1] += sign * eg;
            }
        }
        Node {
            keys: Keys::of(&pos),
            pos,
            psq,
            nnue: None,
        }
    }

    /// The node for `pos`, evaluated by `net` where there is one.
    pub fn with_network(pos: Position, net: Option<Arc<Network>>) -> Node {
        let nnue = net.map(|net| Stack::new(net, &pos));
        Node {
            nnue,
            ..Node::new(pos)
        }
    }

    /// True when the node is evaluated by a network.
    #[inline(always)]
    pub fn has_network(&self) -> bool {
        self.nnue.is_some()
    }

    /// The network's evaluation for the side to move, if the node has a network.
    #[inline(always)]
    pub fn network_eval(&self) -> Option<i32> {
        self.nnue.as_ref().map(|stack| stack.evaluate(&self.pos))
    }

    /// The position.
    #[inline(always)]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// What the correction history is indexed by, kept as moves are made.
    #[inline(always)]
    pub(crate) fn correction_keys(&self) -> Keys {
        self.keys
    }

    /// Material plus piece-square value (middlegame, endgame), Red minus Black.
    #[inline(always)]
    pub fn psq(&self) -> [i32; 2] {
        self.psq
    }

    /// Plays `m` (legal, or pseudo-legal for the search) and updates the sums.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> NodeUndo {
        let from = m.from().index();
        let to = m.to().index();
        let piece = self.pos.code_at(from);
        let captured = self.pos.code_at(to);
        let saved = self.psq;
        let sign = if self.pos.turn() == Color::Red { 1 } else { -1 };
        let (from_mg, from_eg) = piece_square(piece, from);
        let (to_mg, to_eg) = piece_square(piece, to);
        self.psq[0] += sign * (to_mg - from_mg);
        self.psq[1] += sign * (to_eg - from_eg);
        if captured != code::EMPTY {
            let (mg, eg) = piece_square(captured, to);
            self.psq[0] += sign * mg;
            self.psq[1] += sign * eg;
        }
        if let Some(stack) = &mut self.nnue {
            stack.push(piece, from, to, captured);
        }
        let undo = self.pos.make_move(m);
        let keys = self.keys;
        self.keys = keys.after(&self.pos, piece, captured);
        NodeUndo {
            undo,
            psq: saved,
            keys,
        }
    }

    /// Takes back `m`, the last move made.
    #[inline]
    pub fn unmake_move(&mut self, m: Move, undo: NodeUndo) {
        self.pos.unmake_move(m, undo.undo);
        self.psq = undo.psq;
        self.keys = undo.keys;
        if let Some(stack) = &mut self.nnue {
            stack.pop();
        }
    }

    /// Passes the turn (null-move pruning); never in check.
    #[inline]
    pub fn make_null(&mut self) -> Undo {
        self.pos.make_null()
    }

    /// Takes back [`Node::make_null`].
    #[inline]
    pub fn unmake_null(&mut self, undo: Undo) {
        self.pos.unmake_null(undo)
    }
}

impl Deref for Node {
    type Target = Position;

    #[inline(always)]
    fn deref(&self) -> &Position {
        &self.pos
    }
}

impl From<Position> for Node {
    fn from(pos: Position) -> Node {
        Node::new(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    #[test]
    fn incremental_sums_match_a_fresh_count() {
        let mut node = Node::new(Position::start());
        let line = ["h2e2", "h9g7", "e2e6", "b9c7", "h0g2"];
        let mut undos = Vec::new();
        for text in line {
            let m = parse_uci(text).unwrap();
            undos.push((m, node.make_move(m)));
            assert_eq!(
                node.psq(),
                Node::new(node.position().clone()).psq(),
                "after {text}"
            );
        }
        while let Some((m, u)) = undos.pop() {
            node.unmake_move(m, u);
        }
        assert_eq!(node.psq(), Node::new(Position::start()).psq());
    }
}
