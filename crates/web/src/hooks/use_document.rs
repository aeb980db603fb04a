//! The document's language attribute and title follow the page's language.

use crate::text::i18n::Lang;
use yew::prelude::*;

/// Sets the document's `lang` and title for `lang` whenever it changes.
#[hook]
pub fn use_document_lang(lang: Lang) {
    use_effect_with(lang, |&lang| crate::browser::set_document_lang(lang));
}
