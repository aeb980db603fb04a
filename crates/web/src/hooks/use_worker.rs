//! The search workers, kept in step with the search the state wants ([`Search::request`]).
//!
//! The page keeps a pool of workers, as many as `worker::pool::pool_size` gives for the cores
//! the browser reports. Where the page is cross-origin isolated, the workers share one
//! transposition table (`worker/shared_table.rs`): the first answers a strong search and the
//! others help it on that table, as threads do natively (Lazy SMP). Elsewhere a strong search
//! is dealt out among them by root moves and their replies merged (`worker/pool.rs`). The
//! weaker players run on the first worker alone, and an analysis or a review (which the person
//! browses beside) leaves one core to the page
//! (`worker::pool::analysis_size`).
//!
//! A search that is no longer wanted (undo, new game, "move now", a move on the analysis
//! board) is stopped in place and its workers are kept, with what they learned: at once
//! through the shared stop flag where the page is cross-origin isolated, else at the end of the
//! iteration under way (`worker/bridge.rs`). A reply already on its way is dropped by id. A
//! worker that panics says so before it traps, one that fails otherwise is reported by its
//! error event, and a search that stays silent for its time budget plus five seconds (an
//! analysis: three times its time so far plus five seconds) is taken for dead; either way,
//! and only then, the pool is terminated, started afresh and asked again.
//!
//! [`Search::request`]: crate::model::Search::request

use crate::model::{search, Action, Mode, Purpose, State};
use crate::worker::bridge::SearchWorker;
use crate::worker::pool::{analysis_size, helped, helped_figures, pool_size, split, Merge};
use crate::worker::protocol::{SearchReply, SearchRequest};
use crate::worker::shared_table::table_bytes;
use crate::worker::watchdog::{patience_ms, ANALYSIS_GROWTH};
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use xiangqi_ai::DEFAULT_HASH_MB;
use yew::prelude::*;

/// Where Trunk puts the worker's loader (`data-loader-shim` in index.html).
const WORKER_PATH: &str = "./worker_loader.js";
/// How long after the page is drawn the workers start if no search has started them: their
/// module is outside the first load (`scripts/later-files.mjs`), fetched once the page is up,
/// and ready before a person's first move.
const IDLE_START_MS: u32 = 1_000;
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
    /// The stop flag shared with every worker, where the page is cross-origin isolated.
    flag: Option<(js_sys::SharedArrayBuffer, js_sys::Int32Array)>,
    /// The transposition table the workers share, with the flag.
    table: Option<js_sys::SharedArrayBuffer>,
    /// The running request is answered by the first worker and helped by the others on the
    /// shared table; they stop once it is answered.
    helping: bool,
    /// When the running request was sent (`Date.now()`).
    sent_at: f64,
    /// Without the flag, how much longer the next search may take to begin: a stopped one
    /// ends with the iteration under way.
    grace_ms: u64,
}

/// The stop flag and the table the workers share, where the browser allows shared memory
/// (the page is cross-origin isolated).
#[allow(clippy::type_complexity)]
fn shared_memory() -> Option<(
    (js_sys::SharedArrayBuffer, js_sys::Int32Array),
    js_sys::SharedArrayBuffer,
)> {
    let isolated = js_sys::Reflect::get(&js_sys::global(), &"crossOriginIsolated".into())
        .ok()?
        .as_bool()?;
    isolated.then(|| {
        let buffer = js_sys::SharedArrayBuffer::new(4);
        let words = js_sys::Int32Array::new(&buffer);
        let table = js_sys::SharedArrayBuffer::new(table_bytes(DEFAULT_HASH_MB));
        ((buffer, words), table)
    })
}

impl WorkerLink {
    /// Names the search the workers should run (0: none) in the shared stop flag.
    fn want(&self, id: u64) {
        if let Some((_, words)) = &self.flag {
            let _ = js_sys::Atomics::store(words, 0, id as i32);
        }
    }

