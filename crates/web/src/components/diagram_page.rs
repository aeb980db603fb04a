//! The diagram page (`view=diagram`, `data-view="diagram"`): a still picture of the address's
//! position, the position after its `ply` or the game's last, with the last move marked;
//! nothing else but, under it, what in the address could not be used; no hook: it is drawn
//! once.

use crate::browser;
use crate::model::{settings, Notice, Opening, Settings};
use crate::records::diagram::{self, Diagram};
use crate::records::link;
use crate::text::i18n::Lang;
use yew::prelude::*;

/// The diagram of the address's position, in the browser's language unless the address names
/// another.
pub fn diagram_page() -> Html {
    let lang = Lang::from_browser(browser::language().as_deref());
    let base = Opening {
        settings: Settings::default().with(settings::Action::SetLang(lang)),
        ..Opening::default()
    };
    let opening = link::apply(base, &browser::url_params(&link::NAMES));
    let game = &opening.game;
    let ply = opening.ply.unwrap_or(game.len());
    let moves = game.moves();
    let pos = game
        .position_at(ply)
        .unwrap_or_else(|| game.position().clone());
    let lang = opening.settings.lang();
    let mut d = Diagram::of(&pos, ply.checked_sub(1).map(|i| moves[i]), lang);
    d.orientation = opening.settings.orientation();
    browser::set_document_lang(lang);
    html! {
        <div class="diagram-view" data-view="diagram" data-testid="diagram">
            { Html::from_html_unchecked(AttrValue::from(diagram::svg(&d))) }
            if let Some(Notice::BadParams(ignored)) = &opening.notice {
                <p class="notice" data-testid="notice" role="alert">{lang.ignored(ignored)}</p>
            }
        </div>
    }
}
