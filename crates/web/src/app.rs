//! The root component: opens the state (the saved-game hook owns the reducer), composes the
//! page's effects as custom hooks (the worker, the shortcuts, the sounds, the document's
//! language) and lays out the components, handing each what it shows from the state and its
//! derived view, and a way to dispatch actions.

use crate::browser;
use crate::components::board::Board;
use crate::components::browse::browse;
use crate::components::confirm_branch::ConfirmBranch;
use crate::components::editor_panel::EditorPanel;
use crate::components::embed_code::embed_code;
use crate::components::fen_box::FenBox;
use crate::components::game_tools::GameTools;
use crate::components::move_list::MoveList;
use crate::components::notice::notice_bar;
use crate::components::result::ResultBanner;
use crate::components::selectors::Selectors;
use crate::components::status::Status;
use crate::components::toolbar::Toolbar;
use crate::components::top_bar::top_bar;
use crate::hooks::{
    board_keys, use_document_lang, use_saved_game, use_shortcuts, use_sounds, use_worker,
};
use crate::model::{game, Action, Purpose};
use crate::{link, pgn};
use xiangqi::Color;
use yew::prelude::*;

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    // Embedded in another page: the board, a compact toolbar and the status only.
    let embed = *use_memo((), |_| browser::embed_param());
    let state = use_saved_game(embed);
    let dispatch = {
        let d = state.dispatcher();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    use_worker(&state, dispatch.clone());
    use_shortcuts(dispatch.clone());
    use_sounds(&state, embed);
    let settings = *state.settings();
    let lang = settings.lang();
    use_document_lang(lang);

    let view = state.view();
    let pos = &view.position;
    let editing = state.editor().is_some();
    let browsing = state.history().browsing();
    let (ply, len) = (state.history().shown_ply(), state.game().len());
    let outcome = state
        .game()
        .outcome()
        .filter(|_| !editing && browsing.is_none());
    let last_text = view.moves.last().map(|t| {
        let mover = !state.position().turn();
        format!("{}{} {t}", lang.side(mover), lang.t(" played", "走"))
    });
    let busy = state.search().purpose().map(|p| match p {
        Purpose::Play => lang.t("computer thinking", "电脑思考中"),
        Purpose::Hint => lang.t("looking for a hint", "正在寻找提示"),
    });
    let player = |c: Color| pgn::player(c, state.is_computer(c).then_some(settings.level()));
    let on_new = {
        let d = dispatch.clone();
        Callback::from(move |_| d.emit(game::Action::New.into()))
    };
    let on_select = {
        let d = dispatch.clone();
        Callback::from(move |n: usize| d.emit(game::Action::Show(Some(n)).into()))
    };
    let start = state.game().start_position();

    html! {
        <div class={classes!("app", embed.then_some("embed"))}>
            if !embed {
                { top_bar(lang, settings.muted(), &dispatch) }
            }
            <main class="play">
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
                        on_click={dispatch.reform(Action::Click)}
                        on_drop={dispatch.reform(|(from, to)| Action::Drop { from, to })}
                        on_key={board_keys(dispatch.clone(), state.cursor())}
                        {lang}
                    />
                    if let Some(outcome) = outcome {
                        <ResultBanner {outcome} {on_new} {lang} />
                    }
                </div>
                <aside class="panel">
                    if let Some(editor) = state.editor() {
                        <EditorPanel editor={editor.clone()} {lang} dispatch={dispatch.clone()} />
                    } else {
                        <Toolbar can_undo={state.can_undo()} can_redo={state.can_redo()}
                                 can_hint={state.can_hint()} can_stop={busy.is_some()}
                                 dispatch={dispatch.clone()} {lang} />
                        <Status
                            turn={pos.turn()}
                            in_check={pos.in_check()}
                            over={outcome.is_some()}
                            {busy}
                            progress={state.search().progress().cloned()}
                            last_move={last_text}
                            {lang}
                            browsing={browsing.map(|n| (n, len))}
                        />
                    }
                    if let Some(notice) = state.notice() {
                        { notice_bar(notice, lang, &dispatch) }
                    }
                    if let Some(b) = state.history().branch() {
                        <ConfirmBranch dropped={len - b.ply} {lang} dispatch={dispatch.clone()} />
                    }
                    if !embed {
                        <FenBox fen={view.fen.clone()} {lang} dispatch={dispatch.clone()} />
                        <GameTools game={state.history().shared()} red={player(Color::Red)}
                                   black={player(Color::Black)} share_query={link::query(&state)}
                                   hidden={editing} {lang} dispatch={dispatch.clone()} />
                    }
                    if !editing && !embed {
                        <Selectors {settings} dispatch={dispatch.clone()} />
                        { browse(ply, len, lang, &dispatch) }
                        <MoveList
                            moves={view.moves.clone()}
                            comments={view.comments.clone()}
                            black_first={start.turn() == Color::Black}
                            first_number={start.fullmoves()}
                            {lang}
                            viewing={browsing}
                            {on_select}
                        />
                        { embed_code(&view.fen, settings.level(), lang) }
                    }
                </aside>
            </main>
        </div>
    }
}
