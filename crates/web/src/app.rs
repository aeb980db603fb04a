//! The root component picks what the page is from the address's `view`: the game ([`Play`]),
//! the replay viewer, or a diagram. The game's page opens the state (the saved-game hook owns
//! the reducer), composes the page's effects as custom hooks (the worker, the shortcuts, the
//! sounds, the document's language) and lays out the components, handing each what it shows
//! from the state and its derived view, and a way to dispatch actions. The other two start no
//! worker and leave the saved game alone.

use crate::announce::announcement;
use crate::browser;
use crate::components::analysis::{analysis_panel, eval_bar};
use crate::components::announcer::announcer;
use crate::components::board::Board;
use crate::components::browse::browse;
use crate::components::clocks::clocks;
use crate::components::confirm_branch::ConfirmBranch;
use crate::components::editor_panel::EditorPanel;
use crate::components::embed_code::embed_code;
use crate::components::fen_box::FenBox;
use crate::components::game_tools::GameTools;
use crate::components::legend::legend;
use crate::components::move_list::MoveList;
use crate::components::notice::notice_bar;
use crate::components::replay::{comment_now, replay_bar};
use crate::components::result::{Ending, ResultBanner};
use crate::components::review::review_panel;
use crate::components::selectors::Selectors;
use crate::components::status::{viewing, Status};
use crate::components::toolbar::Toolbar;
use crate::components::top_bar::top_bar;
use crate::diagram::{self, Diagram};
use crate::hooks::{
    board_keys, use_document_lang, use_saved_game, use_shortcuts, use_sounds, use_worker,
};
use crate::i18n::Lang;
use crate::link;
use crate::link::Layout;
use crate::model::{game, settings, Action, Opening, Purpose, Settings};
use std::rc::Rc;
use xiangqi::notation::format_line;
use xiangqi::{Color, Move};
use yew::prelude::*;

/// A still diagram of the address's position (`view=diagram`): the position after `ply`, or
/// the game's last, with the last move marked; nothing else, and no hook: it is drawn once.
fn diagram_page() -> Html {
    let lang = Lang::from_browser(browser::language().as_deref());
    let base = Opening {
        settings: Settings::default().with(settings::Action::SetLang(lang)),
        ..Opening::default()
    };
    let opening = link::apply(base, &browser::url_params(&link::NAMES));
    let game = &opening.game;
    let ply = opening.ply.unwrap_or(game.len());
    let moves = game.moves();
    let pos = game
        .position_at(ply)
        .unwrap_or_else(|| game.position().clone());
    let lang = opening.settings.lang();
    let mut d = Diagram::of(&pos, ply.checked_sub(1).map(|i| moves[i]), lang);
    d.orientation = opening.settings.orientation();
    browser::set_document_lang(lang);
    html! {
        <div class="diagram-view" data-view="diagram" data-testid="diagram">
            { Html::from_html_unchecked(AttrValue::from(diagram::svg(&d))) }
        </div>
    }
}

