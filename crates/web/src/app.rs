//! The root component: owns the reducer, keeps the search worker in step with the state, and
//! handles the keyboard shortcuts.
//!
//! The worker cannot read a message while it searches (the search is synchronous, and the page
//! must not need SharedArrayBuffer), so a search that is no longer wanted (undo, new game,
//! "move now") is abandoned by dropping the worker and starting a fresh one; the old worker
//! closes itself once its search ends, and whatever it still says is dropped by id.

use crate::agent::{SearchAgent, SearchReply, SearchRequest};
use crate::components::board::Board;
use crate::components::controls::{Settings, Toolbar};
use crate::components::embed_code::embed_code;
use crate::components::move_list::MoveList;
use crate::components::result::ResultBanner;
use crate::components::status::Status;
use crate::components::tools::{ConfirmBranch, EditorPanel, FenBox, Records, RecordsPanel};
use crate::i18n::Lang;
use crate::notation::Notation;
use crate::sound::{self, Sound};
use crate::state::{Action, Mode, Notice, Purpose, State, Step};
use crate::{link, pgn, saved};
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use xiangqi::{Color, Game, Square};
use yew::prelude::*;
use yew_agent::worker::WorkerBridge;
use yew_agent::Spawnable;

/// Where Trunk puts the worker's loader (`data-loader-shim` in index.html).
const WORKER_PATH: &str = "./worker_loader.js";
/// In computer-against-computer games, the pause before each move so people can follow.
const WATCH_PAUSE_MS: u32 = 500;

/// How long past a search's time budget the worker may stay silent before it is taken for dead.
const SILENCE_MS: u64 = 5_000;

/// The page's side of the worker.
#[derive(Default)]
struct WorkerLink {
    bridge: Option<WorkerBridge<SearchAgent>>,
    /// The id of the request sent and not yet answered.
    running: Option<u64>,
    /// A request waiting for the watch-mode pause.
    pending: Option<Timeout>,
    /// The running request's time budget in milliseconds, for the watchdog's patience.
    budget_ms: u64,
    /// Fires if the worker says nothing for too long (it failed to load, or hangs).
    watchdog: Option<Timeout>,
}

/// The longest a search with a time budget of `budget_ms` may go without a word from the
/// worker.
fn patience_ms(budget_ms: u64) -> u32 {
    (budget_ms + SILENCE_MS).min(u32::MAX as u64) as u32
}

/// Starts (or restarts) the watchdog for the running search.
fn watch(link: &Link, dispatch: &UseReducerDispatcher<State>, budget_ms: u64) {
    let weak = Rc::downgrade(link);
    let dispatch = dispatch.clone();
    let timer = Timeout::new(patience_ms(budget_ms), move || {
        let Some(link) = weak.upgrade() else { return };
        {
            let mut l = link.borrow_mut();
            l.bridge = None;
            l.running = None;
            l.watchdog = None;
        }
        // No reason from the browser: the notice says it went silent.
        dispatch.dispatch(Action::WorkerRestarted(String::new()));
    });
    link.borrow_mut().watchdog = Some(timer);
}

type Link = Rc<RefCell<WorkerLink>>;

fn spawn(link: &Link, dispatch: &UseReducerDispatcher<State>) -> WorkerBridge<SearchAgent> {
    let weak = Rc::downgrade(link);
    let dispatch = dispatch.clone();
    SearchAgent::spawner()
        .callback(move |reply: SearchReply| {
            let Some(link) = weak.upgrade() else { return };
            match &reply {
                SearchReply::Done { id, .. } | SearchReply::Failed { id, .. } => {
                    let mut l = link.borrow_mut();
                    if l.running == Some(*id) {
                        l.running = None;
                        l.watchdog = None;
                    }
                }
                SearchReply::Crashed { reason } => {
                    // Replace the worker outside this callback, which its bridge is running.
                    let reason = reason.clone();
                    let dispatch = dispatch.clone();
                    Timeout::new(0, move || {
                        {
                            let mut l = link.borrow_mut();
                            l.bridge = None;
                            l.running = None;
                            l.watchdog = None;
                        }
                        dispatch.dispatch(Action::WorkerRestarted(reason));
                    })
                    .forget();
                    return;
                }
                SearchReply::Progress { id, .. } => {
                    // Still alive: give it its full patience again.
                    let budget = {
                        let l = link.borrow();
                        (l.running == Some(*id)).then_some(l.budget_ms)
                    };
                    if let Some(budget) = budget {
                        watch(&link, &dispatch, budget);
                    }
                }
            }
            dispatch.dispatch(Action::Reply(reply));
        })
        .as_module(false)
        .with_loader(true)
        .spawn(WORKER_PATH)
}

