//! The puzzle page's state: the set once fetched, the person's practice record, the theme
//! chosen, and the puzzle being solved; and how each action changes them. Randomness and the
//! set, fetched and read, come in with the actions, so the reducer stays pure (and short: the
//! page reads the set in a task of its own before it dispatches it).

use super::progress::Progress;
use super::set::{Filter, Set};
use super::solving::{Phase, Result, Solving};
use crate::model::action::{Action as BoardAction, Step};
use std::rc::Rc;
use xiangqi::records::puzzle::Listing;
use xiangqi::{Color, Move, Square};
use yew::Reducible;

/// Every change the puzzle page can make.
#[derive(Clone, Debug, PartialEq)]
// Actions come from clicks and timers, a few a second: a large variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Action {
    /// The set arrived and was read (or could not be fetched or read); open puzzle `asked`
    /// if there is one, else one near the rating, drawn with `random`.
    Loaded {
        /// The set ([`Set::read`]), or why there is none.
        set: std::result::Result<Rc<Set>, String>,
        /// The puzzle the address names.
        asked: Option<u32>,
        /// In 0..1.
        random: f64,
    },
    /// A point clicked, a piece dropped, the keyboard cursor moved.
    Board(BoardAction),
    /// The opponent's reply (or the solution's next move) is due.
    Step,
    /// The wrong move has been seen: take it back.
    TakeBack,
    /// A hint.
    Hint,
    /// Show the solution.
    Solution,
    /// The same puzzle again.
    Retry,
    /// Another puzzle (drawn with the number in 0..1).
    Next(f64),
    /// Choose a theme, and a puzzle of it (drawn with the number in 0..1).
    Filter(Filter, f64),
}

/// The puzzle page's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    /// The set, once fetched and read.
    pub set: Option<Rc<Set>>,
    /// Why the set could not be had.
    pub error: Option<String>,
    /// The person's practice record.
    pub progress: Progress,
    /// The theme chosen.
    pub filter: Filter,
    /// The puzzle being solved.
    pub solving: Option<Solving>,
    /// A puzzle the address named that the set lacks.
    pub missing: Option<u32>,
    /// The keyboard cursor.
    pub cursor: Square,
}

impl Trainer {
    /// The page before the set arrives, with the person's `progress`.
    pub fn new(progress: Progress) -> Trainer {
        Trainer {
            set: None,
            error: None,
            filter: Filter::from_key(&progress.theme),
            progress,
            solving: None,
            missing: None,
            cursor: Square::new(4, 0).expect("e0 is on the board"),
        }
    }

    /// The solver's side, drawn at the bottom.
    pub fn orientation(&self) -> Color {
        self.solving
            .as_ref()
            .map_or(Color::Red, |s| s.puzzle.position.turn())
    }

    fn next(&mut self, random: f64) {
        let Some(set) = &self.set else { return };
        let recent: Vec<u32> = self.progress.recent().collect();
        let current = self.solving.as_ref().map(|s| s.puzzle.id);
        let rating = self.progress.rating.rating;
        if let Some(e) = set
            .pick(rating, self.filter, &recent, current, random)
            .cloned()
        {
            self.open(&e);
        }
    }

    fn open(&mut self, listing: &Listing) {
        match listing.puzzle() {
            Ok(p) => {
                self.cursor = p.position.general(p.position.turn());
                self.solving = Some(Solving::new(Rc::new(p)));
            }
            Err(e) => self.error = Some(format!("puzzle {}: {e}", listing.id)),
        }
    }

