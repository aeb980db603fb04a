//! Each level's rating, written by `scripts/rate-levels` (do not edit by hand: run it
//! again). `docs/levels.md` gives the matches behind each figure, and `matches.tsv` beside
//! this file every match played.

/// Each level's rating, level 1 first.
pub const RATINGS: [i32; 26] = [
    -1660, -1410, -1300, -1020, -760, -520, -380, -280, -30, 140, 410, 550, 710, 870, 960, 1070,
    1290, 1540, 1710, 1920, 2040, 2250, 2440, 2520, 2630, 2790,
];

/// The levels above this one were not measured in the chain of matches that wrote this file:
/// their figures are estimates, and are shown as such.
pub const MEASURED_UP_TO: u8 = 26;
