//! The fuzz targets' properties (xiangqi_cli::fuzzing) on a few thousand seeded inputs, so
//! that `cargo test` guards them too: random bytes, and valid FENs and UCI lines with small
//! mutations. Deterministic: a failure prints the seed and the input that broke.

mod seeded;

use seeded::{mutate, random_bytes, run};
use xiangqi_cli::fuzzing;

/// FENs worth mutating: the published perft positions and a few edge cases.
fn fen_seeds() -> Vec<String> {
    let mut seeds: Vec<String> = include_str!("../../xiangqi/tests/data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('|').nth(1).map(str::to_string))
        .collect();
    seeds.extend(
        [
            xiangqi::START_FEN,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "3k5/9/9/9/9/9/9/9/9/4K4 b - - 4294967295 4294967295",
            "4k4/9/9/9/4R4/5R3/9/9/9/3K5 b",
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1",
        ]
        .map(str::to_string),
    );
    seeds
}

fn uci_seeds() -> Vec<String> {
    let mut seeds: Vec<String> = [
        "uci",
        "isready",
        "ucinewgame",
        "position startpos",
        "position startpos moves h2e2 h9g7 h0g2 i9h9",
        "position startpos moves h2e2 h9g7 h2e2",
        "go perft 1",
        "go perft 2",
        "go depth 5",
        "go wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 40",
        "go movetime 100 nodes 5000 mate 2",
        "go infinite ponder searchmoves h2e2 b0c2",
        "stop",
        "ponderhit",
        "setoption name Hash value 64",
        "d",
        "quit",
    ]
    .map(str::to_string)
    .to_vec();
    for fen in fen_seeds() {
        seeds.push(format!("position fen {fen}"));
        seeds.push(format!("position fen {fen} moves a0a1 e9e8 h2e2"));
    }
    seeds
}

#[test]
fn fen_target_on_random_and_mutated_fens() {
    let seeds = fen_seeds();
    run(
        "fen",
        0x9E37_79B9_7F4A_7C15,
        2000,
        random_bytes,
        fuzzing::fen,
    );
    run(
        "fen",
        0xD1B5_4A32_D192_ED03,
        6000,
        |rng| {
            let s = rng.pick(&seeds).clone();
            mutate(rng, s.as_bytes(), &seeds)
        },
        fuzzing::fen,
    );
    for s in &seeds {
        fuzzing::fen(s.as_bytes());
    }
}

#[test]
fn uci_move_target_on_random_and_mutated_moves() {
    let moves = [
        "h2e2", "a0a1", "i9i8", "H2E2", "e0e0", "j0a1", "a10a", "h2-e2",
    ]
    .map(str::to_string);
    run(
        "uci_move",
        0x2545_F491_4F6C_DD1D,
        2000,
        random_bytes,
        fuzzing::uci_move,
    );
    run(
        "uci_move",
        0x1234_5678_9ABC_DEF1,
        2000,
        |rng| {
            let s = rng.pick(&moves).clone();
            mutate(rng, s.as_bytes(), &moves)
        },
        fuzzing::uci_move,
    );
    for file in b'a'..=b'i' {
        for rank in b'0'..=b'9' {
            let m = [file, rank, b'a' + (file - b'a' + 1) % 9, rank];
            fuzzing::uci_move(&m);
        }
    }
}

#[test]
fn uci_line_target_on_random_and_mutated_sessions() {
    let seeds = uci_seeds();
    run(
        "uci_line",
        0xA076_1D64_78BD_642F,
        2000,
        random_bytes,
        fuzzing::uci_lines,
    );
    run(
        "uci_line",
        0xE703_7ED1_A0B4_28DB,
        3000,
        |rng| {
            // A short session: a few lines, some of them mutated, joined by LF or CRLF.
            let mut input = Vec::new();
            for _ in 0..1 + rng.below(4) {
                let s = rng.pick(&seeds).clone();
                let line = if rng.below(3) == 0 {
                    s.into_bytes()
                } else {
                    mutate(rng, s.as_bytes(), &seeds)
                };
                input.extend(line);
                input.extend_from_slice(if rng.below(2) == 0 { b"\n" } else { b"\r\n" });
            }
            input
        },
        fuzzing::uci_lines,
    );
    fuzzing::uci_lines(uci_seeds().join("\n").as_bytes());
}

#[test]
fn move_text_target_on_random_and_mutated_move_texts() {
    // Real move texts in every notation, from the fuzz positions, then mutated.
    let mut seeds = Vec::new();
    for (i, fen) in fuzzing::MOVE_TEXT_POSITIONS.iter().enumerate() {
        let pos = xiangqi::Position::from_fen(fen).unwrap();
        for &m in pos.legal_moves().iter() {
            for notation in xiangqi::notation::Notation::ALL {
                let mut bytes = vec![i as u8];
                bytes.extend(xiangqi::notation::format(&pos, m, notation).into_bytes());
                seeds.push(bytes);
            }
        }
    }
    for seed in &seeds {
        fuzzing::move_text(seed);
    }
    let texts: Vec<String> = seeds
        .iter()
        .map(|b| String::from_utf8_lossy(&b[1..]).into_owned())
        .collect();
    run(
        "move_text",
        0x5EED_0FC0_FFEE,
        3000,
        random_bytes,
        fuzzing::move_text,
    );
    run(
        "move_text",
        0x0DDB_A115_EED0,
        4000,
        |rng| {
            let seed = rng.pick(&seeds).clone();
            let mut out = vec![seed[0]];
            out.extend(mutate(rng, &seed[1..], &texts));
            out
        },
        fuzzing::move_text,
    );
}

#[test]
fn record_read_target_on_seed_records_and_their_mutations() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/seeds/record_read");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .expect("the seeds are kept in git")
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 8);
    for seed in &seeds {
        fuzzing::record_read(seed);
        assert!(xiangqi::records::read_records(seed).is_ok());
    }
    let donors: Vec<String> = seeds
        .iter()
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect();
    run(
        "record_read",
        0x7E57_0F4E_C04D_5A11,
        1500,
        random_bytes,
        fuzzing::record_read,
    );
    run(
        "record_read",
        0x4EC0_4D5E_ED5A_1100,
        3000,
        |rng| {
            let seed = rng.pick(&seeds).clone();
            // Binary records keep their length: flip bytes in place, past the signature.
            if seed.starts_with(b"XQ") {
                let mut v = seed;
                for _ in 0..1 + rng.below(4) {
                    let i = 2 + rng.below(v.len() - 2);
                    v[i] = rng.next() as u8;
                }
                v
            } else {
                mutate(rng, &seed, &donors)
            }
        },
        fuzzing::record_read,
    );
}
