//! Time management, for both alpha-beta players: how long a search may think, and when it
//! must stop.
//!
//! - The plan: a game clock gives a share of the time left (`clock_plan`); with a `movetime`
//!   as well, the tighter of the two holds. The plan is a soft limit (start no iteration after
//!   it) and a hard one (abort the search at it).
//! - The [`Budget`] of one search: the plan and the node limit, as the searcher polls them.
//! - While a game clock sets the time, the strong search stretches its soft limit while the
//!   best move keeps changing or the score falls, and cuts it once the best move has settled
//!   ([`Stability`]; the percentages are in `search/params.rs`).

use crate::limits::Limits;
use crate::search::params::{
    TIME_FALL, TIME_FALL_PERCENT, TIME_SETTLED_PERCENT, TIME_UNSETTLED_PERCENT,
};
use xiangqi::{Color, Move};

/// The limits of one search as the searcher polls them, worked out from the session's
/// [`Limits`] for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Start no new iteration after this many milliseconds.
    pub soft_ms: Option<u64>,
    /// Abort the search after this many milliseconds.
    pub hard_ms: Option<u64>,
    /// A game clock sets the time: the soft limit may stretch or shrink as the iterations
    /// call for (see [`Stability`]).
    pub flexible: bool,
}

impl Budget {
    /// The budget of a search within `limits` with `turn` to move.
    pub fn new(limits: &Limits, turn: Color) -> Budget {
        let (soft_ms, hard_ms) = time_plan(limits, turn);
        Budget {
            nodes: limits.nodes,
            soft_ms,
            hard_ms,
            flexible: clock_binds(limits, turn),
        }
    }

    /// True once `nodes` reach the node limit or `clock` (milliseconds since the search
    /// began) the hard limit: the search must stop at once. The clock is read every time,
    /// even when time sets no limit: a caller may set its stop flag there (the page's worker
    /// reads the page's flag so).
    #[inline]
    pub fn spent(&self, nodes: u64, clock: &dyn Fn() -> u64) -> bool {
        let now = clock();
        self.nodes.is_some_and(|n| nodes >= n) || self.hard_ms.is_some_and(|ms| now >= ms)
    }

    /// True if, at `time_ms` after an iteration to `depth` with `roots` moves at the root,
    /// no new iteration may start: the soft limit, stretched or cut by `stability` when the
    /// clock sets the time, is reached.
    pub fn soft_reached(
        &self,
        stability: &Stability,
        time_ms: u64,
        depth: i32,
        roots: usize,
    ) -> bool {
        let soft = self.soft_ms.map(|soft| match self.flexible {
            true => stability.soft_ms(soft, self.hard_ms, depth, roots),
            false => soft,
        });
        soft.is_some_and(|soft| time_ms >= soft)
    }
}

/// The time plan for `turn` to move within `limits`: (soft, hard) milliseconds. Soft: start
/// no new iteration after it; hard: abort the search at it. `None` when time does not bound
/// the search.
fn time_plan(limits: &Limits, turn: Color) -> (Option<u64>, Option<u64>) {
    if limits.infinite {
        return (None, None);
    }
    let mut soft = limits.movetime_ms.map(|ms| ms.max(1));
    let mut hard = soft;
    if let Some(clock) = limits.clock {
        let (s, h) = clock_plan(
            clock.time_ms[turn.index()],
            clock.inc_ms[turn.index()],
            clock.moves_to_go,
        );
        soft = Some(soft.map_or(s, |m| m.min(s)));
        hard = Some(hard.map_or(h, |m| m.min(h)));
    }
    (soft, hard)
}

/// True if the game clock sets `turn`'s time: a clock is given and its plan is no longer
/// than any `movetime` (which then only caps it). The search may then stretch or shrink its
/// planned time as the position calls for.
fn clock_binds(limits: &Limits, turn: Color) -> bool {
    let Some(clock) = limits.clock else {
        return false;
    };
    let (soft, _) = clock_plan(
        clock.time_ms[turn.index()],
        clock.inc_ms[turn.index()],
        clock.moves_to_go,
    );
    !limits.infinite && limits.movetime_ms.map_or(true, |m| soft <= m)
}

/// Limits for a game clock: `time_ms` left, `inc_ms` per move, `moves_to_go` until the next
/// time control (if any). Plans on spending a share of the time left, may stretch to three
/// times that while an iteration finishes, and never more than a third of it.
fn clock_plan(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> (u64, u64) {
    let moves = moves_to_go.unwrap_or(30).clamp(1, 50) as u64;
    let reserve = 50.min(time_ms / 10);
    let usable = time_ms.saturating_sub(reserve);
    let soft = (usable / moves + inc_ms * 3 / 4).min(usable / 3).max(1);
    let hard = (soft * 3).min(usable / 3 + inc_ms / 2).max(soft);
    (soft, hard)
}

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
    use crate::limits::GameClock;
    use xiangqi::notation::parse_uci;

    #[test]
    fn a_clock_plan_spends_a_share_and_keeps_a_reserve() {
        let (soft, hard) = clock_plan(60_000, 0, None);
        assert_eq!(soft, 1_998);
        assert!(hard >= soft && hard <= 20_000);
        // Almost no time left: still a positive budget, never the whole clock.
        let (soft, hard) = clock_plan(30, 0, Some(1));
        assert!(soft >= 1 && hard < 30);
    }

    #[test]
    fn movetime_and_clock_take_the_tighter_plan() {
        let limits = Limits {
            movetime_ms: Some(500),
            clock: Some(GameClock {
                time_ms: [60_000, 300],
                ..GameClock::default()
            }),
            ..Limits::default()
        };
        assert_eq!(time_plan(&limits, Color::Red), (Some(500), Some(500)));
        let (soft, hard) = time_plan(&limits, Color::Black);
        assert!(soft.unwrap() < 100 && hard.unwrap() < 100);
        // The clock sets Black's time (the search may adapt it), not Red's (500 ms caps it).
        assert!(!clock_binds(&limits, Color::Red) && clock_binds(&limits, Color::Black));
        assert_eq!(time_plan(&Limits::infinite(), Color::Red), (None, None));
    }

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
