//! The selectors under the board: mode, the person's side, the computer's level, the move
//! list's notation, the piece set and the time control (presets, or a custom one with its two
//! fields). Each carries `data-testid`.

use crate::model::rated::Rated;
use crate::model::settings::Action as Set;
use crate::model::{Action, Mode, PieceSet, Settings, TimeControl};
use crate::records::saved::rating::PlayerRating;
use crate::records::side::SideName;
use crate::text::i18n::Lang;
use crate::text::moves;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use xiangqi::Color;
use xiangqi_ai::MAX_LEVEL;
use xiangqi_ai::{Level, Player};
use yew::prelude::*;

/// What the selectors show.
#[derive(Properties, PartialEq, Clone)]
pub struct SelectorsProps {
    /// The settings they show (and the page's language).
    pub settings: Settings,
    /// Where actions go.
    pub dispatch: Callback<Action>,
    /// The game's part in the person's rating: when it is counted, the rating shown (read
    /// from the browser's storage) is drawn again.
    pub rated: Rated,
}

/// A level's label: its number, its approximate rating in the page and the player behind it
/// ("5 · ≈2040 · strong, 100 ms").
fn level_label(level: u8, lang: Lang) -> String {
    let level = Level::new(level);
    let task = level.task(0);
    let sep = lang.t(", ", "，");
    let plies = |depth: u32| match lang {
        Lang::En if depth == 1 => " ply",
        _ => lang.t(" plies", " 层"),
    };
    // Chinese counts large numbers in ten thousands (万): 20,000 is 2万. Integers only:
    // formatting a float would link the float printer into the page.
    let player = match (task.player, task.limits.nodes) {
        (Player::Greedy { .. }, _) => lang.t("greedy", "贪吃").to_string(),
        (Player::AlphaBeta { depth, .. }, _) => format!("αβ{sep}{depth}{}", plies(depth)),
        // The player of some skill: its depth, and the centipawns that halve a move's chance.
        (
            Player::Skill {
                depth, temperature, ..
            },
            _,
        ) => {
            format!("αβ{sep}{depth}{}{sep}±{temperature}", plies(depth))
        }
        (Player::Strong, Some(n)) => match lang {
            Lang::Zh if n % 10_000 == 0 => format!("强{sep}{}万节点", n / 10_000),
            Lang::Zh if n > 10_000 => format!("强{sep}{}.{}万节点", n / 10_000, n % 10_000 / 1000),
            _ => format!(
                "{}{sep}{}{}",
                lang.t("strong", "强"),
                n / 1000,
                lang.t("k nodes", "千节点")
            ),
        },
        (Player::Strong, None) => match task.limits.movetime_ms.unwrap_or(0) {
            ms if ms < 1000 => format!("{}{sep}{ms} ms", lang.t("strong", "强")),
            ms => format!("{}{sep}{} s", lang.t("strong", "强"), ms / 1000),
        },
    };
    // The rating before the player, so that a narrow closed select still shows it.
    let rating = crate::text::levels::rating_label(level.number(), lang);
    format!("{} · {rating} · {player}", level.number())
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
    let on_side = on_change(|v| v.parse().ok().map(|SideName(c)| Set::SetSide(c)));
    let on_level = on_change(|v| v.parse().ok().map(Set::SetLevel));
    let on_notation = on_change(|v| moves::from_key(v).map(Set::SetNotation));
    let on_pieces = on_change(|v| v.parse().ok().map(Set::SetPieces));
    let s = &props.settings;
    let tc = s.time_control();
    // "Custom…" opens two fields for the minutes and the increment; a control that is not a
    // preset is shown with them open.
    let custom = use_state(|| false);
    let show_custom = *custom || tc.is_some_and(|tc| !TimeControl::PRESETS.contains(&tc));
    let on_tc = {
        let (d, custom) = (props.dispatch.clone(), custom.clone());
        Callback::from(move |e: Event| {
            let v = select_value(&e).unwrap_or_default();
            custom.set(v == "custom");
            let chosen = match v.as_str() {
                // The fields start from the control in use, or ten minutes.
                "custom" => Ok(Some(tc.unwrap_or(TimeControl::new(10, 0)))),
                v => TimeControl::parse(v),
            };
            if let Ok(tc) = chosen {
                d.emit(Set::SetTimeControl(tc).into());
            }
        })
    };
    // The custom fields: each changes its half of the control in use; a value out of range
    // is not taken (the field says the range).
    let custom_value = tc.unwrap_or(TimeControl::new(10, 0));
    let on_field = |increment: bool| {
        let d = props.dispatch.clone();
        Callback::from(move |e: Event| {
            let value = e.target_dyn_into::<HtmlInputElement>().map(|i| i.value());
            let Some(n) = value.and_then(|v| v.trim().parse().ok()) else {
                return;
            };
            let mut tc = custom_value;
            *(if increment {
                &mut tc.increment
            } else {
                &mut tc.minutes
            }) = n;
            if TimeControl::parse(&tc.to_string()).is_ok() {
                d.emit(Set::SetTimeControl(Some(tc)).into());
            }
        })
    };
    let lang = s.lang();
    let vs_computer = s.mode() == Mode::Computer;
    let plays_computer = s.mode() != Mode::TwoPlayers;
    let custom_field = |id: &'static str,
                        caption: &str,
                        min: u32,
                        max: u32,
                        value: u32,
                        increment: bool| {
        html! {
            <label>
                <span>{caption}</span>
                <input type="number" data-testid={id} min={min.to_string()} max={max.to_string()}
                       value={value.to_string()} onchange={on_field(increment)} />
            </label>
        }
    };
    let mut tc_options = vec![(
        "none".to_string(),
        lang.t("No clock", "不计时").to_string(),
        tc.is_none() && !show_custom,
    )];
    tc_options.extend(
        TimeControl::PRESETS
            .iter()
            .map(|p| (p.to_string(), p.to_string(), tc == Some(*p) && !show_custom)),
    );
    tc_options.push((
        "custom".into(),
        lang.t("Custom…", "自定义…").into(),
        show_custom,
    ));
    html! {
        <div class="settings">
            { select("mode", lang.t("Mode", "模式"), true, on_mode, Mode::ALL.iter().map(|m| {
                (m.key().into(), m.label(lang).into(), *m == s.mode())
            }).collect()) }
            { select("side", lang.t("You play", "你执"), vs_computer, on_side, vec![
                ("red".into(), lang.t("Red (first)", "红方（先走）").into(), s.human() == Color::Red),
                ("black".into(), lang.t("Black", "黑方").into(), s.human() == Color::Black),
            ]) }
            { select("level", lang.t("Level", "级别"), plays_computer, on_level, (1..=MAX_LEVEL).map(|l| {
                (l.to_string(), level_label(l, lang), l == s.level())
            }).collect()) }
            if let Some(r) = crate::hooks::player_rating() {
                { player_rating(&r, lang) }
            }
            { select("notation", lang.t("Moves in", "记谱法"), true, on_notation, moves::CHOICES.iter().map(|&n| {
                (n.key().into(), moves::label(n).into(), n == s.notation())
            }).collect()) }
            { select("pieces", lang.t("Pieces", "棋子"), true, on_pieces, PieceSet::ALL.iter().map(|&p| {
                (p.key().into(), p.label(lang).into(), p == s.pieces())
            }).collect()) }
            <div class="time-control">
                { select("time-control", lang.t("Clock", "计时"), true, on_tc, tc_options) }
                if show_custom {
                    <span class="custom-tc">
                        { custom_field("tc-minutes", lang.t("Minutes", "分钟"), 1, TimeControl::MAX_MINUTES, custom_value.minutes, false) }
                        { custom_field("tc-increment", lang.t("Seconds added", "每步加秒"), 0, TimeControl::MAX_INCREMENT, custom_value.increment, true) }
                    </span>
                }
            </div>
        </div>
    }
}

