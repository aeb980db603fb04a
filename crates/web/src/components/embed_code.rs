//! "Copy embed code": the `<iframe>` element that embeds the current game in another page, in a
//! text box under a disclosure button. Opening it copies the snippet to the clipboard where the
//! browser allows (the small script in index.html, which keeps that plumbing out of the wasm);
//! the box always shows it, selected on focus, to copy by hand. No dialogs (alert, prompt).

use crate::browser;
use crate::embed;
use crate::i18n::Lang;
use xiangqi::START_FEN;
use yew::prelude::*;

/// The disclosure button (`data-action="embed-code"`) and the snippet's text box
/// (`data-testid="embed-code"`) for the position `fen` at the computer's `level`, in `lang`.
pub fn embed_code(fen: &str, level: u8, lang: Lang) -> Html {
    let level = level.to_string();
    let mut params = vec![("level", level.as_str())];
    if fen != START_FEN {
        params.insert(0, ("fen", fen));
    }
    let code = browser::page_address()
        .map(|page| embed::snippet(&page, &params))
        .unwrap_or_default();
    html! {
        <details class="embed-code">
            <summary data-action="embed-code">{lang.t("Copy embed code", "复制嵌入代码")}</summary>
            <label>
                <span>{lang.t("Paste this into your page (it is on the clipboard):", "粘贴到你的网页中（已复制到剪贴板）：")}</span>
                <textarea data-testid="embed-code" readonly=true rows="3" value={code} />
            </label>
        </details>
    }
}
