//! A game with its variations: a start position, a tree of legal moves (each move's first
//! child is the main continuation, the others are variations), a comment on any move and
//! before the first, the tags and the result.
//!
//! Every move in a tree is legal where it stands: [`GameTree::add_move`] checks it, and the
//! readers only add moves they could play. A path names a node by the child index taken at
//! each ply from the start (`[]` is the start itself, `[0, 0]` the main line's second move,
//! `[0, 1]` the first variation on it).
//!
//! ```
//! use xiangqi::notation::parse_uci;
//! use xiangqi::records::GameTree;
//! use xiangqi::Position;
//! let mv = |t| parse_uci(t).unwrap();
//! let mut tree = GameTree::new(Position::start());
//! let first = tree.add_move(&[], mv("h2e2")).unwrap();
//! tree.add_move(&first, mv("h9g7")).unwrap();
//! let var = tree.add_move(&first, mv("b9c7")).unwrap(); // a variation on Black's reply
//! assert_eq!(var, [0, 1]);
//! tree.node_mut(&var).unwrap().comment = "the other horse".into();
//! assert_eq!(tree.main_line().moves(), [mv("h2e2"), mv("h9g7")]);
//! let depths: Vec<usize> = tree.nodes().iter().map(|n| n.depth).collect();
//! assert_eq!(depths, [0, 0, 1]);
//! tree.promote(&var).unwrap(); // the variation becomes the main line
//! assert_eq!(tree.main_line().moves(), [mv("h2e2"), mv("b9c7")]);
//! assert_eq!(tree.path_of(&[mv("h2e2"), mv("h9g7")]), Some(vec![0, 1]));
//! assert_eq!(tree.line_through(&[]), [0, 0]);
//! assert_eq!(tree.remove(&[0, 1]).unwrap().mv, mv("h9g7"));
//! assert_eq!(tree.len(), 2);
//! ```

use super::result::GameResult;
use crate::game::Game;
use crate::m::Move;
use crate::position::Position;
use core::fmt;

/// One move of the tree and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move, legal in the position its parent leaves.
    pub mv: Move,
    /// The comment after the move (empty for none).
    pub comment: String,
    /// The replies: the first is the main continuation, the others variations.
    pub children: Vec<Node>,
}

impl Node {
    /// A node for `mv` with no comment and no replies.
    pub fn new(mv: Move) -> Node {
        Node {
            mv,
            comment: String::new(),
            children: Vec::new(),
        }
    }
}

/// A game record with variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    /// Tag pairs in their order, by their PGN names ([`tag`] lists the usual ones); the
    /// result is kept apart, in `result`.
    pub tags: Vec<(String, String)>,
    /// The result as recorded (`None`: the record says nothing).
    pub result: Option<GameResult>,
    /// Where the game starts (any legal position, Black to move too).
    pub start: Position,
    /// The comment before the first move (empty for none).
    pub comment: String,
    /// The first moves: the main line's first, then variations on it.
    pub children: Vec<Node>,
}

/// The usual tag names, as PGN writes them. Any other name is kept as it is.
pub mod tag {
    /// The title of the record (XQF and DhtmlXQ keep one).
    pub const TITLE: &str = "Title";
    /// The event.
    pub const EVENT: &str = "Event";
    /// Where it was played.
    pub const SITE: &str = "Site";
    /// When it was played.
    pub const DATE: &str = "Date";
    /// The round.
    pub const ROUND: &str = "Round";
    /// Who played Red.
    pub const RED: &str = "Red";
    /// Who played Black.
    pub const BLACK: &str = "Black";
    /// The ECCO code of the opening (A00 to E99).
    pub const ECCO: &str = "ECCO";
    /// The opening's name.
    pub const OPENING: &str = "Opening";
    /// The variation's name.
    pub const VARIATION: &str = "Variation";
}

