//! The panel beside the board (`<aside class="panel">`): in the replay viewer its controls,
//! in the editor the editor's, else the clocks, the toolbar, the status, the analysis and the
//! review; then the notice, the new line's confirmation, the FEN, the records' tools, the
//! settings, the legend, the browsing buttons, the opening's name, the move list and the embed
//! code, each where the page's kind shows it.

use crate::components::analysis::analysis_panel;
use crate::components::browse::browse;
use crate::components::clocks::clocks;
use crate::components::correspondence::corr_panel;
use crate::components::editor_panel::EditorPanel;
use crate::components::fen_box::FenBox;
use crate::components::game_tools::GameTools;
use crate::components::legend::legend;
use crate::components::move_list::MoveList;
use crate::components::notice::notice_bar;
use crate::components::play::Play;
use crate::components::replay::{comment_now, replay_bar};
use crate::components::review_panel::review_panel;
use crate::components::selectors::Selectors;
use crate::components::status::Status;
use crate::components::toolbar::Toolbar;
use crate::hooks::Saving;
use crate::model::{settings, Purpose};
use crate::records::link::corr::corr_query;
use std::rc::Rc;
use xiangqi::notation::format_line;
use xiangqi::Color;
use yew::prelude::*;

/// The panel of the game's page; `saving` says how saving goes (and changes whenever a game
/// enters the list of recent games), and `embed_code` is the embed code's part, made only when
/// what it encodes changes.
// Inlined into the root, as the parts of the page were written there: as functions of their
// own, the panel and its game controls cost the first load some 500 bytes (gzip).
#[inline(always)]
pub fn panel(play: &Play, saving: &Saving, embed_code: Html) -> Html {
    let (state, dispatch) = (play.state, play.dispatch);
    let (replay, embed, editing) = (play.replay, play.embed, play.editing);
    let (view, settings) = (state.view(), *state.settings());
    let lang = settings.lang();
    let browsing = state.history().browsing();
    let (ply, len) = (state.history().shown_ply(), state.game().len());
    let h = play.handlers;
    html! {
        <aside class="panel">
            if replay {
                { replay_bar(ply, len, lang, &h.show, dispatch.reform(|_: MouseEvent| settings::Action::Flip.into())) }
            } else if let Some(editor) = state.editor() {
                <EditorPanel editor={editor.clone()} {lang} pieces={settings.pieces()} dispatch={dispatch.clone()} />
            } else {
                { game_controls(play) }
            }
            if let (Some(c), false) = (state.corr(), embed || replay || editing) {
                { corr_panel(c, state.position().turn(), state.over(), corr_link(state), lang, dispatch) }
            }
            if let Some(notice) = state.notice() {
                { notice_bar(notice, lang, dispatch) }
            }
            if replay {
                { comment_now(&comment(play)) }
            }
            if !embed {
                <FenBox fen={view.fen.clone()} {lang} dispatch={dispatch.clone()} />
                <GameTools state={state.clone()} review={!replay} hidden={editing}
                           dispatch={dispatch.clone()} saving={saving.clone()} />
            }
            if !editing && !embed {
                <Selectors {settings} dispatch={dispatch.clone()} rated={state.rated()} />
                { legend(lang) }
                { browse(ply, len, lang, &h.show) }
            }
            if !editing && !embed {
                // The opening's name, which the page's script writes (www/explorer.js).
                <div class="opening-slot" data-testid="opening-slot" />
            }
            if !editing && (!embed || replay) {
                <MoveList
                    moves={view.moves.clone()}
                    comments={view.main_comments.clone()}
                    variations={view.variations.clone()}
                    shown_variation={(!state.history().shown_on_main()).then(|| state.history().shown_path().to_vec())}
                    on_go={h.go.clone()}
                    on_promote={h.promote.clone()}
                    on_delete={h.delete.clone()}
                    black_first={state.game().start_position().turn() == Color::Black}
                    first_number={state.game().start_position().fullmoves()}
                    {lang}
                    viewing={if replay { Some(ply) } else { browsing }}
                    marks={if replay { Rc::default() } else { state.marks().judgements.clone() }}
                />
            }
            if !editing && !embed {
                { embed_code }
            }
        </aside>
    }
}

/// The game's own part of the panel: the clocks, the toolbar, the status, and the analysis
/// and the review while they are on.
#[inline(always)]
fn game_controls(play: &Play) -> Html {
    let (state, dispatch) = (play.state, play.dispatch);
    let settings = *state.settings();
    let (pos, lang) = (&state.view().position, settings.lang());
    let purpose = state.search().purpose();
    let busy = purpose.map(|p| match p {
        Purpose::Play => lang.t("computer thinking", "电脑思考中"),
        Purpose::Hint => lang.t("looking for a hint", "正在寻找提示"),
        Purpose::Analyse => lang.t("analysing", "分析中"),
        Purpose::Review => lang.t("reviewing the game", "复盘中"),
    });
    // "Move now" ends the computer's or the hint's search; an analysis runs until stopped.
    let can_stop = matches!(purpose, Some(Purpose::Play | Purpose::Hint));
    let analysing = play.analysing;
    let ply = state.history().shown_ply();
    let browsing = state.history().browsing();
    // At a marked move, the better line, written from the position before it.
    let better_line = || {
        let r = play.marked?;
        let before = state.game().position_at(ply - 1)?;
        let line = &r.line[..r.line.len().min(6)];
        Some(format_line(&before, line, settings.notation()).join(" "))
    };
    html! {
        <>
            if let Some(clock) = state.clock() {
                { clocks(clock, state) }
            }
            <Toolbar can_undo={state.can_undo()} can_redo={state.can_redo()}
                     can_hint={state.can_hint()} {can_stop} {analysing}
                     dispatch={dispatch.clone()} {lang} />
            <Status
                turn={pos.turn()}
                in_check={pos.in_check()}
                over={play.ending.is_some()}
                {busy}
                progress={state.search().progress().cloned()}
                {lang}
                browsing={browsing.map(|n| (n, state.game().len()))}
            />
            if analysing {
                { analysis_panel(play.analysis, pos, settings.notation(), lang) }
                // The opening book's explorer, which the page's script writes.
                <section class="explorer" data-testid="explorer" aria-label={lang.t("Opening book", "开局库")} />
            }
            if let Some(review) = state.search().review().filter(|_| !play.replay) {
                { review_panel(review, state.search().reviewing(), play.reviewed, ply, better_line(), lang, dispatch) }
            }
        </>
    }
}

/// The comments on the move shown, in the replay viewer.
fn comment(play: &Play) -> String {
    let ply = play.state.history().shown_ply();
    let view = play.state.view();
    let texts: Vec<&str> = view
        .comments
        .iter()
        .filter(|c| c.ply == ply)
        .map(|c| c.text.as_str())
        .collect();
    texts.join(" ")
}

/// The link that carries the game played by link on the board to the friend.
fn corr_link(state: &crate::model::State) -> String {
    let page = crate::browser::page_address().unwrap_or_default();
    format!("{page}{}", corr_query(state).unwrap_or_default())
}
