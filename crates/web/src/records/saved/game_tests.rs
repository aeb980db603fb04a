//! The tests of `game.rs`.

use super::*;
use crate::model::{Action, Mode, PieceSet};
use xiangqi::Square;

fn sq(n: &str) -> Square {
    n.parse().unwrap()
}

#[test]
fn a_game_comes_back_exactly() {
    let mut s = State::default();
    for a in [
        Set::SetMode(Mode::TwoPlayers),
        Set::SetLevel(5),
        Set::Flip,
        Set::SetNotation(Notation::Wxf),
        Set::SetLang(Lang::Zh),
        Set::Mute(true),
        Set::SetPieces(PieceSet::International),
    ] {
        s.apply(a.into(), 0);
    }
    s.apply(Action::Click(sq("h2")), 0);
    s.apply(Action::Click(sq("e2")), 0);
    s.apply(Action::Click(sq("h9")), 0);
    s.apply(Action::Click(sq("g7")), 0);
    let comments = vec![
        xiangqi::records::Comment {
            ply: 1,
            text: "the central cannon".into(),
        },
        xiangqi::records::Comment {
            ply: 2,
            text: "a: b = c".into(),
        },
    ];
    let s = State::new(Opening {
        game: s.game().clone(),
        comments: comments.clone(),
        tree: None,
        corr: None,
        ply: None,
        settings: *s.settings(),
        notice: None,
        review: None,
        clock: None,
        rated: Default::default(),
    });
    let text = write(&s);
    let t = State::new(read(Some(&text), Lang::En).unwrap().0);
    assert_eq!(t.game().moves(), s.game().moves());
    assert_eq!(t.history().comments(), comments);
    assert_eq!(t.settings(), s.settings());
    assert_eq!(
        (
            t.settings().level(),
            t.settings().orientation(),
            t.settings().lang()
        ),
        (5, Color::Black, Lang::Zh)
    );
    assert!(t.notice().is_none());
}

#[test]
fn a_review_comes_back_with_its_game_and_a_bad_one_is_dropped() {
    use crate::model::search;
    use crate::worker::protocol::{Progress, SearchReply};
    use xiangqi_ai::Score;
    let mut s = State::default();
    s.apply(Set::SetMode(Mode::TwoPlayers).into(), 0);
    s.apply(Action::Click(sq("h2")), 0);
    s.apply(Action::Click(sq("e2")), 0);
    s.apply(search::Action::Review { deeper: false }.into(), 0);
    for (best, cp) in [("h2e2", 25), ("h9g7", 10)] {
        let id = s.search().request().unwrap().id;
        let progress = Progress {
            depth: 5,
            nodes: 100,
            time_ms: 300,
            nps: 1,
            score: Score::Cp(cp),
            pv: vec![parse_uci(best).unwrap()],
            ..Progress::default()
        };
        let best = Some(parse_uci(best).unwrap());
        s.apply(
            search::Action::Reply(SearchReply::Done { id, best, progress }).into(),
            0,
        );
    }
    assert!(!s.search().reviewing());
    let text = write(&s);
    assert!(text.contains("review=300;h2e2:c25,h9g7:c10\n"), "{text}");
    let t = State::new(read(Some(&text), Lang::En).unwrap().0);
    let (a, b) = (s.search().review().unwrap(), t.search().review().unwrap());
    assert_eq!(a.evals(), b.evals());
    assert!(!t.search().reviewing());
    // A review that does not fit the game goes; the game stays.
    let bad = text.replace("h9g7:c10", "h9g7:c10,a0a1:c0");
    let t = State::new(read(Some(&bad), Lang::En).unwrap().0);
    assert!(t.search().review().is_none());
    assert_eq!(t.game().len(), 1);
    assert!(t.notice().is_none());
}

#[test]
fn text_that_is_no_saved_game_opens_a_new_game_with_a_notice() {
    let good = write(&State::default());
    let bad_start = good.replace("fen=", "fen=x");
    let cut = &good[..4];
    for (text, why) in [
        ("{not json", SavedGameError::NotASavedGame),
        ("null", SavedGameError::NotASavedGame),
        ("", SavedGameError::NotASavedGame),
        (cut, SavedGameError::NotASavedGame),
        (&bad_start, read_opening(&bad_start).unwrap_err()),
    ] {
        let (s, whole) = read(Some(text), Lang::Zh).unwrap();
        assert!(!whole, "{text}");
        assert_eq!(s.notice, Some(Notice::SavedUnreadable(why)), "{text}");
        assert_eq!(s.settings.lang(), Lang::Zh);
        assert!(s.game.is_empty());
    }
    assert!(matches!(
        read_opening(&bad_start),
        Err(SavedGameError::Start(_))
    ));
    assert!(read(None, Lang::En).is_none());
}

