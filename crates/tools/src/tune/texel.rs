//! `xiangqi tune`: Texel's method. The evaluation of each position, squashed to an
//! expected score by `1 / (1 + 10^(-K * eval / 400))`, should match the result of its game;
//! the weights are moved to lower the mean squared error over the data set.
//!
//! 1. Each position's features (how much each weight counts in its evaluation, see
//!    `xiangqi_ai::eval::features`) are computed once; the evaluation is then linear in
//!    the weights.
//! 2. `K` is fitted to the weights as they are (a scan, then a finer one around the best).
//! 3. Full-batch gradient descent with momentum, the gradient summed on every core, with
//!    an optional pull toward the starting weights. The general's material (it never leaves
//!    the board) and the chariot's (the scale) stay fixed. Every tenth position is held out and its error reported, to
//!    see over-fitting.
//! 4. The weights are rounded and written as `weights.rs`, in the form the evaluation reads.

use super::sample::Sample;
use xiangqi_ai::eval::{features, layout, MAX_PHASE};

/// One position as the tuner sees it.
pub struct Entry {
    /// (weight index, coefficient): the evaluation for Red is the sum of weight times
    /// coefficient, the phase's blend already in the coefficient.
    pub coefs: Vec<(u32, f32)>,
    /// The game's result for Red.
    pub result: f32,
}

impl Entry {
    /// The entry for a sample.
    pub fn new(s: &Sample) -> Entry {
        let f = features(&s.position);
        let mg = f.phase as f32 / MAX_PHASE as f32;
        let mut coefs = Vec::with_capacity(2 * f.counts.len());
        for &(pair, n) in &f.counts {
            let pair = pair as u32;
            if mg > 0.0 {
                coefs.push((2 * pair, n as f32 * mg));
            }
            if mg < 1.0 {
                coefs.push((2 * pair + 1, n as f32 * (1.0 - mg)));
            }
        }
        Entry {
            coefs,
            result: s.result as f32,
        }
    }

    /// The evaluation for Red with the weights `w`.
    #[inline]
    pub fn eval(&self, w: &[f64]) -> f64 {
        self.coefs
            .iter()
            .map(|&(i, c)| w[i as usize] * c as f64)
            .sum()
    }
}

/// The expected score of an evaluation.
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Splits `entries` over the machine's cores and adds up `f` of each chunk.
fn par_sum<T: Send + Default + std::ops::AddAssign>(
    entries: &[Entry],
    threads: usize,
    f: impl Fn(&[Entry]) -> T + Sync,
) -> T {
    let chunk = entries.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = entries
            .chunks(chunk)
            .map(|c| scope.spawn(|| f(c)))
            .collect();
        let mut total = T::default();
        for h in handles {
            total += h.join().expect("a tuning thread panicked");
        }
        total
    })
}

/// The mean squared error of the weights `w` with scale `k`.
pub fn loss(entries: &[Entry], w: &[f64], k: f64, threads: usize) -> f64 {
    if entries.is_empty() {
        return 0.0;
    }
    let sum = par_sum(entries, threads, |c| {
        c.iter()
            .map(|e| (e.result as f64 - sigmoid(k, e.eval(w))).powi(2))
            .sum::<f64>()
    });
    sum / entries.len() as f64
}

/// The `K` that gives the weights `w` their lowest error.
pub fn fit_k(entries: &[Entry], w: &[f64], threads: usize) -> f64 {
    let mut best = (f64::INFINITY, 1.0);
    let mut step = 0.1;
    let mut center = 1.0;
    for _ in 0..3 {
        for i in -10..=10 {
            let k = center + i as f64 * step;
            if k <= 0.0 {
                continue;
            }
            let l = loss(entries, w, k, threads);
            if l < best.0 {
                best = (l, k);
            }
        }
        center = best.1;
        step /= 10.0;
    }
    best.1
}

/// A vector of gradients, added up over chunks.
#[derive(Default)]
struct Gradient(Vec<f64>);

impl std::ops::AddAssign for Gradient {
    fn add_assign(&mut self, other: Gradient) {
        if self.0.is_empty() {
            self.0 = other.0;
        } else {
            for (a, b) in self.0.iter_mut().zip(other.0) {
                *a += b;
            }
        }
    }
}

/// How the descent runs.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Passes over the data.
    pub epochs: usize,
    /// Step size: the gradient of the mean error is multiplied by it (with momentum 0.9).
    /// Plain gradient descent, not a per-weight normalized step, so that a weight seen in
    /// few positions moves little: it has little evidence.
    pub rate: f64,
    /// Pull of each weight toward its starting value: `l2 * (w - w0)^2` is added to the
    /// error, per weight.
    pub l2: f64,
    /// Threads for the gradient.
    pub threads: usize,
}

