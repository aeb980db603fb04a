//! The openings' worker's end. The page (www/explorer.js) sends an [`Ask`] (as text)
//! whenever the line shown changes; the worker answers each with a [`Reply`] at once,
//! fetches the book (`book.txt`) when it starts, and answers the last ask again once the book
//! has arrived; an ask for the names of the recent games' openings (`names.rs`) is answered
//! at once. It says `READY` first, as the other workers do.

use super::{answer, Ask, Reply};
use crate::worker::bridge::READY;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use xiangqi_ai::book::Book;

/// The book in the build.
pub const BOOK: &str = "./book.txt";

/// The worker's state: the book once fetched, and the last ask.
#[derive(Default)]
struct Served {
    book: Option<Book>,
    last: Option<Ask>,
}

fn reply(scope: &web_sys::DedicatedWorkerGlobalScope, served: &Served) {
    if let Some(ask) = &served.last {
        let text = Reply::new(ask, &answer(ask, served.book.as_ref())).encode();
        let _ = scope.post_message(&JsValue::from_str(&text));
    }
}

/// The book's text, or why not.
async fn fetch_book(scope: &web_sys::WorkerGlobalScope) -> Result<String, JsValue> {
    use wasm_bindgen_futures::JsFuture;
    let response: web_sys::Response = JsFuture::from(scope.fetch_with_str(BOOK))
        .await?
        .unchecked_into();
    if !response.ok() {
        return Err(JsValue::from_str("not found"));
    }
    JsFuture::from(response.text()?)
        .await?
        .as_string()
        .ok_or_else(|| JsValue::from_str("not text"))
}

/// The worker's end: answers each ask, and the last one again once the book has arrived.
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let served = Rc::new(RefCell::new(Served::default()));
    let on_message = {
        let (scope, served) = (scope.clone(), served.clone());
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            if let Some(names) = super::names::answer_names(&text) {
                let _ = scope.post_message(&JsValue::from_str(&names));
            } else if let Some(ask) = Ask::decode(&text) {
                let mut s = served.borrow_mut();
                s.last = Some(ask);
                reply(&scope, &s);
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    {
        let (scope, served) = (scope.clone(), served.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let text = fetch_book(scope.as_ref()).await;
            // A book that cannot be had or read leaves the explorer empty; names still come.
            if let Some(book) = text.ok().and_then(|t| Book::parse(&t).ok()) {
                let mut s = served.borrow_mut();
                s.book = Some(book);
                reply(&scope, &s);
            }
        });
    }
    let _ = scope.post_message(&JsValue::from_str(READY));
}
