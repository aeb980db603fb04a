//! Comments in a link's `notes` parameter (and a saved game's `comment` lines): one per line,
//! `PLY:TEXT` for the start (ply 0) and the moves of the main line, `#N:TEXT` for a move of a
//! variation, `N` its place (from 1) among all the moves in the order
//! [`GameTree::nodes`] lists them.

use xiangqi::records::{Comment, GameTree};

pub use crate::model::read_errors::NotesError;

/// The comments of a `notes` value for a game of `len` plies: one per line, `PLY:TEXT`.
pub fn read_notes(text: &str, len: usize) -> Result<Vec<Comment>, NotesError> {
    let mut comments = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (ply, text) = line.split_once(':').ok_or(NotesError::NotPlyText)?;
        let ply: usize = ply.trim().parse().map_err(|_| NotesError::NotPlyText)?;
        if ply > len {
            return Err(NotesError::PastTheEnd);
        }
        // Kept in order of their ply, each after those of the same ply (no sort linked in).
        let at = comments
            .iter()
            .take_while(|c: &&Comment| c.ply <= ply)
            .count();
        comments.insert(
            at,
            Comment {
                ply,
                text: text.trim().to_string(),
            },
        );
    }
    Ok(comments)
}

/// The `notes` value for `comments`: one per line, `PLY:TEXT`, line breaks in a text written
/// as spaces.
pub fn write_notes(comments: &[Comment]) -> String {
    comments
        .iter()
        .map(|c| format!("{}:{}", c.ply, one_line(&c.text)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Every move of `tree` with its path, in the order [`GameTree::nodes`] lists them (a move,
/// then everything after its main continuation, then each variation on it), without the
/// positions that list carries.
fn preorder(tree: &GameTree) -> Vec<(Vec<usize>, &str)> {
    let mut out = Vec::new();
    let mut stack: Vec<(&xiangqi::records::Node, Vec<usize>)> = Vec::new();
    for (i, n) in tree.children.iter().enumerate().rev() {
        stack.push((n, vec![i]));
    }
    while let Some((node, path)) = stack.pop() {
        for (i, c) in node.children.iter().enumerate().rev() {
            let mut p = path.clone();
            p.push(i);
            stack.push((c, p));
        }
        out.push((path, node.comment.as_str()));
    }
    out
}

/// The `notes` value for every comment of `tree`: the main line's by their ply, the others by
/// their place among the tree's moves.
pub fn write_tree_notes(tree: &GameTree) -> String {
    let mut lines = Vec::new();
    if !tree.comment.is_empty() {
        lines.push(format!("0:{}", one_line(&tree.comment)));
    }
    for (i, (path, comment)) in preorder(tree).into_iter().enumerate() {
        if comment.is_empty() {
            continue;
        }
        let place = if path.iter().all(|&k| k == 0) {
            path.len().to_string()
        } else {
            format!("#{}", i + 1)
        };
        lines.push(format!("{place}:{}", one_line(comment)));
    }
    lines.join("\n")
}

/// Puts the comments of a `notes` value on `tree`'s moves (after any comment already there),
/// each line on its own: the lines that cannot be read or name no move are left out, and the
/// first reason is the error.
pub fn read_tree_notes(text: &str, tree: &mut GameTree) -> Result<(), NotesError> {
    let paths: Vec<Vec<usize>> = preorder(tree).into_iter().map(|(p, _)| p).collect();
    let main = tree.main_path();
    let mut first_error = None;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let path = line
            .split_once(':')
            .ok_or(NotesError::NotPlyText)
            .and_then(|(place, text)| {
                let place = place.trim();
                let path = match place.strip_prefix('#') {
                    Some(n) => {
                        let n: usize = n.parse().map_err(|_| NotesError::NotPlyText)?;
                        let i = n.checked_sub(1).ok_or(NotesError::NotPlyText)?;
                        paths.get(i).ok_or(NotesError::PastTheEnd)?.as_slice()
                    }
                    None => {
                        let ply: usize = place.parse().map_err(|_| NotesError::NotPlyText)?;
                        main.get(..ply).ok_or(NotesError::PastTheEnd)?
                    }
                };
                Ok((path.to_vec(), text.trim()))
            });
        match path {
            Ok((path, text)) => {
                if let Some(c) = tree.comment_at_mut(&path) {
                    if !c.is_empty() {
                        c.push(' ');
                    }
                    c.push_str(text);
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    first_error.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;

    #[test]
    fn comments_on_variations_are_written_by_place_and_read_back() {
        let mv = |t| parse_uci(t).unwrap();
        let mut tree = GameTree::new(Position::start());
        let a = tree.add_move(&[], mv("h2e2")).unwrap();
        let b = tree.add_move(&a, mv("h9g7")).unwrap();
        let v = tree.add_move(&a, mv("b9c7")).unwrap();
        tree.comment = "the start".into();
        tree.node_mut(&b).unwrap().comment = "main".into();
        tree.node_mut(&v).unwrap().comment = "a\nvariation".into();
        let text = write_tree_notes(&tree);
        assert_eq!(text, "0:the start\n2:main\n#3:a variation");
        let mut bare = tree.clone();
        bare.comment.clear();
        for p in [&b, &v] {
            bare.node_mut(p).unwrap().comment.clear();
        }
        read_tree_notes(&text, &mut bare).unwrap();
        tree.node_mut(&v).unwrap().comment = "a variation".into();
        assert_eq!(bare, tree);
        // A line naming no move is left out and named; the others are kept.
        let mut t = bare.clone();
        assert_eq!(
            read_tree_notes("#9:x\n1:kept\nnonsense", &mut t),
            Err(NotesError::PastTheEnd)
        );
        assert_eq!(t.node(&a).unwrap().comment, "kept");
        assert_eq!(read_tree_notes("#0:x", &mut t), Err(NotesError::NotPlyText));
    }
}
