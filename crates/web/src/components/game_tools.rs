//! The tools under the FEN box: edit, share, export, import, save a diagram, review and the
//! recent games (`data-action` edit, share, export, import, diagram, review, saved-games), and
//! the panel that export, import or "My games" open. Which panel is open and the PGN's
//! notation are kept here, so they survive a visit to the editor, which hides these tools.

use super::correspondence::corr_start;
use super::records_panel::{Records, RecordsPanel};
use super::saved_games::saved_games;
use crate::browser;
use crate::hooks::{leaving_list, main_line_tags, Page, RecordReader, Saving};
use crate::model::game::line_tree;
use crate::model::{editor, game, search, Action, Flag, Notice, Settings, State};
use crate::records::diagram::{self, Diagram};
use crate::records::saved::game::read_opening;
use crate::records::saved::list::{self, Summary};
use crate::records::{link, pgn};
use crate::text::scores as evaluation;
use xiangqi::notation::Notation;
use xiangqi::records::Comment;
use xiangqi::Color;
use yew::prelude::*;

/// What the tools work on.
#[derive(Properties, PartialEq, Clone)]
pub struct GameToolsProps {
    /// The page's state: the link, the record and the diagram are made from it only when
    /// asked for.
    pub state: Page,
    /// The review's notes go into the record (the replay viewer shows no review).
    pub review: bool,
    /// Hidden while the editor is open (the open panel is remembered).
    pub hidden: bool,
    /// How saving goes: when the browser refuses, a bar says so and offers to make room.
    pub saving: Saving,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// The tools and the records panel.
#[function_component(GameTools)]
pub fn game_tools(props: &GameToolsProps) -> Html {
    let reader = use_context::<RecordReader>();
    let records = use_state(|| None::<Records>);
    // A record opened by the reader closes the panel, as a pasted one does, unless the panel
    // lists the record's games.
    {
        let records = records.clone();
        let (opened, listing) = reader
            .as_ref()
            .map_or((0, false), |r| (r.opened, r.found.is_some()));
        use_effect_with(opened, move |&n| {
            if n > 0 && !listing {
                records.set(None);
            }
        });
    }
    let notation = use_state(|| Notation::Wxf);
    // The recent games, read from storage at each render while their panel shows (a few
    // dozen short texts): the panel renders again when a game enters the list (`listed`
    // changes) or one is deleted.
    let retry = props.saving.retry.clone();
    let showing = *records == Some(Records::Games);
    if props.hidden {
        return html! {};
    }
    let state = &props.state;
    let lang = state.settings().lang();
    let d = props.dispatch.clone();
    let on_edit = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(editor::Action::Open.into()))
    };
    let on_share = {
        let (d, state) = (d.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(page) = browser::page_address() else {
                return;
            };
            let url = format!("{page}{}", link::query(&state));
            browser::copy(&url);
            d.emit(Action::Notify(Notice::Link(url)));
        })
    };
    let on_diagram = {
        let (d, state) = (d.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            let svg = diagram::svg(&picture(&state));
            let name = format!("xiangqi-{}", browser::today().replace('.', "-"));
            browser::download(&format!("{name}.svg"), &svg, "image/svg+xml;charset=utf-8");
            let (w, h) = (diagram::WIDTH as u32, diagram::HEIGHT as u32);
            browser::download_png(&format!("{name}.png"), &svg, w, h, 2);
            d.emit(Action::Notify(Notice::DiagramSaved));
        })
    };
    let open = |which: Records| {
        let records = records.clone();
        Callback::from(move |_: MouseEvent| {
            records.set(if *records == Some(which) {
                None
            } else {
                Some(which)
            })
        })
    };
    let on_close = {
        let r = records.clone();
        Callback::from(move |_| r.set(None))
    };
    // Every game kept, the one on the board first, as one PGN file.
    let download_all = {
        let (state, review) = (state.clone(), props.review);
        Callback::from(move |_: MouseEvent| {
            let mut text = record(&state, review, None, Notation::Wxf);
            // The earlier games with their comments (their reviews and clocks stay in the page).
            for (date, o) in browser::storage().map_or_else(Vec::new, |s| list::games(&s)) {
                let tags = tags(&o.settings, o.clock.and_then(|c| c.2), date);
                text.push_str("\n\n");
                let tree = o.tree.unwrap_or_else(|| line_tree(&o.game, &o.comments));
                let line = o.game.moves();
                text.push_str(&pgn::export(&tree, &line, &[], &tags, Notation::Wxf));
            }
            let name = format!("xiangqi-games-{}.pgn", browser::today().replace('.', "-"));
            browser::download(&name, &text, "application/x-chess-pgn;charset=utf-8")
        })
    };
    let games = showing.then(|| {
        let on_open = {
            let (d, r) = (d.clone(), records.clone());
            Callback::from(move |id: u64| {
                if let Some(text) = browser::storage().and_then(|s| list::get(&s, id)) {
                    // It leaves the list once saved on the board, unless it could be read only
                    // in part: then the text in the list is the whole of what was kept.
                    if list::whole(&text) {
                        leaving_list(id);
                    }
                    d.emit(game::Action::Reopen(read_opening(&text)).into());
                    r.set(None);
                }
            })
        };
        let on_delete = {
            let r = records.clone();
            Callback::from(move |id: u64| {
                if let Some(store) = browser::storage() {
                    list::delete(&store, id);
                }
                // The same panel, drawn again without the game; and the room made may be
                // what a refused save needed.
                r.set(Some(Records::Games));
                retry.emit(());
            })
        };
        let close = on_close.reform(|_: MouseEvent| ());
        let entries = browser::storage().map_or_else(Vec::new, |s| list::entries(&s));
        saved_games(
            &Summary::of(state),
            &entries,
            lang,
            &on_open,
            &on_delete,
            close,
            &download_all,
        )
    });
    let panel = records.filter(|&w| !showing && w != Records::Friend).map(|which| {
        // The record is written only while the export panel shows it.
        let pgn_text = match which {
            Records::Export => record(state, props.review, None, *notation),
            Records::Import | Records::Games | Records::Friend => String::new(),
        };
        let copied = |text: String| {
            let d = d.clone();
            Callback::from(move |_| {
                browser::copy(&text);
                d.emit(Action::Notify(Notice::CopiedRecord));
            })
        };
        let on_copy_record = {
            let (d, state) = (d.clone(), state.clone());
            Callback::from(move |_| {
                browser::copy(&pgn::chinese_record(state.game()));
                d.emit(Action::Notify(Notice::CopiedRecord));
            })
        };
        let on_notation = {
            let n = notation.clone();
            Callback::from(move |x: Notation| n.set(x))
        };
        let on_download = {
            let t = pgn_text.clone();
            Callback::from(move |_| {
                let name = format!("xiangqi-{}.pgn", browser::today().replace('.', "-"));
                browser::download(&name, &t, "application/x-chess-pgn;charset=utf-8")
            })
        };
        let on_import = {
            let (d, r) = (d.clone(), records.clone());
            Callback::from(move |text: String| match pgn::import(&text) {
                // Several games in one text, or variations (which the page's own import
                // passes over): the record reader lists the games and keeps the variations.
                Ok(_) if (several_games(&text) || variations(&text)) && reader.is_some() => {
                    if let Some(reader) = &reader {
                        reader.read.emit((text.into_bytes(), None));
                    }
                }
                Ok(g) => {
                    d.emit(game::Action::from(g).into());
                    r.set(None);
                }
                // Another form, perhaps (DhtmlXQ, a WXF file): the record reader tries it,
                // and says this error if it finds none.
                Err(e) => match &reader {
                    Some(reader) => reader.read.emit((text.into_bytes(), Some(e))),
                    None => d.emit(Action::Notify(Notice::Import(e))),
                },
            })
        };
        let on_close = on_close.clone();
        html! {
            <RecordsPanel {which} {lang} pgn={pgn_text.clone()} notation={*notation} {on_notation}
                on_copy_pgn={copied(pgn_text)} {on_copy_record}
                {on_download} {on_import} {on_close} />
        }
    });
    let on_review = props
        .dispatch
        .reform(|_: MouseEvent| search::Action::Review { deeper: false }.into());
    let pressed = |which: Records| (*records == Some(which)).to_string();
    // The browser refused to save: say so, and offer to make room and try again.
    let full = props.saving.refused.then(|| {
        let retry = props.saving.retry.reform(|_: MouseEvent| ());
        html! {
            <div class="notice storage" data-testid="storage-full" role="alert">
                <span>{lang.t(
                    "This browser's storage is full: the game is kept in this tab only, and is lost if it closes. Make room by deleting games you no longer need from My games (download them first to keep them), then try again.",
                    "本浏览器的存储空间已满：本局只保存在此标签页中，关闭即会丢失。请在“我的对局”中删除不再需要的对局以腾出空间（可先下载保存），然后重试。"
                )}</span>
                <span class="row">
                    <button type="button" onclick={open(Records::Games)}>{lang.t("My games", "我的对局")}</button>
                    <button type="button" data-action="download-games" onclick={download_all.clone()}>
                        {lang.t("Download all (PGN)", "全部下载（PGN）")}</button>
                    <button type="button" data-action="retry-save" onclick={retry}>{lang.t("Try again", "重试")}</button>
                </span>
            </div>
        }
    });
    html! {
        <>
            { for full }
            <div class="gametools">
                <button type="button" data-action="edit" onclick={on_edit}>{lang.t("Edit", "摆棋")}</button>
                <button type="button" data-action="share" onclick={on_share}>{lang.t("Share", "分享")}</button>
                <button type="button" data-action="export" aria-pressed={pressed(Records::Export)}
                        onclick={open(Records::Export)}>{lang.t("Export", "导出")}</button>
                <button type="button" data-action="import" aria-pressed={pressed(Records::Import)}
                        onclick={open(Records::Import)}>{lang.t("Import", "导入")}</button>
                <button type="button" data-action="diagram" onclick={on_diagram}
                        title={lang.t("Save the position as SVG and PNG images", "把局面存为 SVG 和 PNG 图片")}>
                    {lang.t("Diagram", "局面图")}</button>
                <button type="button" data-action="review" onclick={on_review}
                        title={lang.t("Evaluate every move of the game", "评估本局每一步")}>
                    {lang.t("Review", "复盘")}</button>
                <button type="button" data-action="correspondence" aria-pressed={pressed(Records::Friend)}
                        onclick={open(Records::Friend)}
                        title={lang.t("Play a friend on another device by sending links", "与另一台设备上的好友互发链接对弈")}>
                    {lang.t("Play a friend by link", "链接对弈")}</button>
                <button type="button" data-action="saved-games" aria-pressed={pressed(Records::Games)}
                        onclick={open(Records::Games)}
                        title={lang.t("The recent games kept in this browser", "本浏览器保存的最近对局")}>
                    {lang.t("My games", "我的对局")}</button>
            </div>
            { for panel }
            { for games }
            if *records == Some(Records::Friend) {
                { corr_start(lang, &props.dispatch, &on_close) }
            }
        </>
    }
}