/// A game of four moves, two comments, level 5, in Chinese, as saved.
fn four_moves() -> String {
    let mut s = State::default();
    for a in [
        Set::SetMode(Mode::TwoPlayers),
        Set::SetLevel(5),
        Set::SetLang(Lang::Zh),
    ] {
        s.apply(a.into(), 0);
    }
    for sq_ in ["h2", "e2", "h9", "g7", "b0", "c2", "b9", "c7"] {
        s.apply(Action::Click(sq(sq_)), 0);
    }
    let text = write(&s);
    text + "comment=1:first\ncomment=4:last\n"
}

/// How many comments an opened game holds.
fn notes(o: &Opening) -> usize {
    let tree = o.tree.as_ref().expect("a saved game opens with its tree");
    write_tree_notes(tree).lines().count()
}

/// A game saved before the ladder of 26 levels names a level of the first ladder (1 to 8):
/// it opens at the level that plays the same, and a `lvl` line, written since, wins.
#[test]
fn a_game_saved_on_the_first_ladder_keeps_its_opponent() {
    let now = four_moves();
    assert!(
        now.contains("\nlvl=5\n") && !now.contains("\nlevel="),
        "{now}"
    );
    for first in 1..=8 {
        let level = xiangqi_ai::Level::from_first_ladder(first).number();
        let before = now.replace("lvl=5", &format!("level={first}"));
        let o = read_opening(&before).unwrap();
        assert_eq!(o.settings.level(), level, "first ladder's level {first}");
        assert_eq!(
            xiangqi_ai::Level::new(level).task(0),
            xiangqi_ai::Level::from_first_ladder(first).task(0)
        );
    }
    let both = now.replace("lvl=5", "lvl=5\nlevel=8");
    assert_eq!(read_opening(&both).unwrap().settings.level(), 5);
    let both = now.replace("lvl=5", "level=8\nlvl=5");
    assert_eq!(read_opening(&both).unwrap().settings.level(), 5);
}

