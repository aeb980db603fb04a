//! The computer's turn, the worker's replies (late ones dropped), "move now", hints and a
//! restarted worker.

use super::*;

#[test]
fn against_the_computer_a_move_asks_for_a_reply() {
    let mut s = State::default();
    assert!(
        s.search().request().is_none(),
        "Red is the person's: nothing to search yet"
    );
    play(&mut s, &["h2e2"]);
    let id = wanted(&s);
    let req = s.search().request().unwrap();
    assert_eq!(req.moves, vec![mv("h2e2")]);
    assert_eq!(req.start, Setup::start());
    assert!(s.thinking());
    // Black's pieces are the computer's: the person cannot move them.
    s.apply(Action::Click(sq("h7")), 0);
    assert_eq!(s.selected(), None);
    s.apply(done(id, "h7e7"), 0);
    assert_eq!(s.game().moves(), vec![mv("h2e2"), mv("h7e7")]);
    assert!(s.search().request().is_none());
}

#[test]
fn taking_black_lets_the_computer_open() {
    let mut s = State::default();
    s.apply(settings::Action::SetSide(Color::Black).into(), 0);
    assert_eq!(s.settings().orientation(), Color::Black);
    assert!(s.thinking());
}

#[test]
fn undo_against_the_computer_takes_back_the_move_and_its_reply_and_redo_replays_both() {
    let mut s = State::default();
    play(&mut s, &["h2e2"]);
    s.apply(done(wanted(&s), "h9g7"), 0);
    s.apply(game(game::Action::Undo), 0);
    assert!(s.game().moves().is_empty());
    assert_eq!(s.history().redo_moves(), &[mv("h9g7"), mv("h2e2")]);
    assert!(
        s.search().request().is_none(),
        "the person is to move again"
    );
    s.apply(game(game::Action::Redo), 0);
    assert_eq!(s.game().moves(), vec![mv("h2e2"), mv("h9g7")]);
    assert!(!s.history().can_redo());
    assert!(s.search().request().is_none());
}

#[test]
fn undo_while_the_computer_thinks_cancels_the_search_and_drops_its_late_reply() {
    let mut s = State::default();
    play(&mut s, &["h2e2"]);
    let id = wanted(&s);
    s.apply(game(game::Action::Undo), 0);
    assert!(s.game().moves().is_empty());
    assert!(s.search().request().is_none());
    // The worker's answer for the cancelled search arrives late and is ignored.
    s.apply(done(id, "h9g7"), 0);
    assert!(s.game().moves().is_empty());
}

#[test]
fn a_reply_for_an_older_search_is_dropped() {
    let mut s = State::default();
    play(&mut s, &["h2e2"]);
    let old = wanted(&s);
    let old_game = s.search().request().unwrap().game;
    s.apply(game(game::Action::New), 0);
    play(&mut s, &["b2e2"]);
    let new = wanted(&s);
    assert_ne!(old, new);
    assert_ne!(
        old_game,
        s.search().request().unwrap().game,
        "a new game for the worker"
    );
    s.apply(done(old, "h9g7"), 0);
    assert_eq!(s.game().moves(), vec![mv("b2e2")]);
    s.apply(
        reply(SearchReply::Progress {
            id: old,
            progress: progress(&["b9c7"]),
        }),
        0,
    );
    assert_eq!(s.search().progress(), None);
    s.apply(done(new, "b9c7"), 0);
    assert_eq!(s.game().moves(), vec![mv("b2e2"), mv("b9c7")]);
}

#[test]
fn move_now_plays_the_best_move_reported_so_far() {
    let mut s = State::default();
    play(&mut s, &["h2e2"]);
    let id = wanted(&s);
    s.apply(search::Action::MoveNow.into(), 0);
    assert!(
        s.thinking(),
        "nothing reported yet: wait for the first report"
    );
    s.apply(
        reply(SearchReply::Progress {
            id,
            progress: progress(&["b9c7", "b0c2"]),
        }),
        0,
    );
    assert_eq!(s.game().moves(), vec![mv("h2e2"), mv("b9c7")]);
    assert!(s.search().request().is_none());
    assert_eq!(
        s.search().progress().map(|p| p.depth),
        Some(3),
        "its figures stay"
    );
    // The worker's final answer is now stale.
    s.apply(done(id, "h9g7"), 0);
    assert_eq!(s.game().len(), 2);
}

#[test]
fn mode_changes_start_or_stop_the_computer() {
    let mut s = two_players();
    play(&mut s, &["h2e2"]);
    assert!(s.search().request().is_none());
    s.apply(settings::Action::SetMode(Mode::Computer).into(), 0);
    assert!(
        s.thinking(),
        "Black is now the computer's, and it is Black's turn"
    );
    s.apply(settings::Action::SetMode(Mode::TwoPlayers).into(), 0);
    assert!(s.search().request().is_none());
    s.apply(settings::Action::SetMode(Mode::Watch).into(), 0);
    let id = wanted(&s);
    s.apply(done(id, "h9g7"), 0);
    assert!(s.thinking(), "in watch mode the computer answers itself");
    assert_ne!(wanted(&s), id);
}

#[test]
fn hint_marks_a_move_and_is_cleared_by_the_next_move() {
    let mut s = two_players();
    s.apply(search::Action::Hint.into(), 0);
    s.apply(done(wanted(&s), "h2e2"), 0);
    assert_eq!(s.search().hint(), Some(mv("h2e2")));
    assert!(s.game().moves().is_empty(), "a hint is shown, not played");
    play(&mut s, &["b2e2"]);
    assert_eq!(s.search().hint(), None);
}

#[test]
fn an_illegal_engine_move_is_not_played_and_is_named() {
    let mut s = State::default();
    play(&mut s, &["h2e2"]);
    s.apply(done(wanted(&s), "h2h9"), 0);
    assert_eq!(s.game().len(), 1);
    assert_eq!(s.notice(), Some(&Notice::EngineIllegal(mv("h2h9"))));
}

#[test]
fn a_dead_worker_is_asked_again_under_a_new_id() {
    let mut s = State::default();
    s.apply(settings::Action::SetSide(Color::Black).into(), 0);
    let id = wanted(&s);
    s.apply(
        search::Action::WorkerRestarted("out of memory".into()).into(),
        0,
    );
    assert_ne!(wanted(&s), id);
    assert!(Lang::En.notice(s.notice().unwrap()).contains("new one"));
}
