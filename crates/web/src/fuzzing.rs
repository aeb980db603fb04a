//! The properties that the page's fuzz targets in `crates/fuzz` check, one function per
//! untrusted input the page reads: the address's parameters, the saved data in the browser, and
//! an imported record (a PGN or a plain list of moves).
//!
//! They live here so that `cargo test` (tests/robustness.rs) runs the very same checks on
//! seeded pseudo-random inputs, while `cargo fuzz` explores further. Each function takes
//! arbitrary bytes and panics only when a property is broken: reading never panics, what is
//! read is a legal game, and what the page writes of it reads back as the same game.

use crate::model::{Mode, Opening, Settings, State};
use crate::records::link::codec::query_pairs;
use crate::records::saved::list::{self, MemoryStore, Store};
use crate::records::{link, pgn, saved};
use crate::text::i18n::Lang;
use xiangqi::notation::Notation;
use xiangqi::records::compact_tree;
use xiangqi::Game;

/// The page's parameters among `pairs`, each with its first value, as `browser::url_params`
/// gives them.
fn page_params(pairs: &[(String, String)]) -> Vec<(String, String)> {
    link::NAMES
        .iter()
        .filter_map(|&name| pairs.iter().find(|(k, _)| k == name).cloned())
        .collect()
}

/// The settings a share link carries: the side and level only where the mode uses them, and
/// never the notation or the sound (the visitor's own).
fn carried(s: &Settings) -> impl PartialEq + std::fmt::Debug {
    let computer = s.mode() != Mode::TwoPlayers;
    (
        s.mode(),
        (s.mode() == Mode::Computer).then(|| s.human()),
        computer.then(|| s.level()),
        s.orientation(),
        s.lang(),
        s.pieces(),
        s.time_control(),
    )
}

/// Target `link_params`: any address opens a legal game (or the start, with a notice) without
/// a panic, and the share link of what opened opens the same game with the same settings.
pub fn link_params(data: &[u8]) {
    let query = String::from_utf8_lossy(data);
    let params = page_params(&query_pairs(&query));
    let state = State::new(link::apply(Opening::default(), &params));
    let replayed = Game::replay(state.game().start_position().clone(), &state.game().moves());
    assert!(replayed.is_ok(), "{query:?} opened an illegal game");
    let shared = link::query(&state);
    let again = State::new(link::apply(
        Opening::default(),
        &page_params(&query_pairs(&shared)),
    ));
    assert_eq!(
        again.game().start_position(),
        state.game().start_position(),
        "{query:?}: the shared link {shared} starts elsewhere"
    );
    assert_eq!(
        again.game().moves(),
        state.game().moves(),
        "{query:?}: the shared link {shared} has other moves"
    );
    assert_eq!(
        compact_tree::encode(again.history().tree()),
        compact_tree::encode(state.history().tree()),
        "{query:?}: the shared link {shared} has other variations"
    );
    assert_eq!(
        carried(again.settings()),
        carried(state.settings()),
        "{query:?}: the shared link {shared} has other settings"
    );
    assert!(
        again.notice().is_none(),
        "{query:?}: the shared link {shared} is refused"
    );
}

/// Target `saved_game`: any text in the browser's storage opens a game (or a new one, with a
/// notice) without a panic, in the saved game's place and in the list of recent games; a game
/// that opens is written back as text that opens the same game and settings, and is written
/// the same again.
pub fn saved_game(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (opening, _) = saved::read(Some(&text), Lang::En).expect("something was stored");
    let state = State::new(opening);
    let written = saved::write(&state);
    let again =
        State::new(saved::game::read_opening(&written).unwrap_or_else(|e| {
            panic!("{text:?} was written as {written:?}, which is refused: {e}")
        }));
    assert_eq!(again.game().moves(), state.game().moves(), "{text:?}");
    assert_eq!(
        compact_tree::encode(again.history().tree()),
        compact_tree::encode(state.history().tree()),
        "{text:?}: other variations"
    );
    assert_eq!(
        again.game().start_position(),
        state.game().start_position(),
        "{text:?}"
    );
    assert_eq!(again.settings(), state.settings(), "{text:?}");
    assert_eq!(
        saved::write(&again),
        written,
        "{text:?}: not written the same"
    );
    // In the list of recent games, under any key: listed only if it opens, never a panic.
    let store = MemoryStore::default();
    store
        .write(&format!("{}1", list::PREFIX), &text)
        .expect("no quota");
    let kept = list::keep(&store, &text, 2).expect("no quota");
    let entries = list::entries(&store);
    assert!(entries.len() <= 2, "{text:?}");
    if let Some(e) = entries.first() {
        let back = list::get(&store, e.id).expect("a listed game can be read");
        assert!(
            saved::game::read_opening(&back).is_ok(),
            "{text:?}: listed but unreadable"
        );
    }
    assert!(
        !kept || !entries.is_empty(),
        "{text:?}: kept but not listed"
    );
}