/// The person's rating in words: "Your rating ≈1180 ±95 (12 rated games)".
pub fn rating_words(r: &PlayerRating, lang: Lang) -> String {
    format!(
        "{} {} ±{} ({} {})",
        lang.t("Your rating", "你的等级分"),
        xiangqi_ai::level::label(r.shown()),
        r.shown_rd(),
        r.games,
        lang.t("rated games", "盘计分对局")
    )
}

/// The person's rating against the computer beside the levels, and the level it suggests
/// (`data-level`): "Your rating ≈1180 ±95 (12 rated games) · try level 16".
fn player_rating(r: &PlayerRating, lang: Lang) -> Html {
    let level = r.suggested_level();
    html! {
        <p class="player-rating" data-testid="player-rating" data-rating={r.shown().to_string()}
           data-level={level.to_string()}>
            { format!("{} · {} {level}", rating_words(r, lang), lang.t("try level", "建议级别")) }
        </p>
    }
}

/// One selector: its caption, and its options as (value, text, selected); greyed out and
/// disabled unless `enabled`.
fn select(
    id: &'static str,
    caption: &str,
    enabled: bool,
    onchange: Callback<Event>,
    options: Vec<(String, String, bool)>,
) -> Html {
    html! {
        <label class={classes!((!enabled).then_some("off"))}>
            <span>{caption.to_string()}</span>
            <select data-testid={id} {onchange} disabled={!enabled}>
                { for options.into_iter().map(|(value, text, selected)| html! {
                    <option {value} {selected}>{text}</option>
                }) }
            </select>
        </label>
    }
}