#[test]
fn what_can_be_read_is_kept_and_the_rest_named() {
    use SavedGameError as E;
    let good = four_moves();
    let opened = read_opening(&good).unwrap();
    assert_eq!((opened.game.len(), notes(&opened)), (4, 2));
    assert!(opened.notice.is_none());
    let cases: Vec<(String, Vec<E>, usize, usize)> = vec![
        // An unknown field, or a line that is not `key=value`, is passed over unnamed.
        (format!("{good}future=1\nno equals sign\n"), vec![], 4, 2),
        // A bad value: its default, named.
        (
            good.replace("lang=zh", "lang=xx"),
            vec![E::Setting("lang")],
            4,
            2,
        ),
        (
            good.replace("lvl=5", "lvl=x"),
            vec![E::Setting("level")],
            4,
            2,
        ),
        (
            good.replace("mode=pvp", "mode=chess"),
            vec![E::Setting("mode")],
            4,
            2,
        ),
        (format!("{good}date=abc\n"), vec![E::Setting("date")], 4, 2),
        // Another version: read as this one, named.
        (
            good.replace("xiangqi-saved 1", "xiangqi-saved 2"),
            vec![E::Version(2)],
            4,
            2,
        ),
        // A move that cannot be played: the game stops before it, and a comment after
        // the last move kept goes with it.
        (
            good.replace("b0c2 b9c7", "b0c2 a0a9"),
            vec![
                E::Move {
                    ply: 4,
                    text: "a0a9".into(),
                },
                E::Comments(crate::records::link::notes::NotesError::PastTheEnd),
            ],
            3,
            1,
        ),
        (
            good.replace("h2e2", "zz"),
            vec![
                E::Move {
                    ply: 1,
                    text: "zz".into(),
                },
                E::Comments(crate::records::link::notes::NotesError::PastTheEnd),
                E::Comments(crate::records::link::notes::NotesError::PastTheEnd),
            ],
            0,
            0,
        ),
        // A field missing: its default.
        (
            good.replace("human=red\n", ""),
            vec![E::Setting("human")],
            4,
            2,
        ),
    ];
    for (text, faults, plies, comments) in cases {
        let o = read_opening(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected = (!faults.is_empty()).then_some(Notice::SavedRepaired(faults));
        assert_eq!(o.notice, expected, "{text}");
        assert_eq!((o.game.len(), notes(&o)), (plies, comments), "{text}");
        assert_eq!(o.game.moves(), &opened.game.moves()[..plies], "{text}");
    }
    // Read whole unless something of the game was left out (a setting does not count).
    let whole = |text: &str| read(Some(text), Lang::En).unwrap().1;
    assert!(whole(&good) && whole(&good.replace("lang=zh", "lang=xx")));
    assert!(!whole(&good.replace("b0c2 b9c7", "b0c2 a0a9")));
    // A bad value never leaves its field out of range: the level is held to the ladder.
    let o = read_opening(&good.replace("lvl=5", "lvl=200")).unwrap();
    assert_eq!(o.settings.level(), xiangqi_ai::MAX_LEVEL);
    let o = read_opening(&good.replace("lvl=5", "level=200")).unwrap();
    assert_eq!(o.settings.level(), xiangqi_ai::MAX_LEVEL);
    assert_eq!(
        SavedGameError::Move {
            ply: 3,
            text: "h2h8".into()
        }
        .to_string(),
        "bad move h2h8 at ply 3"
    );
}

#[test]
fn the_clocks_come_back_with_their_flag() {
    use crate::model::clock::set_test_now;
    set_test_now(1_000);
    let mut s = State::default();
    s.apply(Set::SetMode(Mode::TwoPlayers).into(), 1_000);
    s.apply(
        Set::SetTimeControl(Some(TimeControl::new(1, 5))).into(),
        1_000,
    );
    for m in ["h2", "e2", "h9", "g7"] {
        s.apply(Action::Click(sq(m)), 1_000);
    }
    set_test_now(21_000);
    s.apply(Action::Click(sq("b0")), 21_000);
    s.apply(Action::Click(sq("c2")), 21_000);
    assert_eq!(s.game().len(), 3);
    let text = write(&s);
    assert!(text.contains("tc=1+5\n"), "{text}");
    let t = State::new(read(Some(&text), Lang::En).unwrap().0);
    let c = t.clock().unwrap();
    // Black moved at once (+5 s), Red after 20 s (+5 s).
    assert_eq!(c.left_at(Color::Black, 99_000), 65_000, "{text}");
    assert_eq!(c.left_at(Color::Red, 99_000), 45_000, "{text}");
    assert_eq!(c.record(), s.clock().unwrap().record());
    assert_eq!(c.running(), None, "they run again from the next move");
    // A flag fall is kept, and ends the game.
    set_test_now(200_000);
    s.apply(Action::ClockTick, 200_000);
    assert!(s.flag().is_some());
    let t = State::new(read(Some(&write(&s)), Lang::En).unwrap().0);
    assert_eq!(t.flag(), s.flag());
    assert!(t.over() && !t.can_undo());
    // Clocks that cannot be read are left out, the game kept.
    let bad = write(&s).replace("clock=", "clock=x");
    let o = read_opening(&bad).unwrap();
    assert_eq!(
        o.notice,
        Some(Notice::SavedRepaired(vec![SavedGameError::Clock]))
    );
    assert_eq!((o.game.len(), o.clock), (3, None));
}

#[test]
fn a_game_with_variations_comes_back_on_the_line_it_was_on() {
    let s = crate::records::link::tests::with_variations();
    let text = write(&s);
    assert!(text.contains("\ntree="), "{text}");
    let t = State::new(read(Some(&text), Lang::En).unwrap().0);
    assert_eq!(**t.history().tree(), **s.history().tree());
    assert_eq!(t.game().moves(), s.game().moves(), "the line on the board");
    // Variations that cannot be read leave the line on the board, and are named.
    let broken = text.replace("\ntree=", "\ntree=~");
    let (o, whole) = read(Some(&broken), Lang::En).unwrap();
    assert!(!whole);
    assert_eq!(o.game.moves(), s.game().moves());
    assert!(
        matches!(o.notice, Some(Notice::SavedRepaired(ref f)) if f.contains(&SavedGameError::Variations))
    );
}