    fn board(&mut self, a: BoardAction) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        let play = |s: &mut Solving, m: Move| {
            if s.dests.allows(m) {
                s.play(m);
            }
        };
        match a {
            BoardAction::Click(sq) => {
                self.cursor = sq;
                match s.selected {
                    Some(from) if s.dests.allows(Move::new(from, sq)) => {
                        play(s, Move::new(from, sq))
                    }
                    Some(from) if from == sq => s.selected = None,
                    _ if s.dests.movable(sq) => s.selected = Some(sq),
                    _ => s.selected = None,
                }
            }
            BoardAction::Drop { from, to } => match to {
                Some(to) if s.dests.allows(Move::new(from, to)) => play(s, Move::new(from, to)),
                _ => s.selected = None,
            },
            BoardAction::Deselect => s.selected = None,
            BoardAction::Cursor(step) => {
                let (df, dr): (i8, i8) = match step {
                    Step::Up => (0, 1),
                    Step::Down => (0, -1),
                    Step::Left => (-1, 0),
                    Step::Right => (1, 0),
                };
                let flip = if s.puzzle.position.turn() == Color::Red {
                    1
                } else {
                    -1
                };
                if let Some(sq) = self.cursor.offset(df * flip, dr * flip) {
                    self.cursor = sq;
                }
            }
            _ => {}
        }
    }

    /// Applies `action`, and counts the puzzle in the record the moment its result is known.
    pub fn apply(&mut self, action: Action) {
        let known = self.solving.as_ref().and_then(|s| s.result);
        let id = self.solving.as_ref().map(|s| s.puzzle.id);
        match action {
            Action::Loaded { set, asked, random } => match set {
                Ok(set) => {
                    let asked_puzzle = asked.and_then(|id| set.get(id)).cloned();
                    self.missing = asked.filter(|_| asked_puzzle.is_none());
                    self.set = Some(set);
                    match asked_puzzle {
                        Some(e) => self.open(&e),
                        None => self.next(random),
                    }
                }
                Err(e) => self.error = Some(e),
            },
            Action::Board(a) => self.board(a),
            Action::Step | Action::TakeBack | Action::Hint | Action::Solution | Action::Retry => {
                if let Some(s) = self.solving.as_mut() {
                    match action {
                        Action::Step => s.step(),
                        Action::TakeBack => s.take_back(),
                        Action::Hint => s.ask_hint(),
                        Action::Solution => s.show_solution(),
                        _ => *s = s.retry(),
                    }
                }
            }
            Action::Next(random) => {
                self.missing = None;
                self.next(random);
            }
            Action::Filter(f, random) => {
                self.filter = f;
                self.progress.theme = f.key();
                self.missing = None;
                self.next(random);
            }
        }
        if let Some(s) = &self.solving {
            if known.is_none() && Some(s.puzzle.id) == id {
                if let Some(r) = s.result {
                    self.progress
                        .record(s.puzzle.id, s.puzzle.rating, r == Result::Solved);
                }
            }
        }
    }

    /// What the page's timers wait for: a reply or the next move shown, or a wrong move to take
    /// back.
    pub fn due(&self) -> Option<Action> {
        match self.solving.as_ref()?.phase {
            Phase::Reply | Phase::Showing => Some(Action::Step),
            Phase::Wrong(_) => Some(Action::TakeBack),
            Phase::Yours | Phase::Solved => None,
        }
    }
}

impl Reducible for Trainer {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.apply(action);
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    const SET: &str = "# two puzzles\n\
        5;3k5/9/5a3/9/5R3/9/9/2r6/4Ap3/4KA3 b;c2c0 e1d0 c0d0;mate2;800\n\
        6;3k5/9/5a3/9/5R3/9/9/2r6/4Ap3/4KA3 b;c2c0 e1d0 c0d0;mate2;1900\n";

    /// The set in `text`, as the page reads it before dispatching it.
    fn read(text: &str) -> std::result::Result<Rc<Set>, String> {
        Set::read(text).map(Rc::new).map_err(|e| e.to_string())
    }

    fn loaded(asked: Option<u32>) -> Trainer {
        let mut t = Trainer::new(Progress::default());
        t.apply(Action::Loaded {
            set: read(SET),
            asked,
            random: 0.0,
        });
        t
    }

    fn click(t: &mut Trainer, m: &str) {
        let m = parse_uci(m).unwrap();
        t.apply(Action::Board(BoardAction::Click(m.from())));
        t.apply(Action::Board(BoardAction::Click(m.to())));
    }

    #[test]
    fn solving_a_puzzle_raises_the_rating_once() {
        let mut t = loaded(Some(5));
        assert_eq!(t.orientation(), Color::Black);
        click(&mut t, "c2c0");
        assert_eq!(t.due(), Some(Action::Step));
        t.apply(Action::Step);
        click(&mut t, "c0d0");
        let s = t.solving.as_ref().unwrap();
        assert_eq!(s.result, Some(Result::Solved));
        assert!(t.progress.rating.rating > 1500.0);
        assert_eq!(t.progress.streak, 1);
        assert_eq!(t.progress.history.len(), 1);
        // Trying it again counts nothing more.
        t.apply(Action::Retry);
        click(&mut t, "c2c1");
        assert_eq!(t.progress.history.len(), 1);
        // The next one is the other puzzle.
        t.apply(Action::Next(0.0));
        assert_eq!(t.solving.as_ref().unwrap().puzzle.id, 6);
    }

    #[test]
    fn a_wrong_move_lowers_it_and_is_taken_back() {
        let mut t = loaded(Some(6));
        click(&mut t, "c2c1");
        assert!(t.progress.rating.rating < 1500.0);
        assert_eq!(t.due(), Some(Action::TakeBack));
        t.apply(Action::TakeBack);
        assert_eq!(t.due(), None);
    }

    #[test]
    fn an_unknown_puzzle_or_a_bad_set_says_so() {
        let t = loaded(Some(99));
        assert_eq!(t.missing, Some(99));
        assert!(t.solving.is_some(), "another puzzle opens instead");
        let mut t = Trainer::new(Progress::default());
        t.apply(Action::Loaded {
            set: read("1;nonsense;x;fork"),
            asked: None,
            random: 0.0,
        });
        assert!(
            t.error.as_ref().unwrap().contains("line 1"),
            "{:?}",
            t.error
        );
        assert!(t.solving.is_none());
    }
}
