//! The practice page (puzzles and endgame drills): its own module, which the page's script
//! (`www/page.js`) fetches only on `?view=puzzle` or `?view=endgames`, so the game's first
//! load carries none of it, and the game's module is not started on those pages. It renders
//! into the document body.

fn main() {
    #[cfg(target_arch = "wasm32")]
    xiangqi_web::practice::view::start();
}
