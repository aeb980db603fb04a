//! The game and its history: the moves played from a start position, the moves undo took
//! back (which redo plays again), browsing to an earlier position, and the new line a person
//! starts from there once they agree to drop the rest.
//!
//! Comments (from an imported record or a link) belong to the line they were written for: each
//! shows while the game follows that line up to its ply, so undo and redo keep them, and a new
//! line hides those past the point where it leaves the old one.
//!
//! The game is shared behind an `Rc` and copied only when a move changes it, so the many
//! actions that leave it alone (progress reports, clicks, settings) cost nothing here. Every
//! change bumps [`History::revision`]; a new game also gets a new [`History::id`], which the
//! search worker uses to keep what it learned within one game.

use super::opening::Opening;
use super::read_errors::SavedGameError;
use super::shared::SharedGame;
use std::rc::Rc;
use xiangqi::records::Comment;
use xiangqi::{Color, Game, Move, Position};

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
    /// Show the position after this many plies (`None`: the current one).
    Show(Option<usize>),
    /// Step this many plies back (negative) or forward while browsing.
    Step(i32),
    /// Answer the question about dropping the rest of the game for a new line.
    ConfirmBranch(bool),
    /// Load the position of a FEN typed or pasted in; a bad one only gives a notice.
    LoadFen(String),
    /// Replace the game with an imported one, with two players (the computer adds no move
    /// to a record).
    Load {
        /// The start position.
        start: Position,
        /// The moves, legal from it.
        moves: Vec<Move>,
        /// The record's comments, by the ply after which each stands.
        comments: Vec<Comment>,
    },
    /// Put back on the board a game from the list of recent games, as read from its saved
    /// text (`records::saved::game::read_opening`), with its players, level, orientation,
    /// clocks, comments and review; the page keeps its language, sound, notation and pieces.
    /// A text that cannot be read is said in a notice.
    Reopen(Result<Opening, SavedGameError>),
}

/// Comments and the line of moves they were written for.
#[derive(Clone, Debug, Default, PartialEq)]
struct Notes {
    /// The line.
    line: Vec<Move>,
    /// The comments, in order of their ply.
    comments: Vec<Comment>,
}

/// A move played from an earlier position, waiting for the person to agree to drop the rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Branch {
    /// The ply it is played at.
    pub ply: usize,
    /// The move.
    pub m: Move,
}

/// What became of a move a person played in the shown position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// It was played at the end of the game.
    Played,
    /// It is the game's next move from the position browsed to: the view moved on one ply.
    Followed,
    /// It starts a new line: the person is asked before the rest of the game is dropped.
    Asked,
    /// It could not be played.
    Refused,
}

/// The game, the moves to redo, and what is shown of it.
#[derive(Clone, Debug)]
pub struct History {
    /// The game from its start position.
    game: Rc<Game>,
    /// Moves taken back, the most recent last; redo plays them again.
    redo: Vec<Move>,
    /// The ply whose position is shown while browsing back; `None` shows the current one.
    browsing: Option<usize>,
    /// A new line waiting for confirmation.
    branch: Option<Branch>,
    /// Which game this is; changes whenever the game is replaced.
    id: u64,
    /// Changes with every change of the moves or the comments.
    revision: u64,
    /// The comments and the line they belong to.
    notes: Rc<Notes>,
}

impl History {
    /// The history of `game`, with nothing to redo, showing its current position.
    pub fn new(game: Game) -> History {
        History {
            game: Rc::new(game),
            redo: Vec::new(),
            browsing: None,
            branch: None,
            id: 1,
            revision: 1,
            notes: Rc::default(),
        }
    }

    /// Gives the game's moves as they are now these comments (in order of their ply), in
    /// place of any it had.
    pub fn annotate(&mut self, comments: Vec<Comment>) {
        self.notes = Rc::new(Notes {
            line: self.game.moves(),
            comments,
        });
        self.revision += 1;
    }

