//! The panels beside the board for positions and records: the FEN box, the board editor's
//! palette and checks, the export and import of game records, and the question asked before a
//! new line drops the rest of the game.

use crate::i18n::Lang;
use crate::notation::Notation;
use crate::state::{Action, Editor, Mode, Tool};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use xiangqi::{Color, Kind, Piece};
use yew::prelude::*;

/// The FEN box's content.
#[derive(Properties, PartialEq, Clone)]
pub struct FenBoxProps {
    /// The FEN of the position shown.
    pub fen: String,
    /// The page's language.
    pub lang: Lang,
    /// Copy the FEN.
    pub on_copy: Callback<()>,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// The current FEN, a copy button, and a field to paste a FEN into.
#[function_component(FenBox)]
pub fn fen_box(props: &FenBoxProps) -> Html {
    let lang = props.lang;
    let input = use_node_ref();
    let load = {
        let (input, d) = (input.clone(), props.dispatch.clone());
        move || {
            if let Some(el) = input.cast::<HtmlInputElement>() {
                let text = el.value();
                if !text.trim().is_empty() {
                    d.emit(Action::LoadFen(text));
                    el.set_value("");
                }
            }
        }
    };
    let on_key = {
        let load = load.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                load();
            }
        })
    };
    let on_copy = props.on_copy.clone();
    html! {
        <div class="fenbox">
            <div class="fen-row">
                <span class="caption">{"FEN"}</span>
                <code data-testid="fen">{&props.fen}</code>
                <button type="button" data-action="copy-fen" onclick={move |_| on_copy.emit(())}>
                    {lang.t("Copy", "复制")}
                </button>
            </div>
            <div class="fen-row">
                <input ref={input} type="text" data-testid="fen-input" spellcheck="false"
                       autocomplete="off" onkeydown={on_key}
                       aria-label={lang.t("Paste a FEN to load it", "粘贴 FEN 以载入局面")}
                       placeholder={lang.t("Paste a FEN, press Enter", "粘贴 FEN，按回车载入")} />
                <button type="button" data-action="load-fen" onclick={move |_| load()}>
                    {lang.t("Load", "载入")}
                </button>
            </div>
        </div>
    }
}

/// The editor panel's content.
#[derive(Properties, PartialEq, Clone)]
pub struct EditorPanelProps {
    /// The editor.
    pub editor: Editor,
    /// The page's language.
    pub lang: Lang,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// A kind's name in the page's language, for the palette's labels.
fn piece_name(p: Piece, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} {}", p.color.name(), p.kind.name()),
        Lang::Zh => format!(
            "{}{}",
            if p.color == Color::Red { "红" } else { "黑" },
            crate::i18n::kind_zh(p.color, p.kind)
        ),
    }
}