/// Target `game_list`: any bytes, cut at each 0 byte into texts kept under `xiangqi.game.N`
/// keys (the last as the game on the board), in a store nearly full: the list shows at most
/// [`list::CAP`] − 1 games, each of which opens; keeping the game on the board either keeps it
/// (listed, or put aside whole) or changes nothing at all when the store refuses; deleting a
/// game lists one fewer.
pub fn game_list(data: &[u8]) {
    let texts: Vec<String> = data
        .split(|&b| b == 0)
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    let store = MemoryStore::default();
    let (board, earlier) = texts.split_last().expect("split gives one part at least");
    for (i, t) in earlier.iter().enumerate() {
        store
            .write(&format!("{}{i}", list::PREFIX), t)
            .expect("no quota yet");
    }
    store.write(saved::KEY, board).expect("no quota yet");
    let listed = list::entries(&store);
    assert!(
        listed.len() < list::CAP,
        "{texts:?}: {} listed",
        listed.len()
    );
    for e in &listed {
        let text = list::get(&store, e.id).expect("listed, so kept");
        assert!(
            saved::game::read_opening(&text).is_ok(),
            "{text:?}: listed but unreadable"
        );
    }
    // Nearly full: a refused keep changes nothing.
    store.quota.set(Some(store.used() + data.len() % 64));
    let before: Vec<(String, Option<String>)> = store
        .keys()
        .into_iter()
        .map(|k| (k.clone(), store.read(&k)))
        .collect();
    match list::keep(&store, board, 1 << 40) {
        Err(list::Refused) => {
            let after: Vec<(String, Option<String>)> = store
                .keys()
                .into_iter()
                .map(|k| (k.clone(), store.read(&k)))
                .collect();
            assert_eq!(before, after, "{texts:?}: a refused keep changed the store");
        }
        Ok(_) => {
            let kept = store.keys().iter().any(|k| {
                k.ends_with(&(1u64 << 40).to_string())
                    && store.read(k).as_deref() == Some(board.as_str())
            });
            let empty = list::whole(board)
                && saved::game::read_opening(board).is_ok_and(|o| o.game.is_empty());
            assert!(kept || empty, "{board:?}: kept nowhere");
        }
    }
    if let Some(e) = list::entries(&store).first() {
        let n = list::entries(&store).len();
        list::delete(&store, e.id);
        let fewer = list::entries(&store).len();
        assert!(
            fewer == n - 1 || n == list::CAP - 1,
            "{texts:?}: deleted, still {fewer}"
        );
    }
}

/// Target `practice_record`: any text as the practice record reads without a panic, or is put
/// aside whole under a key of its own; a record that reads holds its numbers in range and its
/// history to its length, and is written back as text that reads back the same, with nothing
/// to repair.
pub fn practice_record(data: &[u8]) {
    use crate::practice::kept::{read_progress, StoreNote};
    use crate::practice::progress::{Progress, HISTORY, KEY, UNREADABLE};
    let text = String::from_utf8_lossy(data);
    let store = MemoryStore::default();
    store.write(KEY, &text).expect("no quota");
    let (p, note) = read_progress(&store, 7);
    match note {
        Some(StoreNote::Aside(key)) => {
            assert_eq!(key, format!("{UNREADABLE}7"));
            assert_eq!(store.read(&key).as_deref(), Some(&*text), "put aside whole");
            assert_eq!(p, Progress::default());
        }
        Some(StoreNote::Repaired(_)) | None => {}
        Some(other) => panic!("{text:?}: {other:?} with room to spare"),
    }
    assert!(p.history.len() <= HISTORY, "{text:?}");
    assert_eq!(p.rating, p.rating.held(), "{text:?}: rating out of range");
    let written = p.write();
    let (again, faults) = Progress::read(&written)
        .unwrap_or_else(|e| panic!("{text:?} was written as {written:?}, which is refused: {e}"));
    assert!(faults.is_empty(), "{written:?}: {faults:?}");
    assert_eq!(again.write(), written, "{text:?}: not written the same");
}

/// Target `record_import`: importing any text as a PGN or a list of moves never panics; a game
/// that imports is a legal one, and its export in every notation imports as the same game.
pub fn record_import(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(imported) = pgn::import(&text) else {
        return;
    };
    let game = Game::replay(imported.start.clone(), &imported.moves)
        .unwrap_or_else(|e| panic!("{text:?} imported illegal moves: {e:?}"));
    for notation in Notation::ALL {
        let tree = crate::model::game::line_tree(&game, &imported.comments);
        let exported = pgn::export(&tree, &imported.moves, &[], &pgn::Tags::default(), notation);
        let again = pgn::import(&exported)
            .unwrap_or_else(|e| panic!("{text:?} exported as {exported:?} is refused: {e:?}"));
        assert_eq!(again.start, imported.start, "{text:?} in {notation:?}");
        assert_eq!(again.moves, imported.moves, "{text:?} in {notation:?}");
    }
}
