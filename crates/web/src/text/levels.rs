//! The levels as the page offers them: each with the rating of what the page plays, the
//! search worker's wasm build on one worker, measured with `scripts/wasm-uci` (the native
//! engine's figures, `xiangqi_ai::Level::rating`, are for the native binary). `docs/levels.md`
//! gives the matches, and a test there checks its table against this one.

use super::i18n::Lang;
use xiangqi_ai::{Level, RATING_FLOOR};

/// How a level's rating in the page was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The level plays move for move as natively (a fixed depth or node budget: the wasm
    /// searches the same nodes), so the native figure holds.
    Native,
    /// Measured in a match of the page's engine.
    Measured,
    /// Not measured: carried on from the level below it, and labelled as an estimate.
    Estimate,
}

/// Each level's rating in the page, level 1 first, rounded to tens, and how it was found.
const RATINGS: [(i32, Source); xiangqi_ai::MAX_LEVEL as usize] = [
    (-1750, Source::Native),
    (-80, Source::Native),
    (920, Source::Native),
    (1620, Source::Native),
    (2040, Source::Measured),
    (2230, Source::Measured),
    (2610, Source::Measured),
    (2860, Source::Estimate),
];

/// Level `level`'s rating in the page (clamped to the levels), and how it was found.
pub fn page_rating(level: u8) -> (i32, Source) {
    RATINGS[usize::from(Level::new(level).number() - 1)]
}

/// The rating as the level selector shows it: "≈2040", "<500" below [`RATING_FLOOR`], and
/// an estimate said to be one ("≈2860, estimate").
pub fn rating_label(level: u8, lang: Lang) -> String {
    match page_rating(level) {
        (r, _) if r < RATING_FLOOR => format!("<{RATING_FLOOR}"),
        (r, Source::Estimate) => format!("≈{r}{}", lang.t(", estimate", "，估计")),
        (r, _) => format!("≈{r}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_rise_with_the_levels_and_estimates_say_so() {
        for n in 1..xiangqi_ai::MAX_LEVEL {
            assert!(page_rating(n).0 < page_rating(n + 1).0, "level {n}");
        }
        assert_eq!(rating_label(1, Lang::En), "<500");
        assert!(rating_label(8, Lang::En).ends_with(", estimate"));
        assert!(rating_label(8, Lang::Zh).ends_with("，估计"));
        assert!(!rating_label(5, Lang::En).contains("estimate"));
        // The levels that play as natively keep the native figure.
        for n in 1..=8 {
            if page_rating(n).1 == Source::Native {
                assert_eq!(page_rating(n).0, Level::new(n).rating(), "level {n}");
            }
        }
    }

    /// The table "In the page" in `docs/levels.md` is this one.
    #[test]
    fn the_documented_page_ratings_are_the_ones_shown() {
        let doc = include_str!("../../../../docs/levels.md");
        let table = doc
            .split("| level | in the page | how |")
            .nth(1)
            .expect("docs/levels.md has the page's table");
        let rows: Vec<Vec<String>> = table
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                l.trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_string())
                    .collect()
            })
            .collect();
        assert_eq!(rows.len(), 8);
        for (i, row) in rows.iter().enumerate() {
            let n = i as u8 + 1;
            assert_eq!(row[0], n.to_string());
            let (rating, source) = page_rating(n);
            let shown = row[1].replace('−', "-");
            assert!(shown.starts_with(&rating.to_string()), "level {n}: {row:?}");
            let how = match source {
                Source::Native => "as natively",
                Source::Measured => "measured",
                Source::Estimate => "estimate",
            };
            assert!(row[2].starts_with(how), "level {n}: {row:?} against {how}");
        }
    }
}
