//! The worker's end of the message channel (the page's is `bridge.rs`): requests are queued and
//! answered in order by one [`Engine`] kept for the worker's life.
//!
//! With the page's shared stop flag, a search runs whole and stops the moment the flag stops
//! naming it. Without it, a strong search runs in steps (`steps.rs`), each followed by a turn
//! of the worker's event loop, so a `Stop` or a newer request is read between two iterations.
//!
//! With the flag may come a shared table (`shared_table.rs`): the engine then searches on it,
//! and a `Help` has this worker search beside the one that answers, until the flag moves on.

use super::bridge::{decode, encode, READY};
use super::engine::{fresh_seed, Engine};
use super::network;
use super::protocol::{SearchReply, SearchRequest, ToWorker};
use super::shared_table::{SharedTable, SCRIPT};
use super::steps::{wants_steps, Stepped};
use core::sync::atomic::{AtomicBool, Ordering};
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Smallest gap between two progress reports, so the page is not flooded.
const REPORT_EVERY_MS: u64 = 200;

thread_local! {
    /// The worker's own scope, where a panic reports itself before the instance traps.
    static SCOPE: RefCell<Option<web_sys::DedicatedWorkerGlobalScope>> =
        const { RefCell::new(None) };
}

fn post(scope: &web_sys::DedicatedWorkerGlobalScope, reply: &SearchReply) {
    if let Ok(message) = encode(reply) {
        let _ = scope.post_message(&message);
    }
}

/// The worker's state between two turns of its event loop.
struct Served {
    engine: Engine,
    scope: web_sys::DedicatedWorkerGlobalScope,
    /// The page's stop flag, once lent.
    flag: Option<js_sys::Int32Array>,
    /// Work not yet started.
    queue: VecDeque<Job>,
    /// The search under way in steps, with its start on the browser's clock and the throttle
    /// of its reports.
    stepped: Option<(Stepped, f64, Throttle)>,
    /// A turn is scheduled.
    scheduled: bool,
    /// The network has been asked for (on the first search).
    network_asked: bool,
}

type Shared = Rc<RefCell<Served>>;

/// A piece of work waiting its turn: a request to answer, or one to help answer as helper
/// number `.1`.
enum Job {
    Answer(SearchRequest),
    Help(SearchRequest, u32),
}

impl Job {
    fn id(&self) -> u64 {
        match self {
            Job::Answer(r) | Job::Help(r, _) => r.id,
        }
    }
}

/// The clock of search `id` begun at `start`, which sets `stop` once the page's `flag` names
/// another search (or none).
fn flagged<'a>(
    flag: &'a js_sys::Int32Array,
    id: u64,
    start: f64,
    stop: &'a AtomicBool,
) -> impl Fn() -> u64 + 'a {
    let own = id as i32;
    move || {
        if js_sys::Atomics::load(flag, 0).is_ok_and(|v| v != own) {
            stop.store(true, Ordering::Relaxed);
        }
        since(start)
    }
}

type Throttle = Box<dyn FnMut(u64) -> bool>;

/// A throttle that lets a progress report through every `REPORT_EVERY_MS`.
fn throttle() -> Throttle {
    let mut last: Option<u64> = None;
    Box::new(move |t| {
        let due = last.is_none_or(|l| t >= l + REPORT_EVERY_MS);
        if due {
            last = Some(t);
        }
        due
    })
}

/// Milliseconds since `start` on the browser's clock.
fn since(start: f64) -> u64 {
    (js_sys::Date::now() - start).max(0.0) as u64
}

/// Runs the next piece of work, and schedules another turn while work is left.
fn turn(shared: &Shared) {
    let mut guard = shared.borrow_mut();
    let s = &mut *guard;
    s.scheduled = false;
    let scope = s.scope.clone();
    let mut emit = |reply: SearchReply| post(&scope, &reply);
    if let Some((stepped, start, report)) = &mut s.stepped {
        let start = *start;
        let more = stepped.step(&mut s.engine, &|| since(start), report, &mut emit);
        if !more {
            s.stepped = None;
        }
    } else if let Some(job) = s.queue.pop_front() {
        let start = js_sys::Date::now();
        let request = match job {
            Job::Answer(request) => request,
            Job::Help(request, helper) => {
                // Without the flag nothing would end it: a helper only runs with one.
                if let Some(flag) = s.flag.clone() {
                    let stop = AtomicBool::new(false);
                    let clock = flagged(&flag, request.id, start, &stop);
                    s.engine.help(&request, helper, &clock, &stop);
                }
                drop(guard);
                return schedule_if_busy(shared);
            }
        };
        match s.flag.clone() {
            Some(flag) => {
                let stop = AtomicBool::new(false);
                let clock = flagged(&flag, request.id, start, &stop);
                let mut report = throttle();
                s.engine.answer(
                    &request,
                    fresh_seed(),
                    &clock,
                    &stop,
                    &mut report,
                    &mut emit,
                );
            }
            None if wants_steps(&request.task) => {
                let mut stepped = Stepped::new(request, fresh_seed());
                let mut report = throttle();
                if stepped.step(&mut s.engine, &|| since(start), &mut report, &mut emit) {
                    s.stepped = Some((stepped, start, report));
                }
            }
            None => {
                let never = AtomicBool::new(false);
                let mut report = throttle();
                s.engine.answer(
                    &request,
                    fresh_seed(),
                    &|| since(start),
                    &never,
                    &mut report,
                    &mut emit,
                );
            }
        }
    }
    drop(guard);
    schedule_if_busy(shared);
}

