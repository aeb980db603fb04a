//! The search workers, kept in step with the search the state wants ([`Search::request`]).
//!
//! The page keeps a pool of workers, as many as `worker::pool::pool_size` gives for the cores
//! the browser reports. A strong search is dealt out among them by root moves and their
//! replies merged (`worker/pool.rs`); the weaker players run on the first worker alone, and an
//! analysis leaves one core to the page (`worker::pool::analysis_size`).
//!
//! A worker cannot read a message while it searches (the search is synchronous, and the page
//! must not need SharedArrayBuffer), so a search that is no longer wanted (undo, new game,
//! "move now") is ended by terminating its workers and starting fresh ones; a reply already
//! on its way is dropped by id. A worker that panics says so before it traps, one that fails
//! otherwise is reported by its error event, and a search that stays silent for its time
//! budget plus five seconds (an analysis: three times its time so far plus five seconds) is
//! taken for dead; either way the pool is started afresh and asked again.
//!
//! [`Search::request`]: crate::model::Search::request

use crate::model::{search, Action, Mode, State};
use crate::worker::bridge::SearchWorker;
use crate::worker::pool::{analysis_size, pool_size, split, Merge};
use crate::worker::protocol::{SearchReply, SearchRequest};
use crate::worker::watchdog::patience_ms;
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Where Trunk puts the worker's loader (`data-loader-shim` in index.html).
const WORKER_PATH: &str = "./worker_loader.js";
/// In computer-against-computer games, the pause before each move so people can follow.
const WATCH_PAUSE_MS: u32 = 500;

/// The page's side of the workers.
#[derive(Default)]
struct WorkerLink {
    /// The pool; a worker that could not start is missing and started again next time.
    workers: Vec<SearchWorker>,
    /// How many workers the pool should have.
    size: usize,
    /// The logical cores the browser reports.
    cores: u32,
    /// The id of the request sent and not yet answered.
    running: Option<u64>,
    /// How many workers (the first ones) the running request was sent to.
    busy: usize,
    /// The running request's replies, merged.
    merge: Option<Merge>,
    /// A request waiting for the watch-mode pause.
    pending: Option<Timeout>,
    /// The running request's time budget in milliseconds, for the watchdog's patience.
    budget_ms: u64,
    /// The running request has no end (an analysis): each iteration may take a few times
    /// as long as all before it, so after each report the watchdog waits three times the
    /// search's time so far, plus its usual margin.
    infinite: bool,
    /// Fires if the workers say nothing for too long (one failed to load, or hangs).
    watchdog: Option<Timeout>,
}

impl WorkerLink {
    /// Forgets the running search and terminates every worker.
    fn reset(&mut self) {
        self.workers.clear();
        self.running = None;
        self.merge = None;
        self.watchdog = None;
    }
}

/// Starts (or restarts) the watchdog for the running search, which may stay silent for
/// `patience_ms` (`worker::watchdog::patience_ms`).
fn watch(link: &Link, dispatch: &Callback<Action>, patience_ms: u32) {
    let weak = Rc::downgrade(link);
    let dispatch = dispatch.clone();
    let timer = Timeout::new(patience_ms, move || {
        let Some(link) = weak.upgrade() else { return };
        link.borrow_mut().reset();
        // No reason from the browser: the notice says it went silent.
        dispatch.emit(search::Action::WorkerRestarted(String::new()).into());
    });
    link.borrow_mut().watchdog = Some(timer);
}

type Link = Rc<RefCell<WorkerLink>>;

/// Starts worker number `index` of the pool.
fn spawn(link: &Link, dispatch: &Callback<Action>, index: usize) -> Option<SearchWorker> {
    let weak = Rc::downgrade(link);
    let dispatch = dispatch.clone();
    let on_reply = move |reply: SearchReply| {
        let Some(link) = weak.upgrade() else { return };
        if let SearchReply::Crashed { reason } = reply {
            // Replace the pool outside this callback, which a worker's channel is running.
            let dispatch = dispatch.clone();
            Timeout::new(0, move || {
                link.borrow_mut().reset();
                dispatch.emit(search::Action::WorkerRestarted(reason).into());
            })
            .forget();
            return;
        }
        let merged = {
            let mut l = link.borrow_mut();
            if reply.id().is_none() || reply.id() != l.running {
                return; // stale: for a search that is gone
            }
            let Some(merged) = l.merge.as_mut().and_then(|m| m.take(index, reply)) else {
                return;
            };
            if matches!(
                merged,
                SearchReply::Done { .. } | SearchReply::Failed { .. }
            ) {
                l.running = None;
                l.merge = None;
                l.watchdog = None;
            }
            merged
        };
        if let SearchReply::Progress { progress, .. } = &merged {
            // Still alive: give the search its full patience again.
            let (budget, infinite) = {
                let l = link.borrow();
                (l.budget_ms, l.infinite)
            };
            let patience = patience_ms(budget, infinite, Some(progress.time_ms));
            watch(&link, &dispatch, patience);
        }
        dispatch.emit(search::Action::Reply(merged).into());
    };
    // A worker that cannot start is handled as one that went silent: by the watchdog.
    SearchWorker::spawn(WORKER_PATH, on_reply).ok()
}

