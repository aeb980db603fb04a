//! The board with what stands on it: the arrows (the analysis's first moves, or at a move the
//! review marked the better one), the evaluation bar of the analysis board, and the banner at
//! the end of the game.

use crate::components::analysis::eval_bar;
use crate::components::board::Board;
use crate::components::play::Play;
use crate::components::result::ResultBanner;
use crate::model::game;
use xiangqi::Move;
use yew::prelude::*;

/// The board area of the game's page.
// Inlined into the root, like the panel (see `panel.rs`).
#[inline(always)]
pub fn board_area(play: &Play) -> Html {
    let (state, dispatch) = (play.state, play.dispatch);
    let (view, settings) = (state.view(), *state.settings());
    let lang = settings.lang();
    let editing = play.editing;
    let browsing = state.history().browsing();
    let ply = state.history().shown_ply();
    let analysis = play.analysis;
    let arrows: Vec<Move> = match analysis {
        Some(p) => p
            .lines
            .iter()
            .filter_map(|l| l.pv.first().copied())
            .collect(),
        None => play.marked.and_then(|r| r.better).into_iter().collect(),
    };
    let h = play.handlers;
    let on_new = dispatch.reform(|()| game::Action::New.into());
    html! {
        <div class="board-wrap">
            <Board
                pieces={view.pieces.clone()}
                orientation={settings.orientation()}
                selected={state.selected()}
                dests={view.dests.clone()}
                last={view.last}
                check={view.check}
                hint={state.search().hint().filter(|_| !editing && browsing.is_none())}
                cursor={state.cursor()}
                animate={state.animate().filter(|_| !editing).map(|m| (m, ply))}
                on_click={h.click.clone()}
                on_drop={h.drop.clone()}
                on_key={h.key.clone()}
                {lang}
                {arrows}
                piece_set={settings.pieces()}
            />
            if play.analysing {
                { eval_bar(analysis.map(|p| p.score), view.position.turn(), settings.orientation(), lang) }
            }
            if let Some(ending) = play.ending.filter(|_| !play.replay) {
                <ResultBanner {ending} {on_new} {lang} />
            }
        </div>
    }
}
