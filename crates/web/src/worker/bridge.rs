//! The page's end of the search worker's message channel: its handle on one worker
//! ([`SearchWorker`]); the worker's end is `serve.rs`.
//!
//! A search runs synchronously in the worker, which reads no message until it ends. So a
//! search nobody wants any more is stopped in place, and the worker, with its table, history
//! and killers, is kept:
//! - where the page is cross-origin isolated, through a shared stop flag
//!   ([`SearchWorker::share`]): a `SharedArrayBuffer` whose first 32-bit word holds the
//!   id of the search the page wants (its low 32 bits; 0 for none), which a search polls with
//!   its clock and stops at once when it differs from its own;
//! - elsewhere (a foreign frame, a first visit), by [`SearchWorker::stop`]: the worker runs a
//!   strong search one iteration at a time (`steps.rs`) and reads its messages in between.
//!
//! Dropping a [`SearchWorker`] terminates the worker: only the watchdog does that, as its last
//! resort, or a page that goes away.
//!
//! Messages are `postcard` bytes in a transferred `Uint8Array` (compact code and data, and 64-bit
//! numbers kept whole), except the shared memory, sent as itself. The worker says `READY` once it
//! listens; messages sent before that wait in the page.

use super::protocol::{SearchReply, SearchRequest, ToWorker};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker's first message: it is listening.
pub(crate) const READY: &str = "ready";

pub(crate) fn encode<T: Serialize>(value: &T) -> Result<JsValue, postcard::Error> {
    let bytes = postcard::to_allocvec(value)?;
    Ok(js_sys::Uint8Array::from(&bytes[..]).into())
}

// A message that cannot be read says so without postcard's own messages, which would cost the
// first load their text (some 300 bytes, gzip) for a case only a mismatched build can reach.
pub(crate) fn decode<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    let bytes = value
        .dyn_into::<js_sys::Uint8Array>()
        .map_err(|_| "not a byte array".to_string())?
        .to_vec();
    postcard::from_bytes(&bytes).map_err(|_| "not a message of this version".to_string())
}

/// The page's end of a channel to one worker: the worker, the messages waiting for it to
/// say [`READY`], and the page's handlers. The search, records and openings workers all
/// talk through one, so the first load carries this code once. Dropping it terminates the
/// worker.
pub(crate) struct Channel {
    worker: web_sys::Worker,
    /// Messages waiting for the worker to listen; `None` once it does.
    waiting: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Channel {
    /// Starts the worker script at `path` (a classic script: Trunk's loader shim). Every
    /// message it sends but `READY` goes to `on_message`; an error (which is handled here
    /// rather than left as an uncaught page error) goes to `on_error` with whether the worker
    /// had been listening and the browser's message. The error is the browser's, as it threw
    /// it.
    pub(crate) fn spawn(
        path: &str,
        on_message: Box<dyn Fn(JsValue)>,
        on_error: Box<dyn Fn(bool, String)>,
    ) -> Result<Channel, JsValue> {
        let worker = web_sys::Worker::new(path)?;
        let waiting = Rc::new(RefCell::new(Some(Vec::new())));
        let on_message = {
            let (worker, waiting) = (worker.clone(), waiting.clone());
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let data = event.data();
                if data.as_string().as_deref() == Some(READY) {
                    for message in waiting.borrow_mut().take().unwrap_or_default() {
                        let _ = worker.post_message(&message);
                    }
                    return;
                }
                on_message(data);
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error = {
            let waiting = waiting.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
                event.prevent_default();
                let reason = js_sys::Reflect::get(&event, &"message".into())
                    .ok()
                    .and_then(|m| m.as_string())
                    .unwrap_or_default();
                on_error(waiting.borrow().is_none(), reason);
            })
        };
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Channel {
            worker,
            waiting,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends `message`, at once or as soon as the worker listens.
    pub(crate) fn post(&self, message: JsValue) {
        match self.waiting.borrow_mut().as_mut() {
            Some(queue) => queue.push(message),
            None => {
                let _ = self.worker.post_message(&message);
            }
        }
    }
}

impl Drop for Channel {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The page's handle on one search worker. Dropping it terminates the worker, and with it
/// any search still running there (the watchdog's last resort).
pub struct SearchWorker {
    channel: Channel,
}

impl SearchWorker {
    /// Starts the worker script at `path` (a classic script: Trunk's loader shim) and hands
    /// every reply it sends to `on_reply`. A reply that cannot be read is handed on as a
    /// [`SearchReply::Crashed`], so the page replaces the worker. The error is the browser's,
    /// as it threw it.
    pub fn spawn(path: &str, on_reply: impl Fn(SearchReply) + 'static) -> Result<Self, JsValue> {
        let on_reply = Rc::new(on_reply);
        let on_error = on_reply.clone();
        let channel = Channel::spawn(
            path,
            Box::new(move |data| {
                on_reply(decode(data).unwrap_or_else(|reason| SearchReply::Crashed {
                    reason: format!("unreadable reply: {reason}"),
                }))
            }),
            // A worker whose code cannot load (offline without the service worker, or a page
            // being left while it starts) stays silent, and the watchdog of its search
            // replaces it, at its pace. One that was listening and then failed (a trap
            // without a panic, such as running out of memory) is reported at once as
            // crashed, so the page replaces it without waiting.
            Box::new(move |listening, reason| {
                if listening {
                    on_error(SearchReply::Crashed { reason });
                }
            }),
        )?;
        Ok(SearchWorker { channel })
    }

    /// Sends `request`, at once or as soon as the worker listens.
    pub fn send(&self, request: &SearchRequest) {
        self.post(&ToWorker::Search(Box::new(request.clone())));
    }

    /// Tells the worker that the page no longer wants request `id`.
    pub fn stop(&self, id: u64) {
        self.post(&ToWorker::Stop { id });
    }

    /// Lends the worker the page's stop flag (see the module's notes) and, if there is one,
    /// the table the workers share (`shared_table.rs`): sent as `[flag, table]`.
    pub fn share(
        &self,
        flag: &js_sys::SharedArrayBuffer,
        table: Option<&js_sys::SharedArrayBuffer>,
    ) {
        let lent = js_sys::Array::of1(flag);
        if let Some(table) = table {
            lent.push(table);
        }
        self.channel.post(lent.into());
    }

    /// Has the worker help the search of `request` on the shared table, as helper `helper`.
    pub fn help(&self, request: &SearchRequest, helper: u32) {
        self.post(&ToWorker::Help {
            request: Box::new(request.clone()),
            helper,
        });
    }

    fn post(&self, message: &ToWorker) {
        if let Ok(message) = encode(message) {
            self.channel.post(message);
        }
    }
}
