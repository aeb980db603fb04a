//! Match statistics: the score, the Elo difference it implies and its 95% interval, and the
//! likelihood of superiority, computed as cutechess-cli and fastchess do.
//!
//! The Elo difference of a score `p` (the fraction of the points won) follows the logistic
//! model: `elo = -400 * log10(1/p - 1)`. The interval comes from the standard deviation of the
//! per-game score (1, ½ or 0) around the mean, divided by the square root of the number of
//! games, ±1.96 standard errors, each end turned into Elo.
//!
//! Games come in pairs, one opening played with each colour, and the two games of a pair are
//! not independent (a lopsided opening gives each side one win). [`Pairs`] therefore also
//! takes the variance over the pairs' scores (0, ½, 1, 1½ or 2 points, the "pentanomial"
//! model of fastchess and OpenBench); it is the interval `xiangqi match` prints. So that a
//! match where every pair scored alike (all draws, say) does not get an interval of zero
//! width, the variance counts half a pair won and half a pair lost besides the real ones.
//!
//! A match won or lost without a single point dropped has no finite estimate and a standard
//! deviation of zero; there the estimate is infinite and the one finite end of the interval is
//! the exact binomial bound: with all of `n` games won, a true score below `0.025^(1/n)` would
//! give such a result less than 2.5% of the time.

use std::fmt;

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: one a win, a half a draw.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The fraction of the points won, 0 to 1 (0.5 before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / n as f64,
        }
    }

    /// The Elo difference and its 95% interval.
    pub fn elo(&self) -> Elo {
        let n = self.games();
        if n == 0 {
            return Elo::UNKNOWN;
        }
        if self.wins == n || self.losses == n {
            return Elo::sweep(n, self.wins == n);
        }
        let nf = n as f64;
        let mu = self.score();
        let var = (self.wins as f64 * (1.0 - mu).powi(2)
            + self.draws as f64 * (0.5 - mu).powi(2)
            + self.losses as f64 * mu.powi(2))
            / nf;
        Elo::around(mu, var.sqrt() / nf.sqrt())
    }

    /// The likelihood of superiority: the probability that this player is the stronger,
    /// from wins and losses (draws say nothing about it), 0 to 1.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }
}

/// The scores of colour-swapped game pairs from one player's side: how many pairs scored
/// 0, ½, 1, 1½ and 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// `counts[k]`: pairs that scored `k/2` points.
    pub counts: [u32; 5],
}

impl Pairs {
    /// Counts a pair with these two results (points: 0, 0.5 or 1 each).
    pub fn add(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[halves] += 1;
    }

    /// Pairs counted.
    pub fn len(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// True before any pair is counted.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The Elo difference and its 95% interval from the variance over pairs (see the
    /// module doc). The estimate is that of the plain score; infinite when every pair was
    /// won (or lost), with the finite end from the per-pair binomial bound.
    pub fn elo(&self) -> Elo {
        let n = self.len();
        if n == 0 {
            return Elo::UNKNOWN;
        }
        if self.counts[4] == n || self.counts[0] == n {
            return Elo::sweep(n, self.counts[4] == n);
        }
        let nf = n as f64;
        // Per-game score of each class of pair: 0, 0.25, 0.5, 0.75, 1.
        let score = |k: usize| k as f64 / 4.0;
        let mu = (0..5)
            .map(|k| self.counts[k] as f64 * score(k))
            .sum::<f64>()
            / nf;
        // Half a pair won and half lost, so that the variance is never zero.
        let spread = (0..5)
            .map(|k| self.counts[k] as f64 * (score(k) - mu).powi(2))
            .sum::<f64>()
            + 0.5 * (1.0 - mu).powi(2)
            + 0.5 * mu.powi(2);
        let var = spread / (nf + 1.0);
        Elo::around(mu, var.sqrt() / nf.sqrt())
    }
}

/// The Elo difference of a score from 0 to 1 (infinite at the ends).
pub fn elo_from_score(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// An Elo difference with its 95% interval; the ends may be infinite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub diff: f64,
    /// The lower end of the 95% interval.
    pub lower: f64,
    /// The upper end of the 95% interval.
    pub upper: f64,
}

impl Elo {
    /// No games: no estimate, an interval without ends.
    const UNKNOWN: Elo = Elo {
        diff: 0.0,
        lower: f64::NEG_INFINITY,
        upper: f64::INFINITY,
    };

