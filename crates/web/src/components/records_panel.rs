//! The records panel: the PGN of the game in WXF or Chinese with copy and download, and the
//! Chinese record (export); or a field to paste a record into and a file to open (import),
//! with the games of a record that holds several. It draws what it is given and reports what
//! the person asked for; a file goes to the page's record reader (a context).

use crate::hooks::{file_chosen, RecordReader};
use crate::records::convert::MAX_GAMES;
use crate::text::i18n::Lang;
use web_sys::HtmlTextAreaElement;
use xiangqi::notation::Notation;
use yew::prelude::*;

/// Which records panel is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Records {
    /// The PGN and the Chinese record of this game.
    Export,
    /// A field to paste a record into.
    Import,
    /// Not a record: the recent games (`saved_games`), open in the same place.
    Games,
    /// Not a record: the start of a game played by link, open in the same place.
    Friend,
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
    let reader = use_context::<RecordReader>();
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
                    <button type="button" data-testid={format!("pgn-{}", n.key())}
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
                    <textarea data-testid="pgn" readonly=true rows="8" value={props.pgn.clone()}
                              aria-label={lang.t("Game record (PGN)", "棋谱（PGN）")} />
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
        Records::Games | Records::Friend => Html::default(),
        Records::Import => {
            let on_import = {
                let (text, cb) = (text.clone(), props.on_import.clone());
                Callback::from(move |_: MouseEvent| {
                    if let Some(el) = text.cast::<HtmlTextAreaElement>() {
                        cb.emit(el.value());
                    }
                })
            };
            let on_file = reader.as_ref().map(file_chosen);
            let reading = reader.as_ref().is_some_and(|r| r.reading);
            let games = reader.and_then(|r| r.found.clone().map(|f| (f, r.choose)));
            html! {
                <section class="records" aria-label={lang.t("Load a game", "载入棋谱")} aria-busy={reading.to_string()}>
                    <h2>{lang.t("Load a game", "载入棋谱")}</h2>
                    <p class="help">{lang.t(
                        "Paste a record (PGN in any notation, DhtmlXQ, WXF) or a list of moves, or open a file (XQF, PGN, DhtmlXQ, WXF); a file may also be dropped on the board.",
                        "粘贴棋谱（任何记谱法的 PGN、DhtmlXQ、WXF）或着法列表，或打开棋谱文件（XQF、PGN、DhtmlXQ、WXF）；也可把文件拖到棋盘上。"
                    )}</p>
                    <textarea ref={text} data-testid="import-text" rows="8" spellcheck="false" />
                    <div class="row">
                        <button type="button" class="primary" data-action="import-load" onclick={on_import}>
                            {lang.t("Load game", "载入")}
                        </button>
                        <label class="button file">
                            <input type="file" data-testid="import-file" onchange={on_file} />
                            {lang.t("Open a file…", "打开文件…")}
                        </label>
                        { close }
                    </div>
                    if reading {
                        <p class="help" role="status">{lang.t("Reading the record…", "正在读取棋谱…")}</p>
                    }
                    if let Some((found, choose)) = games {
                        <p class="help">{match lang {
                            Lang::En if found.total > MAX_GAMES => format!("{} games; the first {MAX_GAMES}:", found.total),
                            Lang::Zh if found.total > MAX_GAMES => format!("共 {} 局，列出前 {MAX_GAMES} 局：", found.total),
                            Lang::En => format!("{} games:", found.total),
                            Lang::Zh => format!("共 {} 局：", found.total),
                        }}</p>
                        <ol class="record-games" data-testid="import-games">
                            { for found.games.iter().enumerate().map(|(i, g)| {
                                let choose = choose.clone();
                                html! {
                                    <li><button type="button" data-action="import-game" data-game={i.to_string()}
                                            onclick={Callback::from(move |_: MouseEvent| choose.emit(i))}>
                                        { &g.title }
                                        <span class="moves-count">{ match lang {
                                            Lang::En => format!(" · {} moves", g.moves),
                                            Lang::Zh => format!(" · {} 步", g.moves),
                                        } }</span>
                                    </button></li>
                                }
                            }) }
                        </ol>
                    }
                </section>
            }
        }
    }
}
