//! One puzzle being solved: the position, how far along the solution the solver is, and what
//! a move of theirs does. The opponent's replies come from the solution; a wrong move is shown
//! and then taken back. Pure: the page's timers say when a reply or a take-back is due.

use crate::model::Dests;
use std::rc::Rc;
use xiangqi::records::puzzle::Puzzle;
use xiangqi::{Move, Position, Square};

/// Where the solving stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The solver's move.
    Yours,
    /// The solver's move was right: the opponent's reply comes next.
    Reply,
    /// This move was wrong: it is on the board and will be taken back.
    Wrong(Move),
    /// The whole solution is played.
    Solved,
    /// The solution is being shown, a move at a time.
    Showing,
}

/// What became of the puzzle, once known: the first that happens counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// Solved without a mistake, a hint or the solution.
    Solved,
    /// A wrong move, a hint or the solution came first.
    Failed,
}

/// One puzzle being solved.
#[derive(Clone, Debug, PartialEq)]
pub struct Solving {
    /// The puzzle.
    pub puzzle: Rc<Puzzle>,
    /// The position on the board.
    pub position: Position,
    /// Moves of the solution played.
    pub ply: usize,
    /// Where the solving stands.
    pub phase: Phase,
    /// What became of it, once known.
    pub result: Option<Result>,
    /// How much help was asked: 1 the piece to move, 2 the move.
    pub hint: u8,
    /// The picked-up piece.
    pub selected: Option<Square>,
    /// The last move on the board.
    pub last: Option<Move>,
    /// What the solver may move now, and where.
    pub dests: Rc<Dests>,
}

impl Solving {
    /// `puzzle` from its start.
    pub fn new(puzzle: Rc<Puzzle>) -> Solving {
        let position = puzzle.position.clone();
        let mut s = Solving {
            puzzle,
            position,
            ply: 0,
            phase: Phase::Yours,
            result: None,
            hint: 0,
            selected: None,
            last: None,
            dests: Rc::default(),
        };
        s.derive();
        s
    }

    /// The same puzzle from its start again; what became of it stays.
    pub fn retry(&self) -> Solving {
        Solving {
            result: self.result,
            ..Solving::new(self.puzzle.clone())
        }
    }

    fn derive(&mut self) {
        self.dests = Rc::new(match self.phase {
            Phase::Yours => Dests::of(&self.position),
            _ => Dests::default(),
        });
    }

    fn settle(&mut self, r: Result) {
        self.result.get_or_insert(r);
    }

    /// The solution's next move, if any.
    pub fn expected(&self) -> Option<Move> {
        self.puzzle.line.get(self.ply).copied()
    }

    /// The solver plays `m` (a legal move, or it is ignored). Returns whether it was right.
    pub fn play(&mut self, m: Move) -> bool {
        self.selected = None;
        if self.phase != Phase::Yours || !self.position.is_legal(m) {
            return false;
        }
        let Some(want) = self.expected() else {
            return false;
        };
        let after = self.position.after(m);
        let last = self.ply + 1 == self.puzzle.line.len();
        // On the last move any mate will do.
        let right = m == want
            || (last && !after.has_legal_move() && !self.position.after(want).has_legal_move());
        self.position = after;
        self.last = Some(m);
        if right {
            self.ply += 1;
            self.phase = if last { Phase::Solved } else { Phase::Reply };
            if last {
                self.settle(Result::Solved);
            }
        } else {
            self.phase = Phase::Wrong(m);
            self.settle(Result::Failed);
        }
        self.derive();
        right
    }

    /// The opponent's reply from the solution (when one is due), or the next move of the
    /// solution being shown.
    pub fn step(&mut self) {
        if !matches!(self.phase, Phase::Reply | Phase::Showing) {
            return;
        }
        let Some(m) = self.expected() else { return };
        self.position = self.position.after(m);
        self.last = Some(m);
        self.ply += 1;
        self.hint = 0;
        if self.ply == self.puzzle.line.len() {
            self.phase = Phase::Solved;
        } else if self.phase == Phase::Reply {
            self.phase = Phase::Yours;
        }
        self.derive();
    }

