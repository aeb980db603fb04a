//! Time on a game clock, after each iteration: how long the search may still start new
//! iterations. The clock's plan (`Limits::time_plan`) gives a soft limit (start no iteration
//! after it) and a hard one (abort at it); while a game clock sets the time, the soft limit is
//! stretched while the best move keeps changing or the score falls, and cut once the best move
//! has settled (the percentages are in `params.rs`).

use super::params::{TIME_FALL, TIME_FALL_PERCENT, TIME_SETTLED_PERCENT, TIME_UNSETTLED_PERCENT};
use xiangqi::Move;

/// What the iterations so far say about the position, kept from one iteration to the next.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stability {
    /// Iterations in a row that kept the best move (0: it changed in the last one).
    settled: u32,
    /// Whether the best score fell by more than [`TIME_FALL`] in the last iteration.
    fell: bool,
    /// The best move and score of the last iteration.
    previous: Option<(Move, i32)>,
}

impl Stability {
    /// Takes in the best move and score of a completed iteration.
    pub fn record(&mut self, best: Move, score: i32) {
        self.settled = match self.previous {
            Some((mv, _)) if mv == best => self.settled + 1,
            _ => 0,
        };
        self.fell = self.previous.is_some_and(|(_, s)| score < s - TIME_FALL);
        self.previous = Some((best, score));
    }

    /// The soft limit after an iteration to `depth` with `roots` legal moves: `soft` as the
    /// clock planned it, stretched or cut as the iterations call for, never past `hard`.
    /// With one legal move there is nothing to think about: 0.
    pub fn soft_ms(&self, soft: u64, hard: Option<u64>, depth: i32, roots: usize) -> u64 {
        if roots == 1 {
            return 0;
        }
        let mut percent = match self.settled {
            0 if depth > 4 => TIME_UNSETTLED_PERCENT,
            0..=2 => 100,
            _ => TIME_SETTLED_PERCENT,
        };
        if self.fell {
            percent = percent * TIME_FALL_PERCENT / 100;
        }
        (soft * percent / 100).min(hard.unwrap_or(u64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn mv(s: &str) -> Move {
        parse_uci(s).unwrap()
    }

    /// The soft limit from a plan of 1,000 ms (hard 5,000) after the iterations `bests` (move
    /// and score each, depths 1, 2, ...), with 40 legal moves.
    fn after(bests: &[(&str, i32)]) -> u64 {
        let mut s = Stability::default();
        for &(m, score) in bests {
            s.record(mv(m), score);
        }
        s.soft_ms(1_000, Some(5_000), bests.len() as i32, 40)
    }

    #[test]
    fn a_changing_best_move_stretches_the_time_from_depth_5() {
        let changing = [("h2e2", 10), ("b2e2", 10), ("h2e2", 10), ("b2e2", 10)];
        assert_eq!(after(&changing), 1_000, "not before depth 5");
        let mut five = changing.to_vec();
        five.push(("h2e2", 10));
        assert_eq!(after(&five), 1_600);
    }

    #[test]
    fn a_settled_best_move_cuts_the_time() {
        assert_eq!(after(&[("h2e2", 10); 3]), 1_000, "two repeats: as planned");
        assert_eq!(after(&[("h2e2", 10); 4]), 600, "three: cut");
        assert_eq!(after(&[("h2e2", 10); 9]), 600);
    }

    #[test]
    fn a_falling_score_stretches_the_time_more() {
        let fell = [("h2e2", 10), ("h2e2", 10), ("h2e2", 10), ("h2e2", -40)];
        assert_eq!(
            after(&fell),
            840,
            "settled move, score down 50: 60% then 140% of it"
        );
        let small = [("h2e2", 10), ("h2e2", 10), ("h2e2", 10), ("h2e2", -20)];
        assert_eq!(after(&small), 600, "down 30 is no fall");
        let both = [
            ("h2e2", 10),
            ("b2e2", 10),
            ("h2e2", 10),
            ("b2e2", 10),
            ("h2e2", -100),
        ];
        assert_eq!(after(&both), 2_240, "changed and fell");
    }

    #[test]
    fn the_hard_limit_bounds_it_and_a_single_move_takes_no_time() {
        let mut s = Stability::default();
        for (m, score) in [("h2e2", 10), ("b2e2", 10), ("h2e2", 10), ("b2e2", 10)] {
            s.record(mv(m), score);
        }
        s.record(mv("h2e2"), -200);
        assert_eq!(s.soft_ms(1_000, Some(1_500), 5, 40), 1_500);
        assert_eq!(s.soft_ms(1_000, None, 5, 40), 2_240);
        assert_eq!(s.soft_ms(1_000, Some(5_000), 5, 1), 0);
    }
}