/// The PGN tags of a game played with `settings` at `date` (ms since 1970; `None`: today),
/// ended by `flag` if a clock ran out.
fn tags(settings: &Settings, flag: Option<Flag>, date: Option<u64>) -> pgn::Tags {
    let player = |c: Color| pgn::player(c, settings.is_computer(c).then_some(settings.level()));
    pgn::Tags {
        event: "Casual game".into(),
        site: browser::host(),
        date: browser::day(date),
        red: player(Color::Red),
        black: player(Color::Black),
        time_control: settings.time_control().map(|tc| tc.pgn_tag()),
        result: flag.map(Flag::result),
        opening: None,
    }
}

/// The PGN of the game of `state` played at `date` (ms since 1970; `None`: today), in
/// `notation`: its variations and comments, and along the line on the board each ply's
/// clock time and (with `review`) the review's note on it.
fn record(state: &State, review: bool, date: Option<u64>, notation: Notation) -> String {
    let tags = pgn::Tags {
        opening: main_line_tags(state.history().main_moves()),
        ..tags(state.settings(), state.flag(), date)
    };
    let notes = notes(state, review);
    let line = state.game().moves();
    pgn::export(state.history().tree(), &line, &notes, &tags, notation)
}

/// What "save diagram" draws: the board as shown, with the hint as an arrow.
fn picture(state: &State) -> Diagram {
    let (view, settings) = (state.view(), state.settings());
    Diagram {
        pieces: view.pieces.clone(),
        orientation: settings.orientation(),
        last: view.last,
        arrows: state
            .search()
            .hint()
            .filter(|_| state.history().browsing().is_none())
            .into_iter()
            .collect(),
        turn: view.position.turn(),
        fullmoves: view.position.fullmoves(),
        lang: settings.lang(),
    }
}

