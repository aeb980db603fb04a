//! The analysis board: the position shown is analysed at once and again after every change,
//! both sides move by hand, the lines of a late reply are dropped, and turning it off gives
//! the game back to the computer.

use super::*;
use crate::model::search::{Purpose, ANALYSIS_LINES};
use crate::worker::protocol::Line;

fn analyse() -> Action {
    search::Action::Analyse.into()
}

fn lines_reply(id: u64, firsts: &[&str]) -> Action {
    let mut p = progress(&[firsts[0]]);
    p.lines = firsts
        .iter()
        .enumerate()
        .map(|(i, m)| Line {
            score: Score::Cp(40 - 10 * i as i32),
            pv: vec![mv(m)],
        })
        .collect();
    reply(SearchReply::Progress { id, progress: p })
}

fn analysed_moves(s: &State) -> Vec<Move> {
    let req = s.search().request().expect("an analysis is wanted");
    assert_eq!(s.search().purpose(), Some(Purpose::Analyse));
    assert!(req.task.limits.infinite);
    assert_eq!(req.task.limits.multipv, ANALYSIS_LINES);
    req.moves.clone()
}

#[test]
fn the_position_shown_is_analysed_and_again_after_each_move_of_either_side() {
    let mut s = State::default();
    s.apply(analyse(), 0);
    assert!(s.search().analysing());
    assert_eq!(analysed_moves(&s), vec![]);
    let first = wanted(&s);
    s.apply(lines_reply(first, &["h2e2", "b2e2", "h0g2"]), 0);
    let lines = &s.search().analysis().expect("lines").lines;
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1].pv[0], mv("b2e2"));
    // Red moves, then Black: against the computer, both by hand while analysing.
    play(&mut s, &["h2e2"]);
    assert!(
        !s.thinking(),
        "the computer does not play on the analysis board"
    );
    assert_eq!(analysed_moves(&s), vec![mv("h2e2")]);
    assert!(s.search().analysis().is_none(), "the old lines are gone");
    play(&mut s, &["h9g7"]);
    assert_eq!(s.game().moves(), vec![mv("h2e2"), mv("h9g7")]);
    let second = wanted(&s);
    assert_eq!(analysed_moves(&s), vec![mv("h2e2"), mv("h9g7")]);
    // A late reply for the first position changes nothing.
    s.apply(lines_reply(first, &["a3a4", "c3c4", "g3g4"]), 0);
    assert!(s.search().analysis().is_none());
    s.apply(lines_reply(second, &["h0g2", "b0c2", "i0h0"]), 0);
    assert_eq!(s.search().analysis().unwrap().lines[0].pv[0], mv("h0g2"));
}

#[test]
fn browsing_analyses_the_position_shown() {
    let mut s = two_players();
    play(&mut s, &["h2e2", "h9g7", "h0g2"]);
    s.apply(analyse(), 0);
    assert_eq!(analysed_moves(&s).len(), 3);
    s.apply(game(game::Action::Step(-1)), 0);
    assert_eq!(analysed_moves(&s), vec![mv("h2e2"), mv("h9g7")]);
    s.apply(game(game::Action::Show(Some(0))), 0);
    assert_eq!(analysed_moves(&s), vec![]);
}

#[test]
fn a_finished_analysis_keeps_its_lines_and_is_not_asked_again() {
    let mut s = two_players();
    s.apply(analyse(), 0);
    let id = wanted(&s);
    s.apply(lines_reply(id, &["h2e2", "b2e2", "h0g2"]), 0);
    s.apply(done(id, "h2e2"), 0);
    assert!(
        s.search().request().is_none(),
        "not asked again for the same position"
    );
    assert_eq!(s.game().moves(), vec![], "the analysis plays nothing");
    assert!(s.search().analysis().is_some(), "its lines stay on show");
}

#[test]
fn turning_analysis_off_gives_the_turn_back_to_the_computer() {
    let mut s = State::default();
    s.apply(analyse(), 0);
    play(&mut s, &["h2e2"]);
    assert!(!s.thinking());
    s.apply(analyse(), 0);
    assert!(!s.search().analysing());
    assert!(s.search().analysis().is_none());
    assert!(
        s.thinking(),
        "Black is the computer's again, and it is Black's turn"
    );
}

#[test]
fn a_dead_worker_is_asked_again_for_the_position_shown() {
    let mut s = two_players();
    s.apply(analyse(), 0);
    let id = wanted(&s);
    s.apply(search::Action::WorkerRestarted(String::new()).into(), 0);
    let again = wanted(&s);
    assert_ne!(again, id);
    assert_eq!(s.search().purpose(), Some(Purpose::Analyse));
}

#[test]
fn the_end_of_the_game_is_not_analysed_but_a_position_before_it_is() {
    // Black is mated: one chariot checks on the back rank, the other holds the rank below.
    let mut s = two_players();
    s.apply(
        game(game::Action::LoadFen(
            "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1".into(),
        )),
        0,
    );
    play(&mut s, &["i0i9"]);
    assert!(s.game().outcome().is_some());
    s.apply(analyse(), 0);
    assert!(s.search().request().is_none());
    s.apply(game(game::Action::Step(-1)), 0);
    assert_eq!(analysed_moves(&s), vec![]);
}
