//! Scores as the page shows them: on the analysis board from Red's side (positive when Red is
//! better, whichever side is to move), as text, and as the share of the evaluation bar that is
//! Red's; in the status bar for the side to move. Pure, tested natively.
//!
//! ```
//! use xiangqi::Color;
//! use xiangqi_ai::Score;
//! use xiangqi_web::text::scores::{bar_percent, for_red, label};
//! let red = for_red(Score::Cp(-35), Color::Black); // Black to move and 0.35 down
//! assert_eq!(label(red), "+0.35");
//! assert_eq!(bar_percent(red), 51);
//! assert_eq!(label(for_red(Score::Mate(2), Color::Black)), "#-2");
//! ```

use xiangqi::Color;
use xiangqi_ai::Score;

/// `score`, which is for the side to move (`turn`), from Red's side.
pub fn for_red(score: Score, turn: Color) -> Score {
    match (turn, score) {
        (Color::Red, s) => s,
        (Color::Black, Score::Cp(cp)) => Score::Cp(-cp),
        (Color::Black, Score::Mate(n)) => Score::Mate(-n),
    }
}

/// A score from Red's side as text: pawns with a sign and two decimals ("+0.35", "-1.20"),
/// or a mate as `#N` (Red mates in N moves) or `#-N` (Black does).
pub fn label(red: Score) -> String {
    match red {
        Score::Cp(cp) => {
            let sign = if cp < 0 { '-' } else { '+' };
            let a = cp.unsigned_abs();
            format!("{sign}{}.{:02}", a / 100, a % 100)
        }
        Score::Mate(n) => format!("#{n}"),
    }
}

/// Red's share of the evaluation bar, in percent: half at 0, a twentieth of a percent per
/// centipawn, held within 5..=95 so neither side's colour disappears before a mate, which
/// fills the bar (100, or 0 when Black mates).
pub fn bar_percent(red: Score) -> u32 {
    match red {
        Score::Cp(cp) => (50 + cp / 20).clamp(5, 95) as u32,
        Score::Mate(n) if n > 0 => 100,
        Score::Mate(_) => 0,
    }
}

/// A score as the status bar shows it: "+0.35" in pawns, or "mate in 3" / "mated in 3".
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(_) => label(score),
        Score::Mate(n) if n > 0 => format!("mate in {n}"),
        Score::Mate(n) => format!("mated in {}", -n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_turned_to_reds_side() {
        assert_eq!(for_red(Score::Cp(50), Color::Red), Score::Cp(50));
        assert_eq!(for_red(Score::Cp(50), Color::Black), Score::Cp(-50));
        assert_eq!(for_red(Score::Mate(-3), Color::Black), Score::Mate(3));
    }

    #[test]
    fn labels_and_bar_shares() {
        assert_eq!(label(Score::Cp(0)), "+0.00");
        assert_eq!(label(Score::Cp(-5)), "-0.05");
        assert_eq!(label(Score::Cp(1234)), "+12.34");
        assert_eq!(label(Score::Mate(-4)), "#-4");
        assert_eq!(bar_percent(Score::Cp(0)), 50);
        assert_eq!(bar_percent(Score::Cp(200)), 60);
        assert_eq!(bar_percent(Score::Cp(-200)), 40);
        assert_eq!(bar_percent(Score::Cp(5000)), 95);
        assert_eq!(bar_percent(Score::Cp(-5000)), 5);
        assert_eq!(bar_percent(Score::Mate(1)), 100);
        assert_eq!(bar_percent(Score::Mate(-1)), 0);
    }

    #[test]
    fn scores_read_as_pawns_or_mates() {
        assert_eq!(score_text(Score::Cp(35)), "+0.35");
        assert_eq!(score_text(Score::Cp(-120)), "-1.20");
        assert_eq!(score_text(Score::Mate(3)), "mate in 3");
        assert_eq!(score_text(Score::Mate(-2)), "mated in 2");
    }
}
