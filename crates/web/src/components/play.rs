//! What the parts of the game's page share: the state, how the page shows it (embedded, or the
//! replay viewer), where actions go, and what they all work out from the state the same way
//! (the ending, the analysis on show, the review's verdict on the move shown).

use crate::agent::Progress;
use crate::announce::announcement;
use crate::components::result::Ending;
use crate::components::status::viewing;
use crate::hooks::Page;
use crate::model::review::MoveReview;
use crate::model::Action;
use yew::prelude::*;

/// The game's page: its state and how it shows.
pub struct Play<'a> {
    /// The state.
    pub state: &'a Page,
    /// Where actions go.
    pub dispatch: &'a Callback<Action>,
    /// Embedded in another page: the board, a compact toolbar and the status only.
    pub embed: bool,
    /// The replay viewer: the board shows the game and takes no moves.
    pub replay: bool,
}

impl Play<'_> {
    /// True while the board editor is open.
    pub fn editing(&self) -> bool {
        self.state.editor().is_some()
    }

    /// How the game ended (by the rules or on time), shown at its last position.
    pub fn ending(&self) -> Option<Ending> {
        let state = self.state;
        match state.flag() {
            Some(flag) => Some(Ending::Time(flag)),
            None => state.game().outcome().map(Ending::Rules),
        }
        .filter(|_| !self.editing() && state.history().browsing().is_none())
    }

    /// What the live region says: the move shown in words, and the ending. Replaying to the
    /// ply shown costs microseconds even in a long game.
    pub fn spoken(&self) -> String {
        let (state, lang) = (self.state, self.state.settings().lang());
        if self.editing() {
            return String::new();
        }
        announcement(
            state.game(),
            state.history().shown_ply(),
            state
                .history()
                .browsing()
                .map(|n| viewing((n, state.game().len()), lang)),
            self.ending().map(|e| e.text(lang)),
            lang,
        )
    }

    /// True while the analysis board is on (not in the editor or the replay viewer).
    pub fn analysing(&self) -> bool {
        self.state.search().analysing() && !self.editing() && !self.replay
    }

    /// The analysis of the position shown, while the analysis board is on.
    pub fn analysis(&self) -> Option<&Progress> {
        self.state.search().analysis().filter(|_| self.analysing())
    }

    /// What the review found about each move (nothing in the replay viewer).
    pub fn reviewed(&self) -> &[Option<MoveReview>] {
        match self.replay {
            true => &[],
            false => &self.state.marks().moves,
        }
    }

    /// The review's verdict on the move that led to the position shown, if it marked it.
    pub fn marked(&self) -> Option<&MoveReview> {
        let ply = self.state.history().shown_ply();
        ply.checked_sub(1)
            .and_then(|i| self.reviewed().get(i)?.as_ref())
            .filter(|r| r.judgement.is_some())
    }
}
