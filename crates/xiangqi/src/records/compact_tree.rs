//! The compact text of [`super::compact`] for a game with variations: the main line's moves,
//! and after any move, between `.` and `~`, a variation that replaces it (its first move
//! played in the same position), itself a line that may hold variations. It is PGN's
//! `( … )` written with the two characters an address leaves as they are and the move
//! alphabet lacks, so a line with no variation is the same text as [`super::compact::encode`]
//! writes, and old links read as they did.
//!
//! ```
//! use xiangqi::notation::parse_uci;
//! use xiangqi::records::{compact_tree, GameTree};
//! use xiangqi::Position;
//! let mv = |t| parse_uci(t).unwrap();
//! let mut tree = GameTree::new(Position::start());
//! let first = tree.add_move(&[], mv("h2e2")).unwrap();
//! tree.add_move(&first, mv("h9g7")).unwrap();
//! tree.add_move(&first, mv("b9c7")).unwrap();
//! let text = compact_tree::encode(&tree).unwrap();
//! assert_eq!(text, "ep.h~");
//! assert_eq!(compact_tree::decode(Position::start(), &text).unwrap(), tree);
//! ```

use super::compact::{read_move, write_move, CompactError};
use super::tree::{push_reply, GameTree, Node};
use crate::position::Position;

/// Opens a variation on the move before it.
pub const OPEN: char = '.';
/// Closes a variation.
pub const CLOSE: char = '~';

/// The compact text of `tree`'s moves (its tags and comments are not written); an error names
/// the ply of a move that cannot be written (never for a tree built by its own checks).
pub fn encode(tree: &GameTree) -> Result<String, CompactError> {
    let mut out = String::with_capacity(tree.len() + 8);
    write_line(&tree.children, &tree.start, 0, &mut out)?;
    Ok(out)
}

/// Writes the line that starts with `children`'s first in `pos` (at ply `ply`), each move
/// followed by the variations on it.
fn write_line(
    children: &[Node],
    pos: &Position,
    ply: usize,
    out: &mut String,
) -> Result<(), CompactError> {
    let mut pos = pos.clone();
    let mut children = children;
    let mut ply = ply;
    while let Some(first) = children.first() {
        write_move(&pos, first.mv, ply, out)?;
        for alt in &children[1..] {
            out.push(OPEN);
            write_move(&pos, alt.mv, ply, out)?;
            write_line(&alt.children, &pos.after(alt.mv), ply + 1, out)?;
            out.push(CLOSE);
        }
        pos.make_move(first.mv);
        children = &first.children;
        ply += 1;
    }
    Ok(())
}

/// Where moves go while reading: the node they follow and its position, and where the line's
/// last move was played (a variation on it goes there).
#[derive(Clone)]
struct Frame {
    parent: Vec<usize>,
    pos: Position,
    last: Option<(Vec<usize>, Position)>,
}

/// The tree of the compact `text` from `start`. Every move is legal where it stands; a
/// character, move or bracket that cannot be read is the error (a `.` with no move before it
/// in its line, a `~` with no `.` open, or a `.` left open).
pub fn decode(start: Position, text: &str) -> Result<GameTree, CompactError> {
    match decode_partial(start, text) {
        (tree, None) => Ok(tree),
        (_, Some(e)) => Err(e),
    }
}

/// The tree of the compact `text` up to the first character, move or bracket that cannot be
/// read, and why that one cannot (`None` if all was read).
pub fn decode_partial(start: Position, text: &str) -> (GameTree, Option<CompactError>) {
    let mut tree = GameTree::new(start.clone());
    match read_into(&mut tree, start, text) {
        Ok(()) => (tree, None),
        Err(e) => (tree, Some(e)),
    }
}

