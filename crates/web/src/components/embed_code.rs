//! "Copy embed code": writes the `<iframe>` element that embeds the current game in another
//! page, copies it to the clipboard when the browser allows, and always shows it, selected, so
//! it can be copied by hand. No dialogs (alert, prompt): the snippet appears in the panel.

use crate::embed;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What the snippet embeds.
#[derive(Properties, PartialEq, Clone)]
pub struct EmbedCodeProps {
    /// The address parameters of the game to embed (names and unescaped values).
    pub params: Vec<(&'static str, String)>,
}

/// The page's address without its query or fragment.
fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// `object[name]` as a function, if it is one.
fn method(object: &JsValue, name: &str) -> Option<js_sys::Function> {
    js_sys::Reflect::get(object, &name.into())
        .ok()?
        .dyn_into()
        .ok()
}

/// Starts copying `text` to the clipboard (`navigator.clipboard.writeText`, looked up at run
/// time since some browsers and frames lack it); `done` hears whether it worked.
fn copy(text: &str, done: Callback<bool>) {
    let started = (|| {
        let window: JsValue = web_sys::window()?.into();
        let navigator = js_sys::Reflect::get(&window, &"navigator".into()).ok()?;
        let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok()?;
        let promise = method(&clipboard, "writeText")?
            .call1(&clipboard, &text.into())
            .ok()?;
        let then = method(&promise, "then")?;
        let ok = {
            let done = done.clone();
            Closure::once_into_js(move |_: JsValue| done.emit(true))
        };
        let failed = {
            let done = done.clone();
            Closure::once_into_js(move |_: JsValue| done.emit(false))
        };
        then.call2(&promise, &ok, &failed).ok()
    })();
    if started.is_none() {
        done.emit(false);
    }
}

/// The button, and once pressed, the snippet.
#[function_component(EmbedCode)]
pub fn embed_code(props: &EmbedCodeProps) -> Html {
    // The snippet shown, and whether it is on the clipboard (None: not known yet).
    let shown = use_state(|| None::<(String, Option<bool>)>);
    let onclick = {
        let shown = shown.clone();
        let params = props.params.clone();
        Callback::from(move |_| {
            let Some(page) = page_address() else { return };
            let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let code = embed::snippet(&page, &params);
            shown.set(Some((code.clone(), None)));
            let (shown, code2) = (shown.clone(), code.clone());
            copy(
                &code,
                Callback::from(move |ok| shown.set(Some((code2.clone(), Some(ok))))),
            );
        })
    };
    let select_all = Callback::from(|e: FocusEvent| {
        if let Some(t) = e.target() {
            let t: JsValue = t.into();
            if let Some(select) = method(&t, "select") {
                let _ = select.call0(&t);
            }
        }
    });
    html! {
        <div class="embed-code">
            <button type="button" data-action="embed-code" {onclick}>{"Copy embed code"}</button>
            if let Some((code, copied)) = &*shown {
                <label>
                    <span>{match copied {
                        Some(true) => "Copied. Paste it into your page:",
                        Some(false) => "Copy this into your page:",
                        None => "The code to paste into your page:",
                    }}</span>
                    <textarea data-testid="embed-code" readonly=true rows="3" value={code.clone()}
                              onfocus={select_all} />
                </label>
            }
        </div>
    }
}