/// A node of the tree as [`GameTree::nodes`] lists it.
#[derive(Clone, Debug)]
pub struct NodeView<'a> {
    /// The node.
    pub node: &'a Node,
    /// Its path from the start.
    pub path: Vec<usize>,
    /// Its ply, counted from 1 at the start.
    pub ply: usize,
    /// How many variations deep it stands: 0 on the main line, 1 in a variation on it, and
    /// so on (each step to a child other than the first adds one).
    pub depth: usize,
    /// The position the move is played in.
    pub before: Position,
}

/// Why [`GameTree::add_move`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The path names no node.
    NoSuchNode(Vec<usize>),
    /// The move is not legal where it would stand.
    Illegal(Move),
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NoSuchNode(path) => write!(f, "no move at path {path:?}"),
            TreeError::Illegal(m) => write!(f, "{m} is not a legal move there"),
        }
    }
}

impl std::error::Error for TreeError {}

impl GameTree {
    /// A tree from `start` with no moves, tags or comments.
    pub fn new(start: Position) -> GameTree {
        GameTree {
            tags: Vec::new(),
            result: None,
            start,
            comment: String::new(),
            children: Vec::new(),
        }
    }

    /// The value of the tag `name` (compared ignoring ASCII case), if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` (replacing one of the same name, ignoring ASCII case).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The replies at `path`: the first moves for `[]`, else the node's children.
    pub fn children_at(&self, path: &[usize]) -> Option<&[Node]> {
        match path.split_last() {
            None => Some(&self.children),
            Some(_) => self.node(path).map(|n| n.children.as_slice()),
        }
    }

    /// The node at `path` (`None` for `[]` or a path that leads nowhere).
    pub fn node(&self, path: &[usize]) -> Option<&Node> {
        let (first, rest) = path.split_first()?;
        let mut node = self.children.get(*first)?;
        for &i in rest {
            node = node.children.get(i)?;
        }
        Some(node)
    }

    /// The node at `path`, to change its comment or its replies' order.
    pub fn node_mut(&mut self, path: &[usize]) -> Option<&mut Node> {
        let (first, rest) = path.split_first()?;
        let mut node = self.children.get_mut(*first)?;
        for &i in rest {
            node = node.children.get_mut(i)?;
        }
        Some(node)
    }

    /// The replies at `path`, to add to (internal: callers have checked legality).
    pub(crate) fn children_mut(&mut self, path: &[usize]) -> Option<&mut Vec<Node>> {
        match path.split_last() {
            None => Some(&mut self.children),
            Some(_) => self.node_mut(path).map(|n| &mut n.children),
        }
    }

    /// The comment at `path`: before the first move for `[]`, else after the node's move.
    pub fn comment_at_mut(&mut self, path: &[usize]) -> Option<&mut String> {
        match path.split_last() {
            None => Some(&mut self.comment),
            Some(_) => self.node_mut(path).map(|n| &mut n.comment),
        }
    }

    /// The position after the moves along `path`.
    pub fn position_at(&self, path: &[usize]) -> Option<Position> {
        let mut pos = self.start.clone();
        let mut children = &self.children;
        for &i in path {
            let node = children.get(i)?;
            pos.make_move(node.mv);
            children = &node.children;
        }
        Some(pos)
    }

    /// Adds `m` as a reply at `path` (after the variations already there) and returns the
    /// new node's path; a reply already there is not added twice, its path is returned.
    pub fn add_move(&mut self, path: &[usize], m: Move) -> Result<Vec<usize>, TreeError> {
        let pos = self
            .position_at(path)
            .ok_or_else(|| TreeError::NoSuchNode(path.to_vec()))?;
        if !pos.is_legal(m) {
            return Err(TreeError::Illegal(m));
        }
        let children = self.children_mut(path).expect("the path was walked");
        let i = push_reply(children, m);
        let mut new = path.to_vec();
        new.push(i);
        Ok(new)
    }

    /// The moves along `path` as a game (`None` if the path leads nowhere). Moves are played
    /// on even where the rules ended the game, as the record has them.
    pub fn line(&self, path: &[usize]) -> Option<Game> {
        let mut game = Game::from_position(self.start.clone());
        let mut children = &self.children;
        for &i in path {
            let node = children.get(i)?;
            game.play_on(node.mv).ok()?;
            children = &node.children;
        }
        Some(game)
    }

