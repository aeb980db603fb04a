//! The end-of-game banner: the result and the reason in Chinese and English, and a new game.

use xiangqi::Outcome;
use yew::prelude::*;

/// The banner's content.
#[derive(Properties, PartialEq, Clone)]
pub struct ResultProps {
    /// How the game ended.
    pub outcome: Outcome,
    /// Start a new game.
    pub on_new: Callback<()>,
}

/// The banner.
#[function_component(ResultBanner)]
pub fn result_banner(props: &ResultProps) -> Html {
    let on_new = props.on_new.clone();
    let winner = props.outcome.winner.map_or("draw", |c| c.name());
    html! {
        <div class="result" data-testid="result" data-winner={winner} role="alert">
            <p class="zh" lang="zh-Hans">{props.outcome.chinese()}</p>
            <p class="en">{props.outcome.to_string()}</p>
            <p class="tag">{props.outcome.result_tag()}</p>
            <button type="button" data-testid="result-new" onclick={move |_| on_new.emit(())}>
                {"New game 再来一局"}
            </button>
        </div>
    }
}
