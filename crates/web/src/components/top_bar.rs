//! The bar at the top of the full page: the title, the ways to the practice page's puzzles
//! (`data-action="puzzles"`) and endgame drills (`data-action="endgames"`), the sound switch
//! (`data-action="mute"`) and the language switch (`data-action="lang"`), which names the
//! language it switches to.

use crate::model::settings::Action as Set;
use crate::model::Action;
use crate::records::link::names::{query, VIEW};
use crate::text::i18n::Lang;
use yew::prelude::*;

/// The top bar in `lang`, with sound `muted` or not; actions go to `dispatch`.
pub fn top_bar(lang: Lang, muted: bool, dispatch: &Callback<Action>) -> Html {
    let act = |a: Set| {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.into()))
    };
    html! {
        <header class="top">
            <h1>if lang == Lang::En { <span lang="zh-Hans">{"象棋"}</span><span class="wide">{" Xiangqi"}</span> } else { {"中国象棋"} }</h1>
            <div class="top-actions">
                <a href={query(&[(VIEW, "puzzle")])} data-action="puzzles">{lang.t("Puzzles", "谜题")}</a>
                <a href={query(&[(VIEW, "endgames")])} data-action="endgames">{lang.t("Endgames", "残局")}</a>
                <button type="button" data-action="mute" aria-pressed={muted.to_string()}
                        onclick={act(Set::Mute(!muted))}
                        title={lang.t("Sound on or off", "声音开关")}>
                    { if muted { lang.t("Sound off", "静音") } else { lang.t("Sound on", "声音开") } }
                </button>
                <button type="button" data-action="lang" onclick={act(Set::SetLang(lang.other()))}
                        lang={lang.other().html_tag()}>
                    { lang.switch_label() }
                </button>
            </div>
        </header>
    }
}
