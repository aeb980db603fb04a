//! The game kept between visits: the state the page opens with, and the saved copy written
//! after every change.
//!
//! The page opens the game in the address if there is one, else the saved one, else a new game
//! in the browser's language; then the address's other parameters apply. Once read, they are
//! removed from the address, so that a reload restores the saved game instead of starting the
//! link's game again. Embedded, the page shows the address's game only and leaves the saved one
//! alone.

use crate::browser;
use crate::i18n::Lang;
use crate::model::settings::Action as Set;
use crate::model::{Mode, Opening, Settings, State};
use crate::{link, saved};
use yew::prelude::*;

/// The state the page opens with.
fn open(embed: bool, replay: bool) -> State {
    let lang = Lang::from_browser(browser::language().as_deref());
    let params = browser::url_params(&link::NAMES);
    let stored = browser::storage().and_then(|s| s.get_item(saved::KEY).ok().flatten());
    let base = if link::has_game(&params) || embed || replay {
        None
    } else {
        saved::read(stored.as_deref(), lang)
    }
    .unwrap_or_else(|| Opening {
        settings: Settings::default().with(Set::SetLang(lang)),
        ..Opening::default()
    });
    if params.is_empty() {
        return State::new(base);
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
    State::new(opening)
}

/// The app's state, opened from the address or the saved game, and saved after every change
/// (not when `embed`ded). A `replay` opens the address's game only, between two players, at
/// its start or the ply the address names, and is never saved.
#[hook]
pub fn use_saved_game(embed: bool, replay: bool) -> UseReducerHandle<State> {
    let state = use_reducer(move || open(embed, replay));
    use_effect_with(saved::write(&state), move |text| {
        if let Some(s) = browser::storage().filter(|_| !embed && !replay) {
            let _ = s.set_item(saved::KEY, text);
        }
    });
    state
}
