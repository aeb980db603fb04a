//! The tests of `list.rs`.

use super::super::game::{read_opening, write, KEY};
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
            corr: None,
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
    use crate::model::lang::Lang;
    use crate::model::{PieceSet, TimeControl};
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
    s.apply(game::Action::Reopen(read_opening(&text)).into(), 1_000);
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
        game::Action::Reopen(read_opening("xiangqi-saved 1\nfen=")).into(),
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
