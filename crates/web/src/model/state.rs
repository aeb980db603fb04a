//! The state: every part of the page's model, and how an action changes it. Fields are seen
//! only inside the model: the state changes only through [`State::apply`], which ends by
//! following the clocks, starting or cancelling the computer's search, and deriving the
//! [`View`] and the review's [`Marks`] again if anything they show changed. How each action
//! changes the parts is in `rules.rs`.

use super::action::{Action, Timed};
use super::clock::{Clock, Flag, SavedClock};
use super::correspondence::{Correspondence, Ended};
use super::editor::Editor;
use super::game::History;
use super::marks::Marks;
use super::notice::Notice;
use super::opening::Opening;
use super::rated::Rated;
use super::review::{Eval, Review};
use super::search::{Purpose, Search};
use super::settings::{self, Settings};
use super::view::View;
use std::rc::Rc;
use xiangqi::{Color, Game, Move, Position, Square, START_FEN};
use yew::Reducible;

/// Everything the page shows. The UI is a function of this.
#[derive(Clone, Debug)]
pub struct State {
    /// The game, what undo took back, and the position shown.
    pub(super) history: History,
    /// Who plays, the level, the orientation, the notation, the language and the sound.
    pub(super) settings: Settings,
    /// The search the page wants, and the hint.
    pub(super) search: Search,
    /// The board editor, while it is open.
    pub(super) editor: Option<Editor>,
    /// The point whose piece is picked up.
    pub(super) selected: Option<Square>,
    /// The keyboard cursor.
    pub(super) cursor: Square,
    /// The move to animate: set when a move is played, cleared when moves are taken back.
    pub(super) animate: Option<Move>,
    /// Something the person should know that is not part of the game.
    pub(super) notice: Option<Notice>,
    /// The clocks, in a timed game.
    pub(super) clock: Option<Clock>,
    /// The game's part as a game played by link, if it is one.
    pub(super) corr: Option<Correspondence>,
    /// What the board and lists show, derived once per change.
    pub(super) view: Rc<View>,
    /// What the review found about each move, derived once per change.
    pub(super) marks: Rc<Marks>,
    /// Whether the game counts toward the person's rating against the computer.
    pub(super) rated: Rated,
}

impl Default for State {
    /// A new game against the computer, in English.
    fn default() -> Self {
        State::new(Opening::default())
    }
}

impl State {
    /// The state that opens `opening`: its game at its current position, its settings, its
    /// notice; the computer starts thinking if it is to move.
    pub fn new(opening: Opening) -> State {
        let mut history = match opening.tree {
            Some(tree) => History::of_tree(tree, &opening.game.moves()),
            None => History::new(opening.game),
        };
        if !opening.comments.is_empty() {
            history.annotate(opening.comments);
        }
        history.show(opening.ply);
        let view = Rc::new(View::new(
            &history,
            opening.settings.notation(),
            false,
            None,
        ));
        let mut search = Search::default();
        let (review, clock) = kept(&history, &opening.settings, opening.review, opening.clock);
        if let Some(r) = review {
            search.keep_review(r);
        }
        let mut state = State {
            rated: opening.rated,
            history,
            clock,
            corr: opening.corr,
            settings: opening.settings,
            search,
            editor: None,
            selected: None,
            cursor: Square::new(4, 0).expect("e0 is on the board"),
            animate: None,
            notice: opening.notice,
            view,
            marks: Rc::default(),
        };
        // A new game from the start counts; one opened with moves counts only if it was
        // saved counting.
        if state.rated == Rated::Off && state.corr.is_none() && state.fresh() {
            state.rated = Rated::Open;
        }
        // No clock runs before a move is played: the time is not read.
        state.settle(0);
        state
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.history.game()
    }

    /// The game with its undo, redo and browsing.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The search the page wants, its figures and the hint.
    pub fn search(&self) -> &Search {
        &self.search
    }

