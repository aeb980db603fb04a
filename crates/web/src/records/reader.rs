//! The records' worker (`bin/records.rs`): it reads the records players keep into PGN texts
//! ([`super::convert`]) off the page's thread, with readers and tables the first
//! load does without. The page starts it when a record first needs it ([`Converter`]); the
//! worker's end is [`serve`]. Messages: the record's bytes (a `Uint8Array`) to the worker,
//! a postcard [`Reply`] back, after a first `READY` once it listens, as the search worker does.

use super::convert::{convert, ConvertError, Converted};
use crate::worker::bridge::{decode, encode, Channel, READY};
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
    channel: Channel,
}

impl Converter {
    /// Starts the worker and hands what it says to `on_heard`.
    pub fn spawn(on_heard: impl Fn(Heard) + 'static) -> Result<Converter, JsValue> {
        let on_heard = Rc::new(on_heard);
        let on_error = on_heard.clone();
        let channel = Channel::spawn(
            PATH,
            Box::new(move |data| {
                on_heard(match decode::<Reply>(data) {
                    Ok(reply) => Heard::Read(reply),
                    Err(_) => Heard::Unavailable,
                })
            }),
            // A worker whose code cannot be fetched (offline before it was ever kept) fails here.
            Box::new(move |_, _| on_error(Heard::Unavailable)),
        )?;
        Ok(Converter { channel })
    }

    /// Asks for `bytes` to be read; the answer comes to `on_heard`.
    pub fn read(&self, bytes: &[u8]) {
        self.channel.post(js_sys::Uint8Array::from(bytes).into());
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
