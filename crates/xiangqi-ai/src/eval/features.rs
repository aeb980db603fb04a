//! The evaluation as features, for tuning: how much each weight of the flat vector of
//! `layout.rs` counts in a position's evaluation.

use super::layout;
use super::psq::{phase, relative};
use super::term::Term;
use super::terms::{side_terms, Sink};
use xiangqi::code;
use xiangqi::{Color, Position};

/// How much each weight counts in a position's evaluation, from Red's side: the evaluation
/// for Red is the sum over `counts` of weight times count, blended by `phase` (the
/// middlegame weight at index `2i` weighs `phase / 48`, the endgame one `(48 - phase) / 48`),
/// up to the rounding of that blend.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The phase, 0 to 48.
    pub phase: i32,
    /// (pair index in [`layout`], count), each pair at most once.
    pub counts: Vec<(u16, i16)>,
}

/// Records the features of one side.
struct Record<'a> {
    counts: &'a mut Vec<(u16, i16)>,
    sign: i16,
}

impl Record<'_> {
    fn add_pair(&mut self, pair: usize, n: i16) {
        match self.counts.iter_mut().find(|(p, _)| *p as usize == pair) {
            Some((_, c)) => *c += n,
            None => self.counts.push((pair as u16, n)),
        }
    }
}

impl Sink for Record<'_> {
    fn add(&mut self, term: Term, n: i32) {
        let sign = self.sign;
        self.add_pair(layout::term(term), sign * n as i16);
    }
}

/// The features of `pos` (see [`Features`]).
pub fn features(pos: &Position) -> Features {
    let mut counts = Vec::with_capacity(64);
    for color in 0..2 {
        let mut r = Record {
            counts: &mut counts,
            sign: if color == 0 { 1 } else { -1 },
        };
        for (sq, &c) in pos.codes().iter().enumerate() {
            if c != code::EMPTY && code::color(c) == color {
                let kind = code::kind(c);
                r.add_pair(layout::material(kind), r.sign);
                r.add_pair(layout::pst(kind, relative(color, sq)), r.sign);
            }
        }
        side_terms(pos, color, &mut r);
    }
    let sign = if pos.turn() == Color::Red { 1 } else { -1 };
    let mut r = Record {
        counts: &mut counts,
        sign,
    };
    r.add(Term::Tempo, 1);
    counts.retain(|&(_, n)| n != 0);
    Features {
        phase: phase(pos),
        counts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate::evaluate_position;

    /// Positions of every kind: the start, middlegames, endgames, both sides to move.
    const SAMPLES: [&str; 6] = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "3akab2/9/4b4/p3p1R1p/2n6/9/P3P3P/4B4/4A4/2BAK4 w",
        "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b",
        "2bak4/4a4/4b4/4C4/9/2n6/9/4C4/4A4/3AK4 b",
        "4k4/9/9/9/9/9/9/9/4c4/3K5 w",
        "3k5/4a4/4c4/9/9/9/9/4C4/4R4/2C1K4 w",
    ];

    #[test]
    fn the_evaluation_is_its_weights_times_its_features() {
        let w = layout::current();
        for fen in SAMPLES {
            let pos = Position::from_fen(fen).unwrap();
            let f = features(&pos);
            let (mut mg, mut eg) = (0.0, 0.0);
            for &(pair, n) in &f.counts {
                mg += w[2 * pair as usize] * n as f64;
                eg += w[2 * pair as usize + 1] * n as f64;
            }
            let red = (mg * f.phase as f64 + eg * (48 - f.phase) as f64) / 48.0;
            let red_eval = if pos.turn() == Color::Red {
                evaluate_position(&pos)
            } else {
                -evaluate_position(&pos)
            };
            // Two roundings of a blend (the score's and the tempo's).
            assert!(
                (red - red_eval as f64).abs() <= 2.0,
                "{fen}: {red} vs {red_eval}"
            );
        }
    }
}