/// Reads the compact `text` from `start` into `tree`, stopping at the first fault.
fn read_into(tree: &mut GameTree, start: Position, text: &str) -> Result<(), CompactError> {
    let bytes = text.as_bytes();
    let mut frame = Frame {
        parent: Vec::new(),
        pos: start,
        last: None,
    };
    let mut open: Vec<Frame> = Vec::new();
    let mut offset = 0;
    while offset < bytes.len() {
        let c = bytes[offset];
        if c == OPEN as u8 {
            let (parent, pos) = frame
                .last
                .clone()
                .ok_or(CompactError::Character { offset })?;
            open.push(frame);
            frame = Frame {
                parent,
                pos,
                last: None,
            };
            offset += 1;
            continue;
        }
        if c == CLOSE as u8 {
            // A variation must hold a move.
            if frame.last.is_none() {
                return Err(CompactError::Character { offset });
            }
            frame = open.pop().ok_or(CompactError::Character { offset })?;
            offset += 1;
            continue;
        }
        let (m, next) = read_move(bytes, offset, &frame.pos, frame.parent.len())?;
        offset = next;
        let children = tree
            .children_mut(&frame.parent)
            .expect("the reader only walks paths it made");
        let i = push_reply(children, m);
        let before = (frame.parent.clone(), frame.pos.clone());
        frame.parent.push(i);
        frame.pos.make_move(m);
        frame.last = Some(before);
    }
    if !open.is_empty() {
        return Err(CompactError::Truncated {
            ply: frame.parent.len(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_uci;
    use crate::records::compact;
    use proptest::prelude::*;

    fn mv(t: &str) -> crate::Move {
        parse_uci(t).unwrap()
    }

    /// 1. h2e2 h9g7 (1... b9c7 2. h0g2 (2. b0c2)) 2. h0g2
    fn sample() -> GameTree {
        let mut t = GameTree::new(Position::start());
        let a = t.add_move(&[], mv("h2e2")).unwrap();
        let b = t.add_move(&a, mv("h9g7")).unwrap();
        t.add_move(&b, mv("h0g2")).unwrap();
        let v = t.add_move(&a, mv("b9c7")).unwrap();
        t.add_move(&v, mv("h0g2")).unwrap();
        t.add_move(&v, mv("b0c2")).unwrap();
        t
    }

    #[test]
    fn variations_nest_and_read_back() {
        let t = sample();
        let text = encode(&t).unwrap();
        assert_eq!(text.matches(OPEN).count(), 2, "{text}");
        assert_eq!(text.matches(CLOSE).count(), 2, "{text}");
        assert_eq!(decode(Position::start(), &text).unwrap(), t);
    }

    #[test]
    fn a_line_without_variations_is_the_plain_compact_text() {
        let moves = ["h2e2", "h9g7", "h0g2"].map(mv);
        let plain = compact::encode(&Position::start(), &moves).unwrap();
        let tree = decode(Position::start(), &plain).unwrap();
        assert_eq!(tree.main_line().moves(), moves);
        assert_eq!(tree.len(), 3);
        assert_eq!(encode(&tree).unwrap(), plain);
    }

    #[test]
    fn brackets_that_do_not_match_are_refused() {
        let start = Position::start;
        // No move before the '.', a '~' with none open, an empty variation, one left open.
        assert_eq!(
            decode(start(), ".e"),
            Err(CompactError::Character { offset: 0 })
        );
        assert_eq!(
            decode(start(), "e~"),
            Err(CompactError::Character { offset: 1 })
        );
        assert_eq!(
            decode(start(), "e.~"),
            Err(CompactError::Character { offset: 2 })
        );
        assert!(matches!(
            decode(start(), "ep.e"),
            Err(CompactError::Truncated { .. })
        ));
        assert_eq!(
            decode(start(), "ep.v~"),
            Err(CompactError::NoSuchMove { ply: 1 })
        );
        // What was read before a fault is kept.
        let (partial, error) = decode_partial(start(), "ep.e");
        assert_eq!((partial.main_line().len(), partial.len()), (2, 3));
        assert!(matches!(error, Some(CompactError::Truncated { .. })));
        // Deep nesting is read without recursion.
        let deep = format!("e{}", ".e".repeat(5000)) + &"~".repeat(5000);
        assert_eq!(
            decode(start(), &deep).unwrap().len(),
            1,
            "the same move once"
        );
    }

    proptest! {
        #[test]
        fn any_tree_round_trips(steps in proptest::collection::vec((any::<u16>(), any::<u8>()), 0..120)) {
            // Each step adds a move at a node picked among those already there.
            let mut t = GameTree::new(Position::start());
            for (choice, at) in steps {
                let mut paths: Vec<Vec<usize>> = vec![Vec::new()];
                paths.extend(t.nodes().into_iter().map(|n| n.path));
                let path = paths[at as usize % paths.len()].clone();
                let pos = t.position_at(&path).unwrap();
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    continue;
                }
                t.add_move(&path, legal[choice as usize % legal.len()]).unwrap();
            }
            let text = encode(&t).unwrap();
            prop_assert_eq!(decode(Position::start(), &text).unwrap(), t);
        }
    }
}
