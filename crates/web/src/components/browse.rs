//! The browsing buttons over the move list: first, back, forward and latest (`data-action`
//! first, back, forward, last). The game's page and the replay viewer share them.

use crate::text::i18n::Lang;
use yew::prelude::*;

/// The browsing buttons when the position after `ply` of the game's `len` plies is shown, in
/// `lang`; `show` is told the ply to show.
pub fn browse(ply: usize, len: usize, lang: Lang, show: &Callback<usize>) -> Html {
    let to = |n: usize| {
        let show = show.clone();
        Callback::from(move |_: MouseEvent| show.emit(n))
    };
    html! {
        <div class="browse" role="toolbar" aria-label={lang.t("Browse the game", "浏览对局")}>
            <button type="button" data-action="first" disabled={ply == 0}
                    aria-label={lang.t("Start", "开局")} onclick={to(0)}>{"|◀"}</button>
            <button type="button" data-action="back" disabled={ply == 0}
                    aria-label={lang.t("Back", "后退")} onclick={to(ply.saturating_sub(1))}>{"◀"}</button>
            <button type="button" data-action="forward" disabled={ply >= len}
                    aria-label={lang.t("Forward", "前进")} onclick={to((ply + 1).min(len))}>{"▶"}</button>
            <button type="button" data-action="last" disabled={ply >= len}
                    aria-label={lang.t("Latest", "最新")} onclick={to(len)}>{"▶|"}</button>
        </div>
    }
}
