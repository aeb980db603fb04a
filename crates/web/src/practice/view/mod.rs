//! The practice page in the browser: its root (`page`), which reads the address and the
//! person's language, draws the bar with the way back to the game and between puzzles and
//! endgames, and shows one of them: the puzzle view (`puzzle`) or the endgame drills
//! (`endgames`). What the browser keeps is read here and written back on each change.

mod endgames;
mod page;
mod puzzle;

pub use page::Practice;

use super::progress::{Progress, KEY, UNREADABLE};
use crate::browser;
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
