//! The evaluation's weights as one flat vector, for tuning: which index is which weight,
//! and the conversion between the vector and the tables of `weights.rs`.
//!
//! Layout (every weight is a pair, middlegame then endgame, at indices `2i` and `2i + 1`):
//! - material: 7 kinds;
//! - piece-square tables: 7 kinds x 50 points, a point being (rank, file folded to 0-4),
//!   so that the tables stay symmetric left to right;
//! - the [`Term`]s.

pub use super::term::{Term, ALL_TERMS, TERM_COUNT};
use super::weights::{MATERIAL, PST, TERMS};

/// The kinds' names, by kind index.
const KINDS: [&str; 7] = [
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
];

/// Index of the first piece-square weight.
const PST_START: usize = 7;
/// Index of the first term.
const TERM_START: usize = PST_START + 7 * 50;
/// Pairs in the vector.
pub const PAIRS: usize = TERM_START + TERM_COUNT;
/// Weights in the vector (two per pair).
pub const LEN: usize = 2 * PAIRS;

/// The pair index of the material of `kind` (0 general ... 6 soldier).
pub const fn material(kind: usize) -> usize {
    kind
}

/// The pair index of `kind`'s table at `sq` (0-89, from Red's side).
pub const fn pst(kind: usize, sq: usize) -> usize {
    let (rank, file) = (sq / 9, sq % 9);
    let folded = if file > 4 { 8 - file } else { file };
    PST_START + kind * 50 + rank * 5 + folded
}

/// The pair index of `term`.
pub const fn term(term: Term) -> usize {
    TERM_START + term as usize
}

/// The weights of `weights.rs` as a vector.
pub fn current() -> Vec<f64> {
    let mut v = vec![0.0; LEN];
    for kind in 0..7 {
        for phase in 0..2 {
            v[2 * material(kind) + phase] = MATERIAL[kind][phase] as f64;
            for sq in 0..90 {
                v[2 * pst(kind, sq) + phase] = PST[kind][phase][sq] as f64;
            }
        }
    }
    for t in ALL_TERMS {
        for phase in 0..2 {
            v[2 * term(t) + phase] = TERMS[t as usize][phase] as f64;
        }
    }
    v
}

/// A name for the weight at `index`, for reports.
pub fn name(index: usize) -> String {
    let phase = ["mg", "eg"][index % 2];
    let pair = index / 2;
    if pair < PST_START {
        format!("material {} {phase}", KINDS[pair])
    } else if pair < TERM_START {
        let k = (pair - PST_START) / 50;
        let p = (pair - PST_START) % 50;
        format!("pst {} rank {} file {} {phase}", KINDS[k], p / 5, p % 5)
    } else {
        format!("{:?} {phase}", ALL_TERMS[pair - TERM_START])
    }
}

/// The Rust source of `weights.rs` for the vector `v` (rounded to whole centipawns).
pub fn to_source(v: &[f64]) -> String {
    assert_eq!(v.len(), LEN);
    const TERM_NAMES: [&str; TERM_COUNT] = [
        "chariot mobility",
        "horse mobility",
        "horse trapped",
        "cannon mobility",
        "missing advisor x attacker",
        "missing elephant x attacker",
        "empty-head cannon",
        "cannon on the general's file",
        "double cannon",
        "chariot on the general's file",
        "discovered check by a chariot",
        "discovered check by a cannon",
        "tempo",
        "missing advisor x attacker in our half",
        "missing elephant x attacker in our half",
        "connected soldiers across the river",
    ];
    let w = |pair: usize, phase: usize| v[2 * pair + phase].round() as i32;
    let mut s = String::from(
        "//! The evaluation's weights, in centipawns, each a pair (middlegame, endgame) blended by
//! the phase. Written by `xiangqi tune` (see `crates/tools/src/tune/`); edit by hand only to
//! try a change, then tune again. Tables are from Red's side, rank 0 (Red's back rank)
//! first, and symmetric left to right; Black reads them with the ranks mirrored.

use super::term::TERM_COUNT;

/// Material by kind (general, advisor, elephant, horse, chariot, cannon, soldier).
#[rustfmt::skip]
pub const MATERIAL: [[i32; 2]; 7] = [
",
    );
    for (kind, name) in KINDS.iter().enumerate() {
        let (mg, eg) = (w(material(kind), 0), w(material(kind), 1));
        s.push_str(&format!("    [{mg}, {eg}], // {name}\n"));
    }
    s.push_str(
        "];

/// Piece-square tables by kind: the middlegame table, then the endgame one.
#[rustfmt::skip]
pub const PST: [[[i32; 90]; 2]; 7] = [
",
    );
    for (kind, name) in KINDS.iter().enumerate() {
        s.push_str(&format!("    // {name}\n    [\n"));
        for phase in 0..2 {
            s.push_str("        [\n");
            for rank in 0..10 {
                let row: Vec<String> = (0..9)
                    .map(|file| format!("{:3},", w(pst(kind, rank * 9 + file), phase)))
                    .collect();
                s.push_str(&format!("            {}\n", row.join(" ")));
            }
            s.push_str("        ],\n");
        }
        s.push_str("    ],\n");
    }
    s.push_str(
        "];

/// The other terms, in the order of [`super::term::Term`].
#[rustfmt::skip]
pub const TERMS: [[i32; 2]; TERM_COUNT] = [
",
    );
    for t in ALL_TERMS {
        let (mg, eg) = (w(term(t), 0), w(term(t), 1));
        s.push_str(&format!(
            "    [{mg}, {eg}], // {}\n",
            TERM_NAMES[t as usize]
        ));
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checked_in_weights_are_what_the_tuner_writes() {
        // A hand edit that breaks the format (or a table that is not symmetric) shows here.
        let written = to_source(&current());
        assert_eq!(written, include_str!("weights.rs"));
    }

    #[test]
    fn every_index_has_one_meaning() {
        let mut seen = vec![false; PAIRS];
        for kind in 0..7 {
            seen[material(kind)] = true;
            for sq in 0..90 {
                seen[pst(kind, sq)] = true;
            }
        }
        for t in ALL_TERMS {
            assert!(!seen[term(t)]);
            seen[term(t)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(name(2 * term(Term::Tempo) + 1), "Tempo eg");
        assert_eq!(name(2 * pst(3, 9 * 2 + 7)), "pst horse rank 2 file 1 mg");
    }
}
