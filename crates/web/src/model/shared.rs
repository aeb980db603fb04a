//! The game for the components that need all of it (the records): the history's game, its
//! comments and its tree behind `Rc`s, compared by revision rather than move by move.

use std::rc::Rc;
use xiangqi::records::{Comment, GameTree};
use xiangqi::Game;

/// The game for the components that need all of it (the records): cheap to clone, and
/// compared without looking at the moves.
#[derive(Clone, Debug)]
pub struct SharedGame {
    game: Rc<Game>,
    comments: Rc<Vec<Comment>>,
    tree: Rc<GameTree>,
    revision: u64,
}

impl SharedGame {
    /// `game` with its `comments` at `revision` of its history.
    pub(super) fn new(
        game: Rc<Game>,
        comments: Rc<Vec<Comment>>,
        tree: Rc<GameTree>,
        revision: u64,
    ) -> SharedGame {
        SharedGame {
            game,
            comments,
            tree,
            revision,
        }
    }

    /// Every move with its variations and comments (the game is one line of it).
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The comments that stand on the game, in order of their ply.
    pub fn comments(&self) -> &[Comment] {
        &self.comments
    }
}

impl PartialEq for SharedGame {
    /// The same game at the same revision: every change of the moves bumps the revision, and
    /// games of different histories are different allocations.
    fn eq(&self, other: &SharedGame) -> bool {
        Rc::ptr_eq(&self.game, &other.game) && self.revision == other.revision
    }
}

impl std::ops::Deref for SharedGame {
    type Target = Game;

    fn deref(&self) -> &Game {
        &self.game
    }
}
