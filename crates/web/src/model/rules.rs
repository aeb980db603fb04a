//! How each action changes the state: the board's clicks, drops and cursor, and the actions of
//! each part with what they mean for the others (a move cancels the search and the hint, a new
//! game closes the editor, the computer starts thinking when it is its turn).

use super::action::Step;
use super::correspondence;
use super::editor::{self, Editor};
use super::game::{self, Played};
use super::notice::Notice;
use super::opening::Opening;
use super::rated::Rated;
use super::review::{Review, DEEPER_MS, REVIEW_MS};
use super::search::{self, Answer, Purpose};
use super::settings;
use super::state::{kept, State};
use std::rc::Rc;
use xiangqi::{Color, Game, Move, Position, Square};

impl State {
    /// A click on `sq`: in the editor, its tool or its picked-up piece; else pick up, play the
    /// picked-up piece there if it may go there, or put it down.
    pub(super) fn click(&mut self, sq: Square) {
        if let Some(e) = &mut self.editor {
            return e.click(sq);
        }
        self.cursor = sq;
        if let Some(from) = self.selected {
            let m = Move::new(from, sq);
            if from != sq && self.view.dests.allows(m) {
                return self.person_play(m);
            }
        }
        self.selected = match self.selected {
            Some(s) if s == sq => None,
            _ if self.view.dests.movable(sq) => Some(sq),
            _ => None,
        };
    }

    /// A piece dragged from `from` and dropped on `to` (off the board: `None`).
    pub(super) fn drop(&mut self, from: Square, to: Option<Square>) {
        if let Some(e) = &mut self.editor {
            return e.drop(from, to);
        }
        match to.map(|to| Move::new(from, to)) {
            Some(m) if to != Some(from) && self.view.dests.allows(m) => {
                self.person_play(m);
                // The hand already carried the piece there: nothing to slide.
                self.animate = None;
            }
            // An illegal drop returns the piece; it stays picked up for a click.
            _ => self.selected = self.view.dests.movable(from).then_some(from),
        }
    }

    /// A person plays `m` in the shown position.
    fn person_play(&mut self, m: Move) {
        match self.history.person_play(m) {
            Played::Played => self.moved(m),
            // A move from an earlier position takes back the ones after it.
            Played::Branched => {
                self.rated = self.rated.helped();
                self.moved(m);
            }
            Played::Followed => {
                self.selected = None;
                self.animate = Some(m);
            }
            Played::Refused => {}
        }
    }

    /// After `m` was played: the selection, hint and search were for the position before; a
    /// draw offer the mover did not take is declined.
    fn moved(&mut self, m: Move) {
        if let Some(c) = &mut self.corr {
            if c.offer == Some(!self.history.mover(self.history.game().len() - 1)) {
                c.offer = None;
            }
        }
        self.selected = None;
        self.search.moved();
        self.animate = Some(m);
        self.cursor = m.to();
    }

    /// Clears the selection, hint, search and its figures: the position or the players
    /// changed.
    pub(super) fn reset_transient(&mut self) {
        self.selected = None;
        self.search.clear();
    }

    /// Replaces the game, keeping the settings (a game played by link is no longer on the
    /// board).
    fn set_game(&mut self, game: Game) {
        self.history.replace(game);
        self.rated = if self.fresh() {
            Rated::Open
        } else {
            Rated::Off
        };
        self.corr = None;
        self.editor = None;
        self.reset_transient();
        self.animate = None;
    }

    /// Puts a saved game on the board in place of this one: its players, level, orientation
    /// and time control, its comments, review and clocks.
    fn reopen(&mut self, o: Opening) {
        let s = o.settings;
        for a in [
            settings::Action::SetMode(s.mode()),
            settings::Action::SetSide(s.human()),
            settings::Action::SetLevel(s.level()),
            settings::Action::Orient(s.orientation()),
            settings::Action::SetTimeControl(s.time_control()),
        ] {
            self.settings.apply(a);
        }
        self.set_game(o.game);
        if let Some(tree) = o.tree {
            let moves = self.game().moves();
            self.history.set_tree(tree, Some(&moves));
        }
        if !o.comments.is_empty() {
            self.history.annotate(o.comments);
        }
        let (review, clock) = kept(&self.history, &self.settings, o.review, o.clock);
        if let Some(r) = review {
            self.search.keep_review(r);
        }
        self.clock = clock;
        self.corr = o.corr;
        self.rated = o.rated;
        self.notice = None;
    }

    /// Starts a game from `pos`, the person playing its side to move.
    fn start_from(&mut self, pos: Position) {
        self.settings.apply(settings::Action::SetSide(pos.turn()));
        self.set_game(Game::from_position(pos));
    }

    /// After undo or redo changed the game: animate what redo played, put the cursor on the
    /// last move.
    fn rewound(&mut self, animate: bool) {
        self.reset_transient();
        let last = self.game().moves().last().copied();
        self.animate = last.filter(|_| animate);
        if let Some(m) = last {
            self.cursor = m.to();
        }
    }

