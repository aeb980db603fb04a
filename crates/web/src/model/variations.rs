//! The variations as the move list shows them: each a row under the main line's row of the
//! move it replaces, its moves written in the chosen notation with their numbers, a variation
//! on a variation in a row of its own after its parent's, one step deeper. Derived with the
//! view, once per change of the tree or the notation.

use xiangqi::notation::{self, Notation};
use xiangqi::records::{GameTree, Node};
use xiangqi::Color;

/// One move of a variation.
#[derive(Clone, Debug, PartialEq)]
pub struct VariationMove {
    /// Its path in the tree.
    pub path: Vec<usize>,
    /// Its move number, where the row shows one: "3." before Red's move, "3…" before Black's
    /// when it opens the row.
    pub number: Option<String>,
    /// The move in the chosen notation.
    pub text: String,
    /// The comment after it (empty for none).
    pub comment: String,
}

/// One variation: a line that replaces a move and what follows.
#[derive(Clone, Debug, PartialEq)]
pub struct VariationRow {
    /// The ply (from 1) of the main-line move whose row it follows: the one it replaces, or
    /// for a variation on a variation, that of its outermost variation.
    pub anchor: usize,
    /// How many variations deep it stands: 1 for one on the main line.
    pub depth: usize,
    /// Its moves.
    pub moves: Vec<VariationMove>,
}

/// The number a move shows at ply `ply` (from 1) of a game that starts with `first` to move at
/// move `fullmoves`: "N." for Red, "N…" for Black.
fn number(ply: usize, first: Color, fullmoves: u32) -> (String, Color) {
    let offset = usize::from(first == Color::Black);
    let n = (ply - 1 + offset) / 2 + fullmoves as usize;
    let mover = if (ply - 1 + offset) % 2 == 0 {
        Color::Red
    } else {
        Color::Black
    };
    let mark = if mover == Color::Red { "." } else { "…" };
    (format!("{n}{mark}"), mover)
}

/// The variations of `tree` in `notation`, in the order the list shows them: by the main-line
/// move they follow, each followed by the variations on it.
pub fn rows(tree: &GameTree, notation: Notation) -> Vec<VariationRow> {
    let first = tree.start.turn();
    let fullmoves = tree.start.fullmoves();
    let mut out = Vec::new();
    // Walk the main line; at each ply the alternatives to its move open variations.
    let mut pos = tree.start.clone();
    let mut children: &[Node] = &tree.children;
    let mut path: Vec<usize> = Vec::new();
    while let Some(main) = children.first() {
        let ply = path.len() + 1;
        for (i, alt) in children.iter().enumerate().skip(1) {
            let mut p = path.clone();
            p.push(i);
            // Each variation and those inside it, depth first, without recursion.
            let mut todo = vec![(alt, p, pos.clone(), 1usize)];
            while let Some((start, p, before, depth)) = todo.pop() {
                let row_at = out.len();
                out.push(VariationRow {
                    anchor: ply,
                    depth,
                    moves: Vec::new(),
                });
                let mut nested = Vec::new();
                let (mut node, mut p, mut before) = (start, p, before);
                loop {
                    let (num, mover) = number(p.len(), first, fullmoves);
                    let opens = out[row_at].moves.is_empty();
                    out[row_at].moves.push(VariationMove {
                        path: p.clone(),
                        number: (opens || mover == Color::Red).then_some(num),
                        text: notation::format(&before, node.mv, notation),
                        comment: node.comment.clone(),
                    });
                    let after = before.after(node.mv);
                    for (k, alt) in node.children.iter().enumerate().skip(1) {
                        let mut q = p.clone();
                        q.push(k);
                        nested.push((alt, q, after.clone(), depth + 1));
                    }
                    let Some(next) = node.children.first() else {
                        break;
                    };
                    p.push(0);
                    node = next;
                    before = after;
                }
                // Popped in order: the first nested variation comes out first.
                todo.extend(nested.into_iter().rev());
            }
        }
        pos.make_move(main.mv);
        path.push(0);
        children = &main.children;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;

    #[test]
    fn variations_follow_the_move_they_replace_each_with_its_own() {
        let mv = |t| parse_uci(t).unwrap();
        let mut t = GameTree::new(Position::start());
        let a = t.add_move(&[], mv("h2e2")).unwrap();
        let b = t.add_move(&a, mv("h9g7")).unwrap();
        t.add_move(&b, mv("h0g2")).unwrap();
        // 1... b9c7 2. h0g2 (2. b0c2), then 1. b0c2 on the first move.
        let v = t.add_move(&a, mv("b9c7")).unwrap();
        let w = t.add_move(&v, mv("h0g2")).unwrap();
        t.add_move(&v, mv("b0c2")).unwrap();
        t.node_mut(&w).unwrap().comment = "the horse".into();
        t.add_move(&[], mv("b0c2")).unwrap();
        let rows = rows(&t, Notation::Wxf);
        let shape: Vec<(usize, usize, Vec<&str>)> = rows
            .iter()
            .map(|r| {
                let texts = r.moves.iter().map(|m| m.text.as_str()).collect();
                (r.anchor, r.depth, texts)
            })
            .collect();
        assert_eq!(
            shape,
            [
                (1, 1, vec!["H8+7"]),
                (2, 1, vec!["H2+3", "H2+3"]),
                (2, 2, vec!["H8+7"]),
            ]
        );
        let numbers: Vec<Option<&str>> =
            rows[1].moves.iter().map(|m| m.number.as_deref()).collect();
        assert_eq!(numbers, [Some("1…"), Some("2.")]);
        assert_eq!(rows[1].moves[1].comment, "the horse");
        assert_eq!(rows[2].moves[0].path, [0, 1, 1]);
    }
}
