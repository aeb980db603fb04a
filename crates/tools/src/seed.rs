//! Seeds: one from the clock for runs that are not given one, and SplitMix64 to spread a
//! run's seed over its games and plies, so that one seed replays a whole run.

use std::time::{SystemTime, UNIX_EPOCH};

/// SplitMix64: turns the match seed and a counter into well-spread seeds.
pub fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed that differs from run to run.
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}
