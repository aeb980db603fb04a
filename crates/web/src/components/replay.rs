//! The replay viewer's panel (`view=replay`): the browsing buttons with the ply shown and a
//! flip button, the comment on the move shown, and the move list with every comment. The
//! game's page draws it in place of its controls: a replay has the same board and history,
//! but no computer, no worker, no dialogs, no sound and no saved game (see `app.rs`).

use super::browse::browse;
use crate::text::i18n::Lang;
use yew::prelude::*;

/// The bar over the comment and the move list, when the position after `ply` of `len` plies
/// is shown, in `lang`: `show` is told the ply to show, `flip` turns the board round.
pub fn replay_bar(
    ply: usize,
    len: usize,
    lang: Lang,
    show: &Callback<usize>,
    flip: Callback<MouseEvent>,
) -> Html {
    html! {
        <div class="replay-bar">
            { browse(ply, len, lang, show) }
            <span class="count" data-testid="replay-ply">{format!("{ply} / {len}")}</span>
            <button type="button" data-action="flip" onclick={flip}
                    aria-label={lang.t("Flip the board", "翻转棋盘")}>{"⇅"}</button>
        </div>
    }
}

/// The comment on the move shown (`data-testid="comment"`), read out when it changes.
pub fn comment_now(text: &str) -> Html {
    html! {
        <p class="comment-now" data-testid="comment" aria-live="polite">{text}</p>
    }
}