/// What a tuning run did.
pub struct Tuned {
    /// The weights found.
    pub weights: Vec<f64>,
    /// The scale used.
    pub k: f64,
    /// The training error before and after.
    pub loss_before: f64,
    /// See `loss_before`.
    pub loss_after: f64,
    /// The error on the held-out positions before and after.
    pub validation_before: f64,
    /// See `validation_before`.
    pub validation_after: f64,
}

/// Tunes the weights `start` on `train`, reporting (epoch, training error, held-out error)
/// to `log` every 50 epochs. `K` is fitted on the training set.
pub fn tune(
    train: &[Entry],
    held_out: &[Entry],
    start: &[f64],
    cfg: &TuneConfig,
    log: &mut dyn FnMut(usize, f64, f64),
) -> Tuned {
    let k = fit_k(train, start, cfg.threads);
    let loss_before = loss(train, start, k, cfg.threads);
    let validation_before = loss(held_out, start, k, cfg.threads);
    let mut w = start.to_vec();
    let n = w.len();
    let mut velocity = vec![0.0; n];
    // The general's material never matters: it is on the board for both sides. The
    // chariot's anchors the scale: without it the descent can trade K for the size of
    // every weight, and the search's margins are in centipawns of this scale.
    let fixed = |i: usize| i / 2 == layout::material(0) || i / 2 == layout::material(4);
    let scale = train.len().max(1) as f64;
    for epoch in 1..=cfg.epochs {
        let g = par_sum(train, cfg.threads, |c| {
            let mut g = vec![0.0; n];
            for e in c {
                let s = sigmoid(k, e.eval(&w));
                // d/d eval of (r - s)^2 = -2 (r - s) s (1 - s) K ln(10) / 400.
                let d = -2.0 * (e.result as f64 - s) * s * (1.0 - s) * k * std::f64::consts::LN_10
                    / 400.0;
                for &(i, c) in &e.coefs {
                    g[i as usize] += d * c as f64;
                }
            }
            Gradient(g)
        });
        for i in 0..n {
            if fixed(i) || g.0.is_empty() {
                continue;
            }
            let gi = g.0[i] / scale + 2.0 * cfg.l2 * (w[i] - start[i]);
            velocity[i] = 0.9 * velocity[i] - cfg.rate * gi;
            w[i] += velocity[i];
        }
        if epoch % 50 == 0 || epoch == cfg.epochs {
            log(
                epoch,
                loss(train, &w, k, cfg.threads),
                loss(held_out, &w, k, cfg.threads),
            );
        }
    }
    // Whole centipawns, as the evaluation reads them.
    for x in w.iter_mut() {
        *x = x.round();
    }
    Tuned {
        loss_after: loss(train, &w, k, cfg.threads),
        validation_after: loss(held_out, &w, k, cfg.threads),
        weights: w,
        k,
        loss_before,
        validation_before,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::sample::parse_line;
    use xiangqi::Position;

    /// A tiny data set the weights as they are get wrong: an extra chariot that only ever
    /// draws, and an extra soldier that always wins.
    fn tiny() -> Vec<Entry> {
        let lines = [
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;0.5",
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1;0.5",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1;0.5",
            "rnbakabnr/9/1c5c1/2p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1;0",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;0.5",
        ];
        lines
            .iter()
            .map(|l| Entry::new(&parse_line(l).unwrap().unwrap()))
            .collect()
    }

    #[test]
    fn entries_evaluate_as_the_engine_does() {
        let w = layout::current();
        let pos = Position::from_fen("3akab2/9/4b4/p3p1R1p/2n6/9/P3P3P/4B4/4A4/2BAK4 w").unwrap();
        let e = Entry::new(&Sample {
            position: pos.clone(),
            result: 1.0,
        });
        let engine = xiangqi_ai::eval::evaluate_position(&pos) as f64;
        assert!(
            (e.eval(&w) - engine).abs() <= 2.0,
            "{} vs {engine}",
            e.eval(&w)
        );
    }

    #[test]
    fn tuning_lowers_the_loss_on_a_tiny_set() {
        let entries = tiny();
        let start = layout::current();
        let cfg = TuneConfig {
            epochs: 200,
            rate: 2e5,
            l2: 0.0,
            threads: 2,
        };
        let t = tune(&entries, &[], &start, &cfg, &mut |_, _, _| {});
        assert!(t.k > 0.0);
        assert!(
            t.loss_after < t.loss_before * 0.8,
            "{} -> {}",
            t.loss_before,
            t.loss_after
        );
        // The soldier that always wins gained value; the general's and the chariot's
        // material (the scale) did not move.
        let soldier_mg = 2 * layout::material(6);
        assert!(t.weights[soldier_mg] > start[soldier_mg]);
        assert_eq!(t.weights[0], start[0]);
        let chariot_mg = 2 * layout::material(4);
        assert_eq!(t.weights[chariot_mg], start[chariot_mg]);
        // And the result can be written as the weights file.
        assert!(layout::to_source(&t.weights).contains("pub const PST"));
    }
}
