//! The game and its history: a tree of moves from a start position (the main line and its
//! variations, with their comments), the line on the board (the game the computer plays and the
//! clocks follow), the moves undo took back (which redo plays again), and browsing to an
//! earlier position of that line or to any move of the tree.
//!
//! A move played from an earlier position is added as a variation there and becomes the line
//! on the board; nothing is dropped. A variation can be promoted (made the main continuation
//! where it starts) or deleted. Comments belong to the move they follow, so undo and redo keep
//! them, and another line shows its own.
//!
//! The game is shared behind an `Rc` and copied only when a move changes it, so the many
//! actions that leave it alone (progress reports, clicks, settings) cost nothing here. Every
//! change bumps [`History::revision`]; a change of the main line also bumps the key a review
//! is kept by ([`History::main_key`]); a new game also gets a new [`History::id`], which the
//! search worker uses to keep what it learned within one game.

use super::opening::Opening;
use super::read_errors::SavedGameError;
use super::shared::SharedGame;
use std::rc::Rc;
use xiangqi::records::{Comment, GameTree, Node};
use xiangqi::{Color, Game, Move};

/// A change of the game or of the position shown.
#[derive(Clone, Debug, PartialEq)]
// Actions come from clicks, a few a second: a large variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Action {
    /// Take back a move (against the computer: the person's move and the reply).
    Undo,
    /// Play again what undo took back.
    Redo,
    /// Start again from the same start position, keeping the settings.
    New,
    /// Show the position after this many plies of the line on the board (`None`: the
    /// current one).
    Show(Option<usize>),
    /// Step this many plies back (negative) or forward while browsing.
    Step(i32),
    /// Show the position after the move at this path of the tree (a move of any line): its
    /// line becomes the one on the board.
    GoTo(Vec<usize>),
    /// Make the variation the move at this path stands in the main continuation where it
    /// starts.
    Promote(Vec<usize>),
    /// Take the variation the move at this path stands in out of the tree.
    Delete(Vec<usize>),
    /// Load the position of a FEN typed or pasted in; a bad one only gives a notice.
    LoadFen(String),
    /// Replace the game with an imported record (its moves, variations and comments), with
    /// two players (the computer adds no move to a record); its main line is on the board.
    Load(Rc<GameTree>),
    /// Put back on the board a game from the list of recent games, as read from its saved
    /// text (`records::saved::game::read_opening`), with its players, level, orientation,
    /// clocks, comments and review; the page keeps its language, sound, notation and pieces.
    /// A text that cannot be read is said in a notice.
    Reopen(Result<Opening, SavedGameError>),
}

/// What became of a move a person played in the shown position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Played {
    /// It was played at the end of the game.
    Played,
    /// It is the next move of the line on the board: the view moved on one ply.
    Followed,
    /// It was played from an earlier position: a variation there (or the one already
    /// there that starts with it) is now the line on the board.
    Branched,
    /// It could not be played.
    Refused,
}

/// The game, the moves to redo, and what is shown of it.
#[derive(Clone, Debug)]
pub struct History {
    /// Every move played or read, with its variations and comments.
    tree: Rc<GameTree>,
    /// The path of the line on the board, from the start to its last move.
    line: Vec<usize>,
    /// The moves along `line`: the game.
    game: Rc<Game>,
    /// The main line's moves, to tell when it changes.
    main: Rc<Vec<Move>>,
    /// Moves taken back with their comments, the most recent last; redo plays them again.
    redo: Vec<Node>,
    /// The ply whose position is shown while browsing back; `None` shows the current one.
    browsing: Option<usize>,
    /// Which game this is; changes whenever the game is replaced.
    id: u64,
    /// Changes with every change of the moves, the line or the comments.
    revision: u64,
    /// Changes with every change of the main line's moves.
    main_revision: u64,
}

impl History {
    /// The history of `game`, with nothing to redo, showing its current position.
    pub fn new(game: Game) -> History {
        let mut h = History {
            tree: Rc::new(line_tree(&game, &[])),
            line: Vec::new(),
            game: Rc::new(game),
            main: Rc::default(),
            redo: Vec::new(),
            browsing: None,
            id: 1,
            revision: 1,
            main_revision: 1,
        };
        h.line = h.tree.main_path();
        h.main = Rc::new(h.game.moves());
        h
    }

    /// The history of `tree`, the line that plays `moves` on the board (the main line if the
    /// tree has no such line), its end shown.
    pub fn of_tree(tree: GameTree, moves: &[Move]) -> History {
        let mut h = History::new(Game::from_position(tree.start.clone()));
        h.set_tree(tree, Some(moves));
        h
    }

    /// Puts `tree` in place of the game's moves (the same game: its id stays), the line that
    /// plays `moves` on the board, or else the main line.
    pub fn set_tree(&mut self, tree: GameTree, moves: Option<&[Move]>) {
        self.line = moves
            .and_then(|m| tree.path_of(m))
            .unwrap_or_else(|| tree.main_path());
        self.tree = Rc::new(tree);
        self.redo.clear();
        self.browsing = None;
        self.changed();
    }

