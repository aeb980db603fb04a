//! A person's rating: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012), one
//! result at a time. The practice page rates the solver, each puzzle an opponent of its
//! difficulty whose rating is known to within [`PUZZLE_RD`] (solved, a win; failed, a loss);
//! the game's page rates the player against the computer's levels (`records::saved::rating`).

/// The system constant τ: how much the volatility may change (Glickman suggests 0.3 to 1.2).
const TAU: f64 = 0.5;
/// Glicko-2's scale: rating points per unit.
const SCALE: f64 = 173.7178;
/// How well a puzzle's rating is known, as a rating deviation.
pub const PUZZLE_RD: f64 = 80.0;
/// The least rating deviation a solver keeps, so a rating never freezes.
const MIN_RD: f64 = 45.0;

/// e^x = 2^k·e^r with r = x − k·ln 2 under 0.35 in size, e^r by its series (the float
/// library's `exp` and `ln` would cost the page's first load a kilobyte for these few uses).
fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let x = x.clamp(-708.0, 709.0);
    let k = (x / core::f64::consts::LN_2).round();
    let r = x - k * core::f64::consts::LN_2;
    let (mut term, mut sum) = (1.0, 1.0);
    for n in 1..20 {
        term *= r / f64::from(n);
        sum += term;
    }
    sum * f64::from_bits(((k as i64 + 1023) as u64) << 52)
}

/// The natural logarithm of x (NaN unless x > 0): x = m·2^e with m in [1, 2), and
/// ln m = 2·artanh((m − 1)/(m + 1)) by its series.
fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return f64::NAN;
    }
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    let z = (m - 1.0) / (m + 1.0);
    let (z2, mut power, mut sum) = (z * z, z, 0.0);
    for k in 0..24 {
        sum += power / f64::from(2 * k + 1);
        power *= z2;
    }
    2.0 * sum + f64::from(e) * core::f64::consts::LN_2
}

/// A rating with its deviation and volatility.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// How uncertain it is (one standard deviation).
    pub rd: f64,
    /// How erratic the solver's results are.
    pub vol: f64,
}

impl Default for Rating {
    /// A new solver: 1500 ± 350.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            rd: 350.0,
            vol: 0.06,
        }
    }
}

impl Rating {
    /// This rating with each number held to its range (one that is not a number: the new
    /// solver's): a rating from 0 to 4000, a deviation from the least kept to a new solver's,
    /// a volatility from 0.001 to 1.
    pub fn held(self) -> Rating {
        self.held_from(0.0)
    }

    /// The same, the rating from `lowest` (the levels' scale goes below zero) to 4000.
    pub fn held_from(self, lowest: f64) -> Rating {
        let new = Rating::default();
        let hold = |x: f64, lo: f64, hi: f64, default: f64| {
            if x.is_nan() {
                default
            } else {
                x.clamp(lo, hi)
            }
        };
        Rating {
            rating: hold(self.rating, lowest, 4000.0, new.rating),
            rd: hold(self.rd, MIN_RD, new.rd, new.rd),
            vol: hold(self.vol, 0.001, 1.0, new.vol),
        }
    }

