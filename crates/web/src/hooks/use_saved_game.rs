//! The game kept between visits: the state the page opens with, the way actions reach it
//! (each stamped with the page's clock, so that the state reads none), and the saved copy
//! written whenever the game, the settings, the review's progress or the flag change, and at
//! no other render (not at the worker's progress reports, nor the clocks' ticks).
//!
//! The page opens the game in the address if there is one, else the saved one, else a new game
//! in the browser's language; then the address's other parameters apply. Once read, they are
//! removed from the address, so that a reload restores the saved game instead of starting the
//! link's game again. Embedded, the page shows the address's game only and leaves the saved one
//! alone.
//!
//! Whenever another game takes the board (a link's, a new game, a loaded one, one reopened
//! from the list), the copy of the one before goes into the list of recent games before the
//! new one is written over it: no game is lost.

use crate::browser;
use crate::model::settings::Action as Set;
use crate::model::{clock, Action, Mode, Opening, Settings, State, Timed};
use crate::records::saved::list::Store;
use crate::records::{link, saved};
use crate::text::i18n::Lang;
use std::ops::Deref;
use yew::prelude::*;

/// The page's state as a component's property, for the components that make something of all
/// of it only when asked (a link, a record, a diagram): equal only to itself, since every
/// change makes a new state.
#[derive(Clone)]
pub struct Page(UseReducerHandle<State>);

impl PartialEq for Page {
    fn eq(&self, other: &Page) -> bool {
        std::ptr::eq::<State>(&*self.0, &*other.0)
    }
}

impl Deref for Page {
    type Target = State;

    fn deref(&self) -> &State {
        &self.0
    }
}

/// The state the page opens with, and whether its game is the saved one.
fn open(embed: bool, replay: bool) -> (State, bool) {
    let lang = Lang::from_browser(browser::language().as_deref());
    let params = browser::url_params(&link::NAMES);
    let stored = browser::storage().and_then(|s| s.read(saved::KEY));
    let other = link::has_game(&params) || embed || replay;
    let base = if other {
        None
    } else {
        saved::read(stored.as_deref(), lang)
    }
    .unwrap_or_else(|| Opening {
        settings: Settings::default().with(Set::SetLang(lang)),
        ..Opening::default()
    });
    if params.is_empty() {
        return (State::new(base), !other);
    }
    let mut opening = link::apply(base, &params);
    if replay {
        opening.settings.apply(Set::SetMode(Mode::TwoPlayers));
        // A replay starts at the beginning unless the address names a ply of the game.
        let asked = params
            .iter()
            .rev()
            .find(|(k, _)| k == "ply")
            .and_then(|(_, v)| v.trim().parse::<usize>().ok())
            .filter(|&n| n <= opening.game.len());
        if asked.is_none() {
            opening.ply = Some(0);
        }
    } else if !embed {
        browser::drop_query();
    }
    (State::new(opening), !other)
}

/// The app's state, opened from the address or the saved game, and saved whenever the game,
/// its settings, its review or its clocks' flag change (not when `embed`ded). A `replay` opens
/// the address's game only, between two players, at its start or the ply the address names,
/// and is never saved. With it, where actions go (each with the time it happened), and a
/// number that changes whenever a game enters the list of recent games.
#[hook]
pub fn use_saved_game(embed: bool, replay: bool) -> (Page, Callback<Action>, u32) {
    // The game whose copy is under saved::KEY, if it is on the board.
    let on_board = use_mut_ref(|| None::<u64>);
    let state = {
        let on_board = on_board.clone();
        use_reducer(move || {
            let (state, saved) = open(embed, replay);
            if saved {
                *on_board.borrow_mut() = Some(state.history().id());
            }
            state
        })
    };
    let listed = use_state(|| 0u32);
    let s = &*state;
    let changed = (
        s.history().id(),
        s.history().revision(),
        *s.settings(),
        s.search().review().map(|r| r.progress()),
        s.flag(),
    );
    {
        let (state, listed) = (state.clone(), listed.clone());
        use_effect_with(changed, move |&(id, ..)| {
            let Some(store) = browser::storage().filter(|_| !embed && !replay) else {
                return;
            };
            if on_board.replace(Some(id)) != Some(id) {
                let old = store.read(saved::KEY);
                if old.is_some_and(|t| saved::list::keep(&store, &t, clock::now_ms())) {
                    listed.set(*listed + 1);
                }
            }
            store.write(saved::KEY, &saved::write(&state));
        });
    }
    let dispatch = timed(&state);
    (Page(state), dispatch, *listed)
}

/// A game the browser does not keep (an endgame drill's), opened with `open`: the person's
/// saved game stays as it was. With it, where actions go (each with the time it happened).
#[hook]
pub fn use_unsaved_game<F>(open: F) -> (Page, Callback<Action>)
where
    F: FnOnce() -> State + 'static,
{
    let state = use_reducer(open);
    let dispatch = timed(&state);
    (Page(state), dispatch)
}

/// Where actions for `state` go: each dispatched with the time it happened.
fn timed(state: &UseReducerHandle<State>) -> Callback<Action> {
    let d = state.dispatcher();
    Callback::from(move |action| {
        d.dispatch(Timed {
            action,
            now: clock::now_ms(),
        })
    })
}
