//! How the practice record is kept in a store that may refuse a write: read as much as can
//! be, a record that cannot be read put aside under a dated key of its own (never overwritten),
//! and what to tell the person. Pure over a [`Store`]; the page's part is `view/store.rs`.

use super::progress::{Progress, KEY, UNREADABLE};
use crate::records::saved::list::{free_key, Refused, Store};

/// Something to tell about the practice record.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreNote {
    /// The record was read in part: the fields set back to their defaults.
    Repaired(Vec<&'static str>),
    /// The record could not be read: kept aside under this key, and practice starts afresh.
    Aside(String),
    /// The record could not be read, nor kept aside (the storage is full): it stays where it
    /// is, and nothing is written over it in this visit.
    Unreadable,
    /// The browser refused to write the record: results since are kept in this page only.
    Refused,
}

/// The practice record in `store` at `now`, with what to tell about it: a record that cannot
/// be read is put aside under a dated key of its own (never overwritten), and practice starts
/// afresh.
pub fn read_progress(store: &impl Store, now: u64) -> (Progress, Option<StoreNote>) {
    let Some(text) = store.read(KEY) else {
        return (Progress::default(), None);
    };
    match Progress::read(&text) {
        Ok((p, faults)) if faults.is_empty() => (p, None),
        Ok((p, faults)) => (p, Some(StoreNote::Repaired(faults))),
        Err(_) => {
            let aside = free_key(store, UNREADABLE, now);
            let note = match store.write(&aside, &text) {
                Ok(()) => StoreNote::Aside(aside),
                Err(Refused) => StoreNote::Unreadable,
            };
            (Progress::default(), Some(note))
        }
    }
}

/// Keeps `progress` in `store` at `now`, over what is there; if that could not be read nor put
/// aside before (`note` says so), it is put aside first. The note to show after.
pub fn write_progress(
    store: &impl Store,
    progress: &Progress,
    note: Option<StoreNote>,
    now: u64,
) -> Option<StoreNote> {
    let note = match note {
        Some(StoreNote::Unreadable) => match read_progress(store, now).1 {
            Some(StoreNote::Unreadable) => return Some(StoreNote::Unreadable),
            aside => aside,
        },
        Some(StoreNote::Refused) => None,
        other => other,
    };
    match store.write(KEY, &progress.write()) {
        Ok(()) => note,
        Err(Refused) => Some(StoreNote::Refused),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::saved::list::MemoryStore;

    #[test]
    fn an_unreadable_record_is_kept_aside_and_never_overwritten() {
        let store = MemoryStore::default();
        store.write(KEY, "{broken").unwrap();
        let (p, note) = read_progress(&store, 1_000);
        assert_eq!(p, Progress::default());
        let aside = format!("{UNREADABLE}1000");
        assert_eq!(note, Some(StoreNote::Aside(aside.clone())));
        assert_eq!(store.read(&aside).as_deref(), Some("{broken"));
        // A second unreadable record, at the same time: its own key.
        store.write(KEY, "{broken again").unwrap();
        let (_, note) = read_progress(&store, 1_000);
        assert_eq!(note, Some(StoreNote::Aside(format!("{UNREADABLE}1001"))));
        assert_eq!(store.read(&aside).as_deref(), Some("{broken"));
        // With no room to keep it aside, it stays where it is, and is not written over.
        store.write(KEY, "{third").unwrap();
        store.quota.set(Some(store.used()));
        let (_, note) = read_progress(&store, 2_000);
        assert_eq!(note, Some(StoreNote::Unreadable));
        assert_eq!(store.read(KEY).as_deref(), Some("{third"));
    }

    #[test]
    fn a_refused_write_is_told_and_tried_again() {
        let store = MemoryStore::default();
        let mut p = Progress::default();
        p.record(1, 1500, false);
        store.quota.set(Some(10));
        assert_eq!(
            write_progress(&store, &p, None, 0),
            Some(StoreNote::Refused)
        );
        assert_eq!(store.read(KEY), None);
        store.quota.set(None);
        assert_eq!(
            write_progress(&store, &p, Some(StoreNote::Refused), 0),
            None
        );
        assert_eq!(Progress::read(&store.read(KEY).unwrap()).unwrap().0, p);
        // An unreadable record that could not be put aside is put aside before the write.
        store.write(KEY, "{x").unwrap();
        let note = write_progress(&store, &p, Some(StoreNote::Unreadable), 5);
        assert_eq!(note, Some(StoreNote::Aside(format!("{UNREADABLE}5"))));
        assert_eq!(store.read(&format!("{UNREADABLE}5")).as_deref(), Some("{x"));
    }

    #[test]
    fn a_record_read_in_part_names_what_was_set_back() {
        let store = MemoryStore::default();
        store
            .write(KEY, r#"{"streak": "x", "best_streak": 4}"#)
            .unwrap();
        let (p, note) = read_progress(&store, 0);
        assert_eq!((p.streak, p.best_streak), (0, 4));
        assert_eq!(note, Some(StoreNote::Repaired(vec!["streak"])));
    }
}
