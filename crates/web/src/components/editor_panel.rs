//! The board editor's panel: the palette of the 14 pieces and the eraser (`data-palette`), the
//! side to move, clear and reset, what is wrong with the placement (or that it is legal), and
//! "play from here".

use crate::model::editor::Action as Edit;
use crate::model::{Action, Editor, Mode, PieceSet, Tool};
use crate::text::i18n::Lang;
use xiangqi::{Color, Kind, Piece};
use yew::prelude::*;

/// The editor panel's content.
#[derive(Properties, PartialEq, Clone)]
pub struct EditorPanelProps {
    /// The editor.
    pub editor: Editor,
    /// The page's language.
    pub lang: Lang,
    /// How the pieces are drawn (as on the board).
    #[prop_or_default]
    pub pieces: PieceSet,
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
            crate::text::i18n::kind_zh(p.color, p.kind)
        ),
    }
}

/// The palette, the side to move, clear and reset, the position's check, and "play from here".
#[function_component(EditorPanel)]
pub fn editor_panel(props: &EditorPanelProps) -> Html {
    let lang = props.lang;
    let e = &props.editor;
    let d = props.dispatch.clone();
    let act = move |a: Edit| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::Edit(a)))
    };
    let tool_button = |tool: Tool| {
        let pressed = e.tool() == Some(tool);
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
                    onclick={act(Edit::Tool(next))}>
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
        let on = e.turn() == c;
        html! {
            <button type="button" data-testid={format!("edit-turn-{}", c.name())}
                    aria-pressed={on.to_string()} onclick={act(Edit::Turn(c))}>
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
            <div class="palette" role="toolbar" aria-label={lang.t("Pieces", "棋子")} data-pieces={props.pieces.key()}>
                { for tools.map(tool_button) }
            </div>
            <div class="row">
                <span>{lang.t("To move:", "走棋方：")}</span>
                { turn_button(Color::Red) }
                { turn_button(Color::Black) }
            </div>
            <div class="row">
                <button type="button" data-action="edit-clear" onclick={act(Edit::Clear)}>
                    {lang.t("Clear board", "清空棋盘")}
                </button>
                <button type="button" data-action="edit-reset" onclick={act(Edit::Reset)}>
                    {lang.t("Start position", "初始局面")}
                </button>
            </div>
            {match &check {
                Ok(pos) => html! { <>
                    <p class="valid" data-testid="valid">{lang.t("The position is legal.", "局面合法。")}</p>
                    // A composed position can be played; say what no game could reach.
                    { for pos.to_setup().warnings().iter().map(|w| html! {
                        <p class="notice" data-testid="warning">{lang.setup_warning(w)}</p>
                    }) }
                </> },
                Err(err) => html! {
                    <p class="notice invalid" data-testid="notice" role="alert">{lang.position_error(err)}</p>
                },
            }}
            <div class="row">
                <button type="button" class="primary" data-action="play-ai" disabled={!ok}
                        onclick={act(Edit::Play(Mode::Computer))}>
                    {lang.t("Play the computer from here", "从此局面与电脑对弈")}
                </button>
                <button type="button" class="primary" data-action="play-pvp" disabled={!ok}
                        onclick={act(Edit::Play(Mode::TwoPlayers))}>
                    {lang.t("Play a friend from here", "从此局面双人对弈")}
                </button>
                <button type="button" data-action="edit-cancel" onclick={act(Edit::Cancel)}>
                    {lang.t("Cancel", "取消")}
                </button>
            </div>
        </section>
    }
}
