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
}

impl Summary {
    fn new(
        game: &Game,
        settings: &crate::model::Settings,
        flag: Option<crate::model::Flag>,
    ) -> Summary {
        let result = match flag {
            Some(f) => f.result(),
            None => GameResult::from_outcome(game.outcome()),
        };
        Summary {
            date: None,
            mode: settings.mode(),
            human: settings.human(),
            level: settings.level(),
            result,
            plies: game.len(),
        }
    }

    /// The game on the board.
    pub fn of(state: &State) -> Summary {
        Summary::new(state.game(), state.settings(), state.flag())
    }

    /// A game as it was saved, at `date`.
    fn of_opening(o: &Opening, date: Option<u64>) -> Summary {
        let flag = o.clock.as_ref().and_then(|c| c.2);
        Summary {
            date,
            ..Summary::new(&o.game, &o.settings, flag)
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

/// A key under `prefix` not yet taken, from `now`.
fn free_key(store: &impl Store, prefix: &str, now: u64) -> String {
    let taken = store.keys();
    let mut id = now;
    while taken.contains(&format!("{prefix}{id}")) {
        id += 1;
    }
    format!("{prefix}{id}")
}

/// Makes room for another game on the board by keeping the saved one, `text`, at `now`: in the
/// list if it can be read and has a move (then the oldest games beyond [`CAP`] go), aside under
/// [`ASIDE`] if it cannot be read at all (or its first move cannot), nowhere if it has no move. Returns whether it went
/// into the list; `Err` (nothing changed) if the store refused: the saved game must then not
/// be written over.
pub fn keep(store: &impl Store, text: &str, now: u64) -> Result<bool, Refused> {
    // Kept whole, as written: a text read only in part is in the list as it was (reopened,
    // it is read again in part), a text that cannot be read at all is put aside.
    let aside = match read_opening(text) {
        Err(_) => true,
        Ok(o) if o.game.is_empty() => lossy(&o),
        Ok(_) => false,
    };
    if aside {
        store.write(&free_key(store, ASIDE, now), text)?;
        return Ok(false);
    }
    if read_opening(text).is_ok_and(|o| o.game.is_empty()) {
        return Ok(false);
    }
    store.write(&free_key(store, PREFIX, now), text)?;
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
mod tests {
    use super::super::game::{write, KEY};
    use super::*;
    use crate::model::clock::set_test_now;
    use crate::model::settings::Action as Set;
    use crate::model::{game, Action};

    /// A game between two players with `plies` moves of the horses going out and back.
    fn game(plies: usize) -> State {
        let mut s = State::default();
        s.apply(Set::SetMode(Mode::TwoPlayers).into(), 0);
        for m in ["b0c2", "b9c7", "c2b0", "c7b9"].iter().cycle().take(plies) {
            let m = xiangqi::notation::parse_uci(m).unwrap();
            s.apply(Action::Click(m.from()), 0);
            s.apply(Action::Click(m.to()), 0);
        }
        assert_eq!(s.game().len(), plies);
        s
    }

    #[test]
    fn a_game_leaving_the_board_is_listed_and_comes_back() {
        let store = MemoryStore::default();
        set_test_now(5_000);
        let mut s = game(3);
        s.apply(Set::SetLevel(6).into(), 5_000);
        let text = write(&s);
        set_test_now(9_000);
        assert_eq!(keep(&store, &text, 9_000), Ok(true));
        let list = entries(&store);
        assert_eq!(list.len(), 1);
        assert_eq!(
            list[0].summary,
            Summary {
                date: Some(5_000),
                mode: Mode::TwoPlayers,
                human: Color::Red,
                level: 6,
                result: GameResult::Unknown,
                plies: 3,
            }
        );
        assert_eq!(list[0].id, 9_000);
        // Read back, it is the same game; deleted, it is no longer listed.
        assert_eq!(get(&store, 9_000).unwrap(), text);
        delete(&store, 9_000);
        assert!(entries(&store).is_empty());
        assert!(get(&store, 9_000).is_none());
        // A game with no move is not worth a place.
        assert_eq!(keep(&store, &write(&game(0)), 9_500), Ok(false));
        assert!(store.keys().is_empty());
    }

    #[test]
    fn two_games_leaving_at_once_both_stay_and_the_newest_comes_first() {
        let store = MemoryStore::default();
        set_test_now(1_000);
        let older = write(&game(1));
        set_test_now(2_000);
        let newer = write(&game(2));
        assert_eq!(keep(&store, &older, 3_000), Ok(true));
        assert_eq!(keep(&store, &newer, 3_000), Ok(true));
        let list = entries(&store);
        assert_eq!(
            list.iter().map(|e| e.id).collect::<Vec<_>>(),
            [3_001, 3_000]
        );
        assert_eq!(list[0].summary.plies, 2);
        delete(&store, 3_001);
        assert_eq!(entries(&store).len(), 1);
    }

    #[test]
    fn the_list_keeps_the_most_recent_games_up_to_its_cap() {
        let store = MemoryStore::default();
        for i in 0..40u64 {
            set_test_now(i * 10);
            keep(&store, &write(&game(1 + i as usize % 5)), i * 10 + 1).unwrap();
        }
        let list = entries(&store);
        // With the game on the board, CAP in all: the oldest went.
        assert_eq!(list.len(), CAP - 1);
        assert_eq!(list[0].summary.date, Some(390));
        assert_eq!(list[CAP - 2].summary.date, Some(110));
        const { assert!(CAP >= 20, "at least the last 20 games") };
    }

    #[test]
    fn results_modes_and_a_loss_on_time_are_listed() {
        let store = MemoryStore::default();
        // Mate in one against the computer, the person Black at level 3.
        let mut s = State::default();
        s.apply(
            game::Action::LoadFen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1".into()).into(),
            0,
        );
        s.apply(Set::SetMode(Mode::TwoPlayers).into(), 0);
        for sq in ["b0", "b9"] {
            s.apply(Action::Click(sq.parse().unwrap()), 0);
        }
        s.apply(Set::SetMode(Mode::Computer).into(), 0);
        s.apply(Set::SetSide(Color::Black).into(), 0);
        s.apply(Set::SetLevel(3).into(), 0);
        assert!(s.over());
        keep(&store, &write(&s), 1).unwrap();
        let e = &entries(&store)[0].summary;
        assert_eq!(
            (e.mode, e.human, e.level, e.result, e.plies),
            (Mode::Computer, Color::Black, 3, GameResult::RedWins, 1)
        );
        assert_eq!(Summary::of(&s).result, GameResult::RedWins);
        assert_eq!(Summary::of(&s).date, None);
        // A flag fall.
        set_test_now(1_000);
        let mut s = game(0);
        s.apply(
            Set::SetTimeControl(Some(crate::model::TimeControl::new(1, 0))).into(),
            1_000,
        );
        s.apply(Action::Click("b0".parse().unwrap()), 1_000);
        s.apply(Action::Click("c2".parse().unwrap()), 1_000);
        set_test_now(100_000);
        s.apply(Action::ClockTick, 100_000);
        keep(&store, &write(&s), 2).unwrap();
        assert_eq!(entries(&store)[0].summary.result, GameResult::RedWins);
    }

    #[test]
    fn a_game_saved_before_the_list_is_kept_when_another_takes_its_place() {
        // The single saved game as an earlier version wrote it: no date line.
        let old = write(&game(2));
        let old: String = old
            .lines()
            .filter(|l| !l.starts_with("date="))
            .map(|l| format!("{l}\n"))
            .collect();
        let store = MemoryStore::default();
        store.write(KEY, &old).unwrap();
        // The page opens a link's game: the one under KEY goes into the list.
        assert_eq!(keep(&store, &store.read(KEY).unwrap(), 7_000), Ok(true));
        store.write(KEY, &write(&game(1))).unwrap();
        let list = entries(&store);
        assert_eq!(list.len(), 1);
        assert_eq!(
            list[0].summary.date,
            Some(7_000),
            "dated when it entered the list"
        );
        assert_eq!(list[0].summary.plies, 2);
        let back = State::new(read_opening(&get(&store, 7_000).unwrap()).unwrap());
        assert_eq!(back.game().moves(), game(2).game().moves());
    }

    #[test]
    fn a_reopened_game_takes_the_board_and_the_page_keeps_its_language() {
        use crate::model::{PieceSet, TimeControl};
        use crate::text::i18n::Lang;
        set_test_now(1_000);
        let mut old = game(3);
        for a in [
            Set::SetLevel(5),
            Set::SetTimeControl(Some(TimeControl::new(3, 2))),
            Set::Flip,
        ] {
            old.apply(a.into(), 1_000);
        }
        let m = xiangqi::notation::parse_uci("c7b9").unwrap();
        old.apply(Action::Click(m.from()), 1_000);
        old.apply(Action::Click(m.to()), 1_000);
        let text = write(&old);
        let mut s = State::default();
        for a in [
            Set::SetLang(Lang::Zh),
            Set::Mute(true),
            Set::SetPieces(PieceSet::International),
        ] {
            s.apply(a.into(), 1_000);
        }
        s.apply(Action::Click("h2".parse().unwrap()), 1_000);
        s.apply(Action::Click("e2".parse().unwrap()), 1_000);
        let id = s.history().id();
        s.apply(game::Action::Reopen(text).into(), 1_000);
        assert_eq!(s.game().moves(), old.game().moves());
        assert!(s.history().id() > id, "another game for the worker");
        let (a, b) = (s.settings(), old.settings());
        assert_eq!(
            (a.mode(), a.level(), a.orientation(), a.time_control()),
            (b.mode(), b.level(), b.orientation(), b.time_control())
        );
        assert_eq!(
            (a.lang(), a.muted(), a.pieces()),
            (Lang::Zh, true, PieceSet::International)
        );
        assert_eq!(s.clock().unwrap().record(), old.clock().unwrap().record());
        assert!(s.notice().is_none());
        // Text that cannot be read changes nothing but says so.
        s.apply(
            game::Action::Reopen("xiangqi-saved 1\nfen=".into()).into(),
            1_000,
        );
        assert_eq!(s.game().moves(), old.game().moves());
        assert!(matches!(
            s.notice(),
            Some(crate::model::Notice::SavedUnreadable(_))
        ));
    }

    #[test]
    fn damaged_entries_keep_what_can_be_read_and_harm_nothing() {
        let store = MemoryStore::default();
        set_test_now(100);
        keep(&store, &write(&game(2)), 100).unwrap();
        let good = write(&game(3));
        for (k, v) in [
            ("xiangqi.game.200", "{not a game"),
            ("xiangqi.game.300", ""),
            ("xiangqi.game.400", &good.replace("moves=", "moves=zz ")),
            (
                "xiangqi.game.500",
                &good.replace("xiangqi-saved 1", "xiangqi-saved 9"),
            ),
            ("xiangqi.game.600", &good.replace("date=100", "date=x")),
            ("xiangqi.game.700", &format!("{good}future=1\n")),
            ("xiangqi.game.x", &good),
            ("other", &good),
        ] {
            store.write(k, v).unwrap();
        }
        // Listed: the games that can be read, whole or in part (400 has no move left).
        let mut listed: Vec<u64> = entries(&store).iter().map(|e| e.id).collect();
        listed.sort_unstable();
        assert_eq!(listed, [100, 400, 500, 600, 700]);
        // Text that cannot be read is put aside, never lost, and never listed.
        assert_eq!(keep(&store, "xiangqi-saved 1\nfen=", 700), Ok(false));
        assert_eq!(
            store.read(&format!("{ASIDE}700")).as_deref(),
            Some("xiangqi-saved 1\nfen=")
        );
        assert_eq!(keep(&store, "{again", 700), Ok(false));
        assert_eq!(
            store.read(&format!("{ASIDE}701")).as_deref(),
            Some("{again")
        );
        // Keeping more drops only the oldest readable games.
        for i in 0..CAP as u64 {
            keep(&store, &good, 1_000 + i).unwrap();
        }
        assert_eq!(entries(&store).len(), CAP - 1);
        for k in ["xiangqi.game.200", "xiangqi.game.x", "other"] {
            assert!(store.read(k).is_some(), "{k} left alone");
        }
    }

    #[test]
    fn no_more_than_the_cap_is_listed() {
        let store = MemoryStore::default();
        set_test_now(1);
        let text = write(&game(1));
        for i in 0..500 {
            store.write(&format!("{PREFIX}{i}"), &text).unwrap();
        }
        assert_eq!(entries(&store).len(), CAP - 1);
    }

    #[test]
    fn a_full_store_changes_nothing_and_says_so() {
        let store = MemoryStore::default();
        set_test_now(10);
        let board = write(&game(4));
        store.write(KEY, &board).unwrap();
        keep(&store, &write(&game(2)), 20).unwrap();
        store.quota.set(Some(store.used() + 10));
        // The game on the board cannot go into the list: nothing changed.
        assert_eq!(keep(&store, &board, 30), Err(Refused));
        assert_eq!(store.read(KEY), Some(board.clone()));
        assert_eq!(entries(&store).len(), 1);
        // Nor can unreadable text be put aside.
        assert_eq!(keep(&store, "{x", 30), Err(Refused));
        // With room made, it goes.
        store.quota.set(None);
        assert_eq!(keep(&store, &board, 30), Ok(true));
        assert_eq!(entries(&store).len(), 2);
    }

    #[test]
    fn download_lists_every_game_and_whole_tells_a_partial_read() {
        let store = MemoryStore::default();
        set_test_now(5);
        keep(&store, &write(&game(2)), 5).unwrap();
        keep(&store, &write(&game(3)), 6).unwrap();
        let games = games(&store);
        assert_eq!(
            games.iter().map(|(_, o)| o.game.len()).collect::<Vec<_>>(),
            [3, 2]
        );
        let text = write(&game(3));
        assert!(whole(&text));
        assert!(
            whole(&text.replace("lang=en", "lang=xx")),
            "a setting is not the game"
        );
        assert!(!whole(&text.replace("b9c7", "b9b0")));
        assert!(!whole("{x"));
    }
}