    /// A change of the game: undo and redo take the person's move and the reply together
    /// against the computer; a new or loaded game drops the search and closes the editor.
    pub(super) fn game_action(&mut self, action: game::Action) {
        let person = self.settings.person_side();
        // A move sent by link is not taken back.
        if self.corr.is_some() && matches!(action, game::Action::Undo | game::Action::Redo) {
            return;
        }
        match action {
            game::Action::Undo => {
                if self.history.undo(person) {
                    self.rated = self.rated.helped();
                    self.rewound(false);
                }
            }
            game::Action::Redo => {
                if self.history.redo(person) {
                    self.rated = self.rated.helped();
                    self.rewound(true);
                }
            }
            game::Action::New => {
                let start = self.game().start_position().clone();
                self.set_game(Game::from_position(start));
            }
            game::Action::Show(n) => {
                self.history.show(n);
                self.selected = None;
                self.animate = None;
            }
            game::Action::Step(by) => {
                self.history.step(by);
                self.selected = None;
                self.animate = None;
            }
            game::Action::GoTo(path) => {
                if self.history.go_to(&path) {
                    self.reset_transient();
                    self.animate = None;
                }
            }
            game::Action::Promote(path) => {
                self.history.promote(&path);
            }
            game::Action::Delete(path) => {
                if self.history.delete(&path) {
                    self.reset_transient();
                    self.animate = None;
                }
            }
            game::Action::LoadFen(text) => match Position::from_fen(text.trim()) {
                Ok(pos) => {
                    let warnings = pos.to_setup().warnings();
                    self.start_from(pos);
                    self.notice = (!warnings.is_empty()).then_some(Notice::Composed(warnings));
                }
                Err(e) => self.notice = Some(Notice::BadFen(e)),
            },
            game::Action::Load(tree) => {
                // A record opens as it is: two players, so the computer adds no move.
                self.settings
                    .apply(settings::Action::SetMode(settings::Mode::TwoPlayers));
                self.set_game(Game::from_position(tree.start.clone()));
                self.history.replace_tree(Rc::unwrap_or_clone(tree));
                self.notice = Some(Notice::Imported(self.game().len()));
            }
            game::Action::Reopen(read) => match read {
                Ok(opening) => self.reopen(opening),
                Err(e) => self.notice = Some(Notice::SavedUnreadable(e)),
            },
        }
    }

    /// A request to the engine or its answer: a hint only when a person is to move and no
    /// search runs; an answer is played or shown once checked against the position.
    pub(super) fn search_action(&mut self, action: search::Action, now: u64) {
        let (id, level) = (self.history.id(), self.settings.level());
        match action {
            search::Action::Hint => {
                if self.person_to_move() && self.search.purpose().is_none() {
                    self.rated = self.rated.helped();
                    self.search
                        .start(Purpose::Hint, id, self.history.game(), level, None);
                }
            }
            search::Action::Review { deeper } => {
                // The review judges the main line, whichever line is on the board.
                let budget = if deeper { DEEPER_MS } else { REVIEW_MS };
                let main = self.history.main_game();
                let review = Review::new(self.history.main_key(), &main, budget);
                self.search.start_review(review);
            }
            search::Action::CancelReview => self.search.stop_review(),
            search::Action::Analyse => {
                if !self.over() {
                    self.rated = self.rated.helped();
                }
                self.search.set_analysing(!self.search.analysing());
                self.selected = None;
            }
            search::Action::MoveNow => {
                if self.search.purpose() == Some(Purpose::Analyse) {
                    return; // an analysis has no move to play
                }
                if let Some(answer) = self.search.move_now() {
                    self.answer(answer);
                }
            }
            search::Action::Reply(reply) => {
                if let Some(answer) = self.search.reply(reply) {
                    self.answer(answer);
                }
            }
            search::Action::WorkerRestarted(reason) => {
                self.notice = Some(Notice::WorkerRestarted(reason));
                // Ask the new worker again, under a new id.
                let clock = self.clock_for_search(now);
                self.search.restart(id, self.history.game(), level, clock);
            }
        }
    }

    /// Acts on a search's answer: plays the computer's move, or shows the hint.
    fn answer(&mut self, answer: Answer) {
        match answer {
            Answer::Move(_, m) if !self.position().is_legal(m) => {
                self.notice = Some(Notice::EngineIllegal(m));
            }
            Answer::Move(Purpose::Play, m) => {
                if self.history.play(m) {
                    self.moved(m);
                }
            }
            Answer::Move(Purpose::Hint, m) => self.search.set_hint(m),
            // The lines stay on show; the analysis is over (a mate proven, or the deepest).
            Answer::Move(Purpose::Analyse, _) => {}
            // A review's answers are taken in by the review itself.
            Answer::Move(Purpose::Review, _) => {}
            Answer::Failed(notice) => self.notice = Some(notice),
        }
    }

