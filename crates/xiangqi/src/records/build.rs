//! Growing a game tree move by move, as the text readers meet the moves: a line goes on
//! until a move cannot be played, which becomes a [`MoveFault`] and ends that line (its
//! variations still read); `(` opens a variation on the last move and `)` closes it.

use super::movetext::move_number;
use super::record::MoveFault;
use super::tree::{append_comment, push_reply, GameTree};
use crate::m::Move;
use crate::notation::{excerpt, parse_any, IllegalReason, MoveTextError, Notation};
use crate::position::Position;

/// Variations nested deeper than this are skipped whole: no record needs them, and each
/// level keeps a copy of its line's positions.
const MAX_NESTING: usize = 32;

/// A line stops after this many plies: far beyond any game, and it keeps the recursion of
/// the tree's derived traits (drop, clone, equality) shallow on hostile input.
pub(crate) const MAX_LINE: usize = 2000;

/// Where the next move goes: the path of the last move and the positions along it.
#[derive(Clone)]
struct Line {
    path: Vec<usize>,
    /// `positions[i]` is the position after `i` moves of `path`.
    positions: Vec<Position>,
    /// A move of this line could not be played: the rest of it is skipped.
    dead: bool,
}

/// A tree being read, with the faults met so far.
pub(crate) struct Builder {
    pub tree: GameTree,
    pub faults: Vec<MoveFault>,
    line: Line,
    outer: Vec<Line>,
    /// Variations opened beyond [`MAX_NESTING`], or where no move precedes them.
    skipped: usize,
}

impl Builder {
    pub fn new(tree: GameTree) -> Builder {
        let start = tree.start.clone();
        Builder {
            tree,
            faults: Vec::new(),
            line: Line {
                path: Vec::new(),
                positions: vec![start],
                dead: false,
            },
            outer: Vec::new(),
            skipped: 0,
        }
    }

    /// True inside a variation.
    pub fn in_variation(&self) -> bool {
        !self.outer.is_empty() || self.skipped > 0
    }

    /// True while moves are read: not in a skipped variation nor after a fault.
    fn live(&self) -> bool {
        self.skipped == 0 && !self.line.dead
    }

    /// The position where the next move is played.
    pub fn position(&self) -> &Position {
        self.line.positions.last().expect("a line has its start")
    }

    /// True before the line's first move.
    pub fn at_start(&self) -> bool {
        self.tree.children.is_empty() && self.outer.is_empty()
    }

    /// Plays move text in any notation.
    pub fn play_text(&mut self, text: &str) {
        if !self.live() {
            return;
        }
        match parse_any(self.position(), text) {
            Ok(m) => self.push(m),
            Err(e) => self.fault(excerpt(text), e),
        }
    }

    /// Plays a move given by its points, `text` being how the record wrote it.
    pub fn play_move(&mut self, m: Move, text: &str) {
        if !self.live() {
            return;
        }
        let pos = self.position();
        if pos.is_legal(m) {
            self.push(m);
        } else {
            let e = MoveTextError::Illegal {
                text: excerpt(text),
                notation: Notation::Uci,
                m,
                reason: IllegalReason::of(pos, m),
            };
            self.fault(excerpt(text), e);
        }
    }

    /// Records a move that cannot be read at all (its points are off the board).
    pub fn unreadable(&mut self, text: &str) {
        if self.live() {
            let e = MoveTextError::Unrecognized {
                text: excerpt(text),
            };
            self.fault(excerpt(text), e);
        }
    }

    fn push(&mut self, m: Move) {
        if self.line.path.len() >= MAX_LINE {
            self.line.dead = true;
            return;
        }
        let after = self.position().after(m);
        let children = self
            .tree
            .children_mut(&self.line.path)
            .expect("the line's path is in the tree");
        let i = push_reply(children, m);
        self.line.path.push(i);
        self.line.positions.push(after);
    }

    fn fault(&mut self, text: String, error: MoveTextError) {
        let ply = self.line.path.len() + 1;
        let (number, side) = move_number(&self.tree.start, ply - 1);
        self.faults.push(MoveFault {
            after: self.line.path.clone(),
            ply,
            number,
            side,
            text,
            error,
        });
        self.line.dead = true;
    }

    /// Adds a comment after the last move (before the first at the start).
    pub fn comment(&mut self, text: &str) {
        if !self.live() {
            return;
        }
        if let Some(slot) = self.tree.comment_at_mut(&self.line.path) {
            append_comment(slot, text);
        }
    }

    /// Continues from the move at `path` (the start for `[]`), as a reader of a record
    /// whose variations name their place does. Returns false if no move is there.
    pub fn goto(&mut self, path: &[usize]) -> bool {
        let same = self
            .line
            .path
            .iter()
            .zip(path)
            .take_while(|(a, b)| a == b)
            .count();
        self.line.path.truncate(same);
        self.line.positions.truncate(same + 1);
        self.line.dead = false;
        for &i in &path[same..] {
            let Some(node) = self
                .tree
                .children_at(&self.line.path)
                .and_then(|c| c.get(i))
            else {
                return false;
            };
            let after = self.position().after(node.mv);
            self.line.path.push(i);
            self.line.positions.push(after);
        }
        true
    }

    /// The path of the last move of the line being read.
    pub fn path(&self) -> &[usize] {
        &self.line.path
    }

    /// True once a move of the line being read could not be played.
    pub fn is_dead(&self) -> bool {
        self.line.dead
    }

    /// Opens a variation: an alternative to the last move.
    pub fn open(&mut self) {
        if !self.live() || self.line.path.is_empty() || self.outer.len() >= MAX_NESTING {
            self.skipped += 1;
            return;
        }
        let mut alt = self.line.clone();
        alt.path.pop();
        alt.positions.pop();
        self.outer.push(core::mem::replace(&mut self.line, alt));
    }

    /// Closes the variation opened last (an unmatched `)` is ignored).
    pub fn close(&mut self) {
        if self.skipped > 0 {
            self.skipped -= 1;
        } else if let Some(line) = self.outer.pop() {
            self.line = line;
        }
    }

    /// Gives up the start to Black when the record's first move is marked as Black's
    /// ("1. ...") but the start has Red to move and no move was read yet.
    pub fn black_first(&mut self) {
        if !self.at_start() || self.tree.start.turn() == crate::color::Color::Black {
            return;
        }
        let mut setup = self.tree.start.to_setup();
        setup.turn = crate::color::Color::Black;
        if let Ok(pos) = Position::from_setup(&setup) {
            self.tree.start = pos.clone();
            self.line.positions = vec![pos];
        }
    }

    pub fn finish(self) -> (GameTree, Vec<MoveFault>) {
        (self.tree, self.faults)
    }
}

/// The position of a placement that a record gives without a side to move: the side of the
/// piece its first move moves (`mover`), else Red, or Black when only that is legal. The
/// error is Red's (or the mover's).
pub(crate) fn placed(
    board: crate::board::Board,
    mover: Option<crate::color::Color>,
) -> Result<Position, crate::position::PositionError> {
    use crate::color::Color;
    let setup = |turn| crate::fen::Setup {
        board: board.clone(),
        turn,
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(&setup(mover.unwrap_or(Color::Red))).or_else(|e| match mover {
        None => Position::from_setup(&setup(Color::Black)).map_err(|_| e),
        Some(_) => Err(e),
    })
}