    /// All of `n` games (or pairs) won (`won`) or all lost: an infinite estimate, and as the
    /// one finite end the exact binomial bound (a true score below `0.025^(1/n)` would give
    /// such a sweep less than 2.5% of the time).
    fn sweep(n: u32, won: bool) -> Elo {
        let bound = 0.025f64.powf(1.0 / n as f64);
        if won {
            Elo {
                diff: f64::INFINITY,
                lower: elo_from_score(bound),
                upper: f64::INFINITY,
            }
        } else {
            Elo {
                diff: f64::NEG_INFINITY,
                lower: f64::NEG_INFINITY,
                upper: elo_from_score(1.0 - bound),
            }
        }
    }

    /// The score `mu` with standard error `stderr`: its Elo and the ends of mu +- 1.96 errors.
    fn around(mu: f64, stderr: f64) -> Elo {
        Elo {
            diff: elo_from_score(mu),
            lower: elo_from_score(mu - Z95 * stderr),
            upper: elo_from_score(mu + Z95 * stderr),
        }
    }

    /// Half the width of the interval, as cutechess prints it after `+/-`, when both ends
    /// are finite.
    pub fn margin(&self) -> Option<f64> {
        (self.lower.is_finite() && self.upper.is_finite()).then(|| (self.upper - self.lower) / 2.0)
    }
}

/// Formats an Elo value with its sign and one decimal, or `+inf`/`-inf`.
pub fn signed(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else {
        // No "-0.0" for an even score.
        format!("{:+.1}", if x == 0.0 { 0.0 } else { x })
    }
}

/// Like `+190.8 +/- 98.3 (95% interval +101.2 to +290.4)`.
impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", signed(self.diff))?;
        if let Some(m) = self.margin() {
            write!(f, " +/- {m:.1}")?;
        }
        write!(
            f,
            " (95% interval {} to {})",
            signed(self.lower),
            signed(self.upper)
        )
    }
}

