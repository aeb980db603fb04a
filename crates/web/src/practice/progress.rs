//! What the browser keeps of a person's practice: the puzzle rating, the streaks, the recent
//! puzzles and how each went, the theme chosen, and each endgame drill's tries and success. Kept
//! as JSON under [`KEY`].
//!
//! Read as much as can be: a field that cannot be read falls back to its default (and is
//! named), a field this version does not know is passed over, the rating's numbers are held to
//! their ranges, and the history keeps its last [`HISTORY`] puzzles. Text that is not a record
//! at all (not a JSON object) is kept aside under a key of its own, [`UNREADABLE`] and the
//! time, never overwritten, and practice starts afresh.

use crate::model::glicko::Rating;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The storage key of the practice record.
pub const KEY: &str = "xiangqi.practice";
/// The start of the key under which a record that cannot be read is put aside; the time follows.
pub const UNREADABLE: &str = "xiangqi.practice.unreadable.";
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
    /// The record kept as `text`, with the names of the fields that could not be read (left at
    /// their defaults, or, in a list, the entries left out); `Err` with the reason when it is
    /// not a record at all.
    pub fn read(text: &str) -> Result<(Progress, Vec<&'static str>), String> {
        use serde_json::{from_value, Map, Value};
        let fields: Map<String, Value> = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let mut p = Progress::default();
        let mut faults = Vec::new();
        for (name, value) in fields {
            let read = match name.as_str() {
                "rating" => from_value(value).map(|r| p.rating = r),
                "streak" => from_value(value).map(|s| p.streak = s),
                "best_streak" => from_value(value).map(|s| p.best_streak = s),
                "theme" => from_value(value).map(|t| p.theme = t),
                // Lists entry by entry: one that cannot be read is left out, not the list.
                "history" | "drills" => {
                    let all = |v: Value| -> Vec<(String, Value)> {
                        match v {
                            Value::Array(a) => a.into_iter().map(|v| (String::new(), v)).collect(),
                            Value::Object(o) => o.into_iter().collect(),
                            _ => Vec::new(),
                        }
                    };
                    let (mut lost, entries) = (!value.is_array() && !value.is_object(), all(value));
                    for (key, v) in entries {
                        let ok = if name == "history" {
                            from_value(v).map(|a| p.history.push(a)).is_ok()
                        } else {
                            from_value(v).map(|d| p.drills.insert(key, d)).is_ok()
                        };
                        lost |= !ok;
                    }
                    if lost {
                        faults.push(if name == "history" {
                            "history"
                        } else {
                            "drills"
                        });
                    }
                    Ok(())
                }
                _ => Ok(()),
            };
            if read.is_err() {
                faults.push(match name.as_str() {
                    "rating" => "rating",
                    "streak" => "streak",
                    "best_streak" => "best_streak",
                    _ => "theme",
                });
            }
        }
        p.hold();
        Ok((p, faults))
    }

    /// The record as text to keep (its numbers held to their ranges first).
    pub fn write(&self) -> String {
        let mut p = self.clone();
        p.hold();
        serde_json::to_string(&p).unwrap_or_default()
    }

    /// Holds every value to its range: the rating's numbers, the streaks (the best at least
    /// the current), the history's length.
    fn hold(&mut self) {
        self.rating = self.rating.held();
        self.best_streak = self.best_streak.max(self.streak);
        let extra = self.history.len().saturating_sub(HISTORY);
        self.history.drain(..extra);
        for a in &mut self.history {
            a.rating = a.rating.clamp(0, 4000);
        }
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
        assert_eq!(Progress::read(&p.write()), Ok((p, vec![])));
        assert!(Progress::read("{\"rating\": 12").is_err());
        assert!(Progress::read("12").is_err());
        // A record from an older page, with fields missing, reads with the rest new.
        assert_eq!(Progress::read("{\"streak\": 3}").unwrap().0.streak, 3);
    }

    #[test]
    fn a_damaged_record_keeps_what_can_be_read() {
        let mut p = Progress::default();
        p.record(12, 1400, true);
        p.record_drill("chariot-vs-advisors", true);
        let good: serde_json::Value = serde_json::from_str(&p.write()).unwrap();
        // An unknown field is passed over; a bad value falls back to its default and is named.
        let mut bad = good.clone();
        bad["future"] = 7.into();
        bad["streak"] = "many".into();
        bad["theme"] = 3.into();
        let (q, faults) = Progress::read(&bad.to_string()).unwrap();
        assert_eq!(faults, ["streak", "theme"]);
        assert_eq!((q.streak, q.theme.as_str()), (0, ""));
        assert_eq!(
            (q.rating, q.history.clone(), q.drills.clone()),
            (p.rating, p.history.clone(), p.drills.clone())
        );
        // One bad entry of a list is left out, the others kept.
        let mut bad = good.clone();
        bad["history"].as_array_mut().unwrap().push("x".into());
        bad["drills"]["broken"] = "x".into();
        let (q, faults) = Progress::read(&bad.to_string()).unwrap();
        assert_eq!(faults, ["drills", "history"]);
        assert_eq!((q.history, q.drills), (p.history.clone(), p.drills.clone()));
        // Numbers out of range are held to it, on reading and on writing: a rating deviation
        // of 1e300 no longer makes the next write a `null` that cannot be read back.
        let mut bad = good.clone();
        bad["rating"]["rd"] = 1e300.into();
        bad["rating"]["vol"] = 1e300.into();
        bad["rating"]["rating"] = (-5e9).into();
        let (q, faults) = Progress::read(&bad.to_string()).unwrap();
        assert!(faults.is_empty());
        assert_eq!(q.rating, q.rating.held());
        assert!(
            q.rating.rd <= 350.0 && q.rating.vol <= 1.0 && q.rating.rating >= 0.0,
            "{:?}",
            q.rating
        );
        let mut r = q.clone();
        r.rating.rd = f64::INFINITY;
        assert_eq!(Progress::read(&r.write()).unwrap(), (q, vec![]));
        // A history far too long keeps its latest entries.
        let mut long = good;
        let entry = long["history"][0].clone();
        long["history"] = serde_json::Value::Array(vec![entry; 100_000]);
        assert_eq!(
            Progress::read(&long.to_string()).unwrap().0.history.len(),
            HISTORY
        );
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
