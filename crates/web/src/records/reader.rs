//! The records' worker (`bin/records.rs`): it reads the records players keep into PGN texts
//! ([`super::convert`]) off the page's thread, with readers and tables the first
//! load does without. The page starts it when a record first needs it ([`Converter`]); the
//! worker's end is [`serve`]. Messages: the record's bytes (a `Uint8Array`) to the worker,
//! a postcard [`Reply`] back, after a first `READY` once it listens, as the search worker does.

use super::convert::{convert, ConvertError, Converted};
use crate::worker::bridge::{decode, encode, READY};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Where Trunk puts the worker's loader (`data-loader-shim` in index.html).
pub const PATH: &str = "./records_loader.js";

/// The worker's answer to one record.
pub type Reply = Result<Converted, ConvertError>;

/// What the page hears from the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// A record was read, or why not.
    Read(Reply),
    /// The worker could not be started or loaded.
    Unavailable,
}

/// The page's handle on the records' worker; dropping it terminates the worker.
pub struct Converter {
    worker: web_sys::Worker,
    /// Records waiting for the worker to listen; `None` once it does.
    waiting: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Converter {
    /// Starts the worker and hands what it says to `on_heard`.
    pub fn spawn(on_heard: impl Fn(Heard) + 'static) -> Result<Converter, JsValue> {
        let worker = web_sys::Worker::new(PATH)?;
        let waiting = Rc::new(RefCell::new(Some(Vec::new())));
        let on_heard = Rc::new(on_heard);
        let on_message = {
            let (worker, waiting, on_heard) = (worker.clone(), waiting.clone(), on_heard.clone());
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let data = event.data();
                if data.as_string().as_deref() == Some(READY) {
                    for record in waiting.borrow_mut().take().unwrap_or_default() {
                        let _ = worker.post_message(&record);
                    }
                    return;
                }
                on_heard(match decode::<Reply>(data) {
                    Ok(reply) => Heard::Read(reply),
                    Err(_) => Heard::Unavailable,
                });
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // A worker whose code cannot be fetched (offline before it was ever kept) fails here.
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            on_heard(Heard::Unavailable);
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Converter {
            worker,
            waiting,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Asks for `bytes` to be read; the answer comes to `on_heard`.
    pub fn read(&self, bytes: &[u8]) {
        let message: JsValue = js_sys::Uint8Array::from(bytes).into();
        match self.waiting.borrow_mut().as_mut() {
            Some(queue) => queue.push(message),
            None => {
                let _ = self.worker.post_message(&message);
            }
        }
    }
}

impl Drop for Converter {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The worker's end: reads each record sent and answers it.
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let on_message = {
        let scope = scope.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let reply: Reply = match event.data().dyn_into::<js_sys::Uint8Array>() {
                Ok(bytes) => convert(&bytes.to_vec()),
                Err(_) => Err(ConvertError {
                    format: None,
                    detail: "not a file's bytes".into(),
                }),
            };
            if let Ok(message) = encode(&reply) {
                let _ = scope.post_message(&message);
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}
