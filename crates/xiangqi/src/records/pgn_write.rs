//! Writing a game tree as PGN: the tags, then the moves in WXF or Chinese (any of the four
//! notations, in fact) with each comment after its move and each variation in parentheses
//! after the move it replaces, nested as deep as the tree.
//!
//! A tree without a result is written with the `*` token and no Result tag, so that it
//! reads back without one; a comment's braces are written as parentheses, the one change
//! the text cannot avoid.

use super::movetext::move_number;
use super::pgn_tree::OWN_TAGS;
use super::tree::{GameTree, Node};
use crate::color::Color;
use crate::fen::START_FEN;
use crate::notation::{format, Notation};
use crate::position::Position;

/// Lines of move text are broken before this many characters.
const LINE: usize = 80;

/// The tree as PGN text with the moves in `notation`.
pub fn write_pgn(tree: &GameTree, notation: Notation) -> String {
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        let v = v.replace(['\n', '\r'], " ");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    };
    tag("Game", "Chinese Chess");
    for (k, v) in &tree.tags {
        let writable = !k.is_empty() && !k.contains(|c: char| c.is_whitespace() || c == ']');
        if writable && !OWN_TAGS.iter().any(|own| own.eq_ignore_ascii_case(k)) {
            tag(k, v);
        }
    }
    if let Some(r) = tree.result {
        tag("Result", r.as_str());
    }
    let fen = tree.start.to_fen();
    if fen != START_FEN {
        tag("FEN", &fen);
    }
    tag("Format", notation.name());
    out.push('\n');
    let mut words = Vec::new();
    if !tree.comment.is_empty() {
        words.push(comment(&tree.comment));
    }
    let w = Writer {
        start: &tree.start,
        notation,
    };
    w.line(&mut words, &tree.children, tree.start.clone(), 0, false);
    words.push(tree.result.map_or("*", |r| r.as_str()).to_string());
    let mut line = String::new();
    for word in words {
        let width = |s: &str| s.chars().count();
        if !line.is_empty() && width(&line) + 1 + width(&word) >= LINE {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() && !line.ends_with('(') && word != ")" {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A comment in braces.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('{', "(").replace('}', ")"))
}

struct Writer<'a> {
    start: &'a Position,
    notation: Notation,
}

impl Writer<'_> {
    /// Writes the line that begins with `children[0]` (played in `pos`, at ply index
    /// `ply`), with the variations on each of its moves. `numbered` asks for the move
    /// number before a first move by Black.
    fn line(
        &self,
        words: &mut Vec<String>,
        mut children: &[Node],
        mut pos: Position,
        mut ply: usize,
        mut numbered: bool,
    ) {
        while let Some(main) = children.first() {
            self.one(words, main, &pos, ply, numbered);
            for v in &children[1..] {
                words.push("(".into());
                self.one(words, v, &pos, ply, true);
                self.line(words, &v.children, pos.after(v.mv), ply + 1, false);
                words.push(")".into());
            }
            numbered = children.len() > 1 || !main.comment.is_empty();
            pos.make_move(main.mv);
            children = &main.children;
            ply += 1;
        }
    }

    /// Writes one move with its number (always before Red's, before Black's when asked)
    /// and its comment.
    fn one(
        &self,
        words: &mut Vec<String>,
        node: &Node,
        pos: &Position,
        ply: usize,
        numbered: bool,
    ) {
        let (n, side) = move_number(self.start, ply);
        let text = format(pos, node.mv, self.notation);
        // The number and its move are one word, so a line never breaks between them.
        words.push(if side == Color::Red {
            format!("{n}. {text}")
        } else if numbered || ply == 0 {
            format!("{n}... {text}")
        } else {
            text
        });
        if !node.comment.is_empty() {
            words.push(comment(&node.comment));
        }
    }
}
