//! Between a game tree and the linear record ([`Pgn`], a [`Game`]): the main line and its
//! comments, so that code written for one game keeps working with records that have
//! variations.

use super::movetext::Comment;
use super::pgn::Pgn;
use super::tree::{push_reply, GameTree};
use crate::game::Game;

impl GameTree {
    /// A tree of the game's moves alone (no variations).
    pub fn from_game(game: &Game) -> GameTree {
        GameTree::from_pgn(&Pgn::new(game.clone()))
    }

    /// A tree of the record: its tags, result, moves and comments (several comments after
    /// one move are joined by a line break).
    pub fn from_pgn(pgn: &Pgn) -> GameTree {
        let mut tree = GameTree::new(pgn.game.start_position().clone());
        tree.tags = pgn.tags.clone();
        tree.result = pgn.result;
        let mut path = Vec::new();
        for m in pgn.game.moves() {
            let children = tree.children_mut(&path).expect("the main line is walked");
            path.push(push_reply(children, m));
        }
        for c in &pgn.comments {
            let at = &path[..c.ply.min(path.len())];
            let slot = tree.comment_at_mut(at).expect("the path exists");
            if !slot.is_empty() {
                slot.push('\n');
            }
            slot.push_str(&c.text);
        }
        tree
    }

    /// The main line as a linear record, with its comments (the variations are left out).
    pub fn to_pgn(&self) -> Pgn {
        let mut comments = Vec::new();
        if !self.comment.is_empty() {
            comments.push(Comment {
                ply: 0,
                text: self.comment.clone(),
            });
        }
        let mut children = &self.children;
        let mut ply = 0;
        while let Some(node) = children.first() {
            ply += 1;
            if !node.comment.is_empty() {
                comments.push(Comment {
                    ply,
                    text: node.comment.clone(),
                });
            }
            children = &node.children;
        }
        Pgn {
            tags: self.tags.clone(),
            game: self.main_line(),
            result: self.result,
            comments,
        }
    }
}
