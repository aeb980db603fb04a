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

/// A time as a clock shows it: "4:51", "1:02:03" from an hour, "9.4" (tenths) under ten
/// seconds. Whole seconds are rounded up (a full minute shows 1:00 until a second has gone),
/// tenths down (a clock shows 0.0 only when the time is out).
pub fn clock_time(ms: u64) -> String {
    if ms < crate::model::clock::LOW_MS {
        return format!("{}.{}", ms / 1000, ms % 1000 / 100);
    }
    let s = ms.div_ceil(1000);
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::{clock_time, percent, short_count, tenths};

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

    #[test]
    fn clock_texts() {
        assert_eq!(clock_time(180_000), "3:00");
        assert_eq!(clock_time(179_001), "3:00");
        assert_eq!(clock_time(178_999), "2:59");
        assert_eq!(clock_time(10_000), "0:10");
        assert_eq!(clock_time(9_999), "9.9");
        assert_eq!(clock_time(0), "0.0");
        assert_eq!(clock_time(3_723_000), "1:02:03");
    }
}
