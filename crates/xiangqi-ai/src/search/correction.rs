//! Correction history: how far the static evaluation has been from what the search found,
//! remembered by the soldiers' structure and by the material on the board, and added to the
//! evaluation the pruning rules read.
//!
//! An evaluation that misjudges a kind of position (a soldier chain, an exchange of a
//! chariot for a horse and cannon) misjudges it the same way wherever it occurs; a search
//! that ends below or above the static evaluation says by how much. Each table, indexed by
//! the side to move and a key of one feature of the position, learns that difference, and
//! the evaluation is moved by the mean of the two tables' entries.
//!
//! The design is Stockfish's (and Pikafish's, which took it over for Xiangqi): entries move
//! with the same gravity as the move histories, by a bonus that grows with the depth of the
//! search that measured the difference, and only searches whose result says something
//! about the evaluation (not in check, no capture as best move, a bound on the right side)
//! teach them.

use super::params::{CORRECTION_LIMIT, CORRECTION_SCALE};
use crate::node::Node;
use crate::score::MATE_BOUND;

/// Entries per side to move in each table (a power of two).
const SIZE: usize = 16_384;

pub(crate) struct Corrections {
    /// By the side to move and a hash of both sides' soldiers' points.
    soldiers: Box<[i16]>,
    /// By the side to move and a hash of both sides' piece counts.
    material: Box<[i16]>,
}

impl Corrections {
    pub fn new() -> Corrections {
        Corrections {
            soldiers: vec![0; 2 * SIZE].into_boxed_slice(),
            material: vec![0; 2 * SIZE].into_boxed_slice(),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.soldiers.fill(0);
        self.material.fill(0);
    }

    /// The static evaluation `raw` of `pos` (for the side to move), corrected; never a mate
    /// score.
    #[inline]
    pub fn correct(&self, pos: &Node, raw: i32) -> i32 {
        let (s, m) = indices(pos);
        let c = (self.soldiers[s] as i32 + self.material[m] as i32) / (2 * CORRECTION_SCALE);
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A search of `depth` plies of `pos` found `diff` centipawns more than the corrected
    /// static evaluation (less when negative).
    #[inline]
    pub fn update(&mut self, pos: &Node, diff: i32, depth: i32) {
        let (s, m) = indices(pos);
        let bonus = (diff * depth / 8).clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4);
        gravity(&mut self.soldiers[s], bonus);
        gravity(&mut self.material[m], bonus);
    }
}

/// Moves `h` by `bonus`, the less the nearer it already is to the limit in that direction.
#[inline(always)]
fn gravity(h: &mut i16, bonus: i32) {
    let v = *h as i32;
    let v = v + bonus - v * bonus.abs() / CORRECTION_LIMIT;
    *h = v.clamp(-CORRECTION_LIMIT, CORRECTION_LIMIT) as i16;
}

/// The indices of `pos` in the soldiers' and the material table.
#[inline(always)]
fn indices(pos: &Node) -> (usize, usize) {
    let side = pos.turn().index() * SIZE;
    let keys = pos.correction_keys();
    (
        side + (keys.soldiers() as usize & (SIZE - 1)),
        side + (keys.material() as usize & (SIZE - 1)),
    )
}

#[cfg(test)]
mod tests {
    use super::super::correction_keys::Keys;
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;

    #[test]
    fn a_lower_search_result_lowers_the_evaluation_and_stays_bounded() {
        let pos = Node::new(Position::start());
        let mut c = Corrections::new();
        assert_eq!(c.correct(&pos, 10), 10);
        for _ in 0..1000 {
            c.update(&pos, -200, 10);
        }
        let corrected = c.correct(&pos, 10);
        assert!(corrected < 10);
        assert!(corrected >= 10 - CORRECTION_LIMIT / CORRECTION_SCALE);
        c.clear();
        assert_eq!(c.correct(&pos, 10), 10);
    }

    #[test]
    fn the_keys_kept_as_moves_are_made_are_those_worked_out_afresh() {
        // Soldiers' moves and captures, captures by and of soldiers, a quiet move of another
        // piece, and every move taken back.
        let line = [
            "c3c4", "g6g5", "h2h9", "g5g4", "h9g9", "g4g3", "c4c5", "c6c5", "b0c2",
        ];
        let mut node = Node::new(Position::start());
        let mut made = Vec::new();
        for text in line {
            let m = parse_uci(text).unwrap();
            made.push((m, node.make_move(m)));
            assert_eq!(
                node.correction_keys(),
                Keys::of(node.position()),
                "after {text}"
            );
        }
        while let Some((m, undo)) = made.pop() {
            node.unmake_move(m, undo);
            assert_eq!(node.correction_keys(), Keys::of(node.position()));
        }
    }

    #[test]
    fn a_position_with_other_soldiers_and_material_keeps_its_own_entries() {
        let pos = Node::new(Position::start());
        let other = pos.after(parse_uci("c3c4").unwrap());
        let other = Node::new(other.after(parse_uci("h7h0").unwrap()));
        assert_eq!(pos.turn(), other.turn());
        let mut c = Corrections::new();
        for _ in 0..100 {
            c.update(&pos, 100, 10);
        }
        assert!(c.correct(&pos, 0) > 0);
        assert_eq!(c.correct(&other, 0), 0);
    }
}
