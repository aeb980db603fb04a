//! The solver's rating: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012), one
//! puzzle at a time, each puzzle an opponent of its difficulty whose rating is known to within
//! [`PUZZLE_RD`]. A solved puzzle is a win, a failed one a loss.

/// The system constant τ: how much the volatility may change (Glickman suggests 0.3 to 1.2).
const TAU: f64 = 0.5;
/// Glicko-2's scale: rating points per unit.
const SCALE: f64 = 173.7178;
/// How well a puzzle's rating is known, as a rating deviation.
pub const PUZZLE_RD: f64 = 80.0;
/// The least rating deviation a solver keeps, so a rating never freezes.
const MIN_RD: f64 = 45.0;

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
        let new = Rating::default();
        let hold = |x: f64, lo: f64, hi: f64, default: f64| {
            if x.is_nan() {
                default
            } else {
                x.clamp(lo, hi)
            }
        };
        Rating {
            rating: hold(self.rating, 0.0, 4000.0, new.rating),
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
        let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
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
        let a = (self.vol * self.vol).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let eps = 1e-6;
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
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
        let vol = (big_a / 2.0).exp();
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
        let r = self.after(&[(f64::from(puzzle), PUZZLE_RD, score)]);
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
