//! Writing a game tree as DhtmlXQ (the conventions are in the reader's module): the tags,
//! `binit`, `fen` when the start is not the initial position, the main line, one
//! `move_A_B_C` field for each variation (numbered depth first, so a reader that takes
//! them in order rebuilds the replies in their order), and the comments.
//!
//! A tag without a DhtmlXQ name of its own is written under its PGN name; one whose name
//! would be taken for another field (`red`, `binit`, `comment3`, …) gets a `tag_` prefix,
//! which the reader takes off. A line break in a comment is written `||`, and a bracket in
//! any text fullwidth (`［` `］`), since it could end a field.

use super::dhtml::{NAMES, SLOTS, VIEWER};
use super::tree::{GameTree, Node};
use crate::color::Color;
use crate::fen::START_FEN;
use crate::m::Move;
use crate::square::Square;

/// Two digits for a point: column from Red's left, row from Black's side.
fn digits(sq: Square) -> String {
    format!("{}{}", sq.file(), 9 - sq.rank())
}

fn move_digits(m: Move) -> String {
    digits(m.from()) + &digits(m.to())
}

/// The DhtmlXQ field name for the tag `key`.
fn field_name(key: &str) -> String {
    if let Some((_, d)) = NAMES.iter().find(|(pgn, _)| *pgn == key) {
        return d.to_string();
    }
    let lower = key.to_ascii_lowercase();
    let taken = NAMES.iter().any(|(_, d)| *d == lower)
        || VIEWER.contains(&lower.as_str())
        || ["binit", "movelist", "fen", "result", "game", "format"].contains(&lower.as_str())
        || ["move_", "comment", "tag_"]
            .iter()
            .any(|p| lower.starts_with(p));
    if taken {
        format!("tag_{key}")
    } else {
        key.to_string()
    }
}

/// The tree as a `[DhtmlXQ]` block.
pub fn write_dhtml(tree: &GameTree) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    let mut field = |name: &str, value: &str| {
        // A bracket in the text could end the field: it is written fullwidth.
        let value = value.replace('[', "［").replace(']', "］");
        out.push_str(&format!("[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]\n"));
    };
    for (k, v) in &tree.tags {
        let writable = !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if writable {
            field(&field_name(k), &v.replace(['\r', '\n'], " "));
        }
    }
    if let Some(r) = tree.result {
        let words = match r {
            super::result::GameResult::RedWins => "红胜",
            super::result::GameResult::BlackWins => "黑胜",
            super::result::GameResult::Draw => "和棋",
            super::result::GameResult::Unknown => "未知",
        };
        field("result", words);
    }
    field("binit", &binit(tree));
    let fen = tree.start.to_fen();
    if fen != START_FEN {
        field("fen", &fen);
    }
    let mut lines = Lines::default();
    if let Some(first) = tree.children.first() {
        lines.moves.push(String::new());
        lines.chain(0, first, 1);
        for alt in &tree.children[1..] {
            let id = lines.open(0, 1);
            lines.chain(id, alt, 1);
        }
    } else {
        lines.moves.push(String::new());
    }
    field("movelist", &lines.moves[0]);
    for (id, (parent, step)) in lines.starts.iter().enumerate() {
        let id = id + 1;
        field(&format!("move_{parent}_{step}_{id}"), &lines.moves[id]);
    }
    let text = |c: &str| c.replace('\r', "").replace('\n', "||");
    if !tree.comment.is_empty() {
        field("comment0", &text(&tree.comment));
    }
    for (id, ply, c) in &lines.comments {
        match id {
            0 => field(&format!("comment{ply}"), &text(c)),
            _ => field(&format!("comment{id}_{ply}"), &text(c)),
        }
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

/// The 64 digits placing the start's pieces in their slots (`99` for an empty slot).
fn binit(tree: &GameTree) -> String {
    let board = tree.start.board();
    let mut slots = [[None::<Square>; 16]; 2];
    for (sq, piece) in board.pieces() {
        let side = usize::from(piece.color == Color::Black);
        let free = (0..16).find(|&i| SLOTS[i] == piece.kind && slots[side][i].is_none());
        if let Some(i) = free {
            slots[side][i] = Some(sq);
        }
    }
    slots
        .iter()
        .flatten()
        .map(|s| s.map_or("99".to_string(), digits))
        .collect()
}

/// The lines being written: each one's moves, where each variation starts, the comments.
#[derive(Default)]
struct Lines {
    /// The digits of line `id`'s moves (0: the main line).
    moves: Vec<String>,
    /// For variation `id` (from 1), its parent line and the ply of its first move.
    starts: Vec<(usize, usize)>,
    /// (line, ply, text) of each comment.
    comments: Vec<(usize, usize, String)>,
}

impl Lines {
    /// Numbers a new variation of line `parent` starting at `ply`.
    fn open(&mut self, parent: usize, ply: usize) -> usize {
        self.starts.push((parent, ply));
        self.moves.push(String::new());
        self.starts.len()
    }

    /// Writes line `id` from `first` (at `ply`) on, opening a variation for each reply
    /// other than the first.
    fn chain(&mut self, id: usize, first: &Node, mut ply: usize) {
        let mut node = first;
        loop {
            self.moves[id].push_str(&move_digits(node.mv));
            if !node.comment.is_empty() {
                self.comments.push((id, ply, node.comment.clone()));
            }
            for alt in node.children.iter().skip(1) {
                let v = self.open(id, ply + 1);
                self.chain(v, alt, ply + 1);
            }
            match node.children.first() {
                Some(next) => {
                    node = next;
                    ply += 1;
                }
                None => break,
            }
        }
    }
}
