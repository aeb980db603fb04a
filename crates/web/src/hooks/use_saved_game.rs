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
//! new one is written over it: no game is lost. A game reopened from the list leaves it only
//! once it is saved on the board.
//!
//! The browser may refuse a write (its storage is full). Then nothing kept is written over:
//! the saved copy of the game before stays where it was until it has gone into the list; the
//! game on the board stays in the page, and [`Saving::refused`] says so, for the page to tell
//! the person and offer to free room. Every later change tries again, as does
//! [`Saving::retry`].

use crate::browser;
use crate::model::settings::Action as Set;
use crate::model::{clock, Action, Mode, Opening, Settings, State, Timed};
use crate::records::link::names::{CORR, PLY};
use crate::records::saved::list::{self, Store};
use crate::records::saved::rating::{self, PlayerRating};
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
    let read = if other {
        None
    } else {
        saved::read(stored.as_deref(), lang)
    };
    // A saved game that could not be read, or only in part, is another game than the one on
    // the board: it is kept aside (or in the list) before anything is saved over it.
    let kept = read.as_ref().is_none_or(|(_, whole)| *whole) && !other;
    let base = read.map(|(o, _)| o).unwrap_or_else(|| Opening {
        settings: Settings::default().with(Set::SetLang(lang)),
        ..Opening::default()
    });
    if params.is_empty() {
        return (State::new(base), kept);
    }
    let mut opening = link::apply(base, &params);
    let mut kept = kept;
    // A game played by link: the game of the same identity kept here takes the link in.
    let corr_id = opening.corr.as_ref().map(|c| c.id.clone());
    if let Some(id) = corr_id.filter(|_| params.iter().any(|(k, _)| k == CORR)) {
        let (place, found) = match kept_corr(&id, stored.as_deref()) {
            Some((place, o)) => (Some(place), Some(o)),
            None => (None, None),
        };
        opening = link::corr::take_in(opening, found).0;
        match place {
            // The board's copy is this game, brought up to date: no other game to keep.
            Some(None) => kept = true,
            // It leaves the list once saved on the board.
            Some(Some(listed)) => leaving_list(listed),
            None => {}
        }
    }
    if replay {
        opening.settings.apply(Set::SetMode(Mode::TwoPlayers));
        // A replay starts at the beginning unless the address names a ply of the game.
        let asked = params
            .iter()
            .rev()
            .find(|(k, _)| k == PLY)
            .and_then(|(_, v)| v.trim().parse::<usize>().ok())
            .filter(|&n| n <= opening.game.len());
        if asked.is_none() {
            opening.ply = Some(0);
        }
    } else if !embed {
        browser::drop_query();
    }
    (State::new(opening), kept)
}

/// The game played by link with identity `id` this device keeps: the one on the board (saved
/// as `stored`: `None` for where) or one in the list of recent games (its key's number).
fn kept_corr(id: &str, stored: Option<&str>) -> Option<(Option<u64>, Opening)> {
    let of = |text: &str| {
        saved::game::read_opening(text)
            .ok()
            .filter(|o| o.corr.as_ref().is_some_and(|c| c.id == id))
    };
    if let Some(o) = stored.and_then(of) {
        return Some((None, o));
    }
    let store = browser::storage()?;
    list::entries(&store).into_iter().find_map(|e| {
        let text = list::get(&store, e.id)?;
        of(&text).map(|o| (Some(e.id), o))
    })
}

