//! The toolbar (new game, undo, redo, flip, hint, move now) and the selectors for mode, side,
//! level and notation. Buttons carry `data-action`; selectors carry `data-testid`.

use crate::ai::MAX_LEVEL;
use crate::i18n::Lang;
use crate::notation::{self, Notation};
use crate::state::{Action, Mode};
use web_sys::HtmlSelectElement;
use xiangqi::Color;
use xiangqi_ai::{Level, Player};
use yew::prelude::*;

/// What the controls show and enable.
#[derive(Properties, PartialEq, Clone)]
pub struct ControlsProps {
    /// Who plays.
    pub mode: Mode,
    /// The person's side against the computer.
    pub human: Color,
    /// The computer's level.
    pub level: u8,
    /// The move list's notation.
    pub notation: Notation,
    /// Undo has something to take back.
    pub can_undo: bool,
    /// Redo has something to play again.
    pub can_redo: bool,
    /// A hint can be asked for now.
    pub can_hint: bool,
    /// A search is running that "move now" can cut short.
    pub can_stop: bool,
    /// Where actions go.
    pub dispatch: Callback<Action>,
    /// The page's language.
    #[prop_or_default]
    pub lang: Lang,
}

fn level_label(level: u8, lang: Lang) -> String {
    let task = Level::new(level).task(0);
    let movetime_ms = task.limits.movetime_ms.unwrap_or(0);
    match (task.player, lang) {
        (Player::Greedy { .. }, Lang::En) => format!("{level} · greedy"),
        (Player::Greedy { .. }, Lang::Zh) => format!("{level} · 贪吃"),
        (Player::AlphaBeta { depth, .. }, Lang::En) => format!("{level} · αβ, {depth} plies"),
        (Player::AlphaBeta { depth, .. }, Lang::Zh) => format!("{level} · αβ，{depth} 层"),
        (Player::Strong, _) if movetime_ms < 1000 => {
            format!("{level} · {} {movetime_ms} ms", lang.t("strong,", "强，"))
        }
        (Player::Strong, _) => {
            format!(
                "{level} · {} {} s",
                lang.t("strong,", "强，"),
                movetime_ms / 1000
            )
        }
    }
}

/// A select element's value on change.
fn select_value(e: &Event) -> Option<String> {
    e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value())
}

/// The toolbar: the six actions.
#[function_component(Toolbar)]
pub fn toolbar(props: &ControlsProps) -> Html {
    let lang = props.lang;
    let button = |action: &'static str,
                  label: &'static str,
                  key: &'static str,
                  enabled: bool,
                  act: Action| {
        let dispatch = props.dispatch.clone();
        let onclick = Callback::from(move |_| dispatch.emit(act.clone()));
        let title = format!("{label} ({key})");
        html! {
            <button type="button" data-action={action} aria-label={label} {title}
                    disabled={!enabled} {onclick}>
                <span class={classes!("icon", format!("icon-{action}"))} aria-hidden="true" />
                <span class="label">{label}</span>
            </button>
        }
    };
    html! {
        <div class="toolbar" role="toolbar" aria-label={lang.t("Game", "对局")}>
            { button("new", lang.t("New game", "新局"), "N", true, Action::NewGame) }
            { button("undo", lang.t("Undo", "悔棋"), "U", props.can_undo, Action::Undo) }
            { button("redo", lang.t("Redo", "还原"), "R", props.can_redo, Action::Redo) }
            { button("flip", lang.t("Flip board", "翻转"), "F", true, Action::Flip) }
            { button("hint", lang.t("Hint", "提示"), "H", props.can_hint, Action::Hint) }
            { button("stop", lang.t("Move now", "立即走"), "M", props.can_stop, Action::MoveNow) }
        </div>
    }
}

/// The selectors: mode, side, level and notation.
#[function_component(Settings)]
pub fn settings(props: &ControlsProps) -> Html {
    let d = props.dispatch.clone();
    let on_mode = Callback::from(move |e: Event| {
        if let Some(m) = select_value(&e).as_deref().and_then(Mode::from_key) {
            d.emit(Action::SetMode(m));
        }
    });
    let d = props.dispatch.clone();
    let on_side = Callback::from(move |e: Event| {
        let side = match select_value(&e).as_deref() {
            Some("black") => Color::Black,
            _ => Color::Red,
        };
        d.emit(Action::SetSide(side));
    });
    let d = props.dispatch.clone();
    let on_level = Callback::from(move |e: Event| {
        if let Some(l) = select_value(&e).and_then(|v| v.parse().ok()) {
            d.emit(Action::SetLevel(l));
        }
    });
    let d = props.dispatch.clone();
    let on_notation = Callback::from(move |e: Event| {
        if let Some(n) = select_value(&e).as_deref().and_then(notation::from_key) {
            d.emit(Action::SetNotation(n));
        }
    });
    let lang = props.lang;
    let vs_computer = props.mode == Mode::Computer;
    let plays_computer = props.mode != Mode::TwoPlayers;
    html! {
        <div class="settings">
            <label>
                <span>{lang.t("Mode", "模式")}</span>
                <select data-testid="mode" onchange={on_mode}>
                    { for Mode::ALL.iter().map(|m| html! {
                        <option value={m.key()} selected={*m == props.mode}>{m.label(lang)}</option>
                    }) }
                </select>
            </label>
            <label class={classes!((!vs_computer).then_some("off"))}>
                <span>{lang.t("You play", "你执")}</span>
                <select data-testid="side" onchange={on_side} disabled={!vs_computer}>
                    <option value="red" selected={props.human == Color::Red}>{lang.t("Red (first)", "红方（先走）")}</option>
                    <option value="black" selected={props.human == Color::Black}>{lang.t("Black", "黑方")}</option>
                </select>
            </label>
            <label class={classes!((!plays_computer).then_some("off"))}>
                <span>{lang.t("Level", "级别")}</span>
                <select data-testid="level" onchange={on_level} disabled={!plays_computer}>
                    { for (1..=MAX_LEVEL).map(|l| html! {
                        <option value={l.to_string()} selected={l == props.level}>{level_label(l, lang)}</option>
                    }) }
                </select>
            </label>
            <label>
                <span>{lang.t("Moves in", "记谱法")}</span>
                <select data-testid="notation" onchange={on_notation}>
                    { for notation::CHOICES.iter().map(|&n| html! {
                        <option value={notation::key(n)} selected={n == props.notation}>{notation::label(n)}</option>
                    }) }
                </select>
            </label>
        </div>
    }
}
