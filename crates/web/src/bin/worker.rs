//! The search worker: answers the page's search requests off the main thread.

fn main() {
    #[cfg(target_arch = "wasm32")]
    xiangqi_web::worker::serve::serve();
}