/// Starts the workers the pool is missing, so the next search starts at once.
fn fill(link: &Link, dispatch: &Callback<Action>) {
    loop {
        let (have, size) = {
            let l = link.borrow();
            (l.workers.len(), l.size)
        };
        if have >= size {
            return;
        }
        let Some(worker) = spawn(link, dispatch, have) else {
            return;
        };
        link.borrow_mut().workers.push(worker);
    }
}

fn send(link: &Link, dispatch: &Callback<Action>, request: SearchRequest) {
    fill(link, dispatch);
    let budget = request.task.limits.movetime_ms.unwrap_or(0);
    let infinite = request.task.limits.infinite;
    {
        let mut l = link.borrow_mut();
        let workers = if request.task.limits.infinite {
            l.workers.len().min(analysis_size(l.cores))
        } else {
            l.workers.len()
        };
        let parts = split(&request, workers.max(1));
        l.busy = parts.len();
        l.running = Some(request.id);
        l.merge = Some(Merge::new(parts.len()));
        l.budget_ms = budget;
        l.infinite = request.task.limits.infinite;
        for (worker, part) in l.workers.iter().zip(&parts) {
            worker.send(part);
        }
    }
    watch(link, dispatch, patience_ms(budget, infinite, None));
}

/// Makes the workers run the search the state wants, and nothing else.
fn reconcile(link: &Link, dispatch: &Callback<Action>, wanted: Option<SearchRequest>, pause: bool) {
    let stale = {
        let mut l = link.borrow_mut();
        l.pending = None;
        let wanted_id = wanted.as_ref().map(|r| r.id);
        if l.running.is_some() && l.running != wanted_id {
            // The workers search for nobody: forget their search.
            l.running = None;
            l.merge = None;
            l.watchdog = None;
            l.busy.min(l.workers.len())
        } else {
            0
        }
    };
    // Replace the workers that were searching, each in its place in the pool (its replies
    // carry its place); idle ones (an analysis leaves one to the page) are kept, which saves
    // the page the cost of starting them.
    for i in 0..stale {
        match spawn(link, dispatch, i) {
            Some(worker) => link.borrow_mut().workers[i] = worker,
            None => {
                // Could not start: the pool is filled again from here on.
                link.borrow_mut().workers.truncate(i);
                break;
            }
        }
    }
    fill(link, dispatch);
    let Some(request) = wanted else { return };
    if link.borrow().running == Some(request.id) {
        return;
    }
    if pause {
        let (link2, dispatch) = (link.clone(), dispatch.clone());
        link.borrow_mut().pending = Some(Timeout::new(WATCH_PAUSE_MS, move || {
            send(&link2, &dispatch, request)
        }));
    } else {
        send(link, dispatch, request);
    }
}

/// Keeps the workers ready and running the search `state` wants, and dispatches their
/// replies; unless not `enabled` (the replay viewer), when no worker is ever started.
#[hook]
pub fn use_worker(state: &State, dispatch: Callback<Action>, enabled: bool) {
    let link = use_mut_ref(|| {
        let cores = crate::browser::cores();
        WorkerLink {
            size: pool_size(cores),
            cores,
            ..WorkerLink::default()
        }
    });
    let wanted = state.search().request().cloned();
    // In computer-against-computer games the moves come after a pause, so people can follow.
    let pause = state.settings().mode() == Mode::Watch && !state.game().is_empty();
    use_effect_with(wanted, move |wanted| {
        if enabled {
            reconcile(&link, &dispatch, wanted.clone(), pause);
        }
    });
}
