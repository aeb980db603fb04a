//! What the practice page keeps in the browser: the person's practice record, read once when a
//! part of the page opens and written back on each change.

use crate::browser;
use crate::practice::progress::{Progress, KEY, UNREADABLE};
use crate::records::saved::list::Store;

/// The person's practice record from the browser; a record that cannot be read is put aside
/// (never overwritten) and practice starts afresh.
pub fn load_progress() -> Progress {
    let Some(store) = browser::storage() else {
        return Progress::default();
    };
    match store.read(KEY).map(|t| (Progress::read(&t), t)) {
        None => Progress::default(),
        Some((Ok(p), _)) => p,
        Some((Err(_), text)) => {
            store.write(UNREADABLE, &text);
            Progress::default()
        }
    }
}

/// Keeps `progress` in the browser, over what is there (an unreadable record was put aside).
pub fn save_progress(progress: &Progress) {
    if let Some(store) = browser::storage() {
        store.write(KEY, &progress.write());
    }
}
