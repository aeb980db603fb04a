//! Going to any move of the tree, and promoting or deleting a variation: the history's
//! work on lines other than the one on the board.

use super::History;
use std::rc::Rc;
use xiangqi::Move;

impl History {
    /// Shows the position after the move at `path` (any line of the tree; `[]` the start):
    /// the line through it becomes the one on the board. False if the path leads nowhere.
    pub fn go_to(&mut self, path: &[usize]) -> bool {
        if !path.is_empty() && self.tree.node(path).is_none() {
            return false;
        }
        if !self.line.starts_with(path) {
            self.line = self.tree.line_through(path);
            self.redo.clear();
            self.changed();
        }
        self.browsing = Some(path.len()).filter(|&n| n < self.line.len());
        true
    }

    /// The line that plays `moves` on the board again after the tree changed around it (or
    /// the main line if the tree no longer holds it).
    fn follow(&mut self, moves: &[Move]) {
        self.line = self
            .tree
            .path_of(moves)
            .unwrap_or_else(|| self.tree.main_path());
    }

    /// Makes the variation the move at `path` stands in the main continuation where it
    /// starts; the same line stays on the board. False on the main line.
    pub fn promote(&mut self, path: &[usize]) -> bool {
        let Some(start) = variation_start(path) else {
            return false;
        };
        let moves = self.game.moves();
        if Rc::make_mut(&mut self.tree).promote(&start).is_none() {
            return false;
        }
        self.follow(&moves);
        self.changed();
        true
    }

    /// Takes the variation the move at `path` stands in out of the tree. If the line on the
    /// board ran through it, the position where it started is shown, on the line that goes
    /// on from there. False on the main line.
    pub fn delete(&mut self, path: &[usize]) -> bool {
        let Some(start) = variation_start(path) else {
            return false;
        };
        let moves = self.game.moves();
        let on_it = self.line.starts_with(&start);
        if Rc::make_mut(&mut self.tree).remove(&start).is_none() {
            return false;
        }
        let parent = &start[..start.len() - 1];
        if on_it {
            self.line = self.tree.line_through(parent);
            self.browsing = Some(parent.len()).filter(|&n| n < self.line.len());
            self.redo.clear();
        } else {
            self.follow(&moves);
        }
        self.changed();
        true
    }
}

/// Where the variation that the move at `path` stands in starts: the last move on the way to
/// it that is not its parent's first reply (`None` on the main line).
fn variation_start(path: &[usize]) -> Option<Vec<usize>> {
    let at = path.iter().rposition(|&i| i > 0)?;
    Some(path[..=at].to_vec())
}