    /// The rating after one game against opponents `(rating, rd, score)` (score 1 won, 0
    /// lost), as in Glickman's steps 2 to 8.
    pub fn after(self, games: &[(f64, f64, f64)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.rd / SCALE;
        if games.is_empty() {
            let phi = (phi * phi + self.vol * self.vol).sqrt();
            return Rating {
                rd: phi * SCALE,
                ..self
            };
        }
        let g =
            |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + exp(-g(phi_j) * (mu - mu_j)));
        let mut v_inv = 0.0;
        let mut delta_sum = 0.0;
        for &(r, rd, s) in games {
            let (mu_j, phi_j) = ((r - 1500.0) / SCALE, rd / SCALE);
            let (gj, ej) = (g(phi_j), e(mu_j, phi_j));
            v_inv += gj * gj * ej * (1.0 - ej);
            delta_sum += gj * (s - ej);
        }
        let v = 1.0 / v_inv;
        let delta = v * delta_sum;
        // Step 5: the new volatility, by the Illinois algorithm.
        let a = ln(self.vol * self.vol);
        let f = |x: f64| {
            let ex = exp(x);
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let eps = 1e-6;
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            ln(delta * delta - phi * phi - v)
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut fa, mut fb) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= eps {
                break;
            }
            let c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = c;
            fb = fc;
        }
        let vol = exp(big_a / 2.0);
        let phi_star = (phi * phi + vol * vol).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * delta_sum;
        Rating {
            rating: mu_new * SCALE + 1500.0,
            rd: phi_new * SCALE,
            vol,
        }
    }

    /// The rating after a puzzle of difficulty `puzzle`, `solved` or not.
    pub fn after_puzzle(self, puzzle: u16, solved: bool) -> Rating {
        let score = if solved { 1.0 } else { 0.0 };
        self.after_one(f64::from(puzzle), PUZZLE_RD, score)
    }

    /// The rating after one result, `score` (1 won, ½ drawn, 0 lost), against an opponent of
    /// `rating` known to within `rd`; the deviation kept at its floor or above.
    pub fn after_one(self, rating: f64, rd: f64, score: f64) -> Rating {
        let r = self.after(&[(rating, rd, score)]);
        Rating {
            rd: r.rd.max(MIN_RD),
            ..r
        }
    }

    /// The rating as shown: a whole number.
    pub fn shown(self) -> i32 {
        self.rating.round() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500 ± 200 (σ 0.06, τ 0.5) beats 1400 ± 30 and loses to
    /// 1550 ± 100 and 1700 ± 300: 1464.06 ± 151.52, σ 0.05999.
    #[test]
    fn glickmans_example() {
        let r = Rating {
            rating: 1500.0,
            rd: 200.0,
            vol: 0.06,
        }
        .after(&[
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ]);
        assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
        assert!((r.rd - 151.52).abs() < 0.01, "{r:?}");
        assert!((r.vol - 0.05999).abs() < 0.00001, "{r:?}");
    }

    #[test]
    fn exp_and_ln_are_the_float_librarys() {
        for x in [
            -30.0, -5.3, -1.0, -0.01, 0.0, 1e-9, 0.3, 1.0, 2.5, 12.0, 40.0,
        ] {
            let (ours, std) = (exp(x), f64::exp(x));
            assert!(
                (ours - std).abs() <= 1e-12 * std,
                "exp {x}: {ours} vs {std}"
            );
        }
        for x in [1e-12, 0.0036, 0.5, 1.0, 1.5, 2.0, 7.3, 1e6] {
            let (ours, std) = (ln(x), f64::ln(x));
            assert!(
                (ours - std).abs() <= 1e-13 * std.abs().max(1.0),
                "ln {x}: {ours} vs {std}"
            );
        }
        assert!(ln(0.0).is_nan() && ln(-1.0).is_nan() && exp(f64::NAN).is_nan());
    }

    #[test]
    fn a_solved_puzzle_raises_the_rating_and_a_failed_one_lowers_it() {
        let r = Rating::default();
        assert!(r.after_puzzle(1500, true).rating > r.rating);
        assert!(r.after_puzzle(1500, false).rating < r.rating);
        // Solving an easy puzzle gains less than solving a hard one.
        let easy = r.after_puzzle(900, true).rating;
        let hard = r.after_puzzle(2100, true).rating;
        assert!(easy < hard);
        // The deviation shrinks with each result but never below its floor.
        let mut s = r;
        for _ in 0..200 {
            s = s.after_puzzle(1500, true).after_puzzle(1500, false);
        }
        assert!(s.rd >= MIN_RD && s.rd < 80.0, "{s:?}");
    }
}