    /// Takes back the wrong move on the board.
    pub fn take_back(&mut self) {
        if let Phase::Wrong(_) = self.phase {
            let mut pos = self.puzzle.position.clone();
            for &m in &self.puzzle.line[..self.ply] {
                pos = pos.after(m);
            }
            self.position = pos;
            self.last = self.ply.checked_sub(1).map(|i| self.puzzle.line[i]);
            self.phase = Phase::Yours;
            self.derive();
        }
    }

    /// One more step of help: the piece to move, then the move. Help counts as a failure.
    pub fn ask_hint(&mut self) {
        if self.phase == Phase::Yours {
            self.hint = (self.hint + 1).min(2);
            self.selected = self.expected().map(|m| m.from());
            self.settle(Result::Failed);
        }
    }

    /// Shows the rest of the solution, from where the solver is.
    pub fn show_solution(&mut self) {
        self.take_back();
        if matches!(self.phase, Phase::Yours | Phase::Reply) {
            self.settle(Result::Failed);
            self.phase = Phase::Showing;
            self.selected = None;
            self.derive();
        }
    }

    /// The hint shown on the board: the piece to move, then the whole move.
    pub fn hint_move(&self) -> Option<Move> {
        self.expected()
            .filter(|_| self.hint >= 2 && self.phase == Phase::Yours)
    }

    /// Whether the solver is done with it (solved, or shown the solution to its end).
    pub fn over(&self) -> bool {
        self.phase == Phase::Solved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::records::puzzle::read_puzzle;

    /// Mate in two: the chariot checks on the back rank, an advisor must block, and the
    /// chariot takes it with mate.
    const MATE2: &str = "5;3k5/9/5a3/9/5R3/9/9/2r6/4Ap3/4KA3 b;c2c0 e1d0 c0d0;mate2;800";

    fn solving(text: &str) -> Solving {
        Solving::new(Rc::new(read_puzzle(text).unwrap()))
    }

    fn mv(t: &str) -> Move {
        parse_uci(t).unwrap()
    }

    #[test]
    fn the_right_moves_solve_it_with_the_replies_from_the_line() {
        let mut s = solving(MATE2);
        assert!(s.dests.movable(mv("c2c0").from()));
        assert!(s.play(mv("c2c0")));
        assert_eq!(s.phase, Phase::Reply);
        assert_eq!(
            s.dests.movable_squares().count(),
            0,
            "nothing moves while the reply is due"
        );
        s.step();
        assert_eq!(s.last, Some(mv("e1d0")));
        assert_eq!(s.phase, Phase::Yours);
        assert!(s.play(mv("c0d0")));
        assert_eq!(s.phase, Phase::Solved);
        assert_eq!(s.result, Some(Result::Solved));
    }

    #[test]
    fn a_wrong_move_fails_it_and_is_taken_back() {
        let mut s = solving(MATE2);
        assert!(!s.play(mv("c2c1")));
        assert_eq!(s.phase, Phase::Wrong(mv("c2c1")));
        assert_eq!(s.result, Some(Result::Failed));
        s.take_back();
        assert_eq!(s.position, s.puzzle.position);
        assert_eq!(s.phase, Phase::Yours);
        // Solving it afterwards does not change what became of it.
        assert!(s.play(mv("c2c0")));
        s.step();
        assert!(s.play(mv("c0d0")));
        assert_eq!(s.result, Some(Result::Failed));
        assert!(s.over());
    }

    #[test]
    fn a_last_move_that_does_not_mate_is_wrong() {
        let mut s = solving(MATE2);
        s.play(mv("c2c0"));
        s.step();
        assert!(!s.play(mv("c0c1")));
        assert_eq!(s.result, Some(Result::Failed));
    }

    #[test]
    fn hints_and_the_solution_count_as_failures() {
        let mut s = solving(MATE2);
        s.ask_hint();
        assert_eq!(s.selected, Some(mv("c2c0").from()));
        assert_eq!(s.hint_move(), None);
        s.ask_hint();
        assert_eq!(s.hint_move(), Some(mv("c2c0")));
        assert_eq!(s.result, Some(Result::Failed));
        let mut s = solving(MATE2);
        s.show_solution();
        while s.phase == Phase::Showing {
            s.step();
        }
        assert!(s.over());
        assert_eq!(s.ply, 3);
        assert_eq!(s.result, Some(Result::Failed));
    }
}
