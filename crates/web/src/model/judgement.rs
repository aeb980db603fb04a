//! Game review: how much each move lost against the best move, by the evaluations of the
//! positions before and after it, and what that makes it. Pure, tested natively.
//!
//! Each position of the game is searched for its best move and its score for the side to
//! move. A move's loss is the mover's score before it less the mover's score after it (the
//! negated score of the next position), in centipawns, with mates counted as
//! [`MATE_CP`] and scores held within it, so a missed mate costs a lot but not infinitely.
//!
//! | loss (centipawns) | judgement | mark |
//! | --- | --- | --- |
//! | 70 to 149 | inaccuracy | ?! |
//! | 150 to 299 | mistake | ? |
//! | 300 or more | blunder | ?? |
//!
//! A move that loses less than 70 is not marked (searches of a few hundred milliseconds
//! differ by some 50 centipawns from one position to the next even between good moves), and neither is a move in a position already
//! lost or won by more than [`DECIDED_CP`] whose loss leaves it so (the result does not
//! change).
//!
//! ```
//! use xiangqi_ai::Score;
//! use xiangqi_web::model::judgement::{judge, loss, Judgement};
//! // Red stood at +0.30, and after its move Black stands at +3.10: Red lost 3.40.
//! let lost = loss(Score::Cp(30), Score::Cp(310));
//! assert_eq!(lost, 340);
//! assert_eq!(judge(Score::Cp(30), lost), Some(Judgement::Blunder));
//! ```

use xiangqi_ai::Score;

/// A mate, in centipawns, for losses and the graph.
pub const MATE_CP: i32 = 1_000;
/// A position this far ahead (or behind) is decided.
pub const DECIDED_CP: i32 = 500;

/// What a move was, by what it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// It lost 70 to 149 centipawns.
    Inaccuracy,
    /// It lost 150 to 299.
    Mistake,
    /// It lost 300 or more.
    Blunder,
}

impl Judgement {
    /// The `data-judgement` value.
    pub fn key(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The mark after the move: ?!, ? or ??.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// `score` in centipawns, mates as [`MATE_CP`], held within it.
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-MATE_CP, MATE_CP),
        Score::Mate(n) if n > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    }
}

/// What the mover lost with a move: `before` is the position's score for the mover, `after`
/// the next position's score for the opponent. Never negative (a search that found more after
/// the move than before it gains nothing).
pub fn loss(before: Score, after: Score) -> i32 {
    (centipawns(before) + centipawns(after)).max(0)
}

/// The judgement of a move that lost `lost` centipawns from a position whose score for the
/// mover was `before`.
pub fn judge(before: Score, lost: i32) -> Option<Judgement> {
    let before = centipawns(before);
    let after = before - lost;
    // Still won, or lost already: the result is the same.
    if (before >= DECIDED_CP && after >= DECIDED_CP) || before <= -DECIDED_CP {
        return None;
    }
    match lost {
        300.. => Some(Judgement::Blunder),
        150.. => Some(Judgement::Mistake),
        70.. => Some(Judgement::Inaccuracy),
        _ => None,
    }
}

/// A side's accuracy in percent from the losses of its moves: 100 with none lost, falling
/// as 100 * 0.5^(mean loss / 100), so a mean loss of a pawn a move gives 50. `None` without
/// moves.
pub fn accuracy(losses: &[i32]) -> Option<u32> {
    if losses.is_empty() {
        return None;
    }
    let mean = losses.iter().map(|&l| f64::from(l)).sum::<f64>() / losses.len() as f64;
    Some((100.0 * half_to_the(mean / 100.0)).round() as u32)
}

/// 0.5^x, by halving for the whole part and a series for the fraction: `powf` would bring the
/// float library's tables (some 4 KB) into the page's first load for this one figure.
fn half_to_the(x: f64) -> f64 {
    let whole = x.floor();
    // e^(-f ln 2) for f in [0, 1): the series' terms fall below 1e-12 by the fifteenth.
    let y = -(x - whole) * core::f64::consts::LN_2;
    let (mut term, mut sum) = (1.0, 1.0);
    for k in 1..16 {
        term *= y / f64::from(k);
        sum += term;
    }
    let halvings = whole.clamp(-64.0, 1100.0) as i32;
    let factor = if halvings >= 0 { 0.5 } else { 2.0 };
    (0..halvings.unsigned_abs()).fold(sum, |v, _| v * factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_count_mates_as_a_thousand_and_never_go_negative() {
        assert_eq!(loss(Score::Cp(0), Score::Cp(0)), 0);
        assert_eq!(loss(Score::Cp(50), Score::Cp(-80)), 0, "a gain is no loss");
        assert_eq!(loss(Score::Mate(3), Score::Cp(0)), 1_000, "a mate missed");
        assert_eq!(
            loss(Score::Cp(0), Score::Mate(2)),
            1_000,
            "walked into a mate"
        );
        assert_eq!(
            loss(Score::Cp(5_000), Score::Cp(-4_000)),
            0,
            "held within a mate"
        );
    }

    #[test]
    fn judgements_follow_the_thresholds_unless_the_game_is_decided() {
        let at = |lost| judge(Score::Cp(0), lost);
        assert_eq!(
            [at(69), at(70), at(149), at(150), at(299), at(300)],
            [
                None,
                Some(Judgement::Inaccuracy),
                Some(Judgement::Inaccuracy),
                Some(Judgement::Mistake),
                Some(Judgement::Mistake),
                Some(Judgement::Blunder)
            ]
        );
        assert_eq!(judge(Score::Cp(900), 300), None, "still winning by 6");
        assert_eq!(
            judge(Score::Cp(900), 500),
            Some(Judgement::Blunder),
            "the win let go"
        );
        assert_eq!(judge(Score::Cp(-700), 300), None, "lost already");
        assert_eq!(
            judge(Score::Mate(2), 1_000),
            Some(Judgement::Blunder),
            "the mate missed"
        );
    }

    #[test]
    fn a_half_to_a_power_is_the_float_librarys() {
        for x in [
            -3.7, -1.0, 0.0, 0.25, 0.5, 0.999, 1.0, 1.5, 2.33, 7.9, 30.0, 1e4,
        ] {
            let (ours, std) = (half_to_the(x), 0.5f64.powf(x));
            assert!(
                (ours - std).abs() <= 1e-12 * std.max(1e-300),
                "{x}: {ours} vs {std}"
            );
        }
    }

    #[test]
    fn accuracy_is_a_hundred_without_losses_and_halves_per_pawn() {
        assert_eq!(accuracy(&[]), None);
        assert_eq!(accuracy(&[0, 0, 0]), Some(100));
        assert_eq!(accuracy(&[100, 100]), Some(50));
        assert_eq!(accuracy(&[0, 200]), Some(50));
        assert_eq!(accuracy(&[300]), Some(13));
    }

    #[test]
    fn marks_and_keys() {
        assert_eq!(Judgement::Blunder.symbol(), "??");
        assert_eq!(Judgement::Mistake.key(), "mistake");
        assert!(Judgement::Blunder > Judgement::Inaccuracy);
    }
}
