//! The selectors under the board: mode, the person's side, the computer's level and the move
//! list's notation. Each carries `data-testid`.

use crate::ai::MAX_LEVEL;
use crate::i18n::Lang;
use crate::model::settings::Action as Set;
use crate::model::{Action, Mode, Settings};
use crate::notation;
use web_sys::HtmlSelectElement;
use xiangqi::Color;
use xiangqi_ai::{Level, Player};
use yew::prelude::*;

/// What the selectors show.
#[derive(Properties, PartialEq, Clone)]
pub struct SelectorsProps {
    /// The settings they show (and the page's language).
    pub settings: Settings,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// A level's label: its number and the player behind it.
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

/// The selectors: mode, side, level and notation.
#[function_component(Selectors)]
pub fn selectors(props: &SelectorsProps) -> Html {
    // Each selector turns its chosen value into a settings action, if it reads as one.
    let on_change = |read: fn(&str) -> Option<Set>| {
        let d = props.dispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(a) = select_value(&e).as_deref().and_then(read) {
                d.emit(a.into());
            }
        })
    };
    let on_mode = on_change(|v| Mode::from_key(v).map(Set::SetMode));
    let on_side = on_change(|v| {
        Some(Set::SetSide(match v {
            "black" => Color::Black,
            _ => Color::Red,
        }))
    });
    let on_level = on_change(|v| v.parse().ok().map(Set::SetLevel));
    let on_notation = on_change(|v| notation::from_key(v).map(Set::SetNotation));
    let s = &props.settings;
    let lang = s.lang();
    let vs_computer = s.mode() == Mode::Computer;
    let plays_computer = s.mode() != Mode::TwoPlayers;
    html! {
        <div class="settings">
            <label>
                <span>{lang.t("Mode", "模式")}</span>
                <select data-testid="mode" onchange={on_mode}>
                    { for Mode::ALL.iter().map(|m| html! {
                        <option value={m.key()} selected={*m == s.mode()}>{m.label(lang)}</option>
                    }) }
                </select>
            </label>
            <label class={classes!((!vs_computer).then_some("off"))}>
                <span>{lang.t("You play", "你执")}</span>
                <select data-testid="side" onchange={on_side} disabled={!vs_computer}>
                    <option value="red" selected={s.human() == Color::Red}>{lang.t("Red (first)", "红方（先走）")}</option>
                    <option value="black" selected={s.human() == Color::Black}>{lang.t("Black", "黑方")}</option>
                </select>
            </label>
            <label class={classes!((!plays_computer).then_some("off"))}>
                <span>{lang.t("Level", "级别")}</span>
                <select data-testid="level" onchange={on_level} disabled={!plays_computer}>
                    { for (1..=MAX_LEVEL).map(|l| html! {
                        <option value={l.to_string()} selected={l == s.level()}>{level_label(l, lang)}</option>
                    }) }
                </select>
            </label>
            <label>
                <span>{lang.t("Moves in", "记谱法")}</span>
                <select data-testid="notation" onchange={on_notation}>
                    { for notation::CHOICES.iter().map(|&n| html! {
                        <option value={notation::key(n)} selected={n == s.notation()}>{notation::label(n)}</option>
                    }) }
                </select>
            </label>
        </div>
    }
}
