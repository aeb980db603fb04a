//! The fuzz targets' properties (xiangqi_cli::fuzzing) on a few thousand seeded inputs, so
//! that `cargo test` guards them too: random bytes, and valid FENs and UCI lines with small
//! mutations. Deterministic: a failure prints the seed and the input that broke.

use xiangqi_cli::fuzzing;

/// xorshift64*: tiny, fast and good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

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

const NUMBERS: [&str; 10] = [
    "0",
    "1",
    "-1",
    "2",
    "10",
    "11",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999",
];
const BYTES: &[u8] = b"0123456789/ -rnbakcpRNBAKCPHEwbmovesfnposition\r\n\t\0\x7f\xc3\xa9\xff";

/// A small random change of `input`.
fn mutate(rng: &mut Rng, input: &[u8], donors: &[String]) -> Vec<u8> {
    let mut v = input.to_vec();
    let edits = if rng.below(2) == 0 {
        1
    } else {
        2 + rng.below(3)
    };
    for _ in 0..edits {
        let at = rng.below(v.len() + 1);
        match rng.below(9) {
            0 if !v.is_empty() => {
                let i = at.min(v.len() - 1);
                v[i] = *rng.pick(BYTES);
            }
            1 => v.insert(at, *rng.pick(BYTES)),
            2 => v.insert(at, rng.next() as u8),
            3 if !v.is_empty() => {
                let start = at.min(v.len() - 1);
                let end = (start + 1 + rng.below(8)).min(v.len());
                v.drain(start..end);
            }
            7 | 8 if !v.is_empty() => {
                // Swap two bytes: in a FEN this moves pieces while keeping ranks whole.
                let (i, j) = (rng.below(v.len()), rng.below(v.len()));
                v.swap(i, j);
            }
            4 => {
                // Splice in a word from another seed.
                let donor = rng.pick(donors);
                let words: Vec<&str> = donor.split(' ').collect();
                let w = rng.pick(&words);
                v.splice(at..at, format!(" {w} ").bytes());
            }
            5 => {
                // Replace a word by an awkward number.
                let text = String::from_utf8_lossy(&v).into_owned();
                let mut words: Vec<&str> = text.split(' ').collect();
                let i = rng.below(words.len());
                words[i] = *rng.pick(&NUMBERS);
                v = words.join(" ").into_bytes();
            }
            _ => {
                // Swap two words.
                let text = String::from_utf8_lossy(&v).into_owned();
                let mut words: Vec<&str> = text.split(' ').collect();
                let (i, j) = (rng.below(words.len()), rng.below(words.len()));
                words.swap(i, j);
                v = words.join(" ").into_bytes();
            }
        }
    }
    v
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(48);
    (0..len)
        .map(|_| {
            if rng.below(2) == 0 {
                *rng.pick(BYTES)
            } else {
                rng.next() as u8
            }
        })
        .collect()
}

/// Runs `check` on `count` inputs from `make`; on a panic, says which input broke it.
fn run(
    name: &str,
    seed: u64,
    count: usize,
    mut make: impl FnMut(&mut Rng) -> Vec<u8>,
    check: fn(&[u8]),
) {
    let mut rng = Rng(seed);
    for i in 0..count {
        let input = make(&mut rng);
        let result = std::panic::catch_unwind(|| check(&input));
        if result.is_err() {
            panic!(
                "{name}: input {i} (seed {seed:#x}) broke a property: {:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }
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
