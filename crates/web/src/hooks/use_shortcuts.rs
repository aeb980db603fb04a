//! The keyboard: shortcuts anywhere on the page (U undo, R redo, F flip, N new game, H hint,
//! M move now, A analysis board on and off, PageUp and PageDown to browse; in the replay viewer the arrows, Home and End
//! browse), and the board's own keys (arrows move the
//! cursor, Enter or Space acts on its point, Escape puts the piece down).

use crate::model::{game, search, settings, Action, Step};
use wasm_bindgen::JsCast;
use xiangqi::Square;
use yew::prelude::*;

/// True if a key event comes from a form control, which keeps its own keys.
fn from_form_control(e: &KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "SELECT" | "INPUT" | "TEXTAREA"))
}

/// The page's shortcut for `key`, if it has one.
fn shortcut(key: &str) -> Option<Action> {
    Some(match key.to_ascii_lowercase().as_str() {
        "u" => game::Action::Undo.into(),
        "r" => game::Action::Redo.into(),
        "f" => settings::Action::Flip.into(),
        "n" => game::Action::New.into(),
        "h" => search::Action::Hint.into(),
        "m" => search::Action::MoveNow.into(),
        "a" => search::Action::Analyse.into(),
        "pageup" => game::Action::Step(-1).into(),
        "pagedown" => game::Action::Step(1).into(),
        _ => return None,
    })
}

/// The replay viewer's keys: arrows, PageUp and PageDown step through the game, Home and End
/// go to either end, F flips. Nothing that changes the game.
fn replay_key(key: &str) -> Option<Action> {
    Some(match key {
        "ArrowLeft" | "ArrowUp" | "PageUp" => game::Action::Step(-1).into(),
        "ArrowRight" | "ArrowDown" | "PageDown" => game::Action::Step(1).into(),
        "Home" => game::Action::Show(Some(0)).into(),
        "End" => game::Action::Show(None).into(),
        "f" | "F" => settings::Action::Flip.into(),
        _ => return None,
    })
}

/// Listens for the shortcuts on the whole page for as long as the component lives: the
/// game's, or the replay viewer's when `replay`.
#[hook]
pub fn use_shortcuts(dispatch: Callback<Action>, replay: bool) {
    use_effect_with((), move |_| {
        let window = web_sys::window().expect("a window");
        let listener = gloo_events::EventListener::new(&window, "keydown", move |e| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            if e.ctrl_key() || e.meta_key() || e.alt_key() || from_form_control(e) {
                return;
            }
            let key = e.key();
            let action = if replay {
                replay_key(&key)
            } else {
                shortcut(&key)
            };
            if let Some(action) = action {
                e.prevent_default();
                dispatch.emit(action);
            }
        });
        move || drop(listener)
    });
}

/// The board's key handler: the keyboard cursor is at `cursor`.
pub fn board_keys(dispatch: Callback<Action>, cursor: Square) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let action = match e.key().as_str() {
            "ArrowUp" => Action::Cursor(Step::Up),
            "ArrowDown" => Action::Cursor(Step::Down),
            "ArrowLeft" => Action::Cursor(Step::Left),
            "ArrowRight" => Action::Cursor(Step::Right),
            "Enter" | " " => Action::Click(cursor),
            "Escape" => Action::Deselect,
            _ => return,
        };
        e.prevent_default();
        dispatch.emit(action);
    })
}
