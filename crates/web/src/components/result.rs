//! The end-of-game banner: the result and the reason in the page's language, and a new game.

use crate::i18n::Lang;
use xiangqi::Outcome;
use yew::prelude::*;

/// The banner's content.
#[derive(Properties, PartialEq, Clone)]
pub struct ResultProps {
    /// How the game ended.
    pub outcome: Outcome,
    /// Start a new game.
    pub on_new: Callback<()>,
    /// The page's language.
    #[prop_or_default]
    pub lang: Lang,
}

/// The banner.
#[function_component(ResultBanner)]
pub fn result_banner(props: &ResultProps) -> Html {
    let on_new = props.on_new.clone();
    let winner = props.outcome.winner.map_or("draw", |c| c.name());
    html! {
        <div class="result" data-testid="result" data-winner={winner} role="alert">
            <p class="big">{props.lang.outcome(&props.outcome)}</p>
            <p class="tag">{props.outcome.result_tag()}</p>
            <button type="button" data-testid="result-new" onclick={move |_| on_new.emit(())}>
                {props.lang.t("New game", "再来一局")}
            </button>
        </div>
    }
}