thread_local! {
    /// The game of the list that was put on the board, to delete from the list once the board's
    /// game is saved.
    static LEAVING: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Game `id` of the list is being put on the board: it leaves the list once it is saved there.
pub fn leaving_list(id: u64) {
    LEAVING.with(|l| l.set(Some(id)));
}

/// How saving goes, for the page to show.
#[derive(Clone, PartialEq)]
pub struct Saving {
    /// Changes whenever a game enters the list of recent games, or leaves it.
    pub listed: u32,
    /// The browser refused the last write: the game on the board is kept in the page only.
    pub refused: bool,
    /// Tries again (after room was made).
    pub retry: Callback<()>,
}

/// The person's rating against the computer kept in the browser, if they have one
/// (`records::saved::rating`): read where it is shown, at each drawing.
pub fn player_rating() -> Option<PlayerRating> {
    PlayerRating::read(&browser::storage()?.get_item(rating::KEY).ok()??)
}

/// The app's state, opened from the address or the saved game, and saved whenever the game,
/// its settings, its review, its clocks' flag or its part in the person's rating change (not
/// when `embed`ded); a rated game that ends is counted in the person's rating
/// (`model::rated`). A `replay` opens
/// the address's game only, between two players, at its start or the ply the address names,
/// and is never saved. With it, where actions go (each with the time it happened), and how
/// saving goes.
#[hook]
pub fn use_saved_game(embed: bool, replay: bool) -> (Page, Callback<Action>, Saving) {
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
    let refused = use_state(|| false);
    let tries = use_state(|| 0u32);
    let s = &*state;
    let changed = (
        s.history().id(),
        s.history().revision(),
        *s.settings(),
        s.search().review().map(|r| r.progress()),
        s.flag(),
        s.rated(),
        *tries,
    );
    {
        let (state, listed, refused) = (state.clone(), listed.clone(), refused.clone());
        use_effect_with(changed, move |&(id, ..)| {
            let Some(store) = browser::storage().filter(|_| !embed && !replay) else {
                return;
            };
            // A rated game that has ended: the person's rating with it is kept first, then
            // the game is marked counted (and saved so, when this runs again).
            if let Some((level, score)) = state.rated_result() {
                let new = PlayerRating::after(player_rating(), level, score);
                let _ = store.write(rating::KEY, &new.write());
                state.dispatch(Timed {
                    action: Action::RatingCounted,
                    now: clock::now_ms(),
                });
            }
            let now = clock::now_ms();
            let mut moved = false;
            let mut save = || -> Result<(), list::Refused> {
                if *on_board.borrow() != Some(id) {
                    if let Some(old) = store.read(saved::KEY) {
                        moved = list::keep(&store, &old, now)?;
                    }
                    *on_board.borrow_mut() = Some(id);
                }
                store.write(saved::KEY, &saved::write(&state))?;
                if let Some(left) = LEAVING.with(|l| l.take()) {
                    list::delete(&store, left);
                    moved = true;
                }
                Ok(())
            };
            let ok = save().is_ok();
            if moved {
                listed.set(*listed + 1);
            }
            // Drawn again only when it changes (not after every save).
            if *refused == ok {
                refused.set(!ok);
            }
        });
    }
    let dispatch = use_timed(&state);
    let retry = Callback::from(move |()| tries.set(*tries + 1));
    let saving = Saving {
        listed: *listed,
        refused: *refused,
        retry,
    };
    (Page(state), dispatch, saving)
}

/// A game the browser does not keep (an endgame drill's), opened with `open`: the person's
/// saved game stays as it was. With it, where actions go (each with the time it happened).
#[hook]
pub fn use_unsaved_game<F>(open: F) -> (Page, Callback<Action>)
where
    F: FnOnce() -> State + 'static,
{
    let state = use_reducer(open);
    let dispatch = use_timed(&state);
    (Page(state), dispatch)
}

/// Where actions for `state` go: each dispatched with the time it happened. Made once, so that
/// the parts of the page handed it (and the callbacks made from it) compare equal from one
/// render to the next and draw again only when what they show changes.
#[hook]
fn use_timed(state: &UseReducerHandle<State>) -> Callback<Action> {
    let d = state.dispatcher();
    let dispatch = use_memo((), move |_| {
        Callback::from(move |action| {
            d.dispatch(Timed {
                action,
                now: clock::now_ms(),
            })
        })
    });
    (*dispatch).clone()
}