/// The notes the record adds to the game's comments: at each ply the clock's time first, then
/// (with `review`) the review's note, the score from Red's side after the move preceded by the
/// judgement's mark (on the main line's moves only, which the review judged).
fn notes(state: &State, review: bool) -> Vec<Comment> {
    let mut notes = state
        .clock()
        .map(|c| pgn::clock_comments(c.record()))
        .unwrap_or_default();
    let Some(r) = state.search().review().filter(|_| review) else {
        return notes;
    };
    let marks = &state.marks().judgements;
    // The review is of the main line: its notes go on the moves the line on the board shares
    // with it.
    let shared = state
        .history()
        .line()
        .iter()
        .take_while(|&&k| k == 0)
        .count();
    notes.extend((0..shared).filter_map(|i| {
        let after = r.evals().get(i + 1)?.as_ref()?;
        let red = evaluation::for_red(after.score, r.mover(i + 1));
        let text = match marks.get(i).copied().flatten() {
            Some(j) => format!("{} {}", j.symbol(), evaluation::label(red)),
            None => evaluation::label(red),
        };
        Some(Comment { ply: i + 1, text })
    }));
    notes
}

/// Whether the move text (the lines that are not tags: a tag such as `Opening` may hold
/// brackets) opens a variation.
fn variations(text: &str) -> bool {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .any(|l| l.contains('('))
}

/// Whether a pasted PGN text holds more than one game (each game's tags start it).
fn several_games(text: &str) -> bool {
    text.lines()
        .filter(|l| l.trim_start().starts_with("[Event "))
        .count()
        > 1
}
