//! The openings of the page, left to the page's script: this tells it what the board shows
//! (`xqOpenings`, see www/explorer.js) whenever the line shown, the language, the notation or
//! the analysis board changes, and plays the book move it reports clicked
//! (`xiangqi:book-move`). The script and the openings' worker write the opening's name and the
//! explorer into the slots the panel draws empty, so the first load carries none of it.

use crate::hooks::Page;
use crate::model::Action;
use crate::openings::Ask;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use xiangqi::{Move, Position};
use yew::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The page's script's `xqOpenings` (www/page.js, then www/explorer.js).
    #[wasm_bindgen(catch, js_name = xqOpenings)]
    fn ask_openings(ask: &str) -> Result<(), JsValue>;
}

/// Tells the page's script about the line shown (nothing where `wanted` is false: the editor,
/// an embedded board), and plays the book moves clicked.
#[hook]
pub fn use_openings(state: &Page, dispatch: Callback<Action>, wanted: bool, analysing: bool) {
    let history = state.history();
    let settings = state.settings();
    let standard = history.tree().start.hash() == Position::start().hash();
    // The line on the board up to the position shown, and the main line.
    let mut moves = history.game().moves();
    moves.truncate(history.shown_ply());
    let main = history.main_moves();
    let tag = history.tree().tag("ECCO");
    let ask = (wanted && standard && (!main.is_empty() || analysing)).then(|| {
        let text = Ask::text(&moves, main, settings.lang(), settings.notation(), tag);
        // The analysis board's explorer is a new slot to fill.
        format!("{text}|{}", u8::from(analysing))
    });
    use_effect_with(ask, |ask| {
        let _ = ask_openings(ask.as_deref().unwrap_or(""));
    });
    use_effect_with((), move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let listener = document.map(|d| {
            gloo_events::EventListener::new(&d, "xiangqi:book-move", move |e| {
                let raw = e
                    .dyn_ref::<web_sys::CustomEvent>()
                    .and_then(|c| c.detail().as_f64());
                if let Some(m) = raw.and_then(|r| Move::from_raw(r as u16)) {
                    dispatch.emit(Action::Drop {
                        from: m.from(),
                        to: Some(m.to()),
                    });
                }
            })
        });
        move || drop(listener)
    });
}

/// The tags of a record of a game whose main line is `main` (code, opening, variation), as
/// the page's script keeps them for the last line it was told of; `None` when it has none for
/// this main line.
pub fn main_line_tags(main: &[Move]) -> Option<[String; 3]> {
    let root = web_sys::window()?.document()?.document_element()?;
    let uci: Vec<String> = main.iter().map(|m| m.to_string()).collect();
    if root.get_attribute("data-ecco-main")? != uci.join(" ") {
        return None;
    }
    let tags = root.get_attribute("data-ecco-tags")?;
    let mut fields = tags.split('\t').map(String::from);
    match (fields.next(), fields.next(), fields.next()) {
        (Some(code), Some(opening), Some(variation)) if !code.is_empty() => {
            Some([code, opening, variation])
        }
        _ => None,
    }
}
