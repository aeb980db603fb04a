//! The document's language attribute and title follow the page's language.

use crate::i18n::Lang;
use yew::prelude::*;

/// Sets the document's `lang` and title for `lang` whenever it changes.
#[hook]
pub fn use_document_lang(lang: Lang) {
    use_effect_with(lang, |&lang| {
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            if let Some(root) = doc.document_element() {
                let _ = root.set_attribute("lang", lang.html_tag());
            }
            doc.set_title(lang.t("象棋 Xiangqi", "中国象棋"));
        }
    });
}