    /// The board editor, while it is open.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// The picked-up piece's point: the game's, or the editor's.
    pub fn selected(&self) -> Option<Square> {
        match &self.editor {
            Some(e) => e.selected(),
            None => self.selected,
        }
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The move to animate, if one was just played.
    pub fn animate(&self) -> Option<Move> {
        self.animate
    }

    /// The notice, if any.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// What the board and lists show.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// What the review found about each move.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The current position (not the one browsed to).
    pub fn position(&self) -> &Position {
        self.history.game().position()
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> String {
        self.game().start_position().to_fen()
    }

    /// True when the game began from the usual initial position.
    pub fn standard_start(&self) -> bool {
        self.start_fen() == START_FEN
    }

    /// True if `color` is moved by the computer in the current mode (never while analysing).
    pub fn is_computer(&self, color: Color) -> bool {
        // On the analysis board both sides are moved by hand; during a review nobody moves.
        self.settings.is_computer(color) && !self.search.analysing() && !self.search.reviewing()
    }

    /// The clocks, in a timed game.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The flag, if a timed game was lost (or drawn) on time.
    pub fn flag(&self) -> Option<Flag> {
        self.clock.as_ref().and_then(Clock::flag)
    }

    /// A game with no move yet from the start position.
    pub(super) fn fresh(&self) -> bool {
        self.game().is_empty() && self.standard_start()
    }

    /// Whether the game counts toward the person's rating against the computer.
    pub fn rated(&self) -> Rated {
        self.rated
    }

    /// A rated game that has ended and is not yet counted: the level played and the person's
    /// score (1 won, ½ drawn, 0 lost). The page then counts it and says so
    /// ([`Action::RatingCounted`]).
    pub fn rated_result(&self) -> Option<(u8, f64)> {
        use xiangqi::records::GameResult;
        if self.rated != Rated::Open || self.settings.mode() != settings::Mode::Computer {
            return None;
        }
        let result = match self.flag() {
            Some(f) => f.result(),
            None => GameResult::from_outcome(self.game().outcome()),
        };
        let person = self.settings.human();
        let score = match result {
            GameResult::Draw => 0.5,
            GameResult::RedWins => f64::from(u8::from(person == Color::Red)),
            GameResult::BlackWins => f64::from(u8::from(person == Color::Black)),
            _ => return None,
        };
        Some((self.settings.level(), score))
    }

    /// True when the game has ended, by the rules, on time, or by a resignation or an agreed
    /// draw in a game played by link.
    pub fn over(&self) -> bool {
        self.game().outcome().is_some() || self.flag().is_some() || self.corr_ended().is_some()
    }

    /// The game's part as a game played by link, if it is one.
    pub fn corr(&self) -> Option<&Correspondence> {
        self.corr.as_ref()
    }

    /// How a game played by link ended besides the rules, if it did.
    pub fn corr_ended(&self) -> Option<Ended> {
        self.corr.as_ref().and_then(|c| c.ended)
    }

    /// True while the game goes on and the side to move is the computer's.
    pub fn computer_to_move(&self) -> bool {
        !self.over() && self.is_computer(self.position().turn())
    }

    /// True while the computer is choosing its move.
    pub fn thinking(&self) -> bool {
        self.search.purpose() == Some(Purpose::Play)
    }

    /// True if a person may pick up pieces of the side to move in the position shown.
    pub fn person_to_move(&self) -> bool {
        if self.editor.is_some() || self.flag().is_some() {
            return false;
        }
        // By link, a person moves their own side at the end of the game, and nothing else.
        if let Some(c) = &self.corr {
            return self.history.browsing().is_none()
                && !self.over()
                && self.position().turn() == c.mine;
        }
        match self.history.browsing() {
            None => !self.over() && !self.is_computer(self.position().turn()),
            // From an earlier position a person may start a new line.
            Some(n) => !self.is_computer(self.history.mover(n)),
        }
    }

    /// The legal destinations of the piece on `from`, if a person may move it now.
    pub fn destinations(&self, from: Square) -> &[Square] {
        self.view.dests.get(from)
    }

    /// Undo has something to take back (never in a game played by link: a move sent stays).
    pub fn can_undo(&self) -> bool {
        !self.game().is_empty()
            && self.editor.is_none()
            && self.flag().is_none()
            && self.corr.is_none()
    }

    /// Redo has something to play again.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo() && self.editor.is_none() && self.flag().is_none()
    }

    /// A hint can be asked for now.
    pub fn can_hint(&self) -> bool {
        self.person_to_move()
            && self.search.purpose().is_none()
            && self.history.browsing().is_none()
    }

    /// Applies `action`, which happened at `now` (milliseconds of the page's clock), then
    /// starts or cancels the computer's search as the position and players now require, and
    /// derives the view again if what it shows changed.
    pub fn apply(&mut self, action: Action, now: u64) {
        match action {
            Action::Click(sq) => self.click(sq),
            Action::Drop { from, to } => self.drop(from, to),
            Action::Deselect => self.selected = None,
            Action::Cursor(step) => self.step_cursor(step),
            Action::Game(a) => self.game_action(a),
            Action::Search(a) => self.search_action(a, now),
            Action::Edit(a) => self.edit_action(a),
            // A game played by link keeps its players.
            Action::Settings(settings::Action::SetMode(_) | settings::Action::SetSide(_))
                if self.corr.is_some() => {}
            Action::Settings(a) => {
                self.settings.apply(a);
                let players = matches!(
                    a,
                    settings::Action::SetMode(_) | settings::Action::SetSide(_)
                );
                if players {
                    self.reset_transient();
                }
                // Other players, or another level, once the game has begun: another game.
                if (players || matches!(a, settings::Action::SetLevel(_)))
                    && !self.game().is_empty()
                    && !self.over()
                {
                    self.rated = self.rated.helped();
                }
            }
            Action::Notify(n) => self.notice = Some(n),
            Action::DismissNotice => self.notice = None,
            Action::ClockTick => {}
            Action::Correspondence(a) => self.corr_action(a),
            Action::RatingCounted => {
                if self.rated_result().is_some() {
                    self.rated = Rated::Counted;
                }
            }
        }
        self.settle(now);
    }

    /// Makes the rest follow a change at `now`: the clocks, the search the computer's turn
    /// calls for, and the view and the review's marks if anything they show changed.
    fn settle(&mut self, now: u64) {
        self.follow_clock(now);
        self.schedule(now);
        let person = self.person_to_move();
        let notation = self.settings.notation();
        let editor = self.editor.as_ref();
        if !self.view.is_of(&self.history, notation, person, editor) {
            self.view = Rc::new(View::new(&self.history, notation, person, editor));
        }
        let review = self.search.review();
        if !self.marks.is_of(&self.history, review) {
            self.marks = Rc::new(Marks::new(&self.history, review));
        }
    }
}

/// What a saved game brings back with it besides its moves, for `history` with `settings`:
/// its review if it still fits the game, and its clocks (full ones if it kept none).
pub(super) fn kept(
    history: &History,
    settings: &Settings,
    review: Option<(u64, Vec<Option<Eval>>)>,
    clock: Option<SavedClock>,
) -> (Option<Review>, Option<Clock>) {
    let (id, game) = (history.id(), history.game());
    let review = review.and_then(|(budget, evals)| {
        Review::restore(history.main_key(), &history.main_game(), budget, evals)
    });
    let clock = settings.time_control().map(|tc| match clock {
        Some((left, record, flag)) => Clock::restore(tc, id, game.len(), left, record, flag),
        None => Clock::new(tc, id, game.len()),
    });
    (review, clock)
}

impl State {
    /// Keeps the clocks in step with the time control and the game at `now`: new full clocks
    /// for a new control or a new game, none without a control; then [`Clock::follow`].
    fn follow_clock(&mut self, now: u64) {
        let id = self.history.id();
        let len = self.game().len();
        match (self.settings.time_control(), &self.clock) {
            (None, _) => self.clock = None,
            (Some(tc), Some(c)) if c.control() == tc && c.game_id() == id => {}
            (Some(tc), _) => self.clock = Some(Clock::new(tc, id, len)),
        }
        let pause = self.editor.is_some() || self.search.analysing() || self.search.reviewing();
        let over = self.game().outcome().is_some();
        if let Some(clock) = &mut self.clock {
            let pos = self.history.game().position();
            clock.follow(pos, len, over, pause, now);
        }
    }
}

impl Reducible for State {
    type Action = Timed;

    fn reduce(self: Rc<Self>, timed: Timed) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.apply(timed.action, timed.now);
        Rc::new(next)
    }
}
