//! The browsing buttons over the move list: first, back, forward and latest (`data-action`
//! first, back, forward, last).

use crate::i18n::Lang;
use crate::model::{game, Action};
use yew::prelude::*;

/// The browsing buttons when the position after `ply` of the game's `len` plies is shown, in
/// `lang`; actions go to `dispatch`.
pub fn browse(ply: usize, len: usize, lang: Lang, dispatch: &Callback<Action>) -> Html {
    let act = |a: game::Action| {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone().into()))
    };
    html! {
        <div class="browse" role="toolbar" aria-label={lang.t("Browse the game", "浏览对局")}>
            <button type="button" data-action="first" disabled={ply == 0}
                    aria-label={lang.t("Start", "开局")} onclick={act(game::Action::Show(Some(0)))}>{"|◀"}</button>
            <button type="button" data-action="back" disabled={ply == 0}
                    aria-label={lang.t("Back", "后退")} onclick={act(game::Action::Step(-1))}>{"◀"}</button>
            <button type="button" data-action="forward" disabled={ply >= len}
                    aria-label={lang.t("Forward", "前进")} onclick={act(game::Action::Step(1))}>{"▶"}</button>
            <button type="button" data-action="last" disabled={ply >= len}
                    aria-label={lang.t("Latest", "最新")} onclick={act(game::Action::Show(None))}>{"▶|"}</button>
        </div>
    }
}
