//! How the randomized alpha-beta players draw their move among the root moves they scored
//! (`alphabeta.rs`): v2 among those within a margin of the best, each as likely; a player of
//! some skill by a softmax of the scores at a temperature, so that it plays a worse move now
//! and then, the worse the more rarely, as a person does.
//!
//! The softmax weighs a move `d` centipawns below the best by 2^(−d / temperature): the
//! temperature is the loss that halves a move's chance. It is reckoned in integers, so that
//! every build (native or wasm) draws the same move from the same seed. A loss beyond
//! [`SOFTMAX_CAP`] counts as the cap: a hot player misses a mate or drops its rook now and
//! then, a cool one practically never.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use xiangqi::Move;

/// How a randomized player chooses among its scored root moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Any move within this many centipawns of the best, each as likely (v2).
    Margin(i32),
    /// A softmax of the scores at this temperature: centipawns lost that halve a move's
    /// chance (0: the best move always).
    Softmax(i32),
}

/// The largest loss the softmax tells apart, in centipawns: anything worse (a piece dropped
/// for nothing, a mate allowed or missed) weighs as much as losing this.
pub const SOFTMAX_CAP: i32 = 1_000;

/// 2^20 × 2^(−i/16) for i in 0..16, rounded: the sixteenths of a halving.
const FRACTIONS: [u64; 16] = [
    1_048_576, 1_004_120, 961_548, 920_782, 881_744, 844_361, 808_563, 774_282, 741_455, 710_020,
    679_917, 651_091, 623_487, 597_053, 571_740, 547_500,
];

/// The softmax weight of a move `loss` centipawns below the best at `temperature` (above
/// zero): 2^20 × 2^(−loss / temperature), to a sixteenth of a halving.
pub fn softmax_weight(loss: i32, temperature: i32) -> u64 {
    let loss = loss.clamp(0, SOFTMAX_CAP) as i64;
    let t = i64::from(temperature.max(1));
    let sixteenths = loss * 16 / t;
    let halvings = sixteenths / 16;
    if halvings >= 64 {
        return 0;
    }
    FRACTIONS[(sixteenths % 16) as usize] >> halvings
}

/// Draws a move from `scored` (each move with its score, the best first and no move scored
/// above it) as `choice` says, with `seed`: the same seed, the same move. `None` only when
/// `scored` is empty.
pub fn draw(scored: &[(Move, i32)], choice: Choice, seed: u64) -> Option<(Move, i32)> {
    let &(_, best) = scored.first()?;
    let mut rng = Pcg32::seed_from_u64(seed);
    match choice {
        Choice::Margin(margin) => {
            let near: Vec<_> = scored.iter().filter(|m| m.1 >= best - margin).collect();
            near.choose(&mut rng).map(|&&m| m)
        }
        Choice::Softmax(temperature) if temperature <= 0 => Some(scored[0]),
        Choice::Softmax(temperature) => {
            let weights: Vec<u64> = scored
                .iter()
                .map(|&(_, s)| softmax_weight(best.saturating_sub(s), temperature))
                .collect();
            let total: u64 = weights.iter().sum();
            let mut left = rng.random_range(0..total);
            for (m, w) in scored.iter().zip(weights) {
                if left < w {
                    return Some(*m);
                }
                left -= w;
            }
            Some(scored[0])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The weight of no loss: 2^20.
    const ONE: u64 = 1 << 20;

    fn moves(scores: &[i32]) -> Vec<(Move, i32)> {
        let texts = ["h2e2", "b2e2", "h0g2", "c3c4", "g3g4", "a3a4"];
        scores
            .iter()
            .zip(texts)
            .map(|(&s, t)| (xiangqi::notation::parse_uci(t).unwrap(), s))
            .collect()
    }

    /// How often each of `scored`'s moves is drawn over `n` seeds.
    fn counts(scored: &[(Move, i32)], choice: Choice, n: u64) -> Vec<u64> {
        let mut counts = vec![0; scored.len()];
        for seed in 0..n {
            let (m, _) = draw(scored, choice, seed).unwrap();
            counts[scored.iter().position(|s| s.0 == m).unwrap()] += 1;
        }
        counts
    }

    #[test]
    fn a_loss_of_one_temperature_halves_the_weight() {
        assert_eq!(softmax_weight(0, 100), ONE);
        assert_eq!(softmax_weight(100, 100), ONE / 2);
        assert_eq!(softmax_weight(300, 100), ONE / 8);
        // Half a temperature: 2^(−1/2) = 0.7071.
        assert_eq!(softmax_weight(50, 100), 741_455);
        // Beyond the cap, the cap; a gain counts as no loss.
        assert_eq!(softmax_weight(5_000, 100), softmax_weight(SOFTMAX_CAP, 100));
        assert_eq!(softmax_weight(-40, 100), ONE);
        assert_eq!(softmax_weight(SOFTMAX_CAP, 10), 0);
    }

    #[test]
    fn the_softmax_plays_worse_moves_as_often_as_their_weights_say() {
        // Losses of 0, 100 and 200 at temperature 100: weights 4 : 2 : 1.
        let scored = moves(&[50, -50, -150]);
        let c = counts(&scored, Choice::Softmax(100), 7_000);
        for (got, want) in c.iter().zip([4_000, 2_000, 1_000]) {
            assert!(got.abs_diff(want) < 200, "{c:?}");
        }
        // A mate in one (its gain capped) is missed at a high temperature, now and then:
        // five moves each 2^(-1000/300) as likely, 33.5% in all...
        let mate = moves(&[29_000, 0, 0, 0, 0, 0]);
        let missed = 10_000 - counts(&mate, Choice::Softmax(300), 10_000)[0];
        assert!((3_000..3_700).contains(&missed), "{missed}");
        // ...and never at a low one.
        assert_eq!(counts(&mate, Choice::Softmax(40), 10_000)[0], 10_000);
    }

    #[test]
    fn the_same_seed_draws_the_same_move_and_no_heat_the_best() {
        let scored = moves(&[0, -10, -20, -30, -40, -50]);
        for seed in 0..50 {
            let once = draw(&scored, Choice::Softmax(40), seed);
            assert_eq!(draw(&scored, Choice::Softmax(40), seed), once);
        }
        assert!(counts(&scored, Choice::Softmax(40), 600)
            .iter()
            .all(|&c| c > 0));
        assert_eq!(counts(&scored, Choice::Softmax(0), 100)[0], 100);
        assert_eq!(draw(&[], Choice::Softmax(40), 1), None);
    }

    #[test]
    fn the_margin_draws_alike_among_the_moves_near_the_best() {
        let scored = moves(&[0, -10, -20, -30]);
        let c = counts(&scored, Choice::Margin(20), 3_000);
        assert_eq!(c[3], 0);
        assert!(c[..3].iter().all(|&n| n.abs_diff(1_000) < 120), "{c:?}");
    }
}