fn send(link: &Link, dispatch: &UseReducerDispatcher<State>, request: SearchRequest) {
    let mut l = link.borrow_mut();
    if l.bridge.is_none() {
        l.bridge = Some(spawn(link, dispatch));
    }
    l.running = Some(request.id);
    let budget = request.task.limits.movetime_ms.unwrap_or(0);
    l.budget_ms = budget;
    if let Some(b) = &l.bridge {
        b.send(request);
    }
    drop(l);
    watch(link, dispatch, budget);
}

/// Makes the worker run the search the state wants, and nothing else.
fn reconcile(
    link: &Link,
    dispatch: &UseReducerDispatcher<State>,
    wanted: Option<SearchRequest>,
    pause: bool,
) {
    let mut l = link.borrow_mut();
    l.pending = None;
    let wanted_id = wanted.as_ref().map(|r| r.id);
    if l.running.is_some() && l.running != wanted_id {
        // The worker is busy with a search nobody wants and cannot be interrupted.
        l.bridge = None;
        l.running = None;
        l.watchdog = None;
    }
    if l.bridge.is_none() {
        // Keep a worker ready so the next search starts at once.
        l.bridge = Some(spawn(link, dispatch));
    }
    let Some(request) = wanted else { return };
    if l.running == Some(request.id) {
        return;
    }
    if pause {
        let (link2, dispatch) = (link.clone(), dispatch.clone());
        l.pending = Some(Timeout::new(WATCH_PAUSE_MS, move || {
            send(&link2, &dispatch, request)
        }));
    } else {
        drop(l);
        send(link, dispatch, request);
    }
}

/// The address's parameters that the page reads, in order.
fn url_params() -> Vec<(String, String)> {
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return Vec::new();
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return Vec::new();
    };
    link::NAMES
        .iter()
        .filter_map(|&k| params.get(k).map(|v| (k.to_string(), v)))
        .collect()
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The state the page opens with: the game in the address, else the saved one, else a new
/// game in the browser's language; then the address's other parameters. Embedded, the page
/// shows the address's game only and leaves the saved one alone.
fn initial_state(embed: bool) -> State {
    let window = web_sys::window();
    let browser = window.as_ref().and_then(|w| w.navigator().language());
    let lang = Lang::from_browser(browser.as_deref());
    let params = url_params();
    let stored = storage().and_then(|s| s.get_item(saved::KEY).ok().flatten());
    let mut state = if link::has_game(&params) || embed {
        None
    } else {
        saved::read(stored.as_deref(), lang)
    }
    .unwrap_or_else(|| {
        let mut s = State::default();
        s.lang = lang;
        s
    });
    if !params.is_empty() {
        link::apply(&mut state, &params);
        // The game now lives in the saved copy: a reload should not start it over.
        if let Some(w) = window.filter(|_| !embed) {
            let path = w.location().pathname().unwrap_or_default();
            if let Ok(h) = w.history() {
                let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
            }
        }
    }
    state
}

