//! The status bar: whose turn it is, and while the computer thinks, its depth, nodes, time,
//! score, speed and the workers it searches on. Not a live region: the figures change several
//! times a second, and a screen reader would read each change. The moves and the end of the
//! game are announced by the announcer (`announcer.rs`) instead.

use crate::text::i18n::Lang;
use crate::worker::protocol::Progress;
use xiangqi::Color;
use yew::prelude::*;

/// What the status bar says.
#[derive(Properties, PartialEq, Clone)]
pub struct StatusProps {
    /// The side to move.
    pub turn: Color,
    /// The side to move is in check.
    pub in_check: bool,
    /// The game is over (the banner says how).
    pub over: bool,
    /// What the computer is doing, if anything: "computer thinking" or "looking for a hint".
    pub busy: Option<&'static str>,
    /// The search figures: live while searching, else those of the last search.
    pub progress: Option<Progress>,
    /// The page's language.
    #[prop_or_default]
    pub lang: Lang,
    /// Browsing: the shown position's ply and the game's length.
    #[prop_or_default]
    pub browsing: Option<(usize, usize)>,
}

/// "Viewing move 3 of 8", while browsing back to ply 3 of a game of 8.
pub fn viewing((n, len): (usize, usize), lang: Lang) -> String {
    match lang {
        Lang::En => format!("Viewing move {n} of {len}"),
        Lang::Zh => format!("查看第 {n} / {len} 步"),
    }
}

/// The status bar.
#[function_component(Status)]
pub fn status(props: &StatusProps) -> Html {
    let lang = props.lang;
    let side = lang.side(props.turn);
    let headline = if let Some(browsing) = props.browsing {
        viewing(browsing, lang)
    } else if props.over {
        lang.t("Game over", "对局结束").to_string()
    } else if let Some(what) = props.busy {
        format!("{side}: {what}…")
    } else if props.in_check {
        format!(
            "{side}{} — {}",
            lang.t(" to move", "走棋"),
            lang.t("check!", "将军！")
        )
    } else {
        format!("{side}{}", lang.t(" to move", "走棋"))
    };
    let figures = props.progress.as_ref().map(|p| {
        html! {
            <span class="figures" data-nodes={p.nodes.to_string()} data-time-ms={p.time_ms.to_string()}
                  data-depth={p.depth.to_string()} data-eval={if p.network { "network" } else { "hand-set" }}>
                <span data-figure="depth">{format!("{} {}", lang.t("depth", "深度"), p.depth)}</span>
                <span data-figure="nodes">{format!("{} {}", crate::text::figures::short_count(p.nodes), lang.t("nodes", "节点"))}</span>
                <span data-figure="time">{format!("{} s", crate::text::figures::tenths(p.time_ms, 1000))}</span>
                <span data-figure="score">{crate::text::scores::score_text(p.score)}</span>
                <span data-figure="nps" class="nps">{format!("{}/s", crate::text::figures::short_count(p.nps))}</span>
                <span data-figure="workers" class="workers" data-workers={p.workers.to_string()}
                      data-shared={p.shared.to_string()}>
                    {match (lang, p.workers) {
                        (Lang::En, 1) => "1 worker".to_string(),
                        (Lang::En, n) => format!("{n} workers"),
                        (Lang::Zh, n) => format!("{n} 个工作线程"),
                    }}
                    {if p.shared { lang.t(", one table", "，共享置换表") } else { "" }}
                </span>
            </span>
        }
    });
    html! {
        <div class={classes!("status", props.turn.name(), props.busy.map(|_| "busy"))}
             data-testid="status">
            <span class="turn-dot" aria-hidden="true" />
            <span class="headline">
                {headline}
            </span>
            { for figures }
        </div>
    }
}
