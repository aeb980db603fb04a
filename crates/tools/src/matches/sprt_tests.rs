//! The test's statistics against figures other programs published for the same counts.
//!
//! Sources (pentanomial counts are written LL, LD, LW+DD, DW, WW, as Fishtest's `Ptnml(0-2)`):
//! - fastchess, `app/tests/sprt_test.cpp` (Disservin/fastchess, commit 0cbac49), its
//!   "normalized pentanomial" and "logistic pentanomial" cases. Its `Stats` takes the six
//!   pair classes in the order LL, LD, WL, DD, WD, WW (`app/src/matchmaking/stats.hpp`), and
//!   its LLR adds WL and DD into the middle class. It checks each figure to 1%.
//! - fastchess's printed results in Toudonou/zeno, `docs/testing.md` (commit 0a007fa):
//!   lines like `Ptnml(0-2): [200, 557, 1005, 643, 249]` / `LLR: 2.97 (101.0%) (-2.94, 2.94)
//!   [0.00, 5.00]` / `nElo: 16.07 +/- 9.35`, with fastchess's default model, normalized;
//!   and one such result with empty classes in namebrandon/seajay-chess's notes.

use super::*;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

fn normalized(elo0: f64, elo1: f64) -> Sprt {
    Sprt {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
        model: EloModel::Normalized,
    }
}

fn logistic(elo0: f64, elo1: f64) -> Sprt {
    Sprt {
        model: EloModel::Logistic,
        ..normalized(elo0, elo1)
    }
}

/// Checks a published LLR, given to two decimals, to within the rounding and a little more.
fn check(sprt: Sprt, counts: [u32; 5], published: f64) {
    let llr = sprt.llr(&counts);
    assert!(
        close(llr, published, 0.006),
        "{sprt}, {counts:?}: LLR {llr:.4}, published {published}"
    );
}

#[test]
fn bounds_are_walds() {
    // ln(0.05/0.95) and ln(0.95/0.05): the (-2.94, 2.94) of every Fishtest and fastchess
    // test at alpha = beta = 0.05 (zeno's "(-2.94, 2.94) [0.00, 5.00]").
    let (lower, upper) = normalized(0.0, 5.0).bounds();
    assert!(close(lower, -2.944_438_979, 1e-8), "{lower}");
    assert!(close(upper, 2.944_438_979, 1e-8), "{upper}");
    // alpha 0.05, beta 0.10: zeno's "(-2.25, 2.89) [0.00, 2.00]" (fastchess).
    let (lower, upper) = Sprt {
        beta: 0.10,
        ..normalized(0.0, 2.0)
    }
    .bounds();
    assert!(
        close(lower, -2.25, 0.005) && close(upper, 2.89, 0.005),
        "{lower} {upper}"
    );
    let s = normalized(0.0, 5.0);
    assert_eq!(s.verdict(2.95), Some(Verdict::H1));
    assert_eq!(s.verdict(-2.95), Some(Verdict::H0));
    assert_eq!(s.verdict(2.9), None);
}

#[test]
fn normalized_llr_as_fastchess_tests_it() {
    // fastchess "normalized pentanomial 1": Stats(365, 16618, 36029, 200, 16974, 390),
    // SPRT(0.05, 0.05, 0, 2, "normalized") -> 2.25.
    check(normalized(0.0, 2.0), [365, 16618, 36229, 16974, 390], 2.25);
    // "normalized pentanomial 2": Stats(127, 4883, 10311, 401, 5150, 104), bounds -1.75 and
    // 0.25 -> 3.01.
    check(normalized(-1.75, 0.25), [127, 4883, 10712, 5150, 104], 3.01);
    // Its "normalized pentanomial 3" (104 pairs all won, 0 and 5 -> 2.94) is left out: for
    // those counts a line-by-line port of Fishtest's LLRcalc.py gives 2.09, as this does.
}

#[test]
fn normalized_llr_as_fastchess_prints_it() {
    // zeno, "Change the conditions for returning an evaluation from the TT": [0, 5] -> 2.97.
    check(normalized(0.0, 5.0), [200, 557, 1005, 643, 249], 2.97);
    // zeno, "History Heuristic": [0, 2], alpha 0.05, beta 0.10 -> 0.53 (the bounds do not
    // enter the LLR).
    check(normalized(0.0, 2.0), [224, 309, 874, 347, 246], 0.53);
    // zeno, "Search tables refactoring": [0, 5] -> 2.95.
    check(normalized(0.0, 5.0), [82, 297, 528, 321, 154], 2.95);
    // 10 pairs with two classes empty (they count 0.001 each), bounds 0 and 50: fastchess's
    // `Ptnml(0-2): [0, 0, 1, 8, 1]` / `LLR: 1.24 (42.1%) (-2.94, 2.94) [0.00, 50.00]` /
    // `nElo: 549.34 +/- 152.27`, in namebrandon/seajay-chess's stage-14 SPRT notes.
    check(normalized(0.0, 50.0), [0, 0, 1, 8, 1], 1.24);
    let (nelo, margin) = normalized_elo(&[0, 0, 1, 8, 1]).unwrap();
    assert!(
        close(nelo, 549.34, 0.006) && close(margin, 152.27, 0.006),
        "{nelo} {margin}"
    );
}

