//! Rated games: a game against the computer from the start counts once when it ends, and no
//! longer after help (a takeback, a hint, an analysis, a move from an earlier position, other
//! players or another level once it has begun).

use super::*;
use crate::model::rated::Rated;
use crate::model::settings::TimeControl;

/// A 1+0 game against the computer at `level`, the person Red, after h2e2 and the reply.
fn begun(level: u8) -> State {
    let mut s = State::default();
    s.apply(
        settings::Action::SetTimeControl(Some(TimeControl::new(1, 0))).into(),
        0,
    );
    s.apply(settings::Action::SetLevel(level).into(), 0);
    play(&mut s, &["h2e2"]);
    s.apply(done(wanted(&s), "h9g7"), 0);
    s
}

/// Red's time runs out: the person loses.
fn flag(s: &mut State) {
    s.apply(Action::ClockTick, 120_000);
    assert!(s.over());
}

#[test]
fn a_game_from_the_start_counts_once_when_it_ends() {
    let mut s = begun(12);
    assert_eq!(s.rated(), Rated::Open);
    assert_eq!(s.rated_result(), None, "not before it ends");
    flag(&mut s);
    assert_eq!(s.rated_result(), Some((12, 0.0)));
    s.apply(Action::RatingCounted, 0);
    assert_eq!((s.rated(), s.rated_result()), (Rated::Counted, None));
    // Undone after it ended, it stays counted: never counted twice.
    s.apply(game(game::Action::New), 0);
    assert_eq!(s.rated(), Rated::Open, "a new game counts");
}

#[test]
fn help_or_another_game_stops_a_game_counting() {
    let helps: Vec<(&str, Action)> = vec![
        ("undo", game(game::Action::Undo)),
        ("hint", search::Action::Hint.into()),
        ("analysis", search::Action::Analyse.into()),
        ("level", settings::Action::SetLevel(3).into()),
        ("side", settings::Action::SetSide(Color::Black).into()),
        ("mode", settings::Action::SetMode(Mode::TwoPlayers).into()),
    ];
    for (what, help) in helps {
        let mut s = begun(12);
        s.apply(help, 0);
        assert_eq!(s.rated(), Rated::Off, "{what}");
    }
    // Helped, it is not counted when it ends.
    let mut s = begun(12);
    s.apply(search::Action::Hint.into(), 0);
    flag(&mut s);
    assert_eq!(s.rated_result(), None);
    // Before the first move the level may change.
    let mut s = State::default();
    s.apply(settings::Action::SetLevel(3).into(), 0);
    assert_eq!(s.rated(), Rated::Open);
    // A move from an earlier position takes the later ones back.
    let mut s = two_players();
    play(&mut s, &["h2e2", "h9g7"]);
    s.apply(game(game::Action::Show(Some(1))), 0);
    play(&mut s, &["h7e7"]);
    assert_eq!(s.game().moves(), vec![mv("h2e2"), mv("h7e7")]);
    assert_eq!(s.rated(), Rated::Off);
    // A position of one's own, or a record, is not rated.
    let mut s = State::default();
    s.apply(
        game(game::Action::LoadFen(
            "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1".into(),
        )),
        0,
    );
    assert_eq!(
        (s.game().start_position().to_fen().as_str(), s.rated()),
        ("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", Rated::Off)
    );
}

#[test]
fn only_a_game_against_the_computer_is_counted() {
    let mut s = two_players();
    s.apply(
        settings::Action::SetTimeControl(Some(TimeControl::new(1, 0))).into(),
        0,
    );
    play(&mut s, &["h2e2", "h9g7"]);
    assert_eq!(s.rated(), Rated::Open);
    flag(&mut s);
    assert_eq!(s.rated_result(), None);
}
