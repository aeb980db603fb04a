//! The notice beside the board (`data-testid="notice"`): something the person should know that
//! is not part of the game, in the page's language, with a button to dismiss it.

use crate::model::{Action, Notice};
use crate::text::i18n::Lang;
use yew::prelude::*;

/// `notice` in `lang`; dismissing it goes to `dispatch`.
pub fn notice_bar(notice: &Notice, lang: Lang, dispatch: &Callback<Action>) -> Html {
    let d = dispatch.clone();
    html! {
        <div class="notice" data-testid="notice" role="alert">
            <span>{lang.notice(notice)}</span>
            <button type="button" aria-label={lang.t("Dismiss", "关闭")}
                    onclick={move |_| d.emit(Action::DismissNotice)}>{"×"}</button>
        </div>
    }
}