    /// Gives the moves of the line on the board these comments (by the ply after which each
    /// stands; 0 before the first move), in place of any they had.
    pub fn annotate(&mut self, comments: Vec<Comment>) {
        let tree = Rc::make_mut(&mut self.tree);
        for ply in 0..=self.line.len() {
            if let Some(c) = tree.comment_at_mut(&self.line[..ply]) {
                c.clear();
            }
        }
        for c in comments {
            if let Some(text) = self.line.get(..c.ply).and_then(|p| tree.comment_at_mut(p)) {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(&c.text);
            }
        }
        self.revision += 1;
    }

    /// The comments on the line on the board, by the ply after which each stands.
    pub fn comments(&self) -> Vec<Comment> {
        History::comments_on(&self.tree, &self.line)
    }

    /// The comments on the line of `tree` at `line`, by the ply after which each stands.
    pub fn comments_on(tree: &GameTree, line: &[usize]) -> Vec<Comment> {
        let mut out = Vec::new();
        let mut at = |ply: usize, text: &str| {
            if !text.is_empty() {
                out.push(Comment {
                    ply,
                    text: text.to_string(),
                });
            }
        };
        at(0, &tree.comment);
        let mut children = &tree.children;
        for (i, &k) in line.iter().enumerate() {
            let Some(node) = children.get(k) else { break };
            at(i + 1, &node.comment);
            children = &node.children;
        }
        out
    }

    /// Every move with its variations and comments.
    pub fn tree(&self) -> &Rc<GameTree> {
        &self.tree
    }

    /// The path of the line on the board.
    pub fn line(&self) -> &[usize] {
        &self.line
    }

    /// The path of the move whose position is shown (`[]`: the start).
    pub fn shown_path(&self) -> &[usize] {
        &self.line[..self.shown_ply()]
    }

