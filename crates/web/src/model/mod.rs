//! The app's state and every way it changes. Pure: nothing here touches the DOM or the worker,
//! so it compiles and is tested natively.
//!
//! The state is made of parts that own their rules: the game with its undo, redo and browsing
//! ([`game`]), the search the page wants ([`search`]), the board editor ([`editor`]) and the
//! settings ([`settings`]). Each has its own actions, nested in [`Action`]; what crosses parts
//! (a move cancels the search, the computer starts thinking when it is its turn) is decided
//! here. Fields are private: the state changes only through [`State::apply`], which ends by
//! starting or cancelling the computer's search and deriving the [`View`] again if anything
//! it shows changed.
//!
//! The worker is driven from the state, not the other way round: [`Search::request`] says which
//! search should be running (with a fresh id whenever it changes), the worker hook makes the
//! worker match it, and replies come back as [`search::Action::Reply`].

pub mod clock;
pub mod editor;
pub mod game;
mod notice;
pub mod review;
mod rules;
pub mod search;
pub mod settings;
#[cfg(test)]
mod tests;
pub mod view;

pub use clock::{Clock, Flag};
pub use editor::{Editor, Tool};
pub use game::{Branch, History};
pub use notice::{Notice, Problem};
pub use search::{Purpose, Search};
pub use settings::{Mode, PieceSet, Settings, TimeControl};
pub use view::{Dests, SharedGame, View};

use std::rc::Rc;
use xiangqi::records::Comment;
use xiangqi::{Color, Game, Move, Position, Square, START_FEN};
use yew::Reducible;

/// A screen direction for the keyboard cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left of the screen.
    Left,
    /// Towards the right of the screen.
    Right,
}

/// A game and its settings as a new visit, the saved copy or a link opens them, with anything
/// worth saying about how they were read.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    /// The game.
    pub game: Game,
    /// Its comments (from a record or a link), in order of their ply.
    pub comments: Vec<Comment>,
    /// The ply to show, if not the current position.
    pub ply: Option<usize>,
    /// Its settings.
    pub settings: Settings,
    /// What to tell the person (a discarded saved game, ignored link parameters).
    pub notice: Option<Notice>,
    /// A review of the game found before (a saved one): its budget and evaluations.
    pub review: Option<(u64, Vec<Option<review::Eval>>)>,
    /// The clocks of a timed game found before (a saved one): each side's time left, the
    /// time left after each ply, and the flag if the time ran out.
    pub clock: Option<clock::SavedClock>,
}

/// Every change the page can make.
#[derive(Clone, Debug, PartialEq)]
// Actions come from clicks and worker replies, a few a second: a large variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Action {
    /// A point was clicked, tapped, or chosen with Enter: pick up, drop or put down; in the
    /// editor, use its tool or move its picked-up piece.
    Click(Square),
    /// A piece was dragged from one point and dropped on another (or off the board: `None`).
    Drop {
        /// Where the drag began.
        from: Square,
        /// Where it ended.
        to: Option<Square>,
    },
    /// Put down the picked-up piece.
    Deselect,
    /// Move the keyboard cursor.
    Cursor(Step),
    /// Change the game or the position shown.
    Game(game::Action),
    /// Ask the engine, or take in its answer.
    Search(search::Action),
    /// Open, use or close the board editor.
    Edit(editor::Action),
    /// Change a setting.
    Settings(settings::Action),
    /// Show a notice.
    Notify(Notice),
    /// Dismiss the notice.
    DismissNotice,
    /// Look at the clocks: the running side loses if its time is out.
    ClockTick,
}

impl From<game::Action> for Action {
    fn from(a: game::Action) -> Action {
        Action::Game(a)
    }
}

impl From<search::Action> for Action {
    fn from(a: search::Action) -> Action {
        Action::Search(a)
    }
}

impl From<editor::Action> for Action {
    fn from(a: editor::Action) -> Action {
        Action::Edit(a)
    }
}

impl From<settings::Action> for Action {
    fn from(a: settings::Action) -> Action {
        Action::Settings(a)
    }
}

