//! How long the page waits for a word from its search workers before it takes them for dead
//! and starts them afresh (`hooks/use_worker.rs` keeps the timer). Pure, tested natively.

/// How long past a search's time budget the workers may stay silent.
pub const SILENCE_MS: u64 = 5_000;

/// An analysis (an infinite search) may go this many times its time so far, plus
/// [`SILENCE_MS`], between two reports: each iteration takes some two to three times as long
/// as the one before.
pub const ANALYSIS_GROWTH: u64 = 3;

/// The longest the workers may now go without a word: for a search with a time budget of
/// `budget_ms`, that budget plus [`SILENCE_MS`]; for an analysis (`infinite`) that last
/// reported `reported_ms` after it began, [`ANALYSIS_GROWTH`] times that plus [`SILENCE_MS`]
/// (before its first report, [`SILENCE_MS`]).
pub fn patience_ms(budget_ms: u64, infinite: bool, reported_ms: Option<u64>) -> u32 {
    let allowed = match infinite {
        true => reported_ms.unwrap_or(0).saturating_mul(ANALYSIS_GROWTH),
        false => budget_ms,
    };
    allowed.saturating_add(SILENCE_MS).min(u32::MAX as u64) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timed_search_gets_its_budget_and_five_seconds() {
        assert_eq!(patience_ms(8_000, false, None), 13_000);
        assert_eq!(patience_ms(8_000, false, Some(7_000)), 13_000);
        assert_eq!(patience_ms(0, false, None), 5_000, "a depth or node budget");
    }

    #[test]
    fn an_analysis_is_watched_for_ever_with_more_patience_as_it_deepens() {
        assert_eq!(patience_ms(0, true, None), 5_000, "its first report");
        assert_eq!(patience_ms(0, true, Some(1_000)), 8_000);
        assert_eq!(patience_ms(0, true, Some(60_000)), 185_000);
        assert_eq!(
            patience_ms(0, true, Some(u64::MAX)),
            u32::MAX,
            "never overflows"
        );
    }
}
