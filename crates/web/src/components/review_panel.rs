//! The review panel: its progress (`data-testid="review-progress"`) with a cancel button while
//! it runs, the evaluation graph of the whole game (`data-testid="eval-graph"`, one point per
//! position with `data-ply`; a click goes there), and each side's accuracy and marked moves.
//! At a marked move, the better line in the notation chosen (`data-testid="better-line"`).
//! A plain function: it keeps no state.

use crate::model::judgement::Judgement;
use crate::model::review::{MoveReview, Review};
use crate::model::{game, search, Action};
use crate::text::i18n::Lang;
use crate::text::scores::label;
use xiangqi::Color;
use xiangqi_ai::Score;
use yew::prelude::*;

/// The graph's width in its own units; its height is 100, 50 is level.
const GRAPH_W: usize = 600;

/// The panel for `review`, running or not, with what it found about each move (`reviewed`,
/// as `Review::of_moves` gives it), the position after `shown` plies on the board.
#[allow(clippy::too_many_arguments)]
pub fn review_panel(
    review: &Review,
    running: bool,
    reviewed: &[Option<MoveReview>],
    shown: usize,
    better: Option<String>,
    lang: Lang,
    dispatch: &Callback<Action>,
) -> Html {
    let (done, all) = review.progress();
    let points = review.graph();
    let step = GRAPH_W / (points.len().max(2) - 1);
    // Red's side up: +10 at the top, -10 at the bottom.
    let y = |cp: i32| 50 - cp / 20;
    let path: Vec<String> = points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|cp| format!("{},{}", i * step, y(cp))))
        .collect();
    let dots = points.iter().enumerate().filter_map(|(i, p)| {
        let cp = (*p)?;
        let go = dispatch.reform(move |_: MouseEvent| game::Action::Show(Some(i)).into());
        let mark = i
            .checked_sub(1)
            .and_then(|m| reviewed.get(m)?.as_ref()?.judgement);
        Some(html! {
            <circle data-ply={i.to_string()} data-judgement={mark.map(Judgement::key)}
                    class={classes!("dot", (i == shown).then_some("shown"))}
                    cx={(i * step).to_string()} cy={y(cp).to_string()} r="6" onclick={go}>
                <title>{format!("{i} · {}", label(Score::Cp(cp)))}</title>
            </circle>
        })
    });
    let (red_acc, black_acc) = review.accuracy(reviewed);
    let count = |color: Color, j: Judgement| {
        reviewed
            .iter()
            .enumerate()
            .filter(|(i, r)| {
                review.mover(*i) == color && r.as_ref().and_then(|r| r.judgement) == Some(j)
            })
            .count()
    };
    let side = |color: Color, acc: Option<u32>| {
        html! {
            <li data-side={color.name()}>
                <span class="who">{lang.side(color)}</span>
                <span class="accuracy">{acc.map_or("–".to_string(), |a| format!("{a}%"))}</span>
                <span class="counts">{format!("?! {} · ? {} · ?? {}",
                    count(color, Judgement::Inaccuracy), count(color, Judgement::Mistake),
                    count(color, Judgement::Blunder))}</span>
            </li>
        }
    };
    let cancel = dispatch.reform(|_: MouseEvent| search::Action::CancelReview.into());
    let deeper = dispatch.reform(|_: MouseEvent| search::Action::Review { deeper: true }.into());
    html! {
        <section class="review" data-testid="review" aria-label={lang.t("Game review", "复盘")}>
            <h2>{lang.t("Review", "复盘")}</h2>
            if running {
                <div class="review-run">
                    <progress data-testid="review-progress" max={all.to_string()} value={done.to_string()} />
                    <span>{format!("{done} / {all}")}</span>
                    <button type="button" data-action="cancel-review" onclick={cancel}>{lang.t("Cancel", "取消")}</button>
                </div>
            } else {
                <div class="review-run">
                    <span>{format!("{done} / {all}")}</span>
                    <button type="button" data-action="review-deeper" onclick={deeper}>{lang.t("Deeper", "更深入")}</button>
                </div>
            }
            <svg class="eval-graph" data-testid="eval-graph" viewBox={format!("-8 -8 {} 116", GRAPH_W + 16)}
                 preserveAspectRatio="none" role="img" aria-label={lang.t("Evaluation graph", "局势曲线")}>
                <line class="level" x1="0" y1="50" x2={GRAPH_W.to_string()} y2="50" />
                <polyline points={path.join(" ")} />
                { for dots }
            </svg>
            if let Some(line) = better {
                <p class="better" data-testid="better-line">
                    {lang.t("Better: ", "更好：")}<span class="line">{line}</span>
                </p>
            }
            <ul class="sides">
                { side(Color::Red, red_acc) }
                { side(Color::Black, black_acc) }
            </ul>
        </section>
    }
}
