//! The FEN box: the FEN of what the board shows with a copy button, and a field to paste a FEN
//! into (`data-testid` fen and fen-input, `data-action` copy-fen and load-fen).

use crate::browser;
use crate::model::{game, Action, Notice};
use crate::text::i18n::Lang;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The FEN box's content.
#[derive(Properties, PartialEq, Clone)]
pub struct FenBoxProps {
    /// The FEN of the position shown.
    pub fen: String,
    /// The page's language.
    pub lang: Lang,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// The current FEN, a copy button, and a field to paste a FEN into.
#[function_component(FenBox)]
pub fn fen_box(props: &FenBoxProps) -> Html {
    let lang = props.lang;
    let input = use_node_ref();
    let load = {
        let (input, d) = (input.clone(), props.dispatch.clone());
        move || {
            if let Some(el) = input.cast::<HtmlInputElement>() {
                let text = el.value();
                if !text.trim().is_empty() {
                    d.emit(game::Action::LoadFen(text).into());
                    el.set_value("");
                }
            }
        }
    };
    let on_key = {
        let load = load.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                load();
            }
        })
    };
    let on_copy = {
        let (fen, d) = (props.fen.clone(), props.dispatch.clone());
        move |_| {
            browser::copy(&fen);
            d.emit(Action::Notify(Notice::CopiedFen));
        }
    };
    html! {
        <div class="fenbox">
            <div class="fen-row">
                <span class="caption">{"FEN"}</span>
                <code data-testid="fen">{&props.fen}</code>
                <button type="button" data-action="copy-fen" onclick={on_copy}>
                    {lang.t("Copy", "复制")}
                </button>
            </div>
            <div class="fen-row">
                <input ref={input} type="text" data-testid="fen-input" spellcheck="false"
                       autocomplete="off" onkeydown={on_key}
                       aria-label={lang.t("Paste a FEN to load it", "粘贴 FEN 以载入局面")}
                       placeholder={lang.t("Paste a FEN, press Enter", "粘贴 FEN，按回车载入")} />
                <button type="button" data-action="load-fen" onclick={move |_| load()}>
                    {lang.t("Load", "载入")}
                </button>
            </div>
        </div>
    }
}