/// Copies `text` to the clipboard where the browser allows; the text is shown anyway.
fn copy(text: &str) {
    use js_sys::{Function, Promise, Reflect};
    let Some(w) = web_sys::window() else { return };
    let nav: wasm_bindgen::JsValue = w.navigator().into();
    let Ok(clip) = Reflect::get(&nav, &"clipboard".into()) else {
        return;
    };
    if clip.is_undefined() {
        return;
    }
    let Ok(f) = Reflect::get(&clip, &"writeText".into()).and_then(|f| f.dyn_into::<Function>())
    else {
        return;
    };
    if let Ok(p) = f
        .call1(&clip, &text.into())
        .and_then(|p| p.dyn_into::<Promise>())
    {
        let ignore =
            wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|_| {});
        let _ = p.catch(&ignore);
        ignore.forget();
    }
}

/// Offers `text` as a file download.
fn download(name: &str, text: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&text.into());
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("application/x-chess-pgn;charset=utf-8");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = doc
        .create_element("a")
        .map(|a| a.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Today as "YYYY.MM.DD".
fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// The tags for this game's PGN.
fn tags(state: &State) -> pgn::Tags {
    let host = web_sys::window()
        .and_then(|w| w.location().host().ok())
        .unwrap_or_default();
    let computer = format!("Computer (level {})", state.level);
    let name = |c: Color| {
        if state.is_computer(c) {
            computer.clone()
        } else {
            match c {
                Color::Red => "Red".to_string(),
                Color::Black => "Black".to_string(),
            }
        }
    };
    pgn::Tags {
        event: "Casual game".into(),
        site: host,
        date: today(),
        red: name(Color::Red),
        black: name(Color::Black),
    }
}

/// The sound for the game's last move, if one was just played.
fn sound_for(game: &Game) -> Option<Sound> {
    let m = *game.moves().last()?;
    if game.outcome().is_some() {
        return Some(Sound::End);
    }
    if game.position().in_check() {
        return Some(Sound::Check);
    }
    let mut before = game.start_position().clone();
    let moves = game.moves();
    for &p in &moves[..moves.len() - 1] {
        before.make_move(p);
    }
    Some(if before.piece_at(m.to()).is_some() {
        Sound::Capture
    } else {
        Sound::Move
    })
}

/// True if the page's address asks for the embedded layout (`embed=1`).
fn embed_param() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| crate::embed::is_embed(&q))
}

