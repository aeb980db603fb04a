//! The root component picks what the page is from the address's `view`: the game ([`App`]'s
//! own page), the replay viewer, or a diagram. The game's page opens the state (the saved-game
//! hook owns the reducer), composes the page's effects as custom hooks (the worker, the
//! shortcuts, the sounds, the clocks' alarm, the document's language, the record reader, the
//! openings' worker) and
//! lays out its parts: the board area, on which a record file may be dropped, and the panel,
//! which draw what the state and its derived view and marks show, and dispatch actions; the
//! record reader is handed down as a context. The other two start no worker and leave the saved game alone.

use crate::browser;
use crate::components::announcer::announcer;
use crate::components::board_area::board_area;
use crate::components::diagram_page::diagram_page;
use crate::components::embed_code::embed_code;
use crate::components::panel::panel;
use crate::components::play::{use_handlers, Play};
use crate::components::top_bar::top_bar;
use crate::hooks::{
    drop_target, use_clock_alarm, use_document_lang, use_openings, use_record_reader,
    use_saved_game, use_shortcuts, use_sounds, use_worker, RecordReader,
};
use crate::records::link::names::VIEW;
use crate::records::link::Layout;
use yew::prelude::*;

/// Starts the page's app, but on the practice page, which a module of its own draws and
/// marks (the page's loader does not even start this one there: `www/page.js`).
pub fn start() {
    if Layout::of(&browser::url_params(&[VIEW])) != Layout::Practice {
        yew::Renderer::<App>::new().render();
    }
}

/// The page: the game against the computer or a friend, the replay viewer, or a diagram, as
/// the address's `view` says (the practice page is never drawn here: see [`start`]).
#[function_component(App)]
pub fn app() -> Html {
    let layout = *use_memo((), |_| Layout::of(&browser::url_params(&[VIEW])));
    if layout == Layout::Diagram {
        // The layout never changes, so the hooks below run on every render or on none.
        return diagram_page();
    }
    let replay = layout == Layout::Replay;
    // Embedded in another page: the board, a compact toolbar and the status only.
    let embed = *use_memo((), |_| browser::embed_param());
    let (state, dispatch, saving) = use_saved_game(embed, replay);
    use_worker(&state, dispatch.clone(), !replay);
    use_shortcuts(dispatch.clone(), replay);
    use_sounds(&state, embed || replay);
    use_clock_alarm(&state, dispatch.clone());
    let settings = *state.settings();
    let lang = settings.lang();
    use_document_lang(lang);
    let reader = use_record_reader(dispatch.clone());
    let (ondragover, ondrop) = (!embed && !replay).then(|| drop_target(&reader)).unzip();

    // The embed code asks the page's address and encodes the game: only when they change.
    let embed_snippets = {
        let game = state.history().shared();
        let key = (
            state.view().fen.clone(),
            settings.level(),
            state.history().revision(),
            lang,
        );
        use_memo(key, move |(fen, level, _, lang)| {
            embed_code(fen, *level, &game, *lang)
        })
    };
    let handlers = use_handlers(&dispatch, state.cursor(), replay);
    let play = Play::new(&state, &dispatch, &handlers, embed, replay);
    use_openings(
        &state,
        dispatch.clone(),
        !embed && !play.editing,
        play.analysing,
    );
    html! {
        <div class={classes!("app", (embed || replay).then_some("embed"), replay.then_some("replay"))}
             data-view={replay.then_some("replay")} data-embed={embed.then_some("")}>
            { announcer(&play.spoken()) }
            if !embed && !replay {
                { top_bar(lang, settings.muted(), &dispatch) }
            }
            <ContextProvider<RecordReader> context={reader}>
                <main class="play" {ondragover} {ondrop}>
                    { board_area(&play) }
                    { panel(&play, &saving, (*embed_snippets).clone()) }
                </main>
            </ContextProvider<RecordReader>>
        </div>
    }
}
