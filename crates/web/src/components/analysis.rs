//! The analysis board's panel (`data-testid="analysis"`: each line `data-multipv="N"` with
//! its score from Red's side, the depth and its moves in the notation chosen) and the
//! evaluation bar beside the board (`data-testid="eval-bar"`). Plain functions: they keep no
//! state. The lines' first moves are drawn as arrows by the board.

use crate::text::i18n::Lang;
use crate::text::scores::{bar_percent, for_red, label};
use crate::worker::protocol::Progress;
use xiangqi::notation::{format_line, Notation};
use xiangqi::{Color, Position};
use xiangqi_ai::Score;

use yew::prelude::*;

/// Moves of a line shown: enough to see the idea, few enough for one or two rows on a phone.
const SHOWN_MOVES: usize = 8;

/// The lines found so far for `pos` (none yet: a placeholder), in `notation`.
pub fn analysis_panel(
    found: Option<&Progress>,
    pos: &Position,
    notation: Notation,
    lang: Lang,
) -> Html {
    let title = lang.t("Analysis", "分析");
    let Some(found) = found else {
        return html! {
            <section class="analysis" data-testid="analysis" aria-label={title}>
                <h2>{title}</h2>
                <p class="waiting">{lang.t("Thinking…", "思考中…")}</p>
            </section>
        };
    };
    let lines = found.lines.iter().enumerate().map(|(i, line)| {
        let red = for_red(line.score, pos.turn());
        let texts = format_line(pos, &line.pv[..line.pv.len().min(SHOWN_MOVES)], notation);
        let first = line.pv.first().map(|m| m.to_string());
        html! {
            <li data-multipv={(i + 1).to_string()} data-move={first} data-score={label(red)}>
                <span class="score">{label(red)}</span>
                <span class="pv">{texts.join(" ")}</span>
            </li>
        }
    });
    html! {
        <section class="analysis" data-testid="analysis" aria-label={title}
                 data-depth={found.depth.to_string()}>
            <h2>{title}<span class="depth">{format!(" · {} {}", lang.t("depth", "深度"), found.depth)}</span></h2>
            <ol>{ for lines }</ol>
        </section>
    }
}

/// The evaluation bar for the best line's `score` (for the side to move in a position where
/// `turn` moves), Red's share coloured from the side of the board where Red sits.
pub fn eval_bar(score: Option<Score>, turn: Color, orientation: Color, lang: Lang) -> Html {
    let red = score.map(|s| for_red(s, turn));
    let percent = red.map_or(50, bar_percent);
    let text = red.map(label);
    let class = classes!(
        "eval-bar",
        (orientation == Color::Black).then_some("red-top")
    );
    html! {
        <div {class} data-testid="eval-bar" role="meter" aria-label={lang.t("Evaluation", "局面评估")}
             aria-valuemin="0" aria-valuemax="100" aria-valuenow={percent.to_string()}
             aria-valuetext={text.clone()} data-score={text}>
            <div class="red-share" style={format!("height:{percent}%")} />
        </div>
    }
}