    /// The editor opens on the position shown, closes, or starts
    /// a game from its placement; its other actions stay inside it.
    pub(super) fn edit_action(&mut self, action: editor::Action) {
        match action {
            editor::Action::Open => {
                self.editor = Some(Editor::new(&self.view.position));
                self.reset_transient();
            }
            editor::Action::Cancel => self.editor = None,
            editor::Action::Play(mode) => {
                if let Some(Ok(pos)) = self.editor.as_ref().map(Editor::check) {
                    self.settings.apply(settings::Action::SetMode(mode));
                    self.start_from(pos);
                }
            }
            other => {
                if let Some(e) = &mut self.editor {
                    e.apply(other);
                }
            }
        }
    }

    /// Starts the computer's search when it is its turn (planning on the clocks at `now`), and
    /// cancels a search that no longer fits the position.
    pub(super) fn schedule(&mut self, now: u64) {
        if self.editor.is_some() {
            self.search.cancel();
            self.selected = None;
            return;
        }
        if self.schedule_review() {
            return;
        }
        if self.search.analysing() {
            return self.schedule_analysis();
        }
        if self.over() {
            self.search.cancel();
            self.selected = None;
            return;
        }
        let computer = self.computer_to_move();
        match self.search.purpose() {
            Some(Purpose::Play) if !computer => self.search.cancel(),
            Some(Purpose::Hint) if computer => self.search.cancel(),
            Some(Purpose::Analyse) => self.search.cancel(),
            _ => {}
        }
        if computer && self.search.purpose().is_none() {
            let (id, level) = (self.history.id(), self.settings.level());
            let clock = self.clock_for_search(now);
            self.search
                .start(Purpose::Play, id, self.history.game(), level, clock);
        }
    }

    /// The game clock the computer plans its time on at `now`, in a timed game.
    fn clock_for_search(&self, now: u64) -> Option<xiangqi_ai::GameClock> {
        let clock = self.clock.as_ref()?;
        Some(clock.for_search(now))
    }

    /// Keeps the review in step: dropped once the game it reviewed has changed, ended once
    /// every position is evaluated, else searching its next position (before any other
    /// search). True while it searches.
    fn schedule_review(&mut self) -> bool {
        let id = self.history.main_key();
        let Some(review) = self.search.review() else {
            return false;
        };
        if !review.is_of(id) {
            self.search.drop_review();
            return false;
        }
        if !self.search.reviewing() {
            return false;
        }
        let Some(ply) = review.next() else {
            self.search.stop_review();
            return false;
        };
        let budget = review.budget_ms();
        match self.search.purpose() {
            Some(Purpose::Review) => return true,
            Some(_) => self.search.cancel(),
            None => {}
        }
        let moves = self.history.main_moves()[..ply].to_vec();
        let start = self.history.tree().start.to_setup();
        self.search.start_review_search(id.0, start, moves, budget);
        true
    }

    /// With the analysis board on: analyses the position shown, unless it ends the game or a
    /// hint is being found; a new position starts a new analysis at once.
    fn schedule_analysis(&mut self) {
        let ply = self.history.shown_ply();
        let game = self.history.game();
        if ply == game.len() && game.outcome().is_some() {
            self.search.cancel();
            return;
        }
        match self.search.purpose() {
            Some(Purpose::Hint) => return,
            Some(Purpose::Play) => self.search.cancel(),
            _ => {}
        }
        let moves = &game.moves()[..ply];
        let id = self.history.id();
        if !self.search.analyses(id, moves) {
            let start = game.start_position().to_setup();
            self.search.start_analysis(id, start, moves.to_vec());
        }
    }

    /// Moves the keyboard cursor one point in a screen direction.
    pub(super) fn step_cursor(&mut self, step: Step) {
        // Screen directions become board directions through the orientation.
        let (df, dr): (i8, i8) = match step {
            Step::Up => (0, 1),
            Step::Down => (0, -1),
            Step::Left => (-1, 0),
            Step::Right => (1, 0),
        };
        let (df, dr) = match self.settings.orientation() {
            Color::Red => (df, dr),
            Color::Black => (-df, -dr),
        };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// Starts a game played by link, or resigns, offers or accepts a draw in the one on the
    /// board (only on this device's turn to act: a resignation any time the game goes on).
    pub(super) fn corr_action(&mut self, action: correspondence::Action) {
        use correspondence::{Action as A, Correspondence, Ended};
        if let A::Start { id, mine, days } = action {
            self.settings
                .apply(settings::Action::SetMode(settings::Mode::TwoPlayers));
            self.settings.apply(settings::Action::Orient(mine));
            self.set_game(Game::new());
            self.rated = Rated::Off;
            self.corr = Some(Correspondence {
                id,
                mine,
                days,
                offer: None,
                ended: None,
            });
            return;
        }
        if self.over() {
            return;
        }
        let Some(c) = &mut self.corr else { return };
        match action {
            A::Resign => c.ended = Some(Ended::Resigned(c.mine)),
            A::OfferDraw => c.offer = Some(c.mine),
            A::AcceptDraw if c.offer == Some(!c.mine) => {
                c.ended = Some(Ended::DrawAgreed);
                c.offer = None;
            }
            _ => {}
        }
        self.reset_transient();
    }
}
