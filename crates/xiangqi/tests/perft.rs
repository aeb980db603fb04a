//! Move generation checked against the published perft counts (data/perft.txt, from the
//! chessprogramming wiki's "Chinese Chess Perft Results").
//!
//! Every published count runs by default (about 6 s: the engine is built optimised even in
//! tests). The start position's depth 6 (5,392,831,844 leaves) runs with
//! `cargo test --release -p xiangqi --test perft -- --ignored`.

use xiangqi::{perft, Position};

struct Case {
    name: &'static str,
    fen: &'static str,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split('|');
            let name = parts.next().unwrap();
            let fen = parts.next().unwrap();
            let counts = parts
                .next()
                .unwrap()
                .split(',')
                .map(|n| n.parse().unwrap())
                .collect();
            Case { name, fen, counts }
        })
        .collect()
}

#[test]
fn every_published_count() {
    let cases = cases();
    assert_eq!(cases.len(), 11, "all published positions are present");
    for case in cases {
        let mut pos = Position::from_fen(case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_eq!(pos.to_fen(), case.fen, "{}: FEN round trip", case.name);
        for (i, &expected) in case.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            let before = pos.clone();
            assert_eq!(
                perft(&mut pos, depth),
                expected,
                "{} perft({depth})",
                case.name
            );
            assert_eq!(pos, before, "{}: perft restores the position", case.name);
        }
    }
}

#[test]
#[ignore = "35 s in release: run with --release -- --ignored"]
fn start_position_depth_6() {
    assert_eq!(perft(&mut Position::start(), 6), 5_392_831_844);
}