/// The palette, the side to move, clear and reset, the position's check, and "play from here".
#[function_component(EditorPanel)]
pub fn editor_panel(props: &EditorPanelProps) -> Html {
    let lang = props.lang;
    let e = &props.editor;
    let d = props.dispatch.clone();
    let act = move |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    let tool_button = |tool: Tool| {
        let pressed = e.tool == Some(tool);
        let (label, face, class) = match tool {
            Tool::Piece(p) => (
                piece_name(p, lang),
                p.chinese_char().to_string(),
                classes!("piece", p.color.name()),
            ),
            Tool::Eraser => (
                lang.t("Eraser", "橡皮").to_string(),
                "✕".to_string(),
                classes!("eraser"),
            ),
        };
        let next = if pressed { None } else { Some(tool) };
        html! {
            <button type="button" class="tool" data-palette={tool.key().to_string()}
                    aria-pressed={pressed.to_string()} aria-label={label.clone()} title={label}
                    onclick={act(Action::EditTool(next))}>
                <span {class}><span class="glyph">{face}</span></span>
            </button>
        }
    };
    // Red's seven and the eraser on the first line, Black's seven on the second.
    let kinds = |c: Color| {
        Kind::ALL
            .into_iter()
            .map(move |k| Tool::Piece(Piece::new(c, k)))
    };
    let tools = kinds(Color::Red)
        .chain([Tool::Eraser])
        .chain(kinds(Color::Black));
    let check = e.check();
    let turn_button = |c: Color| {
        let on = e.turn == c;
        html! {
            <button type="button" data-testid={format!("edit-turn-{}", c.name())}
                    aria-pressed={on.to_string()} onclick={act(Action::EditTurn(c))}>
                {lang.side(c)}
            </button>
        }
    };
    let ok = check.is_ok();
    html! {
        <section class="editor" aria-label={lang.t("Board editor", "摆棋")}>
            <h2>{lang.t("Set up a position", "摆棋")}</h2>
            <p class="help">{lang.t(
                "Pick a piece, then click points to place it; with none picked, click a piece and then a point to move it, or drag it off the board to remove it.",
                "选一个棋子后点击棋盘放置；不选棋子时，点击棋子再点击目标点可移动，拖出棋盘即移除。"
            )}</p>
            <div class="palette" role="toolbar" aria-label={lang.t("Pieces", "棋子")}>
                { for tools.map(tool_button) }
            </div>
            <div class="row">
                <span>{lang.t("To move:", "走棋方：")}</span>
                { turn_button(Color::Red) }
                { turn_button(Color::Black) }
            </div>
            <div class="row">
                <button type="button" data-action="edit-clear" onclick={act(Action::EditClear)}>
                    {lang.t("Clear board", "清空棋盘")}
                </button>
                <button type="button" data-action="edit-reset" onclick={act(Action::EditReset)}>
                    {lang.t("Start position", "初始局面")}
                </button>
            </div>
            {match &check {
                Ok(_) => html! { <p class="valid" data-testid="valid">{lang.t("The position is legal.", "局面合法。")}</p> },
                Err(err) => html! {
                    <p class="notice invalid" data-testid="notice" role="alert">{lang.position_error(err)}</p>
                },
            }}
            <div class="row">
                <button type="button" class="primary" data-action="play-ai" disabled={!ok}
                        onclick={act(Action::EditPlay(Mode::Computer))}>
                    {lang.t("Play the computer from here", "从此局面与电脑对弈")}
                </button>
                <button type="button" class="primary" data-action="play-pvp" disabled={!ok}
                        onclick={act(Action::EditPlay(Mode::TwoPlayers))}>
                    {lang.t("Play a friend from here", "从此局面双人对弈")}
                </button>
                <button type="button" data-action="edit-cancel" onclick={act(Action::EditCancel)}>
                    {lang.t("Cancel", "取消")}
                </button>
            </div>
        </section>
    }
}

/// Which records panel is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Records {
    /// The PGN and the Chinese record of this game.
    Export,
    /// A field to paste a record into.
    Import,
}

/// The records panel's content.
#[derive(Properties, PartialEq, Clone)]
pub struct RecordsProps {
    /// Which panel.
    pub which: Records,
    /// The page's language.
    pub lang: Lang,
    /// The PGN, in the chosen notation.
    pub pgn: String,
    /// The notation of the PGN's moves.
    pub notation: Notation,
    /// Choose the PGN's notation.
    pub on_notation: Callback<Notation>,
    /// Copy the PGN.
    pub on_copy_pgn: Callback<()>,
    /// Copy the Chinese record.
    pub on_copy_record: Callback<()>,
    /// Download the PGN.
    pub on_download: Callback<()>,
    /// Import this text.
    pub on_import: Callback<String>,
    /// Close the panel.
    pub on_close: Callback<()>,
}

