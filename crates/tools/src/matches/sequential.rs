//! A match run as a sequential test: the games' results gathered into colour-swapped pairs
//! as they finish (in any order), the test's line after each pair, and the summary line.

use super::elo::{signed, Pairs, Tally};
use super::record::{count, ForA, GameRecord};
use super::sprt::{normalized_elo, Sprt, Verdict};
use std::collections::HashMap;

/// The state of a sequential test during a match.
#[derive(Clone, Debug)]
pub struct Sequential {
    /// The test.
    pub sprt: Sprt,
    /// The first game of each pair whose second has not finished: pair number, A's points.
    waiting: HashMap<usize, ForA>,
    /// The complete pairs' scores.
    pub pairs: Pairs,
    /// A's wins, draws and losses in the complete pairs.
    pub tally: Tally,
    /// The LLR after the last complete pair.
    pub llr: f64,
    /// The verdict, once the LLR has crossed a bound.
    pub verdict: Option<Verdict>,
}

fn points(r: ForA) -> f64 {
    match r {
        ForA::Win => 1.0,
        ForA::Draw => 0.5,
        ForA::Loss => 0.0,
    }
}

impl Sequential {
    /// A test before any game.
    pub fn new(sprt: Sprt) -> Sequential {
        Sequential {
            sprt,
            waiting: HashMap::new(),
            pairs: Pairs::default(),
            tally: Tally::default(),
            llr: 0.0,
            verdict: None,
        }
    }

    /// Counts a finished game (games `2k+1` and `2k+2` are pair `k`); when it completes its
    /// pair, the test is brought up to date and its line returned.
    pub fn add(&mut self, g: &GameRecord) -> Option<String> {
        let pair = (g.number - 1) / 2;
        let other = self.waiting.remove(&pair);
        let Some(other) = other else {
            self.waiting.insert(pair, g.for_a());
            return None;
        };
        let mine = g.for_a();
        self.pairs.add(points(other), points(mine));
        count(&mut self.tally, other);
        count(&mut self.tally, mine);
        self.llr = self.sprt.llr(&self.pairs.counts);
        self.verdict = self.sprt.verdict(self.llr);
        let (lower, upper) = self.sprt.bounds();
        Some(format!(
            "SPRT: {} pairs, LLR {:.2} ({lower:.2}, {upper:.2}), pairs 0/0.5/1/1.5/2: {:?}",
            self.pairs.len(),
            self.llr,
            self.pairs.counts
        ))
    }

    /// The summary line: the pairs, W/D/L, the pair counts, the LLR and its bounds, the
    /// verdict, and the Elo with its 95% interval (logistic, and normalized).
    pub fn summary(&self) -> String {
        let (lower, upper) = self.sprt.bounds();
        let verdict = match self.verdict {
            Some(Verdict::H1) => "H1 accepted",
            Some(Verdict::H0) => "H0 accepted",
            None => "none (no bound reached)",
        };
        let nelo = match normalized_elo(&self.pairs.counts) {
            Some((nelo, margin)) => format!("{} +/- {margin:.1}", signed(nelo)),
            None => "none".to_string(),
        };
        let t = self.tally;
        format!(
            "SPRT [{}]: {verdict}; {} pairs, W/D/L {}/{}/{}, pairs 0/0.5/1/1.5/2: {:?}, \
             LLR {:.2} ({lower:.2}, {upper:.2}); Elo {}; nElo {nelo}",
            self.sprt,
            self.pairs.len(),
            t.wins,
            t.draws,
            t.losses,
            self.pairs.counts,
            self.llr,
            self.pairs.elo(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::ending::Ending;
    use crate::matches::thinking::Thinking;
    use xiangqi::{Color, Outcome, Reason};

    /// Game `number`, A's result `r`.
    fn game(number: usize, r: ForA) -> GameRecord {
        let a_is_red = number % 2 == 1;
        let a = if a_is_red { Color::Red } else { Color::Black };
        let ending = match r {
            ForA::Draw => Ending::MaxPlies(10),
            ForA::Win => Ending::Rules(Outcome {
                winner: Some(a),
                reason: Reason::Checkmate,
            }),
            ForA::Loss => Ending::Rules(Outcome {
                winner: Some(!a),
                reason: Reason::Checkmate,
            }),
        };
        GameRecord {
            number,
            opening: (number - 1) / 2,
            a_is_red,
            moves: Vec::new(),
            ending,
            thinking: [Thinking::default(); 2],
        }
    }

    #[test]
    fn pairs_complete_in_any_order_and_the_test_stops_at_a_bound() {
        let sprt: Sprt = "elo0=0,elo1=50".parse().unwrap();
        let mut s = Sequential::new(sprt);
        // The second game of pair 0 finishes first.
        assert_eq!(s.add(&game(2, ForA::Win)), None);
        assert_eq!(s.add(&game(3, ForA::Draw)), None);
        let line = s.add(&game(1, ForA::Draw)).unwrap();
        assert!(line.starts_with("SPRT: 1 pairs, LLR "), "{line}");
        assert!(
            line.ends_with("(-2.94, 2.94), pairs 0/0.5/1/1.5/2: [0, 0, 0, 1, 0]"),
            "{line}"
        );
        assert_eq!(
            s.tally,
            Tally {
                wins: 1,
                draws: 1,
                losses: 0
            }
        );
        // Pairs won one after another: the LLR rises until it crosses 2.94.
        let mut n = 4;
        while s.verdict.is_none() {
            assert!(s.pairs.len() < 100);
            s.add(&game(n, ForA::Win));
            s.add(&game(n + 1, ForA::Win));
            n += 2;
        }
        assert_eq!(s.verdict, Some(Verdict::H1));
        assert!(s.llr >= 2.94);
        let summary = s.summary();
        assert!(
            summary.starts_with(
                "SPRT [elo0=0, elo1=50 (normalized), alpha=0.05, beta=0.05]: H1 accepted; "
            ),
            "{summary}"
        );
        assert!(summary.contains(", LLR "), "{summary}");
        assert!(summary.contains("; nElo +"), "{summary}");
    }
}
