//! The two ends of the search worker's message channel: the page's handle on one worker
//! ([`SearchWorker`]), and the loop the worker runs ([`serve`]).
//!
//! A search runs synchronously in the worker, which therefore reads no message until it ends,
//! and the page must not need SharedArrayBuffer to share a stop flag. So a search nobody
//! wants any more is ended by terminating its worker: dropping a [`SearchWorker`] calls
//! `Worker.terminate()`, which stops the search at once and frees its memory.
//!
//! Messages are `postcard` bytes in a transferred `Uint8Array` (compact code and data, and 64-bit
//! numbers kept whole). The worker says `READY` once it listens; requests sent before that
//! wait in the page.

use super::protocol::{SearchReply, SearchRequest};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker's first message: it is listening.
const READY: &str = "ready";

fn encode<T: Serialize>(value: &T) -> Result<JsValue, postcard::Error> {
    let bytes = postcard::to_allocvec(value)?;
    Ok(js_sys::Uint8Array::from(&bytes[..]).into())
}

// A message that cannot be read says so without postcard's own messages, which would cost the
// first load their text (some 300 bytes, gzip) for a case only a mismatched build can reach.
fn decode<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    let bytes = value
        .dyn_into::<js_sys::Uint8Array>()
        .map_err(|_| "not a byte array".to_string())?
        .to_vec();
    postcard::from_bytes(&bytes).map_err(|_| "not a message of this version".to_string())
}

/// The page's handle on one search worker. Dropping it terminates the worker, and with it
/// any search still running there.
pub struct SearchWorker {
    worker: web_sys::Worker,
    /// Requests waiting for the worker to listen; `None` once it does.
    waiting: std::rc::Rc<std::cell::RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl SearchWorker {
    /// Starts the worker script at `path` (a classic script: Trunk's loader shim) and hands
    /// every reply it sends to `on_reply`. A reply that cannot be read is handed on as a
    /// [`SearchReply::Crashed`], so the page replaces the worker. The error is the browser's,
    /// as it threw it.
    pub fn spawn(path: &str, on_reply: impl Fn(SearchReply) + 'static) -> Result<Self, JsValue> {
        let worker = web_sys::Worker::new(path)?;
        let waiting = std::rc::Rc::new(std::cell::RefCell::new(Some(Vec::new())));
        let on_reply = std::rc::Rc::new(on_reply);
        let on_message = {
            let worker = worker.clone();
            let waiting = waiting.clone();
            let on_reply = on_reply.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let data = event.data();
                if data.as_string().as_deref() == Some(READY) {
                    for request in waiting.borrow_mut().take().unwrap_or_default() {
                        let _ = worker.post_message(&request);
                    }
                    return;
                }
                on_reply(decode(data).unwrap_or_else(|reason| SearchReply::Crashed {
                    reason: format!("unreadable reply: {reason}"),
                }));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // An error is handled here rather than left as an uncaught page error. A worker whose
        // code cannot load (offline without the service worker, or a page being left while it
        // starts) stays silent, and the watchdog of its search replaces it, at its pace. One
        // that was listening and then failed (a trap without a panic, such as running out of
        // memory) is reported at once as crashed, so the page replaces it without waiting.
        let on_error = {
            let waiting = waiting.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
                event.prevent_default();
                if waiting.borrow().is_none() {
                    let reason = js_sys::Reflect::get(&event, &"message".into())
                        .ok()
                        .and_then(|m| m.as_string())
                        .unwrap_or_default();
                    on_reply(SearchReply::Crashed { reason });
                }
            })
        };
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(SearchWorker {
            worker,
            waiting,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends `request`, at once or as soon as the worker listens.
    pub fn send(&self, request: &SearchRequest) {
        let Ok(message) = encode(request) else { return };
        match self.waiting.borrow_mut().as_mut() {
            Some(queue) => queue.push(message),
            None => {
                let _ = self.worker.post_message(&message);
            }
        }
    }
}

impl Drop for SearchWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

thread_local! {
    /// The worker's own scope, where a panic reports itself before the instance traps.
    static SCOPE: std::cell::RefCell<Option<web_sys::DedicatedWorkerGlobalScope>> =
        const { std::cell::RefCell::new(None) };
}

fn post(scope: &web_sys::DedicatedWorkerGlobalScope, reply: &SearchReply) {
    if let Ok(message) = encode(reply) {
        let _ = scope.post_message(&message);
    }
}

/// The worker's side: answers each request with one [`super::engine::Engine`] kept for the
/// worker's life, and reports a panic as [`SearchReply::Crashed`] before the instance traps.
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    SCOPE.with(|s| *s.borrow_mut() = Some(scope.clone()));
    std::panic::set_hook(Box::new(|info| {
        SCOPE.with(|s| {
            if let Some(scope) = s.borrow().as_ref() {
                post(
                    scope,
                    &SearchReply::Crashed {
                        reason: info.to_string(),
                    },
                );
            }
        });
    }));
    let mut engine = super::engine::Engine::default();
    let reply_scope = scope.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let request: SearchRequest = match decode(event.data()) {
                Ok(r) => r,
                Err(reason) => {
                    let reason = format!("unreadable request: {reason}");
                    return post(&reply_scope, &SearchReply::Crashed { reason });
                }
            };
            super::engine::answer_now(&mut engine, &request, &mut |reply| {
                post(&reply_scope, &reply)
            });
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker listens for its whole life.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}
