//! The native speed of the search the worker runs, for comparison with the browser:
//! `cargo run --release -p xiangqi-web --example nps [level] [moves...]`
//! searches the position after the given moves (default: after h2e2, as the end-to-end
//! measurement does) and prints depth, nodes, time and nodes per second.

use std::time::Instant;
use xiangqi::notation::parse_uci;
use xiangqi_ai::Level;
use xiangqi_web::worker::{Engine, SearchReply, SearchRequest};

fn main() {
    let mut args = std::env::args().skip(1);
    let level = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(xiangqi_ai::MAX_LEVEL);
    let mut moves: Vec<String> = args.collect();
    if moves.is_empty() {
        moves.push("h2e2".into());
    }
    let moves = match moves
        .iter()
        .map(|m| parse_uci(m))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(moves) => moves,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let request = SearchRequest {
        id: 1,
        game: 1,
        start: xiangqi::Setup::start(),
        moves,
        task: Level::new(level).task(0),
        seed: Some(1),
    };
    let start = Instant::now();
    let clock = move || start.elapsed().as_millis() as u64;
    let never = std::sync::atomic::AtomicBool::new(false);
    Engine::default().answer(
        &request,
        1,
        &clock,
        &never,
        &mut |_| true,
        &mut |reply| match reply {
            SearchReply::Progress { progress: p, .. } => {
                println!(
                    "depth {:>2} nodes {:>10} time {:>6} ms nps {:>9}",
                    p.depth, p.nodes, p.time_ms, p.nps
                )
            }
            SearchReply::Done {
                best, progress: p, ..
            } => println!(
                "native: best {} depth {} nodes {} time {} ms nps {}",
                best.map(|m| m.to_string()).unwrap_or_default(),
                p.depth,
                p.nodes,
                p.time_ms,
                p.nps
            ),
            other => println!("{other:?}"),
        },
    );
}