    /// Forgets the running search and terminates every worker: the watchdog's last resort.
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
            // The running search's merge takes its own replies and no others; whether the
            // search is still wanted is the model's to say.
            let Some(mut merged) = l.merge.as_mut().and_then(|m| m.take(index, reply)) else {
                return;
            };
            if l.helping {
                helped_figures(&mut merged, l.busy as u32);
            }
            if matches!(
                merged,
                SearchReply::Done { .. } | SearchReply::Failed { .. }
            ) {
                if l.helping {
                    // The helpers search until the flag stops naming the search.
                    l.want(0);
                    let busy = l.busy.min(l.workers.len());
                    if let Some(id) = l.running {
                        for worker in l.workers.iter().take(busy).skip(1) {
                            worker.stop(id);
                        }
                    }
                }
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
    let worker = SearchWorker::spawn(WORKER_PATH, on_reply).ok()?;
    let l = link.borrow();
    if let Some((buffer, _)) = &l.flag {
        worker.share(buffer, l.table.as_ref());
    }
    drop(l);
    Some(worker)
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

/// Sends `request` to the workers; a search the person uses the page beside (`beside`: a
/// review, which runs while they browse the game) leaves a core to the page, as an analysis
/// does.
fn send(link: &Link, dispatch: &Callback<Action>, request: SearchRequest, beside: bool) {
    fill(link, dispatch);
    let budget = request.task.limits.movetime_ms.unwrap_or(0);
    let infinite = request.task.limits.infinite;
    {
        let mut l = link.borrow_mut();
        let workers = if infinite || beside {
            l.workers.len().min(analysis_size(l.cores))
        } else {
            l.workers.len()
        };
        l.running = Some(request.id);
        l.budget_ms = budget;
        l.infinite = request.task.limits.infinite;
        l.sent_at = js_sys::Date::now();
        l.want(request.id);
        l.helping = l.table.is_some() && helped(&request, workers);
        if l.helping {
            // One answers; the others help it on the shared table.
            l.busy = workers;
            l.merge = Some(Merge::new(request.id, 1));
            for (i, worker) in l.workers.iter().enumerate().take(workers) {
                match i {
                    0 => worker.send(&request),
                    i => worker.help(&request, i as u32),
                }
            }
        } else {
            let parts = split(&request, workers.max(1));
            l.busy = parts.len();
            l.merge = Some(Merge::new(request.id, parts.len()));
            for (worker, part) in l.workers.iter().zip(&parts) {
                worker.send(part);
            }
        }
    }
    let grace = std::mem::take(&mut link.borrow_mut().grace_ms);
    let patience = patience_ms(budget, infinite, None).saturating_add(grace as u32);
    watch(link, dispatch, patience);
}

/// Makes the workers run the search the state wants, and nothing else.
fn reconcile(
    link: &Link,
    dispatch: &Callback<Action>,
    wanted: Option<SearchRequest>,
    pause: bool,
    beside: bool,
) {
    {
        let mut l = link.borrow_mut();
        l.pending = None;
        let wanted_id = wanted.as_ref().map(|r| r.id);
        if let Some(old) = l.running.filter(|&id| Some(id) != wanted_id) {
            // The workers search for nobody: stop that search in place, keeping the workers.
            l.running = None;
            l.merge = None;
            l.watchdog = None;
            l.want(wanted_id.unwrap_or(0));
            let busy = l.busy.min(l.workers.len());
            for worker in &l.workers[..busy] {
                worker.stop(old);
            }
            if l.flag.is_none() {
                // It ends with its iteration, which may take up to a few times its time so far.
                let so_far = (js_sys::Date::now() - l.sent_at).max(0.0) as u64;
                l.grace_ms = so_far.saturating_mul(ANALYSIS_GROWTH);
            }
        }
    }
    let Some(request) = wanted else { return };
    fill(link, dispatch);
    if link.borrow().running == Some(request.id) {
        return;
    }
    if pause {
        let (link2, dispatch) = (link.clone(), dispatch.clone());
        link.borrow_mut().pending = Some(Timeout::new(WATCH_PAUSE_MS, move || {
            send(&link2, &dispatch, request, beside)
        }));
    } else {
        send(link, dispatch, request, beside);
    }
}

/// Keeps the workers ready and running the search `state` wants, and dispatches their
/// replies; unless not `enabled` (the replay viewer), when no worker is ever started. The
/// workers start at the first search, or [`IDLE_START_MS`] after the page is drawn.
#[hook]
pub fn use_worker(state: &State, dispatch: Callback<Action>, enabled: bool) {
    let link = use_mut_ref(|| {
        let cores = crate::browser::cores();
        let (flag, table) = shared_memory().unzip();
        WorkerLink {
            size: pool_size(cores),
            cores,
            flag,
            table,
            ..WorkerLink::default()
        }
    });
    // Started at the first search, or once the page has been up a moment.
    {
        let (link, dispatch) = (link.clone(), dispatch.clone());
        use_effect_with((), move |_| {
            let start =
                enabled.then(|| Timeout::new(IDLE_START_MS, move || fill(&link, &dispatch)));
            move || drop(start)
        });
    }
    let wanted = state.search().request().cloned();
    // In computer-against-computer games the moves come after a pause, so people can follow.
    let pause = state.settings().mode() == Mode::Watch && !state.game().is_empty();
    // A review runs while the person browses the game: it leaves a core to the page.
    let beside = state.search().purpose() == Some(Purpose::Review);
    use_effect_with(wanted, move |wanted| {
        if enabled {
            reconcile(&link, &dispatch, wanted.clone(), pause, beside);
        }
    });
}
