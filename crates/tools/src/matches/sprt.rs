//! The sequential probability ratio test of `xiangqi match --sprt`: after each colour-swapped
//! pair of games, the log-likelihood ratio (LLR) of "A is `elo1` stronger than B" against "A
//! is `elo0` stronger" is compared with two bounds; the test stops when it crosses one.
//!
//! The test is Fishtest's generalized SPRT on the pentanomial model, as fastchess and
//! OpenBench also run it: a pair scores 0, ½, 1, 1½ or 2 points for A, the five frequencies
//! are the data, and no assumption is made about draws or the colours' advantage. The LLR is
//! `N · Σ p̂ᵢ ln(p₁ᵢ / p₀ᵢ)` over the `N` pairs, where `p̂` is the observed distribution and
//! `p₀`, `p₁` are the distributions closest to it (by maximum likelihood) that satisfy each
//! hypothesis (Michel Van den Bergh, "Comments on Normalized Elo", section 4.1, and
//! "Support of the MLE for the multinomial", proposition 1.1; Fishtest's
//! `server/fishtest/stats/LLRcalc.py`). A count of zero is taken as 0.001, as Fishtest does.
//!
//! `elo0` and `elo1` are in **normalized Elo** by default, as Fishtest states its bounds
//! today: `nElo = 800 / ln 10 · (μ − ½) / σ`, with `μ` the per-game score and `σ` the
//! per-game standard deviation taken from the pairs (`σ = √2 · σ_pair`). A gain in normalized
//! Elo needs about the same number of games to show whatever the draw rate, so one pair of
//! bounds suits fast and slow conditions alike. `model=logistic` takes them as the usual
//! (logistic) Elo instead, the hypothesis then being the expected score `1 / (1 + 10^(−elo/400))`.
//!
//! The bounds are Wald's: `ln(β / (1 − α))` below (accept H0, A is not `elo1` better) and
//! `ln((1 − β) / α)` above (accept H1), −2.94 and +2.94 for α = β = 0.05.

use std::f64::consts::{LN_10, SQRT_2};
use std::fmt;
use std::str::FromStr;

/// Normalized Elo per unit of `t = (μ − ½) / σ`: `800 / ln 10`, about 347.4.
pub const NELO_PER_T: f64 = 800.0 / LN_10;

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// A frequency of zero counts as this much, so that every outcome has a likelihood.
const EMPTY: f64 = 1e-3;

/// The per-pair score of each pentanomial class, as a fraction of the pair's two points.
const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// How `elo0` and `elo1` are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EloModel {
    /// Normalized Elo (Fishtest's bounds): the score's distance from ½ in standard deviations.
    Normalized,
    /// Logistic Elo: the expected score `1 / (1 + 10^(−elo/400))`.
    Logistic,
}

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR fell to the lower bound: A is not `elo1` stronger (the change fails).
    H0,
    /// The LLR rose to the upper bound: A is `elo1` rather than `elo0` stronger (it passes).
    H1,
}

/// A sequential test's parameters, as `--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05` gives them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative, above `elo0`.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds, 0 to 1.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds, 0 to 1.
    pub beta: f64,
    /// How `elo0` and `elo1` are read.
    pub model: EloModel,
}

impl Sprt {
    /// The lower and upper bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of these pair counts (`counts[k]`: pairs that scored `k/2`
    /// points for A); 0 before any pair.
    pub fn llr(&self, counts: &[u32; 5]) -> f64 {
        let n: u32 = counts.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let weights = counts.map(|c| if c == 0 { EMPTY } else { c as f64 });
        let total: f64 = weights.iter().sum();
        let observed = weights.map(|w| w / total);
        let (p0, p1) = match self.model {
            EloModel::Normalized => {
                // A pair's standard deviation is the game's over √2, so its t is √2 times.
                let t = |elo: f64| elo / NELO_PER_T * SQRT_2;
                (
                    closest_with_t(&observed, t(self.elo0)),
                    closest_with_t(&observed, t(self.elo1)),
                )
            }
            EloModel::Logistic => {
                let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
                (
                    closest_with_mean(&observed, score(self.elo0)),
                    closest_with_mean(&observed, score(self.elo1)),
                )
            }
        };
        total
            * (0..5)
                .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }

