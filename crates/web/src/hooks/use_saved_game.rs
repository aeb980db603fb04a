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
use crate::model::{Opening, Settings, State};
use crate::{link, saved};
use yew::prelude::*;

/// The state the page opens with.
fn open(embed: bool) -> State {
    let lang = Lang::from_browser(browser::language().as_deref());
    let params = browser::url_params(&link::NAMES);
    let stored = browser::storage().and_then(|s| s.get_item(saved::KEY).ok().flatten());
    let base = if link::has_game(&params) || embed {
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
    let opening = link::apply(base, &params);
    if !embed {
        browser::drop_query();
    }
    State::new(opening)
}

/// The app's state, opened from the address or the saved game, and saved after every change
/// (not when `embed`ded).
#[hook]
pub fn use_saved_game(embed: bool) -> UseReducerHandle<State> {
    let state = use_reducer(move || open(embed));
    use_effect_with(saved::write(&state), move |text| {
        if let Some(s) = browser::storage().filter(|_| !embed) {
            let _ = s.set_item(saved::KEY, text);
        }
    });
    state
}
