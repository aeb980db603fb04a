//! Numbers written for the page: counts, seconds, percentages and clock times.
//!
//! Everything here is written with integers. Formatting an `f64` (`{:.1}`) would link the
//! standard library's float printing, some 10 KB, into the page's wasm, which is downloaded on
//! every first visit.

/// 1234 -> "1.2k", 2_500_000 -> "2.5M".
pub fn short_count(n: u64) -> String {
    match n {
        0..=999 => n.to_string(),
        1_000..=999_949 => format!("{}k", tenths(n, 1_000)),
        _ => format!("{}M", tenths(n, 1_000_000)),
    }
}

/// `n / unit` rounded to one decimal: `tenths(1250, 1000)` is "1.3".
pub fn tenths(n: u64, unit: u64) -> String {
    let t = (n * 10 + unit / 2) / unit;
    format!("{}.{}", t / 10, t % 10)
}

/// `v` as a percentage of `of`, with four decimals, for CSS: `percent(1.0, 9.0)` is
/// "11.1111%".
pub fn percent(v: f64, of: f64) -> String {
    let units = (v / of * 1e6).round() as i64;
    let sign = if units < 0 { "-" } else { "" };
    let units = units.unsigned_abs();
    format!("{sign}{}.{:04}%", units / 10_000, units % 10_000)
}

#[cfg(test)]
mod tests {
    use super::{percent, short_count, tenths};

    #[test]
    fn counts_and_seconds_round_to_one_decimal() {
        assert_eq!(short_count(999), "999");
        assert_eq!(short_count(1_234), "1.2k");
        assert_eq!(short_count(1_250), "1.3k");
        assert_eq!(short_count(999_949), "999.9k");
        assert_eq!(short_count(999_950), "1.0M");
        assert_eq!(short_count(2_500_000), "2.5M");
        assert_eq!(tenths(0, 1000), "0.0");
        assert_eq!(tenths(1_049, 1000), "1.0");
        assert_eq!(tenths(12_350, 1000), "12.4");
    }

    #[test]
    fn percentages_have_four_decimals() {
        assert_eq!(percent(1.0, 9.0), "11.1111%");
        assert_eq!(percent(2.0, 9.0), "22.2222%");
        assert_eq!(percent(8.28, 9.0), "92.0000%");
        assert_eq!(percent(0.0, 11.1), "0.0000%");
        assert_eq!(percent(-0.5, 10.0), "-5.0000%");
    }
}
