//! The question asked in the page (never a dialog) before a move played from an earlier
//! position drops the rest of the game (`data-testid="confirm"`).

use crate::model::{game, Action};
use crate::text::i18n::Lang;
use yew::prelude::*;

/// The question before a new line replaces the rest of the game.
#[derive(Properties, PartialEq, Clone)]
pub struct ConfirmProps {
    /// How many moves would be dropped.
    pub dropped: usize,
    /// The page's language.
    pub lang: Lang,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// An in-page confirmation.
#[function_component(ConfirmBranch)]
pub fn confirm_branch(props: &ConfirmProps) -> Html {
    let lang = props.lang;
    let n = props.dropped;
    let (d1, d2) = (props.dispatch.clone(), props.dispatch.clone());
    let text = match lang {
        Lang::En => format!("Play this move and drop the {n} later move(s) of the game?"),
        Lang::Zh => format!("走这步棋并放弃之后的 {n} 步吗？"),
    };
    html! {
        <div class="confirm" role="alertdialog" data-testid="confirm" aria-label={text.clone()}>
            <p>{text}</p>
            <div class="row">
                <button type="button" class="primary" data-action="confirm-yes"
                        onclick={move |_| d1.emit(game::Action::ConfirmBranch(true).into())}>
                    {lang.t("New line", "开始新变着")}
                </button>
                <button type="button" data-action="confirm-no"
                        onclick={move |_| d2.emit(game::Action::ConfirmBranch(false).into())}>
                    {lang.t("Keep the game", "保留原对局")}
                </button>
            </div>
        </div>
    }
}
