//! The page: renders the app into the document body.

fn main() {
    #[cfg(target_arch = "wasm32")]
    yew::Renderer::<xiangqi_web::app::App>::new().render();
}
