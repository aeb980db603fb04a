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
    let opening = saved::read(Some(&text), Lang::En).expect("something was stored");
    let state = State::new(opening);
    let written = saved::write(&state);
    let again =
        State::new(saved::game::read_opening(&written).unwrap_or_else(|e| {
            panic!("{text:?} was written as {written:?}, which is refused: {e}")
        }));
    assert_eq!(again.game().moves(), state.game().moves(), "{text:?}");
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
    store.write(&format!("{}1", list::PREFIX), &text);
    let kept = list::keep(&store, &text, 2);
    let entries = list::entries(&store);
    assert!(entries.len() <= 2, "{text:?}");
    if let Some(e) = entries.first() {
        let back = list::take(&store, e.id).expect("a listed game can be taken");
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
        let exported = pgn::export(&game, &imported.comments, &pgn::Tags::default(), notation);
        let again = pgn::import(&exported)
            .unwrap_or_else(|e| panic!("{text:?} exported as {exported:?} is refused: {e:?}"));
        assert_eq!(again.start, imported.start, "{text:?} in {notation:?}");
        assert_eq!(again.moves, imported.moves, "{text:?} in {notation:?}");
    }
}
