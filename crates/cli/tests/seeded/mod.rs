//! Seeded pseudo-random inputs for the fuzz targets' properties, shared by the test files that
//! run them under `cargo test` (`robustness.rs` here and the web crate's): a tiny generator,
//! small mutations of valid inputs, random bytes, and a runner that names the input that broke
//! a property. Deterministic for a seed.
#![allow(dead_code)]

/// xorshift64*: tiny, fast and good enough to pick mutations.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

pub const NUMBERS: [&str; 10] = [
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
pub const BYTES: &[u8] = b"0123456789/ -rnbakcpRNBAKCPHEwbmovesfnposition\r\n\t\0\x7f\xc3\xa9\xff";

/// A small random change of `input`.
pub fn mutate(rng: &mut Rng, input: &[u8], donors: &[String]) -> Vec<u8> {
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

pub fn random_bytes(rng: &mut Rng) -> Vec<u8> {
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
pub fn run(
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
