//! What the page is, as the `view` parameter says: the game to play, a replay viewer, a
//! diagram, or the practice page.

use super::codec::first;
use super::names::VIEW;

/// What the page is: the game to play (the usual page), a replay viewer of a game with no
/// computer, or a still diagram of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// The game, with the computer or a friend.
    #[default]
    Play,
    /// Step through a game: first, back, forward, last; no computer, no dialogs, no sound.
    Replay,
    /// The position as a still picture.
    Diagram,
    /// Puzzles or endgame drills (`view=puzzle`, `view=endgames`): the practice page, a
    /// module of its own that the page's script fetches (see `bin/practice.rs`).
    Practice,
}

impl Layout {
    /// The `view` parameter's value.
    pub fn param(self) -> &'static str {
        match self {
            Layout::Play => "play",
            Layout::Replay => "replay",
            Layout::Diagram => "diagram",
            Layout::Practice => "puzzle",
        }
    }

    /// The layout the `view` parameter names, if any.
    pub fn from_param(v: &str) -> Option<Layout> {
        if v == "endgames" {
            return Some(Layout::Practice);
        }
        [
            Layout::Play,
            Layout::Replay,
            Layout::Diagram,
            Layout::Practice,
        ]
        .into_iter()
        .find(|l| l.param() == v)
    }

    /// The layout `params` ask for (the usual page if `view` is missing or unknown: the
    /// unknown value is named when the parameters are applied).
    pub fn of(params: &[(String, String)]) -> Layout {
        first(params, VIEW)
            .and_then(|v| Layout::from_param(&v))
            .unwrap_or_default()
    }
}
