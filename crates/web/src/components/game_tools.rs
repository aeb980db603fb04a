//! The tools under the FEN box: edit, share, export, import, save a diagram, review and the
//! recent games (`data-action` edit, share, export, import, diagram, review, saved-games), and
//! the panel that export, import or "My games" open. Which panel is open and the PGN's
//! notation are kept here, so they survive a visit to the editor, which hides these tools.

use super::records_panel::{Records, RecordsPanel};
use super::saved_games::saved_games;
use crate::browser;
use crate::model::{editor, game, search, Action, Notice, SharedGame};
use crate::records::diagram::{self, Diagram};
use crate::records::pgn;
use crate::records::saved::list::{self, Summary};
use crate::text::i18n::Lang;
use std::rc::Rc;
use xiangqi::notation::Notation;
use xiangqi::records::Comment;
use yew::prelude::*;

/// What the tools work on.
#[derive(Properties, PartialEq, Clone)]
pub struct GameToolsProps {
    /// The game, for its records.
    pub game: SharedGame,
    /// Who plays Red, as the record names them.
    pub red: String,
    /// Who plays Black, as the record names them.
    pub black: String,
    /// The query of a link to this game (see `link::query`).
    pub share_query: String,
    /// What a diagram of the position shown would show.
    pub diagram: Diagram,
    /// The review's notes on the moves (score and judgement) and the clock times, exported
    /// with the comments.
    #[prop_or_default]
    pub annotations: Rc<Vec<Comment>>,
    /// The TimeControl tag of a timed game.
    #[prop_or_default]
    pub time_control: Option<String>,
    /// The result when the rules do not give it (a loss on time).
    #[prop_or_default]
    pub result: Option<xiangqi::records::GameResult>,
    /// Hidden while the editor is open (the open panel is remembered).
    pub hidden: bool,
    /// The game on the board, as the recent games list it.
    pub current: Summary,
    /// Changes whenever a game enters the list of recent games.
    #[prop_or_default]
    pub listed: u32,
    /// The page's language.
    pub lang: Lang,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// The tools and the records panel.
#[function_component(GameTools)]
pub fn game_tools(props: &GameToolsProps) -> Html {
    let records = use_state(|| None::<Records>);
    let notation = use_state(|| Notation::Wxf);
    // The recent games, read from storage at each render while their panel shows (a few
    // dozen short texts): the panel renders again when a game enters the list (`listed`
    // changes) or one is deleted.
    let showing = *records == Some(Records::Games);
    if props.hidden {
        return html! {};
    }
    let lang = props.lang;
    let d = props.dispatch.clone();
    let on_edit = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(editor::Action::Open.into()))
    };
    let on_share = {
        let (d, query) = (d.clone(), props.share_query.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(page) = browser::page_address() else {
                return;
            };
            let url = format!("{page}{query}");
            browser::copy(&url);
            d.emit(Action::Notify(Notice::Link(url)));
        })
    };
    let on_diagram = {
        let (d, picture) = (d.clone(), props.diagram.clone());
        Callback::from(move |_: MouseEvent| {
            let svg = diagram::svg(&picture);
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
    let games = showing.then(|| {
        let on_open = {
            let (d, r) = (d.clone(), records.clone());
            Callback::from(move |id: u64| {
                if let Some(text) = browser::storage().and_then(|s| list::take(&s, id)) {
                    d.emit(game::Action::Reopen(text).into());
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
                // The same panel, drawn again without the game.
                r.set(Some(Records::Games));
            })
        };
        let close = on_close.reform(|_: MouseEvent| ());
        let entries = browser::storage().map_or_else(Vec::new, |s| list::entries(&s));
        saved_games(&props.current, &entries, lang, &on_open, &on_delete, close)
    });
    let panel = records.filter(|_| !showing).map(|which| {
        // The record is written only while the export panel shows it.
        let pgn_text = match which {
            Records::Export => {
                let tags = pgn::Tags {
                    event: "Casual game".into(),
                    site: browser::host(),
                    date: browser::today(),
                    red: props.red.clone(),
                    black: props.black.clone(),
                    time_control: props.time_control.clone(),
                    result: props.result,
                };
                // The game's comments, each ply's followed by the review's note on it.
                let comments = props.game.comments();
                let mut all = Vec::with_capacity(comments.len() + props.annotations.len());
                for ply in 0..=props.game.len() {
                    all.extend(comments.iter().filter(|c| c.ply == ply).cloned());
                    all.extend(props.annotations.iter().filter(|c| c.ply == ply).cloned());
                }
                pgn::export(&props.game, &all, &tags, *notation)
            }
            Records::Import | Records::Games => String::new(),
        };
        let copied = |text: String| {
            let d = d.clone();
            Callback::from(move |_| {
                browser::copy(&text);
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
                Ok(g) => {
                    d.emit(
                        game::Action::Load {
                            start: g.start,
                            moves: g.moves,
                            comments: g.comments,
                        }
                        .into(),
                    );
                    r.set(None);
                }
                Err(e) => d.emit(Action::Notify(Notice::Import(e))),
            })
        };
        let on_close = on_close.clone();
        html! {
            <RecordsPanel {which} {lang} pgn={pgn_text.clone()} notation={*notation} {on_notation}
                on_copy_pgn={copied(pgn_text)} on_copy_record={copied(pgn::chinese_record(&props.game))}
                {on_download} {on_import} {on_close} />
        }
    });
    let on_review = props
        .dispatch
        .reform(|_: MouseEvent| search::Action::Review { deeper: false }.into());
    let pressed = |which: Records| (*records == Some(which)).to_string();
    html! {
        <>
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
                <button type="button" data-action="saved-games" aria-pressed={pressed(Records::Games)}
                        onclick={open(Records::Games)}
                        title={lang.t("The recent games kept in this browser", "本浏览器保存的最近对局")}>
                    {lang.t("My games", "我的对局")}</button>
            </div>
            { for panel }
            { for games }
        </>
    }
}
