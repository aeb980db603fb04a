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
use crate::components::move_list::MoveList;
use crate::components::result::ResultBanner;
use crate::components::status::Status;
use crate::state::{Action, Mode, Purpose, State, Step};
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use xiangqi::ai::{Level, Player};
use xiangqi::{Color, Square};
use yew::prelude::*;
use yew_agent::worker::WorkerBridge;
use yew_agent::Spawnable;

/// Where Trunk puts the worker's loader (`data-loader-shim` in index.html).
const WORKER_PATH: &str = "./worker_loader.js";
/// In computer-against-computer games, the pause before each move so people can follow.
const WATCH_PAUSE_MS: u32 = 500;

/// How long past a level's time budget the worker may stay silent before it is taken for dead.
const SILENCE_MS: u64 = 5_000;

/// The page's side of the worker.
#[derive(Default)]
struct WorkerLink {
    bridge: Option<WorkerBridge<SearchAgent>>,
    /// The id of the request sent and not yet answered.
    running: Option<u64>,
    /// A request waiting for the watch-mode pause.
    pending: Option<Timeout>,
    /// The running request's level, for the watchdog's patience.
    level: u8,
    /// Fires if the worker says nothing for too long (it failed to load, or hangs).
    watchdog: Option<Timeout>,
}

/// The longest a search at `level` may go without a word from the worker.
fn patience_ms(level: u8) -> u32 {
    let budget = match Level::new(level).player() {
        Player::Search { movetime_ms } => movetime_ms,
        _ => 0,
    };
    (budget + SILENCE_MS) as u32
}

/// Starts (or restarts) the watchdog for the running search.
fn watch(link: &Link, dispatch: &UseReducerDispatcher<State>, level: u8) {
    let weak = Rc::downgrade(link);
    let dispatch = dispatch.clone();
    let timer = Timeout::new(patience_ms(level), move || {
        let Some(link) = weak.upgrade() else { return };
        {
            let mut l = link.borrow_mut();
            l.bridge = None;
            l.running = None;
            l.watchdog = None;
        }
        dispatch.dispatch(Action::WorkerRestarted("it stopped answering".into()));
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
                    let level = {
                        let l = link.borrow();
                        (l.running == Some(*id)).then_some(l.level)
                    };
                    if let Some(level) = level {
                        watch(&link, &dispatch, level);
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
    l.level = request.level;
    let level = request.level;
    if let Some(b) = &l.bridge {
        b.send(request);
    }
    drop(l);
    watch(link, dispatch, level);
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

/// Reads `?fen=` from the page's address.
fn fen_param() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get("fen")
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
    let state = use_reducer(|| State::from_fen_param(fen_param().as_deref()));
    let dispatch = state.dispatcher();
    let link = use_mut_ref(WorkerLink::default);

    {
        let (link, dispatch) = (link.clone(), dispatch.clone());
        let wanted = state.search.as_ref().map(|s| s.request.clone());
        let pause = state.mode == Mode::Watch && !state.game.is_empty();
        use_effect_with(wanted, move |wanted| {
            reconcile(&link, &dispatch, wanted.clone(), pause);
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
                    _ => return,
                };
                e.prevent_default();
                dispatch.dispatch(action);
            });
            move || drop(listener)
        });
    }

    let on_click = {
        let d = dispatch.clone();
        Callback::from(move |sq: Square| d.dispatch(Action::Click(sq)))
    };
    let on_drop = {
        let d = dispatch.clone();
        Callback::from(move |(from, to)| d.dispatch(Action::Drop { from, to }))
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

    let pos = state.position();
    let pieces: Vec<_> = Square::all().map(|sq| pos.piece_at(sq)).collect();
    let movable: Vec<Square> = Square::all().filter(|&sq| state.movable(sq)).collect();
    let destinations = state
        .selected
        .map(|s| state.destinations(s))
        .unwrap_or_default();
    let check = pos.in_check().then(|| pos.general(pos.turn()));
    let outcome = state.game.outcome();
    let texts = state.move_texts();
    let last_text = texts.last().map(|t| {
        let mover = if pos.turn() == Color::Red {
            "Black"
        } else {
            "Red"
        };
        format!("{mover} played {t}")
    });
    let busy = state.search.as_ref().map(|s| match s.purpose {
        Purpose::Play => "thinking",
        Purpose::Hint => "looking for a hint",
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

    let controls = crate::components::controls::ControlsProps {
        mode: state.mode,
        human: state.human,
        level: state.level,
        notation: state.notation,
        can_undo: !state.game.is_empty(),
        can_redo: !state.redo.is_empty(),
        can_hint: state.person_to_move() && state.search.is_none(),
        can_stop: state.search.is_some(),
        dispatch: dispatch_cb,
    };

    html! {
        <div class="app">
            <header class="top">
                <h1><span lang="zh-Hant">{"象棋"}</span>{" Xiangqi"}</h1>
            </header>
            <main class="play">
                <div class="board-wrap">
                    <Board
                        {pieces}
                        orientation={state.orientation}
                        selected={state.selected}
                        {destinations}
                        {movable}
                        last={state.last_move()}
                        {check}
                        hint={state.hint}
                        cursor={state.cursor}
                        animate={state.animate.map(|m| (m, state.game.len()))}
                        {on_click}
                        {on_drop}
                        {on_key}
                    />
                    if let Some(outcome) = outcome {
                        <ResultBanner {outcome} {on_new} />
                    }
                </div>
                <aside class="panel">
                    <Toolbar ..controls.clone() />
                    <Status
                        turn={pos.turn()}
                        in_check={pos.in_check()}
                        over={outcome.is_some()}
                        {busy}
                        {progress}
                        last_move={last_text}
                    />
                    if let Some(notice) = &state.notice {
                        <div class="notice" data-testid="notice" role="alert">
                            <span>{notice}</span>
                            <button type="button" aria-label="Dismiss" onclick={dismiss}>{"×"}</button>
                        </div>
                    }
                    <Settings ..controls />
                    <MoveList
                        moves={texts}
                        black_first={state.game.start_position().turn() == Color::Black}
                        first_number={state.game.start_position().fullmoves()}
                    />
                </aside>
            </main>
        </div>
    }
}
