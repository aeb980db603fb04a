//! The page: renders the app into the document body, and exports the rules that the page's
//! script (`www/page.js`) asks the app for, so that each is written once.

fn main() {
    #[cfg(target_arch = "wasm32")]
    xiangqi_web::app::start();
}

#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// A clock's time as the app shows it (see `text::figures::clock_time`).
    #[wasm_bindgen]
    pub fn clock_time(ms: f64) -> String {
        xiangqi_web::text::figures::clock_time(ms as u64)
    }

    /// The time left (ms) under which a clock is low: shown in tenths, in red, with a warning.
    #[wasm_bindgen]
    pub fn clock_low() -> u32 {
        xiangqi_web::model::clock::LOW_MS as u32
    }
}
