//! What the browser keeps of a person's practice: the puzzle rating, the streaks, the recent
//! puzzles and how each went, the theme chosen, and each endgame drill's tries and success. Kept
//! as JSON under [`KEY`]; text that cannot be read is kept aside under [`UNREADABLE`] rather than
//! lost, and practice starts afresh.

use super::glicko::Rating;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The storage key of the practice record.
pub const KEY: &str = "xiangqi.practice";
/// Where a record that cannot be read is put aside.
pub const UNREADABLE: &str = "xiangqi.practice.unreadable";
/// Puzzles kept in the history.
pub const HISTORY: usize = 200;

/// One puzzle tried.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// The puzzle's number.
    pub id: u32,
    /// Solved without help (or failed).
    pub solved: bool,
    /// The solver's rating after it.
    pub rating: i32,
}

/// An endgame drill's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DrillRecord {
    /// Games played.
    pub tries: u32,
    /// Won (or held) at least once.
    pub done: bool,
}

/// A person's practice.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// The puzzle rating.
    pub rating: Rating,
    /// Puzzles solved in a row, up to now.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// The puzzles tried, the latest last.
    pub history: Vec<Attempt>,
    /// The theme chosen (its name in the set, or empty for all).
    pub theme: String,
    /// The endgame drills, by id.
    pub drills: BTreeMap<String, DrillRecord>,
}

impl Progress {
    /// The record kept as `text`; `Err` with the reason when it cannot be read.
    pub fn read(text: &str) -> Result<Progress, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    /// The record as text to keep.
    pub fn write(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Counts puzzle `id` of difficulty `difficulty`, solved or not.
    pub fn record(&mut self, id: u32, difficulty: u16, solved: bool) {
        self.rating = self.rating.after_puzzle(difficulty, solved);
        self.streak = if solved { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
        self.history.push(Attempt {
            id,
            solved,
            rating: self.rating.shown(),
        });
        if self.history.len() > HISTORY {
            self.history.remove(0);
        }
    }

    /// Counts a game of drill `id`, `done` (won or held) or not.
    pub fn record_drill(&mut self, id: &str, done: bool) {
        let r = self.drills.entry(id.to_string()).or_default();
        r.tries += 1;
        r.done |= done;
    }

    /// Whether drill `id` has been done.
    pub fn drill_done(&self, id: &str) -> bool {
        self.drills.get(id).is_some_and(|r| r.done)
    }

    /// The numbers of the puzzles tried lately.
    pub fn recent(&self) -> impl Iterator<Item = u32> + '_ {
        self.history.iter().map(|a| a.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_and_bad_text_is_refused() {
        let mut p = Progress::default();
        p.record(12, 1400, true);
        p.record(13, 1400, true);
        p.record(14, 1400, false);
        p.record_drill("chariot-vs-advisors", false);
        p.record_drill("chariot-vs-advisors", true);
        assert_eq!((p.streak, p.best_streak), (0, 2));
        assert!(p.drill_done("chariot-vs-advisors"));
        assert_eq!(p.drills["chariot-vs-advisors"].tries, 2);
        assert_eq!(Progress::read(&p.write()), Ok(p));
        assert!(Progress::read("{\"rating\": 12").is_err());
        assert!(Progress::read("12").is_err());
        // A record from an older page, with fields missing, reads with the rest new.
        assert_eq!(Progress::read("{\"streak\": 3}").unwrap().streak, 3);
    }

    #[test]
    fn the_history_keeps_the_latest() {
        let mut p = Progress::default();
        for id in 0..(HISTORY as u32 + 10) {
            p.record(id, 1500, id % 2 == 0);
        }
        assert_eq!(p.history.len(), HISTORY);
        assert_eq!(p.history[0].id, 10);
    }
}
