//! The native speed of the search the worker runs, for comparison with the browser:
//! `cargo run --release -p xiangqi-web --example nps [level] [moves...]`
//! searches the position after the given moves (default: after h2e2, as the end-to-end
//! measurement does) and prints depth, nodes, time and nodes per second.

use std::time::Instant;
use xiangqi_web::agent::{answer, SearchReply, SearchRequest};

fn main() {
    let mut args = std::env::args().skip(1);
    let level = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
    let mut moves: Vec<String> = args.collect();
    if moves.is_empty() {
        moves.push("h2e2".into());
    }
    let request = SearchRequest {
        id: 1,
        fen: xiangqi::START_FEN.to_string(),
        moves,
        level,
    };
    let start = Instant::now();
    let clock = move || start.elapsed().as_millis() as u64;
    answer(
        &request,
        1,
        &clock,
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
                best.unwrap_or_default(),
                p.depth,
                p.nodes,
                p.time_ms,
                p.nps
            ),
            other => println!("{other:?}"),
        },
    );
}
