//! The openings' worker: the ECCO names of the line on the board and the opening book's moves
//! (the analysis board's explorer), off the page's thread and outside the first load. The
//! page starts it when a game first has a move.

fn main() {
    #[cfg(target_arch = "wasm32")]
    xiangqi_web::openings::serve::serve();
}