    /// The verdict at this LLR, if it has crossed a bound.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// The normalized Elo of these pair counts and half the width of its 95% interval, as
/// fastchess prints them (`nElo: 16.07 +/- 9.35`); `None` before any pair or when every pair
/// scored alike (no spread to measure with).
pub fn normalized_elo(counts: &[u32; 5]) -> Option<(f64, f64)> {
    let n: u32 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let nf = n as f64;
    let mu = (0..5).map(|i| counts[i] as f64 * SCORES[i]).sum::<f64>() / nf;
    let var = (0..5)
        .map(|i| counts[i] as f64 * (SCORES[i] - mu).powi(2))
        .sum::<f64>()
        / nf;
    if var <= 0.0 {
        return None;
    }
    let t = (mu - 0.5) / (2.0 * var).sqrt();
    Some((t * NELO_PER_T, Z95 * NELO_PER_T / (2.0 * nf).sqrt()))
}

fn mean_and_variance(p: &[f64; 5]) -> (f64, f64) {
    let mu: f64 = (0..5).map(|i| p[i] * SCORES[i]).sum();
    let var = (0..5).map(|i| p[i] * (SCORES[i] - mu).powi(2)).sum();
    (mu, var)
}

/// The `x` where `Σ p̂ᵢ φᵢ / (1 + x φᵢ) = 0`, between the poles `−1/max φ` and `−1/min φ`
/// (the function falls from +∞ to −∞ there, so bisection finds it); `None` when the `φᵢ` do
/// not take both signs (no distribution of the observed support satisfies the constraint).
fn secular(observed: &[f64; 5], phi: &[f64; 5]) -> Option<f64> {
    let lo_phi = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_phi = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(lo_phi < 0.0 && hi_phi > 0.0) {
        return None;
    }
    let f = |x: f64| {
        (0..5)
            .map(|i| observed[i] * phi[i] / (1.0 + x * phi[i]))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (-1.0 / hi_phi, -1.0 / lo_phi);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The distribution on the observed support closest to `observed` whose mean is `s`
/// ("Support of the MLE for the multinomial", proposition 1.1).
fn closest_with_mean(observed: &[f64; 5], s: f64) -> [f64; 5] {
    let phi = SCORES.map(|a| a - s);
    let x = secular(observed, &phi).unwrap_or(0.0);
    std::array::from_fn(|i| observed[i] / (1.0 + x * phi[i]))
}

/// The distribution closest to `observed` whose `(μ − ½) / σ` is `t`, by the fixed-point
/// iteration of "Comments on Normalized Elo", section 4.1, from the uniform distribution, as
/// Fishtest computes it. Far from the data (every pair won, and a large `t`) that iteration
/// can step where no distribution of the support meets the constraint; then `t` is reached
/// in small steps from 0 instead, each starting from the last one's answer.
fn closest_with_t(observed: &[f64; 5], t: f64) -> [f64; 5] {
    const UNIFORM: [f64; 5] = [0.2; 5];
    if let Some(p) = iterate_t(observed, t, UNIFORM) {
        return p;
    }
    const STEPS: u32 = 64;
    let mut p = UNIFORM;
    for step in 1..=STEPS {
        match iterate_t(observed, t * step as f64 / STEPS as f64, p) {
            Some(next) => p = next,
            None => break,
        }
    }
    p
}

/// The fixed-point iteration for `t` from `p`, until it settles; `None` if a step has no
/// solution.
fn iterate_t(observed: &[f64; 5], t: f64, mut p: [f64; 5]) -> Option<[f64; 5]> {
    for _ in 0..100 {
        let (mu, var) = mean_and_variance(&p);
        let sigma = var.sqrt();
        let phi = SCORES.map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)));
        let x = secular(observed, &phi)?;
        let next: [f64; 5] = std::array::from_fn(|i| observed[i] / (1.0 + x * phi[i]));
        let change = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    Some(p)
}

/// Why `--sprt` text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SprtSpecError {
    /// A part is not `KEY=VALUE`, or its key is unknown.
    Key(String),
    /// A key is given twice.
    Repeated(&'static str),
    /// A value is not a finite number, or out of range.
    Value {
        /// The key.
        key: &'static str,
        /// The value as written.
        text: String,
        /// What it must be.
        range: &'static str,
    },
    /// `elo0` or `elo1` is missing.
    Missing(&'static str),
    /// `elo1` is not above `elo0`, or `alpha + beta` is not below 1.
    Inconsistent(&'static str),
}

impl fmt::Display for SprtSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtSpecError::Key(part) => write!(
                f,
                "\"{part}\" is not one of elo0=X, elo1=X, alpha=X, beta=X, model=normalized|logistic"
            ),
            SprtSpecError::Repeated(key) => write!(f, "{key} is given twice"),
            SprtSpecError::Value { key, text, range } => {
                write!(f, "{key}={text}: {key} must be {range}")
            }
            SprtSpecError::Missing(key) => write!(f, "{key}=X is missing"),
            SprtSpecError::Inconsistent(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for SprtSpecError {}

/// The widest Elo difference a test may ask about.
const MAX_ELO: f64 = 1000.0;

impl FromStr for Sprt {
    type Err = SprtSpecError;

    /// `elo0=X,elo1=X[,alpha=X][,beta=X][,model=normalized|logistic]`; alpha and beta are
    /// 0.05 unless given.
    fn from_str(text: &str) -> Result<Sprt, SprtSpecError> {
        let mut got: [Option<f64>; 4] = [None; 4];
        let mut model = None;
        const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        for part in text.split(',').map(str::trim) {
            let Some((key, value)) = part.split_once('=') else {
                return Err(SprtSpecError::Key(part.to_string()));
            };
            let (key, value) = (key.trim(), value.trim());
            if key == "model" {
                if model.is_some() {
                    return Err(SprtSpecError::Repeated("model"));
                }
                model = Some(match value {
                    "normalized" => EloModel::Normalized,
                    "logistic" => EloModel::Logistic,
                    _ => {
                        return Err(SprtSpecError::Value {
                            key: "model",
                            text: value.to_string(),
                            range: "normalized or logistic",
                        })
                    }
                });
                continue;
            }
            let Some(k) = KEYS.iter().position(|&k| k == key) else {
                return Err(SprtSpecError::Key(part.to_string()));
            };
            let (lo, hi, range) = if k < 2 {
                (-MAX_ELO, MAX_ELO, "a number from -1000 to 1000")
            } else {
                (0.0, 1.0, "a number above 0 and below 1")
            };
            let x = value
                .parse::<f64>()
                .ok()
                .filter(|x| {
                    x.is_finite() && *x >= lo && *x <= hi && (k < 2 || (*x > 0.0 && *x < 1.0))
                })
                .ok_or_else(|| SprtSpecError::Value {
                    key: KEYS[k],
                    text: value.to_string(),
                    range,
                })?;
            if got[k].replace(x).is_some() {
                return Err(SprtSpecError::Repeated(KEYS[k]));
            }
        }
        let [elo0, elo1, alpha, beta] = got;
        let sprt = Sprt {
            elo0: elo0.ok_or(SprtSpecError::Missing("elo0"))?,
            elo1: elo1.ok_or(SprtSpecError::Missing("elo1"))?,
            alpha: alpha.unwrap_or(0.05),
            beta: beta.unwrap_or(0.05),
            model: model.unwrap_or(EloModel::Normalized),
        };
        if sprt.elo1 <= sprt.elo0 {
            return Err(SprtSpecError::Inconsistent("elo1 must be above elo0"));
        }
        if sprt.alpha + sprt.beta >= 1.0 {
            return Err(SprtSpecError::Inconsistent("alpha + beta must be below 1"));
        }
        Ok(sprt)
    }
}

/// Like `elo0=0, elo1=5 (normalized), alpha=0.05, beta=0.05`.
impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = match self.model {
            EloModel::Normalized => "normalized",
            EloModel::Logistic => "logistic",
        };
        write!(
            f,
            "elo0={}, elo1={} ({model}), alpha={}, beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
#[path = "sprt_tests.rs"]
mod tests;
