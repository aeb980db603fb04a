//! The practice page's root: which part the address asks for (`view=puzzle` or
//! `view=endgames`, `puzzle=ID`, `embed=1`, `lang=en|zh`), the language (the one chosen here, else the game
//! page's, else the browser's) and the piece set (the game page's), the bar at the top, and
//! the document's language. The page is drawn in three steps, each once a frame has shown the
//! one before: its frame (the first render, which also runs much of the module's code for the
//! first time), the bar, and the part below it; three short tasks, not one long one.

use super::endgames::Endgames;
use super::puzzle::PuzzleView;
use crate::browser;
use crate::hooks::use_document_lang;
use crate::model::{Notice, PieceSet, Problem};
use crate::practice::drills::drill;
use crate::records::link::names::{query, ENDGAME, LANG, PRACTICE_NAMES, PUZZLE, VIEW};
use crate::records::saved::{self, list::Store};
use crate::text::i18n::Lang;
use yew::prelude::*;

/// Where the language chosen on the practice page is kept.
const LANG_KEY: &str = "xiangqi.practice.lang";

/// The language and piece set the page opens with: the address's `lang`, else the one chosen
/// here before, else the game page's, else the browser's.
fn settings(asked: Option<Lang>) -> (Lang, PieceSet) {
    let store = browser::storage();
    let browser_lang = Lang::from_browser(browser::language().as_deref());
    let game = saved::read(
        store.as_ref().and_then(|s| s.read(saved::KEY)).as_deref(),
        browser_lang,
    )
    .map(|(o, _)| o.settings);
    let chosen = store
        .and_then(|s| s.read(LANG_KEY))
        .and_then(|k| Lang::from_key(&k));
    let lang = asked
        .or(chosen)
        .or(game.map(|s| s.lang()))
        .unwrap_or(browser_lang);
    (lang, game.map(|s| s.pieces()).unwrap_or_default())
}

/// Starts the practice page: at once the hidden mark of the app that the page's script reads
/// (whether the page is embedded) before it offers offline play, and the first render in a
/// task of its own, not in the one that compiled and started the module: each stays short.
pub fn start() {
    browser::mark_app(browser::embed_param());
    gloo_timers::callback::Timeout::new(0, || {
        yew::Renderer::<Practice>::new().render();
    })
    .forget();
}

/// The address's parameters that cannot be used: a puzzle that is not a number (a number
/// with no puzzle is said where the puzzle shows), an endgame drill, a language or a view that
/// does not exist.
fn ignored(params: &[(String, String)]) -> Vec<(String, String, Problem)> {
    params
        .iter()
        .filter(|(k, v)| match k.as_str() {
            PUZZLE => v.trim().parse::<u32>().is_err(),
            ENDGAME => drill(v.trim()).is_none(),
            LANG => Lang::from_key(v).is_none(),
            _ => !matches!(v.trim(), "puzzle" | "endgames"),
        })
        .map(|(k, v)| (k.clone(), v.clone(), Problem::Value))
        .collect()
}

/// The practice page.
#[function_component(Practice)]
pub fn practice() -> Html {
    let params = use_memo((), |_| browser::url_params(&PRACTICE_NAMES));
    let embed = *use_memo((), |_| browser::embed_param());
    let endgames = params.iter().any(|(k, v)| k == VIEW && v == "endgames");
    let asked = params
        .iter()
        .find(|(k, _)| k == PUZZLE)
        .and_then(|(_, v)| v.trim().parse::<u32>().ok());
    let asked_lang = params
        .iter()
        .find(|(k, _)| k == LANG)
        .and_then(|(_, v)| Lang::from_key(v));
    let opened = use_memo((), move |_| settings(asked_lang));
    let lang = use_state(|| opened.0);
    let pieces = opened.1;
    use_document_lang(*lang);
    let switch = {
        let lang = lang.clone();
        Callback::from(move |_: MouseEvent| {
            let next = lang.other();
            if let Some(s) = browser::storage() {
                // A preference: if the browser refuses, the page only forgets it.
                let _ = s.write(LANG_KEY, next.key());
            }
            lang.set(next);
        })
    };
    let lang = *lang;
    // The address's values that cannot be used, said at the top until dismissed.
    let ignored = use_state(|| ignored(&params));
    let dismiss = {
        let ignored = ignored.clone();
        Callback::from(move |_: MouseEvent| ignored.set(Vec::new()))
    };
    // 0: the frame only, 1: the bar too, 2: the part below it too.
    let shown = use_state(|| 0u8);
    {
        let step = shown.clone();
        use_effect_with(*shown, move |&now| {
            if now < 2 {
                browser::after_next_frame(move || step.set(now + 1));
            }
        });
    }
    let shown = *shown;
    let tab = |on: bool, action: &'static str, view: &str, label: &'static str| {
        let href = query(&[(VIEW, view)]);
        html! {
            <a class={classes!("tab", on.then_some("on"))} data-action={action} {href}
               aria-current={on.then_some("page")}>{label}</a>
        }
    };
    html! {
        <div class={classes!("app", "practice", embed.then_some("embed"))}
             data-view={if endgames { "endgames" } else { "puzzle" }} data-embed={embed.then_some("")}>
            if !embed && shown >= 1 {
                <header class="top">
                    <a class="back" href="./" data-action="game">{lang.t("← Game", "← 对局")}</a>
                    <nav class="tabs" aria-label={lang.t("Practice", "练习")}>
                        { tab(!endgames, "puzzles", "puzzle", lang.t("Puzzles", "谜题")) }
                        { tab(endgames, "endgames", "endgames", lang.t("Endgames", "残局")) }
                    </nav>
                    <button type="button" data-action="lang" onclick={switch} lang={lang.other().html_tag()}>
                        { lang.switch_label() }
                    </button>
                </header>
            }
            if shown >= 1 && !ignored.is_empty() {
                <div class="notice" data-testid="notice" role="alert">
                    <span>{lang.notice(&Notice::BadParams((*ignored).clone()))}</span>
                    <button type="button" aria-label={lang.t("Dismiss", "关闭")} onclick={dismiss}>{"×"}</button>
                </div>
            }
            if shown < 2 {
            } else if endgames {
                <Endgames {lang} {pieces} />
            } else {
                <PuzzleView {lang} {pieces} {embed} {asked} />
            }
        </div>
    }
}
