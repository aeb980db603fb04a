//! The toolbar: new game, undo, redo, flip, hint, move now and the analysis board (pressed
//! while on). Each button carries `data-action` and shows its keyboard shortcut in its title.

use crate::model::{game, search, settings, Action};
use crate::text::i18n::Lang;
use yew::prelude::*;

/// What the toolbar enables.
#[derive(Properties, PartialEq, Clone)]
pub struct ToolbarProps {
    /// Undo has something to take back.
    pub can_undo: bool,
    /// Redo has something to play again.
    pub can_redo: bool,
    /// A hint can be asked for now.
    pub can_hint: bool,
    /// A search is running that "move now" can cut short.
    pub can_stop: bool,
    /// The analysis board is on.
    #[prop_or_default]
    pub analysing: bool,
    /// Where actions go.
    pub dispatch: Callback<Action>,
    /// The page's language.
    #[prop_or_default]
    pub lang: Lang,
}

/// The toolbar: the six actions.
#[function_component(Toolbar)]
pub fn toolbar(props: &ToolbarProps) -> Html {
    let lang = props.lang;
    let button = |action: &'static str,
                  label: &'static str,
                  key: &'static str,
                  enabled: bool,
                  pressed: Option<bool>,
                  act: Action| {
        let dispatch = props.dispatch.clone();
        let onclick = Callback::from(move |_| dispatch.emit(act.clone()));
        let title = format!("{label} ({key})");
        html! {
            <button type="button" data-action={action} aria-label={label} {title}
                    aria-pressed={pressed.map(|p| if p { "true" } else { "false" })}
                    disabled={!enabled} {onclick}>
                <span class={classes!("icon", format!("icon-{action}"))} aria-hidden="true" />
                <span class="label">{label}</span>
            </button>
        }
    };
    html! {
        <div class="toolbar" role="toolbar" aria-label={lang.t("Game", "对局")}>
            { button("new", lang.t("New game", "新局"), "N", true, None, game::Action::New.into()) }
            { button("undo", lang.t("Undo", "悔棋"), "U", props.can_undo, None, game::Action::Undo.into()) }
            { button("redo", lang.t("Redo", "还原"), "R", props.can_redo, None, game::Action::Redo.into()) }
            { button("flip", lang.t("Flip board", "翻转"), "F", true, None, settings::Action::Flip.into()) }
            { button("hint", lang.t("Hint", "提示"), "H", props.can_hint, None, search::Action::Hint.into()) }
            { button("stop", lang.t("Move now", "立即走"), "M", props.can_stop, None, search::Action::MoveNow.into()) }
            { button("analyse", lang.t("Analyse", "分析"), "A", true, Some(props.analysing), search::Action::Analyse.into()) }
        </div>
    }
}