/// Schedules another turn while work is left.
fn schedule_if_busy(shared: &Shared) {
    let more = {
        let s = shared.borrow();
        s.stepped.is_some() || !s.queue.is_empty()
    };
    if more {
        schedule(shared);
    }
}

/// Lets the event loop read the messages that came in, then takes the next turn.
fn schedule(shared: &Shared) {
    if std::mem::replace(&mut shared.borrow_mut().scheduled, true) {
        return;
    }
    let shared = shared.clone();
    Timeout::new(0, move || turn(&shared)).forget();
}

/// Takes the page's shared memory: `[flag]` or `[flag, table]` (see `bridge.rs`). A table
/// whose script cannot be loaded is left alone: the engine keeps a table of its own.
fn take_shared(shared: &Shared, lent: &js_sys::Array) {
    let mut s = shared.borrow_mut();
    if let Ok(flag) = lent.get(0).dyn_into::<js_sys::SharedArrayBuffer>() {
        s.flag = Some(js_sys::Int32Array::new(&flag));
    }
    if let Ok(table) = lent.get(1).dyn_into::<js_sys::SharedArrayBuffer>() {
        let scope: &web_sys::WorkerGlobalScope = s.scope.as_ref();
        if scope.import_scripts_1(SCRIPT).is_ok() {
            s.engine.share_table(Box::new(SharedTable::new(&table)));
        }
    }
}

fn receive(shared: &Shared, data: JsValue) {
    if let Some(lent) = data.dyn_ref::<js_sys::Array>() {
        return take_shared(shared, lent);
    }
    // The network's bytes, fetched by `network.js`: an `ArrayBuffer`, where the page's
    // messages are `Uint8Array`s (bad bytes are named in the console and leave the hand-set
    // evaluation).
    if let Some(buffer) = data.dyn_ref::<js_sys::ArrayBuffer>() {
        let bytes = js_sys::Uint8Array::new(buffer).to_vec();
        if let Err(e) = shared.borrow_mut().engine.set_network(&bytes) {
            network::refused(&e);
        }
        return;
    }
    // The opening book's text, fetched by `network.js`: a string.
    if let Some(text) = data.as_string() {
        if let Err(e) = shared.borrow_mut().engine.set_book(&text) {
            network::book_refused(&e);
        }
        return;
    }
    let message: ToWorker = match decode(data) {
        Ok(m) => m,
        Err(reason) => {
            let reason = format!("unreadable request: {reason}");
            return post(&shared.borrow().scope, &SearchReply::Crashed { reason });
        }
    };
    let mut s = shared.borrow_mut();
    if !std::mem::replace(&mut s.network_asked, true) {
        network::fetch(s.scope.as_ref());
    }
    match message {
        ToWorker::Search(request) => s.queue.push_back(Job::Answer(*request)),
        ToWorker::Help { request, helper } => s.queue.push_back(Job::Help(*request, helper)),
        ToWorker::Stop { id } => {
            s.queue.retain(|job| job.id() != id);
            if s.stepped.as_ref().is_some_and(|(st, ..)| st.id() == id) {
                s.stepped = None;
            }
        }
        ToWorker::Network(bytes) => {
            let _ = s.engine.set_network(&bytes);
        }
    }
    drop(s);
    schedule(shared);
}

/// The worker's side: answers each request with one [`Engine`] kept for the worker's life,
/// and reports a panic as [`SearchReply::Crashed`] before the instance traps.
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    SCOPE.with(|s| *s.borrow_mut() = Some(scope.clone()));
    std::panic::set_hook(Box::new(|info| {
        SCOPE.with(|s| {
            if let Some(scope) = s.borrow().as_ref() {
                let reason = info.to_string();
                post(scope, &SearchReply::Crashed { reason });
            }
        });
    }));
    let shared: Shared = Rc::new(RefCell::new(Served {
        engine: Engine::default(),
        scope: scope.clone(),
        flag: None,
        queue: VecDeque::new(),
        stepped: None,
        scheduled: false,
        network_asked: false,
    }));
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            receive(&shared, event.data())
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker listens for its whole life.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}
