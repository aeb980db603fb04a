//! The recent games kept in the browser, so that no game is lost when another takes its place
//! on the board: a new game, a loaded record or FEN, a link's game, or a game reopened from
//! the list.
//!
//! The game on the board stays where it always was, under [`super::game::KEY`] (so a game saved
//! before the list existed is its first entry, with nothing to convert); the games before it
//! are kept each under a key of its own, `xiangqi.game.ID`, in the same format, so writing the
//! game on the board rewrites that one key only, and a damaged entry spoils nothing else. The
//! ID is the time the game left the board, in ms, made unique. The list holds at most [`CAP`]
//! games, the one on the board included; keeping one more drops the oldest, and no more than
//! that are ever listed. An entry is read as the game on the board is (what can be read is
//! kept); one that cannot be read at all is left alone: it is neither shown nor counted.
//!
//! A saved game that cannot be read at all is not lost either: when another game is saved
//! over it, it is kept aside under a key of its own, [`ASIDE`] and the time, never overwritten.
//!
//! Every write can fail (the browser's storage is full, or forbidden): [`keep`] then changes
//! nothing and says so, so that the page keeps the game on the board where it was saved and
//! tells the person, rather than write the new game over it.
//!
//! Pure over a [`Store`] (the page's localStorage, or a map in the tests).

use super::game::{lossy, open, parse, read_opening};
use crate::model::correspondence::Correspondence;
use crate::model::{Mode, Opening, State};
use xiangqi::records::GameResult;
use xiangqi::{Color, Game};

/// The start of an earlier game's key; its ID follows.
pub const PREFIX: &str = "xiangqi.game.";
/// The start of the key of a saved game that could not be read, kept aside; the time follows.
pub const ASIDE: &str = "xiangqi.saved.unreadable.";
/// The most games the list keeps, the one on the board included.
pub const CAP: usize = 30;

/// A write the store refused: the browser's storage is full, or forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

/// Where the games are kept: localStorage in the page.
pub trait Store {
    /// The text under `key`.
    fn read(&self, key: &str) -> Option<String>;
    /// Keeps `value` under `key`, unless the store refuses (then nothing changed).
    fn write(&self, key: &str, value: &str) -> Result<(), Refused>;
    /// Forgets `key`.
    fn remove(&self, key: &str);
    /// Every key.
    fn keys(&self) -> Vec<String>;
}

/// A [`Store`] in memory: what the tests and the fuzz targets keep games in. With a quota, it
/// refuses a write that would take its texts (keys and values, in bytes) past it, as a full
/// browser storage does.
#[derive(Default)]
pub struct MemoryStore {
    texts: std::cell::RefCell<std::collections::BTreeMap<String, String>>,
    /// The most bytes it holds, if limited.
    pub quota: std::cell::Cell<Option<usize>>,
}

impl MemoryStore {
    /// The bytes held, keys and values.
    pub fn used(&self) -> usize {
        self.texts
            .borrow()
            .iter()
            .map(|(k, v)| k.len() + v.len())
            .sum()
    }
}

impl Store for MemoryStore {
    fn read(&self, key: &str) -> Option<String> {
        self.texts.borrow().get(key).cloned()
    }
    fn write(&self, key: &str, value: &str) -> Result<(), Refused> {
        let old = self.read(key).map_or(0, |v| key.len() + v.len());
        if let Some(q) = self.quota.get() {
            if self.used() - old + key.len() + value.len() > q {
                return Err(Refused);
            }
        }
        self.texts.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&self, key: &str) {
        self.texts.borrow_mut().remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.texts.borrow().keys().cloned().collect()
    }
}

/// What the list says of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// When it was last saved, in ms since 1970 (`None`: unknown, or the game on the board).
    pub date: Option<u64>,
    /// Who plays.
    pub mode: Mode,
    /// The person's side against the computer.
    pub human: Color,
    /// The computer's level.
    pub level: u8,
    /// How it ended ([`GameResult::Unknown`] while it goes on).
    pub result: GameResult,
    /// The plies played.
    pub plies: usize,
    /// In a game played by link: this device's side, and whether it is to move.
    pub corr: Option<(Color, bool)>,
}

impl Summary {
    fn new(
        game: &Game,
        settings: &crate::model::Settings,
        flag: Option<crate::model::Flag>,
        corr: Option<&Correspondence>,
    ) -> Summary {
        let ended = corr.and_then(|c| c.ended);
        let result = match (flag, ended) {
            (Some(f), _) => f.result(),
            (None, Some(e)) => e.result(),
            (None, None) => GameResult::from_outcome(game.outcome()),
        };
        let going = result == GameResult::Unknown;
        Summary {
            date: None,
            mode: settings.mode(),
            human: settings.human(),
            level: settings.level(),
            result,
            plies: game.len(),
            corr: corr.map(|c| (c.mine, going && game.position().turn() == c.mine)),
        }
    }