    /// The comments that stand on the game as it is now: those of the line they were written
    /// for up to where the game leaves it, in order of their ply.
    pub fn comments(&self) -> Vec<Comment> {
        if self.notes.comments.is_empty() {
            return Vec::new();
        }
        let moves = self.game.moves();
        let common = moves
            .iter()
            .zip(&self.notes.line)
            .take_while(|(a, b)| a == b)
            .count();
        self.notes
            .comments
            .iter()
            .filter(|c| c.ply <= common)
            .cloned()
            .collect()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, shared.
    pub fn shared(&self) -> SharedGame {
        SharedGame::new(self.game.clone(), Rc::new(self.comments()), self.revision)
    }

    /// Which game this is, for the worker: it changes whenever the game is replaced.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// A number that changes with every change of the moves.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// True if redo has a move to play again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The moves redo would play, the next one last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// The ply shown while browsing back, if not the current one.
    pub fn browsing(&self) -> Option<usize> {
        self.browsing
    }

    /// The new line waiting for an answer, if any.
    pub fn branch(&self) -> Option<Branch> {
        self.branch
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

    /// Replaces the game: nothing to redo, no comments, its current position shown, a new id.
    pub fn replace(&mut self, game: Game) {
        self.game = Rc::new(game);
        self.notes = Rc::default();
        self.redo.clear();
        self.browsing = None;
        self.branch = None;
        self.id += 1;
        self.revision += 1;
    }

    /// Plays `m` at the end of the game if it is legal there. Playing the move redo would
    /// play keeps the rest of the redo line; any other move clears it.
    pub fn play(&mut self, m: Move) -> bool {
        if self.game.outcome().is_some() || !self.game.position().is_legal(m) {
            return false;
        }
        if Rc::make_mut(&mut self.game).play(m).is_err() {
            return false;
        }
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.revision += 1;
        true
    }

    /// A person plays `m`, legal in the shown position: at the end of the game it is played;
    /// from an earlier position it follows the game if it is the next move, else it waits for
    /// [`History::confirm`].
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
            Played::Followed
        } else {
            self.branch = Some(Branch { ply: n, m });
            Played::Asked
        }
    }

