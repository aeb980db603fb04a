//! "Copy embed code": the `<iframe>` element that embeds the current game in another page, in a
//! text box under a disclosure button. Opening it copies the snippet to the clipboard where the
//! browser allows (the small script in index.html, which keeps that plumbing out of the wasm);
//! the box always shows it, selected on focus, to copy by hand. No dialogs (alert, prompt).

use crate::embed;
use yew::prelude::*;

/// The page's address without its query or fragment.
fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// The disclosure button (`data-action="embed-code"`) and the snippet's text box
/// (`data-testid="embed-code"`) for the game with the address parameters `params`.
pub fn embed_code(params: &[(&str, &str)], lang: crate::i18n::Lang) -> Html {
    let code = page_address()
        .map(|page| embed::snippet(&page, params))
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
