use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::ai::{alphabeta, search::{Limits, Searcher}};
use xiangqi::Game;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = Game::new();
    let t = Instant::now();
    let clock = || t.elapsed().as_millis() as u64;
    if args.get(1).map(|s| s.as_str()) == Some("ab") {
        let d: u32 = args[2].parse().unwrap();
        let r = alphabeta::choose(&game, &alphabeta::Config { depth: d, margin: 20, seed: 1 }, &clock, &mut |i| println!("depth {} nodes {} time {} score {} pv {:?}", i.depth, i.nodes, i.time_ms, i.score, i.pv));
        println!("{:?} {} ms", r.best, t.elapsed().as_millis());
    } else {
        let d: u32 = args[1].parse().unwrap();
        let mut s = Searcher::new(64);
        let r = s.search(&game, &Limits::depth(d), &clock, &AtomicBool::new(false), &mut |i| println!("depth {} sel {} nodes {} time {} nps {} score {} pv {:?}", i.depth, i.seldepth, i.nodes, i.time_ms, i.nps, i.score, i.pv));
        println!("{:?} {} ms", r.best, t.elapsed().as_millis());
    }
}