    /// Answers the question about a new line: yes drops the moves after its ply and plays it
    /// (returning it), no keeps the game.
    pub fn confirm(&mut self, yes: bool) -> Option<Move> {
        let branch = self.branch.take()?;
        if !yes {
            return None;
        }
        let game = Rc::make_mut(&mut self.game);
        while game.len() > branch.ply {
            game.undo();
        }
        self.redo.clear();
        self.browsing = None;
        self.revision += 1;
        self.play(branch.m).then_some(branch.m)
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
    /// person's side) the person's last move and what followed. False if nothing was taken
    /// back.
    pub fn undo(&mut self, person: Option<Color>) -> bool {
        self.browsing = None;
        self.branch = None;
        let Some(n) = self.undo_count(person) else {
            return false;
        };
        let game = Rc::make_mut(&mut self.game);
        for _ in 0..n {
            if let Some(m) = game.undo() {
                self.redo.push(m);
            }
        }
        self.revision += 1;
        true
    }

    /// Stops browsing and plays again the last move taken back, and against the computer
    /// (`person` is the person's side) the reply too when the move was the person's. False if
    /// nothing was played.
    pub fn redo(&mut self, person: Option<Color>) -> bool {
        self.browsing = None;
        self.branch = None;
        let Some(&m) = self.redo.last() else {
            return false;
        };
        let mover = self.game.position().turn();
        if !self.game.position().is_legal(m) || self.game.outcome().is_some() {
            self.redo.clear();
            return false;
        }
        let game = Rc::make_mut(&mut self.game);
        let _ = game.play(m);
        self.redo.pop();
        if person == Some(mover) {
            if let Some(&reply) = self.redo.last() {
                if game.play(reply).is_ok() {
                    self.redo.pop();
                }
            }
        }
        self.revision += 1;
        true
    }

    /// Shows the position after `n` plies (`None`, or the game's length: the current one).
    pub fn show(&mut self, n: Option<usize>) {
        self.branch = None;
        self.browsing = n.filter(|&n| n < self.game.len());
    }

    /// Shows the position `by` plies later (earlier if negative), within the game.
    pub fn step(&mut self, by: i32) {
        let n = self.shown_ply() as i64 + i64::from(by);
        self.show(Some(n.clamp(0, self.game.len() as i64) as usize));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn mv(text: &str) -> Move {
        parse_uci(text).unwrap()
    }

    fn played(moves: &[&str]) -> History {
        let mut h = History::new(Game::new());
        for m in moves {
            assert!(h.play(mv(m)), "{m}");
        }
        h
    }

    #[test]
    fn against_the_computer_undo_takes_back_the_persons_move_and_the_reply() {
        let mut h = played(&["h2e2", "h9g7", "h0g2"]);
        assert!(h.undo(Some(Color::Red)));
        assert_eq!(h.game().moves(), vec![mv("h2e2"), mv("h9g7")]);
        assert!(h.undo(Some(Color::Red)));
        assert!(h.game().is_empty());
        assert!(!h.undo(Some(Color::Red)), "nothing left to take back");
        assert!(h.redo(Some(Color::Red)));
        assert_eq!(h.game().moves(), vec![mv("h2e2"), mv("h9g7")]);
        assert!(h.redo(Some(Color::Red)));
        assert_eq!(h.game().len(), 3);
        assert!(!h.can_redo());
    }

    #[test]
    fn playing_the_move_redo_would_play_keeps_the_redo_line() {
        let mut h = played(&["h2e2", "h9g7", "h0g2"]);
        h.undo(None);
        h.undo(None);
        assert!(h.play(mv("h9g7")));
        assert_eq!(h.redo_moves(), &[mv("h0g2")]);
        assert!(h.play(mv("b0c2")));
        assert!(!h.can_redo(), "another move drops it");
    }

    #[test]
    fn comments_stand_while_the_game_follows_their_line() {
        let note = |ply: usize, text: &str| Comment {
            ply,
            text: text.into(),
        };
        let mut h = played(&["h2e2", "h9g7", "h0g2"]);
        h.annotate(vec![
            note(0, "start"),
            note(1, "central cannon"),
            note(3, "horse"),
        ]);
        let texts = |h: &History| h.comments().iter().map(|c| c.ply).collect::<Vec<_>>();
        assert_eq!(texts(&h), [0, 1, 3]);
        assert_eq!(h.shared().comments().len(), 3, "the records get them");
        h.undo(None);
        assert_eq!(texts(&h), [0, 1], "not the taken-back move's");
        h.redo(None);
        assert_eq!(texts(&h), [0, 1, 3], "redo brings it back");
        h.undo(None);
        assert!(h.play(mv("b0c2")));
        assert_eq!(texts(&h), [0, 1], "a new line hides it");
        h.undo(None);
        h.undo(None);
        assert!(h.play(mv("h9g7")) && h.play(mv("h0g2")));
        assert_eq!(texts(&h), [0, 1, 3], "back on the line, it shows again");
        h.replace(Game::new());
        assert!(h.comments().is_empty(), "a new game has none");
    }

    #[test]
    fn a_new_game_gets_a_new_id_and_every_change_a_new_revision() {
        let mut h = played(&["h2e2"]);
        let (id, rev) = (h.id(), h.revision());
        h.undo(None);
        assert_eq!(h.id(), id, "the same game");
        assert_ne!(h.revision(), rev);
        h.replace(Game::new());
        assert_ne!(h.id(), id);
        let rev = h.revision();
        assert!(!h.play(mv("h2h8")), "an illegal move changes nothing");
        assert_eq!(h.revision(), rev);
    }

    #[test]
    fn browsing_follows_the_game_or_asks_before_a_new_line() {
        let mut h = played(&["h2e2", "h9g7", "h0g2", "i9h9"]);
        h.step(-2);
        assert_eq!(
            (h.browsing(), h.shown_last_move()),
            (Some(2), Some(mv("h9g7")))
        );
        assert_eq!(h.person_play(mv("h0g2")), Played::Followed);
        assert_eq!(h.browsing(), Some(3));
        assert_eq!(h.person_play(mv("b9c7")), Played::Asked);
        assert_eq!(h.confirm(false), None);
        assert_eq!(h.game().len(), 4);
        h.person_play(mv("b9c7"));
        assert_eq!(h.confirm(true), Some(mv("b9c7")));
        assert_eq!(
            h.game().moves(),
            vec![mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("b9c7")]
        );
        assert_eq!(h.browsing(), None);
        h.step(1);
        assert_eq!(h.browsing(), None, "already at the end");
    }
}
