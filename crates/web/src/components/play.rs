//! What the parts of the game's page share: the state, how the page shows it (embedded, or the
//! replay viewer), where actions go, and what they all work out from the state the same way
//! (the ending, the analysis on show, the review's verdict on the move shown).

use crate::components::result::Ending;
use crate::components::status::viewing;
use crate::hooks::{board_keys, Page};
use crate::model::correspondence::Ended;
use crate::model::review::MoveReview;
use crate::model::{game, Action};
use crate::text::announce::announcement;
use crate::worker::protocol::Progress;
use std::rc::Rc;
use xiangqi::Square;
use yew::prelude::*;

/// The callbacks the board and the move list are handed, made again only when the keyboard
/// cursor moves: a callback made anew at each render never compares equal, and would draw
/// the board and the move list again at every change of the state, such as each position a
/// review evaluates.
pub struct Handlers {
    /// A point was clicked (nothing in the replay viewer, where the board takes no moves).
    pub click: Callback<Square>,
    /// A piece was dragged and dropped.
    pub drop: Callback<(Square, Option<Square>)>,
    /// A key was pressed on the board.
    pub key: Callback<KeyboardEvent>,
    /// Show the position after a ply.
    pub show: Callback<usize>,
    /// Go to a move of the line tree.
    pub go: Callback<Vec<usize>>,
    /// Promote a variation.
    pub promote: Callback<Vec<usize>>,
    /// Delete a variation.
    pub delete: Callback<Vec<usize>>,
}

/// The page's [`Handlers`], its actions going to `dispatch` (which must not change between
/// renders), the keyboard cursor at `cursor`; in the `replay` viewer (or a drill that has
/// stopped) the board takes no moves.
#[hook]
pub fn use_handlers(dispatch: &Callback<Action>, cursor: Square, replay: bool) -> Rc<Handlers> {
    let d = dispatch.clone();
    use_memo((cursor, replay), move |&(cursor, replay)| {
        let (click, drop, key) = match replay {
            true => (Callback::noop(), Callback::noop(), Callback::noop()),
            false => (
                d.reform(Action::Click),
                d.reform(|(from, to)| Action::Drop { from, to }),
                board_keys(d.clone(), cursor),
            ),
        };
        Handlers {
            click,
            drop,
            key,
            show: d.reform(|n: usize| game::Action::Show(Some(n)).into()),
            go: d.reform(|p: Vec<usize>| game::Action::GoTo(p).into()),
            promote: d.reform(|p: Vec<usize>| game::Action::Promote(p).into()),
            delete: d.reform(|p: Vec<usize>| game::Action::Delete(p).into()),
        }
    })
}

/// The game's page: its state and how it shows, and what its parts work out from the state
/// the same way, worked out once per render.
pub struct Play<'a> {
    /// The state.
    pub state: &'a Page,
    /// Where actions go.
    pub dispatch: &'a Callback<Action>,
    /// The callbacks made once.
    pub handlers: &'a Handlers,
    /// Embedded in another page: the board, a compact toolbar and the status only.
    pub embed: bool,
    /// The replay viewer: the board shows the game and takes no moves.
    pub replay: bool,
    /// The board editor is open.
    pub editing: bool,
    /// How the game ended (by the rules or on time), shown at its last position.
    pub ending: Option<Ending>,
    /// The analysis board is on (not in the editor or the replay viewer).
    pub analysing: bool,
    /// The analysis of the position shown, while the analysis board is on.
    pub analysis: Option<&'a Progress>,
    /// What the review found about each move (nothing in the replay viewer).
    pub reviewed: &'a [Option<MoveReview>],
    /// The review's verdict on the move that led to the position shown, if it marked it.
    pub marked: Option<&'a MoveReview>,
}

impl<'a> Play<'a> {
    /// The page of `state`, its actions going to `dispatch`.
    pub fn new(
        state: &'a Page,
        dispatch: &'a Callback<Action>,
        handlers: &'a Handlers,
        embed: bool,
        replay: bool,
    ) -> Play<'a> {
        let editing = state.editor().is_some();
        let browsing = state.history().browsing();
        let ending = match state.flag() {
            Some(flag) => Some(Ending::Time(flag)),
            None => match state.corr_ended() {
                Some(Ended::Resigned(c)) => Some(Ending::Resigned(c)),
                Some(Ended::DrawAgreed) => Some(Ending::Agreed),
                None => state.game().outcome().map(Ending::Rules),
            },
        }
        .filter(|_| !editing && browsing.is_none());
        let analysing = state.search().analysing() && !editing && !replay;
        let reviewed: &[_] = match replay {
            true => &[],
            false => &state.marks().moves,
        };
        let marked = state
            .history()
            .shown_ply()
            .checked_sub(1)
            .and_then(|i| reviewed.get(i)?.as_ref())
            .filter(|r| r.judgement.is_some() && state.history().shown_on_main());
        Play {
            state,
            dispatch,
            handlers,
            embed,
            replay,
            editing,
            ending,
            analysing,
            analysis: state.search().analysis().filter(|_| analysing),
            reviewed,
            marked,
        }
    }

    /// What the live region says: the move shown in words, and the ending. Replaying to the
    /// ply shown costs microseconds even in a long game.
    pub fn spoken(&self) -> String {
        let (state, lang) = (self.state, self.state.settings().lang());
        if self.editing {
            return String::new();
        }
        announcement(
            state.game(),
            state.history().shown_ply(),
            state
                .history()
                .browsing()
                .map(|n| viewing((n, state.game().len()), lang)),
            self.ending.map(|e| e.text(lang)),
            lang,
        )
    }
}
