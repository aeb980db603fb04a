//! The records panel: the PGN of the game in WXF or Chinese with copy and download, and the
//! Chinese record (export); or a field to paste a record into (import). It draws what it is
//! given and reports what the person asked for.

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
        Records::Games => Html::default(),
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
