use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::ai::search::{Limits, Searcher};
use xiangqi::{Game, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let d: u32 = args[1].parse().unwrap();
    let fen = args
        .get(2)
        .cloned()
        .unwrap_or(xiangqi::START_FEN.to_string());
    let game = Game::from_position(Position::from_fen(&fen).unwrap());
    let t = Instant::now();
    let clock = || t.elapsed().as_millis() as u64;
    let mut s = Searcher::new(64);
    let r = s.search(
        &game,
        &Limits::depth(d),
        &clock,
        &AtomicBool::new(false),
        &mut |i| {
            println!(
                "depth {} sel {} nodes {} time {} nps {} score {} pv {:?}",
                i.depth, i.seldepth, i.nodes, i.time_ms, i.nps, i.score, i.pv
            )
        },
    );
    println!("{:?} {} ms", r.best, t.elapsed().as_millis());
}