/// Export (PGN text, copy, Chinese record, download) or import (paste and load).
#[function_component(RecordsPanel)]
pub fn records_panel(props: &RecordsProps) -> Html {
    let lang = props.lang;
    let text = use_node_ref();
    let emit = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let close = html! {
        <button type="button" data-action="close-records" onclick={emit(&props.on_close)}>
            {lang.t("Close", "关闭")}
        </button>
    };
    match props.which {
        Records::Export => {
            let choose = |n: Notation, label: &'static str| {
                let cb = props.on_notation.clone();
                html! {
                    <button type="button" data-testid={format!("pgn-{}", crate::notation::key(n))}
                            aria-pressed={(props.notation == n).to_string()}
                            onclick={move |_| cb.emit(n)}>{label}</button>
                }
            };
            html! {
                <section class="records" aria-label={lang.t("Game record", "棋谱")}>
                    <h2>{lang.t("Game record (PGN)", "棋谱（PGN）")}</h2>
                    <div class="row">
                        <span>{lang.t("Moves in:", "着法：")}</span>
                        { choose(Notation::Wxf, "WXF") }
                        { choose(Notation::Chinese, lang.t("Chinese", "中文")) }
                    </div>
                    <textarea data-testid="pgn" readonly=true rows="8" value={props.pgn.clone()} />
                    <div class="row">
                        <button type="button" data-action="copy-pgn" onclick={emit(&props.on_copy_pgn)}>
                            {lang.t("Copy PGN", "复制 PGN")}
                        </button>
                        <button type="button" data-action="copy-record" onclick={emit(&props.on_copy_record)}>
                            {lang.t("Copy Chinese record", "复制中文棋谱")}
                        </button>
                        <button type="button" data-action="download" onclick={emit(&props.on_download)}>
                            {lang.t("Download", "下载")}
                        </button>
                        { close }
                    </div>
                </section>
            }
        }
        Records::Import => {
            let on_import = {
                let (text, cb) = (text.clone(), props.on_import.clone());
                Callback::from(move |_: MouseEvent| {
                    if let Some(el) = text.cast::<HtmlTextAreaElement>() {
                        cb.emit(el.value());
                    }
                })
            };
            html! {
                <section class="records" aria-label={lang.t("Load a game", "载入棋谱")}>
                    <h2>{lang.t("Load a game", "载入棋谱")}</h2>
                    <p class="help">{lang.t(
                        "Paste a PGN or a list of moves in UCI, ICCS, WXF or Chinese.",
                        "粘贴 PGN，或用 UCI、ICCS、WXF、中文记谱的着法列表。"
                    )}</p>
                    <textarea ref={text} data-testid="import-text" rows="8" spellcheck="false" />
                    <div class="row">
                        <button type="button" class="primary" data-action="import-load" onclick={on_import}>
                            {lang.t("Load game", "载入")}
                        </button>
                        { close }
                    </div>
                </section>
            }
        }
    }
}

/// The question before a new line replaces the rest of the game.
#[derive(Properties, PartialEq, Clone)]
pub struct ConfirmProps {
    /// How many moves would be dropped.
    pub dropped: usize,
    /// The page's language.
    pub lang: Lang,
    /// Where actions go.
    pub dispatch: Callback<Action>,
}

/// An in-page confirmation.
#[function_component(ConfirmBranch)]
pub fn confirm_branch(props: &ConfirmProps) -> Html {
    let lang = props.lang;
    let n = props.dropped;
    let (d1, d2) = (props.dispatch.clone(), props.dispatch.clone());
    let text = match lang {
        Lang::En => format!("Play this move and drop the {n} later move(s) of the game?"),
        Lang::Zh => format!("走这步棋并放弃之后的 {n} 步吗？"),
    };
    html! {
        <div class="confirm" role="alertdialog" data-testid="confirm" aria-label={text.clone()}>
            <p>{text}</p>
            <div class="row">
                <button type="button" class="primary" data-action="confirm-yes"
                        onclick={move |_| d1.emit(Action::ConfirmBranch(true))}>
                    {lang.t("New line", "开始新变着")}
                </button>
                <button type="button" data-action="confirm-no"
                        onclick={move |_| d2.emit(Action::ConfirmBranch(false))}>
                    {lang.t("Keep the game", "保留原对局")}
                </button>
            </div>
        </div>
    }
}
