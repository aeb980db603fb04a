//! The levels' ratings as the page shows them. There is one table, `xiangqi_ai::level::ratings`:
//! the levels are rated as the page plays them (the search worker's wasm build on one
//! worker), and `docs/levels.md` gives the matches.

use super::i18n::Lang;
use xiangqi_ai::Level;

/// The rating as the level selector shows it: "≈2040", "≈−1250", and a figure that the last
/// rating run did not measure said to be an estimate ("≈2860, estimate").
pub fn rating_label(level: u8, lang: Lang) -> String {
    let level = Level::new(level);
    let label = level.rating_label();
    if !level.measured() {
        format!("{label}{}", lang.t(", estimate", "，估计"))
    } else {
        label
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_ai::MAX_LEVEL;

    #[test]
    fn a_figure_not_measured_says_it_is_an_estimate() {
        for n in 1..=MAX_LEVEL {
            let estimate = !Level::new(n).measured();
            assert_eq!(
                rating_label(n, Lang::En).ends_with(", estimate"),
                estimate,
                "level {n}"
            );
            assert_eq!(
                rating_label(n, Lang::Zh).ends_with("，估计"),
                estimate,
                "level {n}"
            );
            assert!(rating_label(n, Lang::En).starts_with(&Level::new(n).rating_label()));
        }
    }
}
