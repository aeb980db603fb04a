//! The search worker: registers the agent that answers search requests off the main thread.

fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        use yew_agent::Registrable;
        xiangqi_web::agent::SearchAgent::registrar().register();
    }
}
