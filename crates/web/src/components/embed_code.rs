//! "Copy embed code": the `<iframe>` element that puts this game in another page, under a
//! disclosure button, for one of two uses chosen with a radio pair
//! (`data-testid="embed-view"`): a board to play the computer from the position shown
//! (`play`), or a viewer to replay this game with its comments (`replay`). Each radio carries
//! its snippet; the page's script (`www/page.js`) puts the chosen one in the text box
//! (`data-testid="embed-code"`) and on the clipboard when the box opens or the choice changes,
//! which keeps that plumbing (and a component's state) out of the page's wasm. The box can
//! always be copied by hand. No dialogs (alert, prompt).

use crate::browser;
use crate::model::SharedGame;
use crate::records::embed;
use crate::records::link::names::{FEN, LANG, LEVEL, VIEW};
use crate::records::link::{self, Layout};
use crate::text::i18n::Lang;
use xiangqi::START_FEN;
use yew::prelude::*;

/// The snippet for `layout`: the position `fen` to play at the computer's `level`, or the
/// whole `game` to replay, in `lang`.
fn snippet(layout: Layout, fen: &str, level: u8, game: &SharedGame, lang: Lang) -> String {
    let Some(page) = browser::page_address() else {
        return String::new();
    };
    let mut params: Vec<(&str, String)> = Vec::new();
    if layout == Layout::Replay {
        params.push((VIEW, "replay".into()));
        params.extend(link::game_params(game.tree()));
        params.push((LANG, lang.key().into()));
    } else {
        if fen != START_FEN {
            params.push((FEN, fen.into()));
        }
        params.push((LEVEL, level.to_string()));
    }
    let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
    embed::snippet(&page, layout, &params)
}

/// The disclosure button (`data-action="embed-code"`), the choice of use and the text box.
pub fn embed_code(fen: &str, level: u8, game: &SharedGame, lang: Lang) -> Html {
    let play = snippet(Layout::Play, fen, level, game, lang);
    let replay = snippet(Layout::Replay, fen, level, game, lang);
    html! {
        <details class="embed-code">
            <summary data-action="embed-code">{lang.t("Copy embed code", "复制嵌入代码")}</summary>
            <div class="embed-view" role="radiogroup" data-testid="embed-view"
                 aria-label={lang.t("What to embed", "嵌入内容")}>
                <label>
                    <input type="radio" name="embed-view" value="play" checked=true data-snippet={play.clone()} />
                    {lang.t("Play the computer from here", "从此局面与电脑对弈")}
                </label>
                <label>
                    <input type="radio" name="embed-view" value="replay" data-snippet={replay} />
                    {lang.t("Replay this game", "回放本局")}
                </label>
            </div>
            <label>
                <span>{lang.t("Paste this into your page (it is on the clipboard):", "粘贴到你的网页中（已复制到剪贴板）：")}</span>
                <textarea data-testid="embed-code" readonly=true rows="3" defaultvalue={play} />
            </label>
        </details>
    }
}
