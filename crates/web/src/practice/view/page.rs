//! The practice page's root: which part the address asks for (`view=puzzle` or
//! `view=endgames`, `puzzle=ID`, `embed=1`, `lang=en|zh`), the language (the one chosen here,
//! else the game page's, else the browser's) and the piece set (the game page's), the bar at
//! the top, and the document's language.
//!
//! The browser compiles the module's functions as they are first called, on the page's thread,
//! so the page starts in short tasks, each paying for its own code: the module's start; reading
//! the address and what the browser keeps; the framework's own code, run by a component that
//! draws only a hidden mark (`warm_up`, `data-drawn="framework"`); the first render, of the
//! page's empty container (`data-drawn="empty"`); then, each once a frame has shown the one
//! before, a hidden sample of the page's type in each of its first uses (`sans`, `sans-zh`,
//! `sans-bold`: the first layout of a font asks the browser to find it and reads its tables, a
//! task's worth each); then the bar (`data-drawn="page"`) and the part below it.

use super::endgames::Endgames;
use super::puzzle::PuzzleView;
use super::steps::hidden_sample;
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
/// (whether the page is embedded) before it offers offline play; then, each in a task of its
/// own, reading the address and what the browser keeps, and the first render. The browser
/// compiles the module's functions as they are first called, so each of these tasks pays for
/// its own code and none is long.
pub fn start() {
    browser::mark_app(browser::embed_param());
    gloo_timers::callback::Timeout::new(0, || {
        let opened = Opened::read();
        gloo_timers::callback::Timeout::new(0, move || {
            warm_up();
            browser::after_next_frame(move || {
                yew::Renderer::<Root>::with_props(opened).render();
            });
        })
        .forget();
    })
    .forget();
}

/// A component that keeps no state and draws only a hidden mark of itself
/// (`data-drawn="framework"`).
#[function_component(Blank)]
fn blank() -> Html {
    html! { <i data-drawn="framework" /> }
}

/// Renders [`Blank`] into the page's hidden mark (`.app[hidden]`): the framework's own code
/// (its scheduler, a component's creation and first render) is compiled in this task, and
/// the page's first render, a frame later, compiles only its own.
fn warm_up() {
    let mark = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".app[hidden]").ok().flatten());
    if let Some(mark) = mark {
        yew::Renderer::<Blank>::with_root(mark).render();
    }
}

/// What the page opens with, read from the address and what the browser keeps.
#[derive(Properties, PartialEq, Clone)]
pub struct Opened {
    /// The address's parameters the practice page reads.
    params: Vec<(String, String)>,
    /// Embedded in another page.
    embed: bool,
    /// The language and piece set it opens with.
    lang: Lang,
    pieces: PieceSet,
}

impl Opened {
    /// Reads the address and the settings kept in the browser.
    pub fn read() -> Opened {
        let params = browser::url_params(&PRACTICE_NAMES);
        let asked_lang = params
            .iter()
            .find(|(k, _)| k == LANG)
            .and_then(|(_, v)| Lang::from_key(v));
        let (lang, pieces) = settings(asked_lang);
        Opened {
            params,
            embed: browser::embed_param(),
            lang,
            pieces,
        }
    }
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

/// The steps before the page is drawn: its empty container, then a hidden sample of the
/// page's type in each of its first uses, each in a frame of its own (`data-drawn`).
const FIRST_STEPS: [&str; 4] = ["empty", "sans", "sans-zh", "sans-bold"];

/// A hidden line of the page's type: the body's Latin, its Chinese, then both in bold. The
/// browser's first layout of a font is its slowest; each sample has a frame to itself.
fn type_sample(step: usize) -> Html {
    let sample = match FIRST_STEPS.get(step) {
        Some(&"sans") => html! { <span>{"Puzzles ← Game"}</span> },
        Some(&"sans-zh") => html! { <span>{"谜题 残局 中文"}</span> },
        Some(&"sans-bold") => html! { <b>{"Puzzles 谜题"}</b> },
        _ => return Html::default(),
    };
    hidden_sample(sample)
}

/// The page's root: its container, empty in the first render (which runs much of the
/// framework's code for the first time, and so costs the most to compile), then the samples
/// of its type, and the page in it once a frame has shown each (`data-drawn` from `empty`
/// through [`FIRST_STEPS`] to `page`).
#[function_component(Root)]
fn root(opened: &Opened) -> Html {
    let step = use_state(|| 0usize);
    {
        let set = step.clone();
        use_effect_with(*step, move |&now| {
            if now < FIRST_STEPS.len() {
                browser::after_next_frame(move || set.set(now + 1));
            }
        });
    }
    let on = *step >= FIRST_STEPS.len();
    let embed = opened.embed;
    let endgames = opened
        .params
        .iter()
        .any(|(k, v)| k == VIEW && v == "endgames");
    html! {
        <div class={classes!("app", "practice", embed.then_some("embed"))}
             data-view={if endgames { "endgames" } else { "puzzle" }} data-embed={embed.then_some("")}
             data-drawn={FIRST_STEPS.get(*step).copied().unwrap_or("page")}>
            if on {
                <Practice ..opened.clone() />
            } else {
                { type_sample(*step) }
            }
        </div>
    }
}

/// The practice page.
#[function_component(Practice)]
pub fn practice(opened: &Opened) -> Html {
    let (params, embed, pieces) = (&opened.params, opened.embed, opened.pieces);
    let endgames = params.iter().any(|(k, v)| k == VIEW && v == "endgames");
    let asked = params
        .iter()
        .find(|(k, _)| k == PUZZLE)
        .and_then(|(_, v)| v.trim().parse::<u32>().ok());
    let lang = use_state(|| opened.lang);
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
    let ignored = use_state(|| ignored(params));
    let dismiss = {
        let ignored = ignored.clone();
        Callback::from(move |_: MouseEvent| ignored.set(Vec::new()))
    };
    // The bar, then (once a frame has shown it) the part below it.
    let whole = use_state(|| false);
    {
        let whole = whole.clone();
        use_effect_with((), move |_| {
            browser::after_next_frame(move || whole.set(true))
        });
    }
    let whole = *whole;
    let tab = |on: bool, action: &'static str, view: &str, label: &'static str| {
        let href = query(&[(VIEW, view)]);
        html! {
            <a class={classes!("tab", on.then_some("on"))} data-action={action} {href}
               aria-current={on.then_some("page")}>{label}</a>
        }
    };
    html! {
        <>
            if !embed {
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
            if !ignored.is_empty() {
                <div class="notice" data-testid="notice" role="alert">
                    <span>{lang.notice(&Notice::BadParams((*ignored).clone()))}</span>
                    <button type="button" aria-label={lang.t("Dismiss", "关闭")} onclick={dismiss}>{"×"}</button>
                </div>
            }
            if !whole {
            } else if endgames {
                <Endgames {lang} {pieces} />
            } else {
                <PuzzleView {lang} {pieces} {embed} {asked} />
            }
        </>
    }
}