/// The error function, to about 1e-7 (Abramowitz and Stegun 7.1.26).
fn erf(x: f64) -> f64 {
    let sign = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(close(elo_from_score(0.75), 190.85, 0.01));
        assert!(close(elo_from_score(0.25), -190.85, 0.01));
        assert!(close(elo_from_score(0.9), 381.70, 0.01));
        assert!(close(elo_from_score(0.95), 511.50, 0.01));
        // 100 Elo is the classic 64%.
        assert!(close(elo_from_score(0.640_065), 100.0, 0.01));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(signed(-0.0), "+0.0");
        assert_eq!(signed(-12.34), "-12.3");
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_of_an_even_match() {
        // 10 wins, 10 losses: score 0.5, per-game deviation 0.5, standard error 0.5/sqrt(20).
        let t = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let e = t.elo();
        assert_eq!(e.diff, 0.0);
        let hi = elo_from_score(0.5 + Z95 * 0.5 / 20f64.sqrt());
        assert!(close(e.upper, hi, 1e-9) && close(e.lower, -hi, 1e-9));
        assert!(close(e.margin().unwrap(), 163.32, 0.01), "{e}");
        assert!(close(t.los(), 0.5, 1e-6));
    }

    #[test]
    fn interval_with_draws() {
        // 30 wins, 20 draws, 10 losses: score 2/3, per-game variance 5/36, standard error
        // 0.0481; the interval is +50.6 to +201.2, so +120.4 +/- 75.3.
        let t = Tally {
            wins: 30,
            draws: 20,
            losses: 10,
        };
        let e = t.elo();
        assert!(close(e.diff, 120.4, 0.05), "{e}");
        assert!(close(e.margin().unwrap(), 75.26, 0.01), "{e}");
        assert!(
            close(e.lower, 50.64, 0.01) && close(e.upper, 201.16, 0.01),
            "{e}"
        );
        assert!(close(t.los(), 0.9992, 0.0005), "{}", t.los());
        assert_eq!(e.to_string().split(' ').next(), Some("+120.4"));
    }

    #[test]
    fn clean_sweeps_have_one_finite_bound() {
        let all = Tally {
            wins: 40,
            draws: 0,
            losses: 0,
        };
        let e = all.elo();
        assert_eq!(e.diff, f64::INFINITY);
        assert_eq!(e.upper, f64::INFINITY);
        // 0.025^(1/40) = 0.9120: at least +406 Elo.
        assert!(close(
            e.lower,
            elo_from_score(0.025f64.powf(1.0 / 40.0)),
            1e-9
        ));
        assert!(e.lower > 400.0 && e.lower < 410.0, "{e}");
        assert_eq!(e.margin(), None);
        assert!(e.to_string().starts_with("+inf (95% interval +"), "{e}");
        let none = Tally {
            wins: 0,
            draws: 0,
            losses: 40,
        };
        let e = none.elo();
        assert_eq!(e.diff, f64::NEG_INFINITY);
        assert!(e.upper < -400.0 && e.upper.is_finite());
        // Wins and draws but no loss: finite estimate, open upper end.
        let e = Tally {
            wins: 38,
            draws: 2,
            losses: 0,
        }
        .elo();
        assert!(e.diff.is_finite() && e.diff > 500.0);
        assert!(e.lower.is_finite() && e.lower < e.diff);
    }

    #[test]
    fn pairs_see_what_games_hide() {
        // 20 pairs, each one win and one loss: 20/0/20 in games. Counted as 40 games the
        // interval is about +/-114; counted as pairs, the pairs all scored alike and only
        // the half pseudo-pairs spread it, so it is far narrower.
        let mut p = Pairs::default();
        for _ in 0..20 {
            p.add(1.0, 0.0);
        }
        assert_eq!(p.counts, [0, 0, 20, 0, 0]);
        let e = p.elo();
        assert_eq!(e.diff, 0.0);
        let games = Tally {
            wins: 20,
            draws: 0,
            losses: 20,
        }
        .elo();
        assert!(e.margin().unwrap() < games.margin().unwrap() / 2.0, "{e}");
        assert!(e.margin().unwrap() > 0.0);
        // Pairs that go both ways: 10 pairs won 2-0, 10 lost 0-2: wider than games.
        let mut q = Pairs::default();
        for _ in 0..10 {
            q.add(1.0, 1.0);
            q.add(0.0, 0.0);
        }
        assert!(q.elo().margin().unwrap() > games.margin().unwrap());
    }

    #[test]
    fn an_all_draw_match_has_an_interval() {
        let mut p = Pairs::default();
        for _ in 0..50 {
            p.add(0.5, 0.5);
        }
        let e = p.elo();
        assert_eq!(e.diff, 0.0);
        // Variance (0.5 * 0.25 + 0.5 * 0.25) / 51 per pair, over 50 pairs.
        let stderr = (0.25f64 / 51.0).sqrt() / 50f64.sqrt();
        assert!(
            close(e.upper, elo_from_score(0.5 + Z95 * stderr), 1e-9),
            "{e}"
        );
        assert!(e.margin().unwrap() > 10.0, "{e}");
        let mut won = Pairs::default();
        won.add(1.0, 1.0);
        won.add(1.0, 1.0);
        assert_eq!(won.elo().diff, f64::INFINITY);
        assert!(won.elo().lower.is_finite());
    }

    #[test]
    fn error_function() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_79, 1e-6));
        assert!(close(erf(-1.0), -0.842_700_79, 1e-6));
        assert!(close(erf(3.0), 0.999_977_9, 1e-6));
    }
}