/// True if a key event comes from a form control, which keeps its own keys.
fn from_form_control(e: &KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "SELECT" | "INPUT" | "TEXTAREA"))
}

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    // Embedded in another page: the board, a compact toolbar and the status only.
    let embed = *use_memo((), |_| embed_param());
    let state = use_reducer(move || initial_state(embed));
    let dispatch = state.dispatcher();
    let link = use_mut_ref(WorkerLink::default);
    let records = use_state(|| None::<Records>);
    let pgn_notation = use_state(|| Notation::Wxf);
    let lang = state.lang;

    {
        let (link, dispatch) = (link.clone(), dispatch.clone());
        let wanted = state.search.as_ref().map(|s| s.request.clone());
        let pause = state.mode == Mode::Watch && !state.game.is_empty();
        use_effect_with(wanted, move |wanted| {
            reconcile(&link, &dispatch, wanted.clone(), pause);
        });
    }

    // Keep the game in localStorage.
    use_effect_with(saved::write(&state), move |text| {
        if let Some(s) = storage().filter(|_| !embed) {
            let _ = s.set_item(saved::KEY, text);
        }
    });

    // The document's language and title follow the switch.
    use_effect_with(lang, |&lang| {
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            if let Some(root) = doc.document_element() {
                let _ = root.set_attribute("lang", lang.html_tag());
            }
            doc.set_title(lang.t("象棋 Xiangqi", "中国象棋"));
        }
    });

    // A sound for each new move (not for the game restored on load).
    {
        let seen = use_mut_ref(|| state.game.len());
        let game = state.game.clone();
        let muted = state.muted;
        use_effect_with(state.game.len(), move |&len| {
            let before = std::mem::replace(&mut *seen.borrow_mut(), len);
            if len == before + 1 && !muted {
                if let Some(s) = sound_for(&game) {
                    sound::play(s);
                }
            }
        });
    }

    // Shortcuts anywhere on the page: U undo, R redo, F flip, N new game, H hint, M move now.
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let window = web_sys::window().expect("a window");
            let listener = gloo_events::EventListener::new(&window, "keydown", move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if e.ctrl_key() || e.meta_key() || e.alt_key() || from_form_control(e) {
                    return;
                }
                let action = match e.key().to_ascii_lowercase().as_str() {
                    "u" => Action::Undo,
                    "r" => Action::Redo,
                    "f" => Action::Flip,
                    "n" => Action::NewGame,
                    "h" => Action::Hint,
                    "m" => Action::MoveNow,
                    "pageup" => Action::ViewStep(-1),
                    "pagedown" => Action::ViewStep(1),
                    _ => return,
                };
                e.prevent_default();
                dispatch.dispatch(action);
            });
            move || drop(listener)
        });
    }

    let editing = state.editor.is_some();
    let on_click = {
        let d = dispatch.clone();
        Callback::from(move |sq: Square| {
            d.dispatch(if editing {
                Action::EditClick(sq)
            } else {
                Action::Click(sq)
            })
        })
    };
    let on_drop = {
        let d = dispatch.clone();
        Callback::from(move |(from, to)| {
            d.dispatch(if editing {
                Action::EditDrop { from, to }
            } else {
                Action::Drop { from, to }
            })
        })
    };
    let on_key = {
        let d = dispatch.clone();
        let cursor = state.cursor;
        Callback::from(move |e: KeyboardEvent| {
            let action = match e.key().as_str() {
                "ArrowUp" => Action::Cursor(Step::Up),
                "ArrowDown" => Action::Cursor(Step::Down),
                "ArrowLeft" => Action::Cursor(Step::Left),
                "ArrowRight" => Action::Cursor(Step::Right),
                "Enter" | " " if editing => Action::EditClick(cursor),
                "Enter" | " " => Action::Click(cursor),
                "Escape" => Action::Deselect,
                _ => return,
            };
            e.prevent_default();
            d.dispatch(action);
        })
    };
    let dispatch_cb = {
        let d = dispatch.clone();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    let act = |a: Action| {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a.clone()))
    };

    let pos = state.shown();
    let (pieces, movable, selected, fen): (Vec<_>, Vec<Square>, _, _) = match &state.editor {
        Some(e) => (
            Square::all().map(|sq| e.board.get(sq)).collect(),
            Square::all()
                .filter(|&sq| e.board.get(sq).is_some())
                .collect(),
            e.selected,
            e.setup().to_fen(),
        ),
        None => (
            Square::all().map(|sq| pos.piece_at(sq)).collect(),
            Square::all().filter(|&sq| state.movable(sq)).collect(),
            state.selected,
            pos.to_fen(),
        ),
    };
    let destinations = if editing {
        Vec::new()
    } else {
        state
            .selected
            .map(|s| state.destinations(s))
            .unwrap_or_default()
    };
    let check = (!editing && pos.in_check()).then(|| pos.general(pos.turn()));
    let outcome = state
        .game
        .outcome()
        .filter(|_| !editing && state.view.is_none());
    let texts = state.move_texts();
    let last_text = texts.last().map(|t| {
        let mover = !state.position().turn();
        format!("{}{} {t}", lang.side(mover), lang.t(" played", "走"))
    });
    let busy = state.search.as_ref().map(|s| match s.purpose {
        Purpose::Play => lang.t("computer thinking", "电脑思考中"),
        Purpose::Hint => lang.t("looking for a hint", "正在寻找提示"),
    });
    let progress = state
        .search
        .as_ref()
        .and_then(|s| s.progress.clone())
        .or_else(|| state.last_search.clone());

    let on_new = {
        let d = dispatch.clone();
        Callback::from(move |_| d.dispatch(Action::NewGame))
    };
    let dismiss = {
        let d = dispatch.clone();
        Callback::from(move |_| d.dispatch(Action::DismissNotice))
    };
    let on_copy_fen = {
        let (d, fen) = (dispatch.clone(), fen.clone());
        Callback::from(move |_| {
            copy(&fen);
            d.dispatch(Action::Notify(Notice::CopiedFen));
        })
    };
    let on_share = {
        let d = dispatch.clone();
        let query = link::query(&state);
        Callback::from(move |_: MouseEvent| {
            let Some(loc) = web_sys::window().map(|w| w.location()) else {
                return;
            };
            let url = format!(
                "{}{}{query}",
                loc.origin().unwrap_or_default(),
                loc.pathname().unwrap_or_default()
            );
            copy(&url);
            d.dispatch(Action::Notify(Notice::Link(url)));
        })
    };
    let open = |which: Records| {
        let records = records.clone();
        Callback::from(move |_: MouseEvent| {
            records.set(if *records == Some(which) {
                None
            } else {
                Some(which)
            })
        })
    };
    let pgn_text = pgn::export(&state.game, &tags(&state), *pgn_notation);
    let records_panel = records.map(|which| {
        let on_notation = {
            let n = pgn_notation.clone();
            Callback::from(move |x: Notation| n.set(x))
        };
        let on_copy_pgn = {
            let (t, d) = (pgn_text.clone(), dispatch.clone());
            Callback::from(move |_| {
                copy(&t);
                d.dispatch(Action::Notify(Notice::CopiedRecord));
            })
        };
        let on_copy_record = {
            let (t, d) = (pgn::chinese_record(&state.game), dispatch.clone());
            Callback::from(move |_| {
                copy(&t);
                d.dispatch(Action::Notify(Notice::CopiedRecord));
            })
        };
        let on_download = {
            let t = pgn_text.clone();
            Callback::from(move |_| {
                download(&format!("xiangqi-{}.pgn", today().replace('.', "-")), &t)
            })
        };
        let on_import = {
            let (d, r) = (dispatch.clone(), records.clone());
            Callback::from(move |text: String| match pgn::import(&text) {
                Ok(g) => {
                    d.dispatch(Action::LoadGame {
                        start: g.start,
                        moves: g.moves,
                    });
                    r.set(None);
                }
                Err(e) => d.dispatch(Action::Notify(Notice::Import(e))),
            })
        };
        let on_close = {
            let r = records.clone();
            Callback::from(move |_| r.set(None))
        };
        html! {
            <RecordsPanel {which} {lang} pgn={pgn_text.clone()} notation={*pgn_notation}
                {on_notation} {on_copy_pgn} {on_copy_record} {on_download} {on_import} {on_close} />
        }
    });

    let controls = crate::components::controls::ControlsProps {
        mode: state.mode,
        human: state.human,
        level: state.level,
        notation: state.notation,
        can_undo: !state.game.is_empty() && !editing,
        can_redo: !state.redo.is_empty() && !editing,
        can_hint: state.person_to_move() && state.search.is_none() && state.view.is_none(),
        can_stop: state.search.is_some(),
        dispatch: dispatch_cb.clone(),
        lang,
    };
    let ply = state.shown_ply();
    let len = state.game.len();
    let on_select = {
        let d = dispatch.clone();
        Callback::from(move |n: usize| d.dispatch(Action::View(Some(n))))
    };

    // The snippet embeds the game as it stands now, at the same level.
    let embed_fen = pos.to_fen();
    let level = state.level.to_string();
    let mut embed_params = vec![("level", level.as_str())];
    if embed_fen != xiangqi::START_FEN {
        embed_params.insert(0, ("fen", embed_fen.as_str()));
    }

    html! {
        <div class={classes!("app", embed.then_some("embed"))}>
            if !embed {
                <header class="top">
                    <h1>if lang == Lang::En { <span lang="zh-Hans">{"象棋"}</span>{" Xiangqi"} } else { {"中国象棋"} }</h1>
                    <div class="top-actions">
                        <button type="button" data-action="mute" aria-pressed={state.muted.to_string()}
                                onclick={act(Action::ToggleMute)}
                                title={lang.t("Sound on or off", "声音开关")}>
                            { if state.muted { lang.t("Sound off", "静音") } else { lang.t("Sound on", "声音开") } }
                        </button>
                        <button type="button" data-action="lang" onclick={act(Action::SetLang(lang.other()))}
                                lang={lang.other().html_tag()}>
                            { lang.switch_label() }
                        </button>
                    </div>
                </header>
            }
            <main class="play">
                <div class="board-wrap">
                    <Board
                        {pieces}
                        orientation={state.orientation}
                        {selected}
                        {destinations}
                        {movable}
                        last={if editing { None } else { state.shown_last_move() }}
                        {check}
                        hint={if editing || state.view.is_some() { None } else { state.hint }}
                        cursor={state.cursor}
                        animate={state.animate.filter(|_| !editing).map(|m| (m, ply))}
                        {on_click}
                        {on_drop}
                        {on_key}
                        {lang}
                    />
                    if let Some(outcome) = outcome {
                        <ResultBanner {outcome} {on_new} {lang} />
                    }
                </div>
                <aside class="panel">
                    if let Some(editor) = &state.editor {
                        <EditorPanel editor={editor.clone()} {lang} dispatch={dispatch_cb.clone()} />
                    } else {
                        <Toolbar ..controls.clone() />
                        <Status
                            turn={pos.turn()}
                            in_check={pos.in_check()}
                            over={outcome.is_some()}
                            {busy}
                            {progress}
                            last_move={last_text}
                            {lang}
                            browsing={state.view.map(|n| (n, len))}
                        />
                    }
                    if let Some(notice) = &state.notice {
                        <div class="notice" data-testid="notice" role="alert">
                            <span>{notice.text(lang)}</span>
                            <button type="button" aria-label={lang.t("Dismiss", "关闭")} onclick={dismiss}>{"×"}</button>
                        </div>
                    }
                    if let Some(b) = state.branch {
                        <ConfirmBranch dropped={len - b.ply} {lang} dispatch={dispatch_cb.clone()} />
                    }
                    if !embed {
                        <FenBox {fen} {lang} on_copy={on_copy_fen} dispatch={dispatch_cb.clone()} />
                    }
                    if !editing && !embed {
                        <div class="gametools">
                            <button type="button" data-action="edit" onclick={act(Action::Edit)}>{lang.t("Edit", "摆棋")}</button>
                            <button type="button" data-action="share" onclick={on_share}>{lang.t("Share", "分享")}</button>
                            <button type="button" data-action="export" aria-pressed={(*records == Some(Records::Export)).to_string()}
                                    onclick={open(Records::Export)}>{lang.t("Export", "导出")}</button>
                            <button type="button" data-action="import" aria-pressed={(*records == Some(Records::Import)).to_string()}
                                    onclick={open(Records::Import)}>{lang.t("Import", "导入")}</button>
                        </div>
                        { for records_panel }
                        <Settings ..controls />
                        <div class="browse" role="toolbar" aria-label={lang.t("Browse the game", "浏览对局")}>
                            <button type="button" data-action="first" disabled={ply == 0}
                                    aria-label={lang.t("Start", "开局")} onclick={act(Action::View(Some(0)))}>{"|◀"}</button>
                            <button type="button" data-action="back" disabled={ply == 0}
                                    aria-label={lang.t("Back", "后退")} onclick={act(Action::ViewStep(-1))}>{"◀"}</button>
                            <button type="button" data-action="forward" disabled={ply >= len}
                                    aria-label={lang.t("Forward", "前进")} onclick={act(Action::ViewStep(1))}>{"▶"}</button>
                            <button type="button" data-action="last" disabled={ply >= len}
                                    aria-label={lang.t("Latest", "最新")} onclick={act(Action::View(None))}>{"▶|"}</button>
                        </div>
                        <MoveList
                            moves={texts}
                            black_first={state.game.start_position().turn() == Color::Black}
                            first_number={state.game.start_position().fullmoves()}
                            {lang}
                            viewing={state.view}
                            {on_select}
                        />
                        { embed_code(&embed_params, lang) }
                    }
                </aside>
            </main>
        </div>
    }
}