    /// Makes the node at `path` the first of its siblings (the main continuation there),
    /// keeping the others in their order; returns its new path.
    pub fn promote(&mut self, path: &[usize]) -> Option<Vec<usize>> {
        let (&i, parent) = path.split_last()?;
        let siblings = self.children_mut(parent)?;
        if i >= siblings.len() {
            return None;
        }
        let node = siblings.remove(i);
        siblings.insert(0, node);
        let mut new = parent.to_vec();
        new.push(0);
        Some(new)
    }

    /// Takes the node at `path` out of the tree, with everything that follows it.
    pub fn remove(&mut self, path: &[usize]) -> Option<Node> {
        let (&i, parent) = path.split_last()?;
        let siblings = self.children_mut(parent)?;
        (i < siblings.len()).then(|| siblings.remove(i))
    }

    /// The path of the main line: the first reply at every ply.
    pub fn main_path(&self) -> Vec<usize> {
        let mut path = Vec::new();
        let mut children = &self.children;
        while let Some(first) = children.first() {
            path.push(0);
            children = &first.children;
        }
        path
    }

    /// `path` followed on by the first reply at every ply, to the end of its line (`path`
    /// itself if it leads nowhere).
    pub fn line_through(&self, path: &[usize]) -> Vec<usize> {
        let mut out = path.to_vec();
        let Some(mut children) = self.children_at(path) else {
            return out;
        };
        while let Some(first) = children.first() {
            out.push(0);
            children = &first.children;
        }
        out
    }

    /// The path of the line that plays `moves` from the start, if the tree holds it.
    pub fn path_of(&self, moves: &[Move]) -> Option<Vec<usize>> {
        let mut path = Vec::with_capacity(moves.len());
        let mut children = &self.children;
        for &m in moves {
            let i = children.iter().position(|n| n.mv == m)?;
            path.push(i);
            children = &children[i].children;
        }
        Some(path)
    }

    /// The main line as a game.
    pub fn main_line(&self) -> Game {
        self.line(&self.main_path())
            .expect("the main path leads through the tree")
    }

    /// Every node, each followed by its replies' subtrees in order (first the main
    /// continuation's whole subtree, then each variation's), with its path, ply, depth and
    /// the position it is played in.
    pub fn nodes(&self) -> Vec<NodeView<'_>> {
        let mut out = Vec::new();
        let mut stack: Vec<(&Node, Vec<usize>, usize, Position)> = Vec::new();
        for (i, n) in self.children.iter().enumerate().rev() {
            stack.push((n, vec![i], usize::from(i > 0), self.start.clone()));
        }
        while let Some((node, path, depth, before)) = stack.pop() {
            let after = before.after(node.mv);
            for (i, c) in node.children.iter().enumerate().rev() {
                let mut p = path.clone();
                p.push(i);
                stack.push((c, p, depth + usize::from(i > 0), after.clone()));
            }
            out.push(NodeView {
                node,
                ply: path.len(),
                path,
                depth,
                before,
            });
        }
        out
    }

    /// How many moves the tree holds, variations included.
    pub fn len(&self) -> usize {
        fn count(nodes: &[Node]) -> usize {
            nodes.iter().map(|n| 1 + count(&n.children)).sum()
        }
        count(&self.children)
    }

    /// True when the tree holds no move.
    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }
}

/// Adds `m` after the replies in `children` unless it is one of them; returns its index.
pub(crate) fn push_reply(children: &mut Vec<Node>, m: Move) -> usize {
    match children.iter().position(|n| n.mv == m) {
        Some(i) => i,
        None => {
            children.push(Node::new(m));
            children.len() - 1
        }
    }
}

/// Appends `text` to a comment, on a line of its own if the comment has one already.
pub(crate) fn append_comment(slot: &mut String, text: &str) {
    let text = text.replace('\r', "");
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if !slot.is_empty() {
        slot.push('\n');
    }
    slot.push_str(text);
}
