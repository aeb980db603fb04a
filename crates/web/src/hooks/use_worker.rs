//! The search worker, kept in step with the search the state wants ([`Search::request`]).
//!
//! The worker cannot read a message while it searches (the search is synchronous, and the page
//! must not need SharedArrayBuffer), so a search that is no longer wanted (undo, new game,
//! "move now") is ended by terminating its worker and starting a fresh one; a reply already
//! on its way is dropped by id. A worker
//! that panics says so before it traps, and one that stays silent for its search's time budget
//! plus five seconds is taken for dead; either way a new one is started and asked again.
//!
//! [`Search::request`]: crate::model::Search::request

use crate::agent::{SearchReply, SearchRequest};
use crate::bridge::SearchWorker;
use crate::model::{search, Action, Mode, State};
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Where Trunk puts the worker's loader (`data-loader-shim` in index.html).
const WORKER_PATH: &str = "./worker_loader.js";
/// In computer-against-computer games, the pause before each move so people can follow.
const WATCH_PAUSE_MS: u32 = 500;

/// How long past a search's time budget the worker may stay silent before it is taken for dead.
const SILENCE_MS: u64 = 5_000;

/// The page's side of the worker.
#[derive(Default)]
struct WorkerLink {
    bridge: Option<SearchWorker>,
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
fn watch(link: &Link, dispatch: &Callback<Action>, budget_ms: u64) {
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
        dispatch.emit(search::Action::WorkerRestarted(String::new()).into());
    });
    link.borrow_mut().watchdog = Some(timer);
}

type Link = Rc<RefCell<WorkerLink>>;

fn spawn(link: &Link, dispatch: &Callback<Action>) -> Option<SearchWorker> {
    let weak = Rc::downgrade(link);
    let dispatch = dispatch.clone();
    let on_reply = move |reply: SearchReply| {
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
                    dispatch.emit(search::Action::WorkerRestarted(reason).into());
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
        dispatch.emit(search::Action::Reply(reply).into());
    };
    // A worker that cannot start is handled as one that went silent: by the watchdog.
    SearchWorker::spawn(WORKER_PATH, on_reply).ok()
}

fn send(link: &Link, dispatch: &Callback<Action>, request: SearchRequest) {
    let mut l = link.borrow_mut();
    if l.bridge.is_none() {
        l.bridge = spawn(link, dispatch);
    }
    l.running = Some(request.id);
    let budget = request.task.limits.movetime_ms.unwrap_or(0);
    l.budget_ms = budget;
    if let Some(b) = &l.bridge {
        b.send(&request);
    }
    drop(l);
    watch(link, dispatch, budget);
}

/// Makes the worker run the search the state wants, and nothing else.
fn reconcile(link: &Link, dispatch: &Callback<Action>, wanted: Option<SearchRequest>, pause: bool) {
    let mut l = link.borrow_mut();
    l.pending = None;
    let wanted_id = wanted.as_ref().map(|r| r.id);
    if l.running.is_some() && l.running != wanted_id {
        // The worker is busy with a search nobody wants: terminate it.
        l.bridge = None;
        l.running = None;
        l.watchdog = None;
    }
    if l.bridge.is_none() {
        // Keep a worker ready so the next search starts at once.
        l.bridge = spawn(link, dispatch);
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

/// Keeps a worker ready and running the search `state` wants, and dispatches its replies.
#[hook]
pub fn use_worker(state: &State, dispatch: Callback<Action>) {
    let link = use_mut_ref(WorkerLink::default);
    let wanted = state.search().request().cloned();
    // In computer-against-computer games the moves come after a pause, so people can follow.
    let pause = state.settings().mode() == Mode::Watch && !state.game().is_empty();
    use_effect_with(wanted, move |wanted| {
        reconcile(&link, &dispatch, wanted.clone(), pause);
    });
}