#[test]
fn logistic_llr_as_fastchess_tests_it() {
    // fastchess "logistic pentanomial 1": Stats(223, 9863, 20279, 1000, 10037, 246),
    // SPRT(0.05, 0.05, 0.5, 2.5, "logistic") -> -3.07.
    check(logistic(0.5, 2.5), [223, 9863, 21279, 10037, 246], -3.07);
    // "logistic pentanomial 2": Stats(871, 26175, 55003, 980, 26678, 821), 0 and 2 -> -4.98.
    check(logistic(0.0, 2.0), [871, 26175, 55983, 26678, 821], -4.98);
}

#[test]
fn normalized_elo_as_fastchess_prints_it() {
    // zeno: "Elo: 12.05 +/- 7.02, nElo: 16.07 +/- 9.35" for [200, 557, 1005, 643, 249].
    let (nelo, margin) = normalized_elo(&[200, 557, 1005, 643, 249]).unwrap();
    assert!(close(nelo, 16.07, 0.006), "{nelo}");
    assert!(close(margin, 9.35, 0.006), "{margin}");
    // "Elo: 21.14 +/- 9.71, nElo: 28.28 +/- 12.95" for [82, 297, 528, 321, 154].
    let (nelo, margin) = normalized_elo(&[82, 297, 528, 321, 154]).unwrap();
    assert!(
        close(nelo, 28.28, 0.006) && close(margin, 12.95, 0.006),
        "{nelo} {margin}"
    );
    assert_eq!(normalized_elo(&[0; 5]), None);
    assert_eq!(normalized_elo(&[0, 0, 7, 0, 0]), None);
}

#[test]
fn the_llr_is_zero_before_a_pair_and_antisymmetric() {
    assert_eq!(normalized(0.0, 5.0).llr(&[0; 5]), 0.0);
    // Every pair won: the empty classes keep the likelihoods finite.
    let all_won = normalized(0.0, 5.0).llr(&[0, 0, 0, 0, 104]);
    assert!(all_won.is_finite() && all_won > 0.0, "{all_won}");
    // With wide bounds Fishtest's iteration has no step to take from the uniform start;
    // the LLR still grows with every pair won.
    let wide = normalized(0.0, 300.0);
    let mut last = 0.0;
    for n in 1..=6 {
        let llr = wide.llr(&[0, 0, 0, 0, n]);
        assert!(llr.is_finite() && llr > last, "{n} pairs: {llr}");
        last = llr;
    }
    // Seen from B's side (the counts reversed, each Elo negated) the LLR is the same.
    let counts = [200, 557, 1005, 643, 249];
    let mut swapped = counts;
    swapped.reverse();
    for s in [normalized(0.0, 5.0), logistic(0.0, 5.0)] {
        let mirror = Sprt {
            elo0: -s.elo0,
            elo1: -s.elo1,
            ..s
        };
        assert!(close(s.llr(&counts), mirror.llr(&swapped), 1e-9));
    }
}

#[test]
fn parse_the_spec() {
    let s: Sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
    assert_eq!(s, normalized(0.0, 5.0));
    let s: Sprt = "elo0=-1.75, elo1=0.25, model=logistic".parse().unwrap();
    assert_eq!(s, logistic(-1.75, 0.25));
    assert_eq!(
        s.to_string(),
        "elo0=-1.75, elo1=0.25 (logistic), alpha=0.05, beta=0.05"
    );
    let err = |t: &str| t.parse::<Sprt>().unwrap_err().to_string();
    assert_eq!(err("elo1=5"), "elo0=X is missing");
    assert_eq!(err("elo0=5,elo1=5"), "elo1 must be above elo0");
    assert_eq!(
        err("elo0=0,elo1=5,alpha=0.5,beta=0.5"),
        "alpha + beta must be below 1"
    );
    assert_eq!(
        err("elo0=0,elo1=5,alpha=0"),
        "alpha=0: alpha must be a number above 0 and below 1"
    );
    assert_eq!(
        err("elo0=0,elo1=NaN"),
        "elo1=NaN: elo1 must be a number from -1000 to 1000"
    );
    assert_eq!(err("elo0=0,elo0=1"), "elo0 is given twice");
    assert!(err("elo0=0,elo1=5,gamma=1").starts_with("\"gamma=1\" is not one of"));
    assert!(err("elo0=0,elo1=5,model=bayes").contains("normalized or logistic"));
}
