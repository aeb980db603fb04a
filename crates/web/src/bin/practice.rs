//! The practice page (puzzles and endgame drills): its own module, which the page's script
//! (`www/page.js`) fetches only on `?view=puzzle` or `?view=endgames`, so the game's first
//! load carries none of it. It renders into the document body beside the game's app, which
//! draws nothing on those pages.

fn main() {
    #[cfg(target_arch = "wasm32")]
    yew::Renderer::<xiangqi_web::practice::view::Practice>::new().render();
}