    /// True when the line on board is the main line up to the shown position.
    pub fn shown_on_main(&self) -> bool {
        self.shown_path().iter().all(|&i| i == 0)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, shared.
    pub fn shared(&self) -> SharedGame {
        SharedGame::new(
            self.game.clone(),
            Rc::new(self.comments()),
            self.tree.clone(),
            self.revision,
        )
    }

    /// Which game this is, for the worker: it changes whenever the game is replaced.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// A number that changes with every change of the moves, the line or the comments.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// What a review of the main line is kept by: the game's id and the main line's revision.
    pub fn main_key(&self) -> (u64, u64) {
        (self.id, self.main_revision)
    }

    /// The main line's moves.
    pub fn main_moves(&self) -> &[Move] {
        &self.main
    }

    /// The main line as a game (the one a review judges).
    pub fn main_game(&self) -> Game {
        self.tree.main_line()
    }

    /// True if redo has a move to play again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The moves redo would play, the next one last.
    pub fn redo_moves(&self) -> Vec<Move> {
        self.redo.iter().map(|n| n.mv).collect()
    }

    /// The ply shown while browsing back, if not the current one.
    pub fn browsing(&self) -> Option<usize> {
        self.browsing
    }

    /// The number of plies of the shown position.
    pub fn shown_ply(&self) -> usize {
        self.browsing.unwrap_or(self.game.len())
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<Move> {
        let n = self.shown_ply();
        (n > 0).then(|| self.game.moves()[n - 1])
    }

    /// The side that played ply `i` (0-based).
    pub fn mover(&self, i: usize) -> Color {
        let first = self.game.start_position().turn();
        if i % 2 == 0 {
            first
        } else {
            !first
        }
    }

    /// Replaces the game: nothing to redo, no variations or comments, its current position
    /// shown, a new id.
    pub fn replace(&mut self, game: Game) {
        self.replace_tree(line_tree(&game, &[]));
    }

    /// Replaces the game with `tree` (a new id), its main line on the board.
    pub fn replace_tree(&mut self, tree: GameTree) {
        self.id += 1;
        self.set_tree(tree, None);
    }

    /// After a change of the tree or the line: the game again, and the revisions.
    fn changed(&mut self) {
        self.game = Rc::new(
            self.tree
                .line(&self.line)
                .unwrap_or_else(|| Game::from_position(self.tree.start.clone())),
        );
        // The main line's moves, read off the tree (no game replayed for them).
        let mut main = Vec::with_capacity(self.main.len());
        let mut children = &self.tree.children;
        while let Some(first) = children.first() {
            main.push(first.mv);
            children = &first.children;
        }
        if *self.main != main {
            self.main = Rc::new(main);
            self.main_revision += 1;
        }
        self.revision += 1;
    }

    /// Plays `m` at the end of the line on the board if it is legal there. Playing the move
    /// redo would play keeps the rest of the redo line; any other move clears it.
    pub fn play(&mut self, m: Move) -> bool {
        if self.game.outcome().is_some() || !self.game.position().is_legal(m) {
            return false;
        }
        let tree = Rc::make_mut(&mut self.tree);
        let Ok(path) = tree.add_move(&self.line, m) else {
            return false;
        };
        if self.redo.last().is_some_and(|n| n.mv == m) {
            // The move taken back comes back with its comment.
            let node = self.redo.pop().expect("just seen");
            if let Some(c) = tree.comment_at_mut(&path).filter(|c| c.is_empty()) {
                *c = node.comment;
            }
        } else {
            self.redo.clear();
        }
        // The game, and the main line when the move extends it, grow by the move: no replay
        // of the whole game for each move played.
        if path.iter().all(|&k| k == 0) && path.len() > self.main.len() {
            Rc::make_mut(&mut self.main).push(m);
            self.main_revision += 1;
        }
        self.line = path;
        self.browsing = None;
        if Rc::make_mut(&mut self.game).play(m).is_err() {
            self.changed();
        }
        self.revision += 1;
        true
    }

    /// A person plays `m`, legal in the shown position: at the end of the game it is played;
    /// from an earlier position it follows the line if it is the next move, else it starts a
    /// variation there (or follows the one that starts with it).
    pub fn person_play(&mut self, m: Move) -> Played {
        let Some(n) = self.browsing else {
            return if self.play(m) {
                Played::Played
            } else {
                Played::Refused
            };
        };
        if self.game.moves().get(n) == Some(&m) {
            self.browsing = Some(n + 1).filter(|&v| v < self.game.len());
            return Played::Followed;
        }
        let Ok(path) = Rc::make_mut(&mut self.tree).add_move(&self.line[..n], m) else {
            return Played::Refused;
        };
        self.redo.clear();
        self.line = self.tree.line_through(&path);
        self.browsing = Some(path.len()).filter(|&v| v < self.line.len());
        self.changed();
        Played::Branched
    }

    /// How many plies undo takes back: one, or against the computer (`person` is the
    /// person's side) as many as it takes to give the person the move again after taking back
    /// one of their moves. `None` if there is nothing to take back.
    fn undo_count(&self, person: Option<Color>) -> Option<usize> {
        let len = self.game.len();
        if len == 0 {
            return None;
        }
        let Some(person) = person else {
            return Some(1);
        };
        let last = (0..len).rev().find(|&i| self.mover(i) == person)?;
        Some(len - last)
    }

    /// Stops browsing and takes back a move, or against the computer (`person` is the
    /// person's side) the person's last move and what followed. A move taken back leaves
    /// the tree unless other moves follow it there. False if nothing was taken back.
    pub fn undo(&mut self, person: Option<Color>) -> bool {
        self.browsing = None;
        let Some(n) = self.undo_count(person) else {
            return false;
        };
        let tree = Rc::make_mut(&mut self.tree);
        for _ in 0..n {
            let leaf = tree
                .node(&self.line)
                .is_some_and(|node| node.children.is_empty());
            let node = if leaf {
                tree.remove(&self.line)
            } else {
                tree.node(&self.line).map(|node| Node::new(node.mv))
            };
            self.line.pop();
            self.redo.extend(node);
        }
        self.changed();
        true
    }

    /// Stops browsing and plays again the last move taken back, and against the computer
    /// (`person` is the person's side) the reply too when the move was the person's. False if
    /// nothing was played.
    pub fn redo(&mut self, person: Option<Color>) -> bool {
        self.browsing = None;
        let Some(m) = self.redo.last().map(|n| n.mv) else {
            return false;
        };
        let mover = self.game.position().turn();
        if !self.play(m) {
            self.redo.clear();
            return false;
        }
        if person == Some(mover) {
            if let Some(reply) = self.redo.last().map(|n| n.mv) {
                self.play(reply);
            }
        }
        true
    }

    /// Shows the position after `n` plies (`None`, or the game's length: the current one).
    pub fn show(&mut self, n: Option<usize>) {
        self.browsing = n.filter(|&n| n < self.game.len());
    }

    /// Shows the position `by` plies later (earlier if negative), within the game.
    pub fn step(&mut self, by: i32) {
        let n = self.shown_ply() as i64 + i64::from(by);
        self.show(Some(n.clamp(0, self.game.len() as i64) as usize));
    }
}

/// The tree of `game`'s moves, its one line, with `comments` (by the ply after which each
/// stands; those of one ply joined by a space).
pub fn line_tree(game: &Game, comments: &[Comment]) -> GameTree {
    let text = |ply: usize| {
        let texts: Vec<&str> = comments
            .iter()
            .filter(|c| c.ply == ply)
            .map(|c| c.text.as_str())
            .collect();
        texts.join(" ")
    };
    let mut next: Vec<Node> = Vec::new();
    for (i, &m) in game.moves().iter().enumerate().rev() {
        next = vec![Node {
            mv: m,
            comment: text(i + 1),
            children: next,
        }];
    }
    GameTree {
        comment: text(0),
        children: next,
        ..GameTree::new(game.start_position().clone())
    }
}

#[path = "game_lines.rs"]
mod lines;
#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
