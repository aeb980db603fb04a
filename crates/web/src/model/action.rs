//! Every change the page can make ([`Action`]), and the action as the reducer takes it: with
//! the time it happened ([`Timed`]), read from the page's clock by whoever dispatches it, so
//! that the state never reads a clock itself.

use super::correspondence;
use super::editor;
use super::game;
use super::notice::Notice;
use super::search;
use super::settings;
use xiangqi::Square;

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
    /// Start, resign or offer or accept a draw in a game played by link.
    Correspondence(correspondence::Action),
    /// The ended rated game was counted in the person's rating.
    RatingCounted,
}

impl From<game::Action> for Action {
    fn from(a: game::Action) -> Action {
        Action::Game(a)
    }
}

impl From<correspondence::Action> for Action {
    fn from(a: correspondence::Action) -> Action {
        Action::Correspondence(a)
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

/// An action and the time it happened, in milliseconds of the page's clock: what the page's
/// reducer takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    /// The action.
    pub action: Action,
    /// When it happened.
    pub now: u64,
}
