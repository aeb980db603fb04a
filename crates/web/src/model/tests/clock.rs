//! Timed games: the computer plans on its clock, a flag fall ends the game, the clocks start
//! again for a new game or control.

use super::*;
use crate::model::settings::TimeControl;

fn timed(tc: TimeControl) -> State {
    let mut s = State::default();
    s.apply(settings::Action::SetTimeControl(Some(tc)).into(), 0);
    s
}

#[test]
fn the_computer_thinks_on_its_own_clock() {
    let mut s = timed(TimeControl::new(3, 2));
    play(&mut s, &["h2e2"]);
    let limits = &s
        .search()
        .request()
        .expect("the computer thinks")
        .task
        .limits;
    let clock = limits.clock.expect("on its clock");
    assert_eq!(clock.time_ms[Color::Black.index()], 179_700);
    assert_eq!(clock.inc_ms, [2_000, 2_000]);
    // It answers 4 s later: its clock is charged, gets the increment, and Red's runs.
    let id = wanted(&s);
    s.apply(done(id, "h9g7"), 4_000);
    let c = s.clock().unwrap();
    assert_eq!(c.left_at(Color::Black, 4_000), 178_000);
    assert_eq!(c.running(), Some(Color::Red));
}

#[test]
fn every_level_keeps_its_own_budget_on_a_clock() {
    for n in 1..=xiangqi_ai::MAX_LEVEL {
        let mut s = timed(TimeControl::new(3, 2));
        s.apply(settings::Action::SetLevel(n).into(), 0);
        play(&mut s, &["h2e2"]);
        let task = &s.search().request().expect("the computer thinks").task;
        let own = xiangqi_ai::Level::new(n).task(0);
        assert_eq!(task.player, own.player, "level {n}");
        assert_eq!(task.limits.depth, own.limits.depth, "level {n}");
        assert_eq!(task.limits.nodes, own.limits.nodes, "level {n}");
        assert_eq!(task.limits.movetime_ms, own.limits.movetime_ms, "level {n}");
        assert!(task.limits.clock.is_some(), "level {n} plays on its clock");
        // The clock alone would let a player deepen as far as its time allows.
        if let xiangqi_ai::Player::AlphaBeta { depth, .. }
        | xiangqi_ai::Player::Skill { depth, .. } = task.player
        {
            assert_eq!(task.limits.depth, Some(depth), "level {n}");
        }
        if n == 19 {
            assert_eq!(task.limits.nodes, Some(20_000));
        }
    }
}

#[test]
fn a_flag_fall_ends_the_game_and_stops_the_computer() {
    let mut s = timed(TimeControl::new(1, 0));
    s.apply(settings::Action::SetMode(Mode::TwoPlayers).into(), 0);
    play(&mut s, &["h2e2", "h9g7"]);
    s.apply(Action::ClockTick, 59_000);
    assert_eq!(s.flag(), None);
    s.apply(Action::ClockTick, 60_000);
    assert_eq!(
        s.flag(),
        Some(Flag {
            side: Color::Red,
            draw: false
        })
    );
    assert!(s.over() && !s.person_to_move() && !s.can_undo());
    play(&mut s, &["b0c2"]);
    assert_eq!(s.game().len(), 2, "no move after the flag");
    // A new game starts full clocks, not yet running.
    s.apply(game(game::Action::New), 61_000);
    assert_eq!(s.flag(), None);
    assert_eq!(s.clock().unwrap().left_at(Color::Red, 99_000), 60_000);
    // No control, no clocks.
    s.apply(settings::Action::SetTimeControl(None).into(), 62_000);
    assert!(s.clock().is_none());
}

#[test]
fn analysing_pauses_the_clocks() {
    let mut s = timed(TimeControl::new(5, 0));
    s.apply(settings::Action::SetMode(Mode::TwoPlayers).into(), 0);
    play(&mut s, &["h2e2"]);
    s.apply(search::Action::Analyse.into(), 1_000);
    assert!(s.clock().unwrap().paused());
    s.apply(search::Action::Analyse.into(), 100_000);
    let c = s.clock().unwrap();
    assert_eq!(
        c.left_at(Color::Black, 101_000),
        298_000,
        "1 s before, 1 s after"
    );
}
