//! What every tool checks of its arguments before it allocates or works: counts and sizes
//! within a range (clap value parsers, so a bad one is a usage error, exit code 2), real
//! numbers that are finite, and output files that can be written.

use clap::builder::RangedU64ValueParser;
use std::path::Path;

/// The most threads any tool starts (the machines it runs on have far fewer cores).
pub const MAX_THREADS: u64 = 256;

/// The most megabytes of transposition table a built-in engine may have (as the native
/// engine's `Hash` option).
pub const MAX_HASH_MB: u64 = 4096;

/// The deepest search a built-in engine is asked for: the strong search's deepest iteration.
pub const MAX_SEARCH_DEPTH: u64 = xiangqi_ai::search::MAX_DEPTH as u64;

/// The machine's cores (at most [`MAX_THREADS`]), the default for threads.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS as usize))
}

/// A count from `min` to `max`.
pub fn count(min: u64, max: u64) -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(min..=max)
}

/// A number of threads, 1 to [`MAX_THREADS`].
pub fn threads() -> RangedU64ValueParser<usize> {
    count(1, MAX_THREADS)
}

/// A real number that is finite and within `min..=max`, for clap.
pub fn real(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone {
    move |text: &str| {
        let x: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("\"{text}\" is not a number"))?;
        if !x.is_finite() || x < min || x > max {
            return Err(format!("{text} is not a finite number from {min} to {max}"));
        }
        Ok(x)
    }
}

/// A real number above 0 (and finite), for clap.
pub fn positive(text: &str) -> Result<f64, String> {
    real(f64::MIN_POSITIVE, f64::MAX)(text)
        .map_err(|_| format!("{text} is not a finite number above 0"))
}

/// Checks that `path` can be written, without changing what it holds: an existing file is
/// opened to append nothing, a missing one is created and removed again. The error names the
/// file and why.
pub fn writable(path: &Path) -> Result<(), String> {
    let say = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if path.is_dir() {
        return Err(format!(
            "cannot write {}: it is a directory",
            path.display()
        ));
    }
    if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map_err(say)
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(say)?;
        std::fs::remove_file(path).map_err(say)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reals_must_be_finite_and_in_range() {
        assert_eq!(real(0.0, 1.0)("0.5"), Ok(0.5));
        for bad in ["NaN", "inf", "-inf", "1.5", "x", ""] {
            assert!(real(0.0, 1.0)(bad).is_err(), "{bad}");
        }
        assert!(positive("0").is_err());
        assert!(positive("NaN").is_err());
        assert_eq!(positive("0.001"), Ok(0.001));
    }

    #[test]
    fn writable_leaves_what_a_file_holds_and_creates_nothing() {
        let dir = std::env::temp_dir().join(format!("xiangqi-writable-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kept = dir.join("kept.txt");
        std::fs::write(&kept, "data").unwrap();
        assert_eq!(writable(&kept), Ok(()));
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "data");
        let new = dir.join("new.txt");
        assert_eq!(writable(&new), Ok(()));
        assert!(!new.exists());
        assert!(writable(&dir).unwrap_err().contains("it is a directory"));
        assert!(writable(&dir.join("no/such/dir/x")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