/// Everything the page shows. The UI is a function of this.
#[derive(Clone, Debug)]
pub struct State {
    /// The game, what undo took back, and the position shown.
    history: History,
    /// Who plays, the level, the orientation, the notation, the language and the sound.
    settings: Settings,
    /// The search the page wants, and the hint.
    search: Search,
    /// The board editor, while it is open.
    editor: Option<Editor>,
    /// The point whose piece is picked up.
    selected: Option<Square>,
    /// The keyboard cursor.
    cursor: Square,
    /// The move to animate: set when a move is played, cleared when moves are taken back.
    animate: Option<Move>,
    /// Something the person should know that is not part of the game.
    notice: Option<Notice>,
    /// The clocks, in a timed game.
    clock: Option<Clock>,
    /// What the board and lists show, derived once per change.
    view: Rc<View>,
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
        let mut history = History::new(opening.game);
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
            history,
            clock,
            settings: opening.settings,
            search,
            editor: None,
            selected: None,
            cursor: Square::new(4, 0).expect("e0 is on the board"),
            animate: None,
            notice: opening.notice,
            view,
        };
        state.settle();
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

    /// True when the game has ended, by the rules or on time.
    pub fn over(&self) -> bool {
        self.game().outcome().is_some() || self.flag().is_some()
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
        if self.editor.is_some() || self.history.branch().is_some() || self.flag().is_some() {
            return false;
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

    /// Undo has something to take back.
    pub fn can_undo(&self) -> bool {
        !self.game().is_empty() && self.editor.is_none() && self.flag().is_none()
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

    /// Applies `action`, then starts or cancels the computer's search as the position and
    /// players now require, and derives the view again if what it shows changed.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Click(sq) => self.click(sq),
            Action::Drop { from, to } => self.drop(from, to),
            Action::Deselect => self.selected = None,
            Action::Cursor(step) => self.step_cursor(step),
            Action::Game(a) => self.game_action(a),
            Action::Search(a) => self.search_action(a),
            Action::Edit(a) => self.edit_action(a),
            Action::Settings(a) => {
                self.settings.apply(a);
                if matches!(
                    a,
                    settings::Action::SetMode(_) | settings::Action::SetSide(_)
                ) {
                    self.reset_transient();
                }
            }
            Action::Notify(n) => self.notice = Some(n),
            Action::DismissNotice => self.notice = None,
            Action::ClockTick => {}
        }
        self.settle();
    }

    /// Makes the rest follow a change: the search the computer's turn calls for, and the view
    /// if anything it shows changed.
    fn settle(&mut self) {
        self.follow_clock();
        self.schedule();
        let person = self.person_to_move();
        let notation = self.settings.notation();
        let editor = self.editor.as_ref();
        if !self.view.is_of(&self.history, notation, person, editor) {
            self.view = Rc::new(View::new(&self.history, notation, person, editor));
        }
    }
}

/// What a saved game brings back with it besides its moves, for `history` with `settings`:
/// its review if it still fits the game, and its clocks (full ones if it kept none).
fn kept(
    history: &History,
    settings: &Settings,
    review: Option<(u64, Vec<Option<review::Eval>>)>,
    clock: Option<clock::SavedClock>,
) -> (Option<review::Review>, Option<Clock>) {
    let (id, game) = (history.id(), history.game());
    let review = review.and_then(|(budget, evals)| {
        review::Review::restore((id, history.revision()), game, budget, evals)
    });
    let clock = settings.time_control().map(|tc| match clock {
        Some((left, record, flag)) => Clock::restore(tc, id, game.len(), left, record, flag),
        None => Clock::new(tc, id, game.len()),
    });
    (review, clock)
}

impl State {
    /// Keeps the clocks in step with the time control and the game: new full clocks for a new
    /// control or a new game, none without a control; then [`Clock::follow`].
    fn follow_clock(&mut self) {
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
            clock.follow(pos, len, over, pause, clock::now_ms());
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.apply(action);
        Rc::new(next)
    }
}
