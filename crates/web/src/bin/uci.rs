//! The page's search engine as a UCI engine: built like the search worker (same crate,
//! Cargo profile `release`, wasm32 target, wasm-opt flags) and run under node by
//! `scripts/wasm-uci`, which hands it one line at a time (see `xiangqi_web::uci`).

fn main() {}

/// The engine's exports and what it imports from the node script.
#[cfg(target_arch = "wasm32")]
mod node {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use xiangqi_ai::Backing;
    use xiangqi_web::uci::{answer_share, Flow, Host, UciEngine};
    use xiangqi_web::worker::engine::fresh_seed;
    use xiangqi_web::worker::shared_table::{table_bytes, SharedTable};
    use xiangqi_web::worker::Engine;

    #[wasm_bindgen]
    extern "C" {
        /// What `scripts/wasm-uci.mjs` lends the engine for one line: `write(line)`,
        /// `halted(endsByItself)` and `waitForStop()` (see `xiangqi_web::uci::Host`).
        pub type JsHost;

        #[wasm_bindgen(method)]
        fn write(this: &JsHost, line: &str);

        #[wasm_bindgen(method)]
        fn halted(this: &JsHost, ends_by_itself: bool) -> bool;

        #[wasm_bindgen(method, js_name = waitForStop)]
        fn wait_for_stop(this: &JsHost);

        #[wasm_bindgen(method, js_name = startPart)]
        fn start_part(this: &JsHost, index: usize, request: &[u8], ends_by_itself: bool);

        /// `[index, bytes]`, or undefined.
        #[wasm_bindgen(method, js_name = nextPart)]
        fn next_part(this: &JsHost, wait: bool) -> JsValue;

        #[wasm_bindgen(method, js_name = endParts)]
        fn end_parts(this: &JsHost);

        /// A new `SharedArrayBuffer` of `bytes` bytes, sent to the helpers with each request.
        #[wasm_bindgen(method, js_name = sharedTable)]
        fn shared_table(this: &JsHost, bytes: u32) -> js_sys::SharedArrayBuffer;

        /// The bytes of the file at `path`; throws an `Error` saying why where it cannot be read.
        #[wasm_bindgen(method, catch, js_name = readFile)]
        fn read_file(this: &JsHost, path: &str) -> Result<js_sys::Uint8Array, js_sys::Error>;

        /// What a helper thread lends its [`Helper`]: `halted()` and `reply(bytes)`.
        pub type JsHelperHost;

        #[wasm_bindgen(method)]
        fn halted(this: &JsHelperHost) -> bool;

        #[wasm_bindgen(method)]
        fn reply(this: &JsHelperHost, bytes: &[u8]);

        /// Where a panic's message goes before the instance traps (standard error).
        #[wasm_bindgen(js_namespace = console, js_name = error)]
        fn console_error(text: &str);
    }

    /// The node script's host, on the JavaScript clock the page's worker uses.
    struct Lent<'a>(&'a JsHost);

    impl Host for Lent<'_> {
        fn write(&self, line: &str) {
            self.0.write(line);
        }

        fn now_ms(&self) -> f64 {
            js_sys::Date::now()
        }

        fn halted(&self, ends_by_itself: bool) -> bool {
            self.0.halted(ends_by_itself)
        }

        fn wait_for_stop(&self) {
            self.0.wait_for_stop();
        }

        fn seed(&self) -> u64 {
            fresh_seed()
        }

        fn start_part(&self, index: usize, request: &[u8], ends_by_itself: bool) {
            self.0.start_part(index, request, ends_by_itself);
        }

        fn next_part(&self, wait: bool) -> Option<(usize, Vec<u8>)> {
            let pair: js_sys::Array = self.0.next_part(wait).dyn_into().ok()?;
            let index = pair.get(0).as_f64()? as usize;
            let bytes: js_sys::Uint8Array = pair.get(1).dyn_into().ok()?;
            Some((index, bytes.to_vec()))
        }

        fn end_parts(&self) {
            self.0.end_parts();
        }

        fn shared_table(&self, mb: usize) -> Option<Box<dyn Backing>> {
            let buffer = self.0.shared_table(table_bytes(mb));
            Some(Box::new(SharedTable::new(&buffer)))
        }

        fn read_file(&self, path: &str) -> Result<Vec<u8>, String> {
            self.0
                .read_file(path)
                .map(|bytes| bytes.to_vec())
                .map_err(|e| String::from(e.message()))
        }
    }

    /// A helper of the engine, in a thread of its own: one engine for the thread's life.
    #[wasm_bindgen]
    pub struct Helper(Engine);

    #[wasm_bindgen]
    impl Helper {
        #[wasm_bindgen(constructor)]
        pub fn new() -> Helper {
            std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
            Helper(Engine::default())
        }

        /// Searches on `table` (a `SharedArrayBuffer` the engine shares) from now on.
        #[wasm_bindgen(js_name = shareTable)]
        pub fn share_table(&mut self, table: &js_sys::SharedArrayBuffer) {
            self.0.share_table(Box::new(SharedTable::new(table)));
        }

        /// Takes one message (a `ToWorker`'s postcard bytes), replying through `host`.
        pub fn answer(&mut self, request: &[u8], host: &JsHelperHost) {
            let start = js_sys::Date::now();
            let clock = || (js_sys::Date::now() - start).max(0.0) as u64;
            let halted = || host.halted();
            answer_share(
                &mut self.0,
                request,
                fresh_seed(),
                &clock,
                &halted,
                &mut |bytes| host.reply(&bytes),
            );
        }
    }

    /// One UCI engine: the page's search worker's engine behind the protocol.
    #[wasm_bindgen]
    pub struct Uci(UciEngine);

    #[wasm_bindgen]
    impl Uci {
        /// An engine at the start position, with the default options.
        #[wasm_bindgen(constructor)]
        pub fn new() -> Uci {
            std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
            Uci(UciEngine::default())
        }

        /// Handles one line (a search runs to its end in this call); false after `quit`.
        pub fn line(&mut self, line: &str, host: &JsHost) -> bool {
            self.0.handle_line(line, &Lent(host)) == Flow::Continue
        }
    }
}