/// The page: the game against the computer or a friend, the replay viewer, or a diagram, as
/// the address's `view` says.
#[function_component(App)]
pub fn app() -> Html {
    let layout = *use_memo((), |_| Layout::of(&browser::url_params(&["view"])));
    if layout == Layout::Diagram {
        // The layout never changes, so the hooks below run on every render or on none.
        return diagram_page();
    }
    let replay = layout == Layout::Replay;
    // Embedded in another page: the board, a compact toolbar and the status only.
    let embed = *use_memo((), |_| browser::embed_param());
    let (state, dispatch, listed) = use_saved_game(embed, replay);
    use_worker(&state, dispatch.clone(), !replay);
    use_shortcuts(dispatch.clone(), replay);
    use_sounds(&state, embed || replay);
    let settings = *state.settings();
    let lang = settings.lang();
    use_document_lang(lang);

    let view = state.view();
    let pos = &view.position;
    let editing = state.editor().is_some();
    let browsing = state.history().browsing();
    let (ply, len) = (state.history().shown_ply(), state.game().len());
    // How the game ended (by the rules or on time), shown at its last position.
    let ending = match state.flag() {
        Some(flag) => Some(Ending::Time(flag)),
        None => state.game().outcome().map(Ending::Rules),
    }
    .filter(|_| !editing && browsing.is_none());
    // The live region: the move shown in words, and the ending.
    // Replaying to the ply shown costs microseconds even in a long game: no memo needed.
    let spoken = match editing {
        true => String::new(),
        false => announcement(
            state.game(),
            ply,
            browsing.map(|n| viewing((n, state.game().len()), lang)),
            ending.map(|e| e.text(lang)),
            lang,
        ),
    };
    let busy = state.search().purpose().map(|p| match p {
        Purpose::Play => lang.t("computer thinking", "电脑思考中"),
        Purpose::Hint => lang.t("looking for a hint", "正在寻找提示"),
        Purpose::Analyse => lang.t("analysing", "分析中"),
        Purpose::Review => lang.t("reviewing the game", "复盘中"),
    });
    // "Move now" ends the computer's or the hint's search; an analysis runs until stopped.
    let can_stop = matches!(
        state.search().purpose(),
        Some(Purpose::Play | Purpose::Hint)
    );
    // The analysis board: the lines for the position shown, their first moves as arrows.
    let analysing = state.search().analysing() && !editing && !replay;
    let analysis = state.search().analysis().filter(|_| analysing);
    // The review: its marks in the move list, and at a marked move the better one as an arrow.
    let review = state.search().review().filter(|_| !replay);
    // What the review found about each move, derived by the state once per change.
    let reviewed: &[_] = if replay { &[] } else { &state.marks().moves };
    let marks = if replay {
        Rc::default()
    } else {
        state.marks().judgements.clone()
    };
    let marked = ply
        .checked_sub(1)
        .and_then(|i| reviewed.get(i)?.as_ref())
        .filter(|r| r.judgement.is_some());
    let better = marked.and_then(|r| r.better);
    // The better line, written from the position before the marked move.
    let better_line = marked.and_then(|r| {
        let before = state.game().position_at(ply - 1)?;
        let line = &r.line[..r.line.len().min(6)];
        Some(format_line(&before, line, settings.notation()).join(" "))
    });
    let analysis_arrows: Vec<Move> = match analysis {
        Some(p) => p
            .lines
            .iter()
            .filter_map(|l| l.pv.first().copied())
            .collect(),
        None => better.into_iter().collect(),
    };
    let on_new = {
        let d = dispatch.clone();
        Callback::from(move |_| d.emit(game::Action::New.into()))
    };
    let on_select = {
        let d = dispatch.clone();
        Callback::from(move |n: usize| d.emit(game::Action::Show(Some(n)).into()))
    };
    let start = state.game().start_position();
    // The embed code asks the page's address and encodes the game: only when they change.
    let embed_snippets = {
        let game = state.history().shared();
        let key = (
            view.fen.clone(),
            settings.level(),
            state.history().revision(),
            lang,
        );
        use_memo(key, move |(fen, level, _, lang)| {
            embed_code(fen, *level, &game, *lang)
        })
    };

    // The replay viewer: the board shows the game and takes no moves.
    let comment: Vec<&str> = view
        .comments
        .iter()
        .filter(|c| replay && c.ply == ply)
        .map(|c| c.text.as_str())
        .collect();
    let flip = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(settings::Action::Flip.into()))
    };
    let (on_click, on_drop, on_key) = if replay {
        (Callback::noop(), Callback::noop(), Callback::noop())
    } else {
        (
            dispatch.reform(Action::Click),
            dispatch.reform(|(from, to)| Action::Drop { from, to }),
            board_keys(dispatch.clone(), state.cursor()),
        )
    };
    html! {
        <div class={classes!("app", (embed || replay).then_some("embed"), replay.then_some("replay"))}
             data-view={replay.then_some("replay")}>
            { announcer(&spoken) }
            if !embed && !replay {
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
                        {on_click}
                        {on_drop}
                        {on_key}
                        {lang}
                        arrows={analysis_arrows}
                        piece_set={settings.pieces()}
                    />
                    if analysing {
                        { eval_bar(analysis.map(|p| p.score), pos.turn(), settings.orientation(), lang) }
                    }
                    if let Some(ending) = ending.filter(|_| !replay) {
                        <ResultBanner {ending} {on_new} {lang} />
                    }
                </div>
                <aside class="panel">
                    if replay {
                        { replay_bar(ply, len, lang, &on_select, flip) }
                    } else if let Some(editor) = state.editor() {
                        <EditorPanel editor={editor.clone()} {lang} pieces={settings.pieces()} dispatch={dispatch.clone()} />
                    } else {
                        if let Some(clock) = state.clock() {
                            { clocks(clock, &state, &dispatch) }
                        }
                        <Toolbar can_undo={state.can_undo()} can_redo={state.can_redo()}
                                 can_hint={state.can_hint()} {can_stop} {analysing}
                                 dispatch={dispatch.clone()} {lang} />
                        <Status
                            turn={pos.turn()}
                            in_check={pos.in_check()}
                            over={ending.is_some()}
                            {busy}
                            progress={state.search().progress().cloned()}
                            {lang}
                            browsing={browsing.map(|n| (n, len))}
                        />
                        if analysing {
                            { analysis_panel(analysis, pos, settings.notation(), lang) }
                        }
                        if let Some(review) = review {
                            { review_panel(review, state.search().reviewing(), reviewed, ply, better_line.clone(), lang, &dispatch) }
                        }
                    }
                    if let Some(notice) = state.notice() {
                        { notice_bar(notice, lang, &dispatch) }
                    }
                    if let Some(b) = state.history().branch() {
                        <ConfirmBranch dropped={len - b.ply} {lang} dispatch={dispatch.clone()} />
                    }
                    if replay {
                        { comment_now(&comment.join(" ")) }
                    }
                    if !embed {
                        <FenBox fen={view.fen.clone()} {lang} dispatch={dispatch.clone()} />
                        <GameTools state={state.clone()} review={!replay} hidden={editing}
                                   dispatch={dispatch.clone()} {listed} />
                    }
                    if !editing && !embed {
                        <Selectors {settings} dispatch={dispatch.clone()} />
                        { legend(lang) }
                        { browse(ply, len, lang, &on_select) }
                    }
                    if !editing && (!embed || replay) {
                        <MoveList
                            moves={view.moves.clone()}
                            comments={view.comments.clone()}
                            black_first={start.turn() == Color::Black}
                            first_number={start.fullmoves()}
                            {lang}
                            viewing={if replay { Some(ply) } else { browsing }}
                            on_select={on_select.clone()}
                            {marks}
                        />
                    }
                    if !editing && !embed {
                        { (*embed_snippets).clone() }
                    }
                </aside>
            </main>
        </div>
    }
}