    /// The game on the board.
    pub fn of(state: &State) -> Summary {
        Summary::new(state.game(), state.settings(), state.flag(), state.corr())
    }

    /// A game as it was saved, at `date`.
    fn of_opening(o: &Opening, date: Option<u64>) -> Summary {
        let flag = o.clock.as_ref().and_then(|c| c.2);
        Summary {
            date,
            ..Summary::new(&o.game, &o.settings, flag, o.corr.as_ref())
        }
    }
}

/// An earlier game in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Its ID.
    pub id: u64,
    /// What the list says of it.
    pub summary: Summary,
}

fn key(id: u64) -> String {
    format!("{PREFIX}{id}")
}

/// The earlier games that can be read, with their IDs, in no order.
fn read_all(store: &impl Store) -> Vec<Entry> {
    store
        .keys()
        .iter()
        .filter_map(|k| {
            let id = k.strip_prefix(PREFIX)?.parse().ok()?;
            let saved = parse(&store.read(k)?)?;
            // Saved before dates were written: the time it entered the list.
            let date = saved.date.unwrap_or(id);
            let opening = open(saved).ok()?;
            Some(Entry {
                id,
                summary: Summary::of_opening(&opening, Some(date)),
            })
        })
        .collect()
}

/// Every earlier game that can be read, the most recent first.
fn sorted(store: &impl Store) -> Vec<Entry> {
    // An insertion sort: the list holds a few dozen games at most, and the standard library's
    // sorts cost the page's first load some 1.5 KB (gzip) of code.
    let mut all = Vec::new();
    for e in read_all(store) {
        let key = |e: &Entry| (e.summary.date, e.id);
        let at = all.iter().position(|o: &Entry| key(o) < key(&e));
        all.insert(at.unwrap_or(all.len()), e);
    }
    all
}

/// The earlier games that can be read, the most recent first: at most [`CAP`] − 1 (the game
/// on the board is the other).
pub fn entries(store: &impl Store) -> Vec<Entry> {
    let mut all = sorted(store);
    all.truncate(CAP - 1);
    all
}

/// Every earlier game that can be read (at most [`CAP`] − 1), the most recent first, with the
/// time it was last saved: what "download my games" writes.
pub fn games(store: &impl Store) -> Vec<(Option<u64>, Opening)> {
    entries(store)
        .into_iter()
        .filter_map(|e| Some((e.summary.date, read_opening(&get(store, e.id)?).ok()?)))
        .collect()
}

/// Whether the saved `text` reads whole: nothing of its game (a move, a comment, the clocks)
/// had to be left out. (A setting that fell back to its default does not count.)
pub fn whole(text: &str) -> bool {
    read_opening(text).is_ok_and(|o| !lossy(&o))
}

/// A key under `prefix` not yet taken in `store`: `prefix` and `now`, or the first later time
/// free (what every dated key of the browser's storage is made with).
pub fn free_key(store: &impl Store, prefix: &str, now: u64) -> String {
    let taken = store.keys();
    let mut id = now;
    while taken.contains(&format!("{prefix}{id}")) {
        id += 1;
    }
    format!("{prefix}{id}")
}

/// Makes room for another game on the board by keeping the saved one, `text`, at `now`: in the
/// list if it can be read and has a move (then the oldest games beyond [`CAP`] go), aside under
/// [`ASIDE`] if it cannot be read at all (or its first move cannot), nowhere if it has no
/// move. Returns whether it went into the list; `Err` (nothing changed) if the store refused:
/// the saved game must then not be written over.
pub fn keep(store: &impl Store, text: &str, now: u64) -> Result<bool, Refused> {
    // Kept whole, as written: a text read only in part is in the list as it was (reopened,
    // it is read again in part), a text that cannot be read at all is put aside.
    let prefix = match read_opening(text) {
        Err(_) => ASIDE,
        Ok(o) if o.game.is_empty() && lossy(&o) => ASIDE,
        Ok(o) if o.game.is_empty() => return Ok(false),
        Ok(_) => PREFIX,
    };
    store.write(&free_key(store, prefix, now), text)?;
    if prefix == ASIDE {
        return Ok(false);
    }
    for old in sorted(store).iter().skip(CAP - 1) {
        store.remove(&key(old.id));
    }
    Ok(true)
}

/// The saved text of game `id`, to put it on the board; it stays in the list until
/// [`delete`]d once the board's game is saved.
pub fn get(store: &impl Store, id: u64) -> Option<String> {
    store.read(&key(id))
}

/// Deletes the game `id` from the list.
pub fn delete(store: &impl Store, id: u64) {
    store.remove(&key(id));
}

#[cfg(test)]
#[path = "list_tests.rs"]
mod tests;
