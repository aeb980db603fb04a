//! The evaluation network in the page's workers: the build carries the engine's network
//! (`crates/xiangqi-ai/nets/`, copied by index.html), outside the first load. A worker
//! fetches it through `www/network.js` when it is first asked to search, so the board is up
//! by then, and searches with the hand-set evaluation until the bytes arrive as a message of
//! their own (an `ArrayBuffer`, see `serve.rs`); bytes that are no network it reads are
//! named in the console ([`refused`]). The service worker keeps the file once fetched, so it
//! is there offline after one visit. The opening book (`book.txt`) comes the same way, as a
//! string.

use wasm_bindgen::prelude::*;
use xiangqi_ai::nnue::FileError;

/// The script that defines `xqNetwork`, beside the worker's loader in the build.
pub const SCRIPT: &str = "./network.js";

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = xqNetwork)]
    fn fetch_network(url: &str);

    #[wasm_bindgen(js_name = xqBook)]
    fn fetch_book(url: &str);

    #[wasm_bindgen(js_namespace = console, js_name = warn)]
    fn console_warn(text: &str);
}

/// The network's file in the build.
pub fn file() -> String {
    format!("./{}.nnue", xiangqi_ai::nnue::built_in::NAME)
}

/// Loads `www/network.js` into the worker `scope` and has it fetch the network; nothing
/// happens where the script cannot be loaded.
pub fn fetch(scope: &web_sys::WorkerGlobalScope) {
    if scope.import_scripts_1(SCRIPT).is_ok() {
        fetch_network(&file());
        fetch_book(BOOK);
    }
}

/// The opening book in the build (`www/book.txt`): its text comes back to the worker as a
/// message of its own, a string, and the levels that use the book answer from it.
pub const BOOK: &str = "./book.txt";

/// Says in the console why the fetched book is not used.
pub fn book_refused(reason: &xiangqi_ai::book::BookError) {
    console_warn(&format!("{BOOK}: {reason}; the levels search every move"));
}

/// Says in the console why the fetched network is not used (a file of another format
/// version, say, from a stale cache): the search keeps the hand-set evaluation.
pub fn refused(reason: &FileError) {
    console_warn(&format!(
        "{}: {reason}; searching with the hand-set evaluation",
        file()
    ));
}
