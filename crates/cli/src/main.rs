fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let mut pos = xiangqi::Position::start();
    let t = std::time::Instant::now();
    let n = xiangqi::perft(&mut pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!("Nodes searched: {n}");
    eprintln!("{:.3}s {:.1} Mnps", s, n as f64 / s / 1e6);
}
