//! The links' tests: what opens, what is named, and that a shared link opens the same game.

use super::codec::{encode, query_pairs};
use super::layout::Layout;
use super::open::apply;
use super::params::LinkParams;
use super::share::{game_params, query};
use crate::model::lang::Lang;
use crate::model::settings::Action as Set;
use crate::model::{Action, Mode, Notice, Opening, Settings, State};
use xiangqi::{Color, Game};

/// The address's pairs, decoded as the browser decodes them.
fn params(q: &str) -> Vec<(String, String)> {
    query_pairs(q)
}

fn open(q: &str) -> State {
    State::new(apply(Opening::default(), &params(q)))
}

fn params_of(q: &str) -> Vec<(String, String)> {
    params(q)
}

#[test]
fn a_parameter_given_twice_counts_with_its_first_value() {
    let s = open("?lvl=3&lvl=5&lang=zh&lang=en&moves=h2e2&moves=b2e2");
    assert_eq!(s.settings().level(), 3);
    assert_eq!(s.settings().lang(), Lang::Zh);
    assert_eq!(
        s.game().moves(),
        [xiangqi::notation::parse_uci("h2e2").unwrap()]
    );
}

#[test]
fn a_shared_link_opens_the_same_game() {
    let settings = Settings::default()
        .with(Set::SetMode(Mode::TwoPlayers))
        .with(Set::Flip)
        .with(Set::SetLang(Lang::Zh));
    let mut game = Game::new();
    for m in ["h2e2", "h9g7"] {
        game.play(xiangqi::notation::parse_uci(m).unwrap()).unwrap();
    }
    let s = State::new(Opening {
        game,
        settings,
        ..Opening::default()
    });
    let q = query(&s);
    assert_eq!(q, "?line=ep&mode=pvp&flip=1&lang=zh");
    let t = open(&q);
    assert_eq!(t.game().moves(), s.game().moves());
    assert_eq!(t.settings(), s.settings());
    assert!(t.notice().is_none());
}

#[test]
fn a_long_game_fits_a_short_link() {
    // 200 plies of a deterministic game: about one character a ply in `line`.
    let mut s = State::new(Opening {
        settings: Settings::default().with(Set::SetMode(Mode::TwoPlayers)),
        ..Opening::default()
    });
    let mut seed: u64 = 7;
    while s.game().len() < 200 && s.game().outcome().is_none() {
        let legal = s.position().legal_moves();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = legal[(seed >> 33) as usize % legal.len()];
        s.apply(Action::Click(m.from()), 0);
        s.apply(Action::Click(m.to()), 0);
    }
    assert!(s.game().len() >= 150, "{} plies", s.game().len());
    let q = query(&s);
    assert!(q.len() < s.game().len() + 60, "{} characters: {q}", q.len());
    assert_eq!(open(&q).game().moves(), s.game().moves());
}

#[test]
fn the_old_moves_form_and_the_line_give_the_same_game() {
    let a = open("?moves=h2e2+h9g7+h0g2&mode=pvp");
    let b = open("?line=epJ&mode=pvp");
    let c = open("?moves=C2.5,H8%2B7,马二进三&mode=pvp");
    assert_eq!(a.game().moves(), b.game().moves());
    assert_eq!(a.game().moves(), c.game().moves());
    assert!(a.notice().is_none() && b.notice().is_none() && c.notice().is_none());
}

#[test]
fn a_record_with_comments_opens_at_the_ply_asked_for() {
    let pgn = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\
               1. C2.5 {the central cannon} H8+7 2. H2+3 {developing} *";
    let s = open(&format!("?pgn={}&ply=1&view=replay", encode(pgn)));
    assert!(s.notice().is_none(), "{:?}", s.notice());
    assert_eq!(s.game().len(), 3);
    assert_eq!(s.history().shown_ply(), 1);
    let texts: Vec<(usize, String)> = s
        .history()
        .comments()
        .into_iter()
        .map(|c| (c.ply, c.text))
        .collect();
    assert_eq!(
        texts,
        [(1, "the central cannon".into()), (3, "developing".into())]
    );
    // The same game through `line` and `notes`, as the embed code writes it.
    let params = game_params(s.history().tree());
    let q: Vec<String> = params
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect();
    let t = open(&format!("?{}&ply=3", q.join("&")));
    assert_eq!(t.game().moves(), s.game().moves());
    assert_eq!(t.history().comments(), s.history().comments());
    assert_eq!(
        t.history().browsing(),
        None,
        "ply 3 is the current position"
    );
    assert_eq!(
        Layout::of(&params_of("?view=replay&embed=1")),
        Layout::Replay
    );
    assert_eq!(Layout::of(&params_of("?view=diagram")), Layout::Diagram);
    assert_eq!(Layout::of(&params_of("?view=poster")), Layout::Play);
}

#[test]
fn a_bad_line_record_ply_or_view_is_named() {
    let s = open("?line=ep*J&ply=9&view=poster&notes=x");
    assert_eq!(
        s.game().len(),
        2,
        "the moves before the bad character are kept"
    );
    let Some(Notice::BadParams(list)) = s.notice() else {
        panic!("a notice")
    };
    let names: Vec<&str> = list.iter().map(|(k, _, _)| k.as_str()).collect();
    assert_eq!(names, ["line", "notes", "ply", "view"]);
    let text = Lang::En.notice(s.notice().unwrap());
    assert!(text.contains("line=“ep*J”: move 2 (Red)"), "{text}");
    let s = open("?pgn=1.+C2.5+Z9");
    assert!(s.game().is_empty());
    let text = Lang::En.notice(s.notice().unwrap());
    assert!(text.contains("Move 1 (Black), “Z9”"), "{text}");
}

#[test]
fn bad_values_are_ignored_and_named() {
    let s = open("?fen=nonsense&mode=chess&lvl=99&side=green&moves=h2e2+h9h0&lang=fr&flip=2");
    assert_eq!(s.game().len(), 1, "the moves before the bad one are kept");
    let settings = s.settings();
    assert_eq!(
        (settings.mode(), settings.level(), settings.lang()),
        (Mode::Computer, 15, Lang::En)
    );
    let Some(Notice::BadParams(list)) = s.notice() else {
        panic!("a notice")
    };
    let names: Vec<&str> = list.iter().map(|(k, _, _)| k.as_str()).collect();
    assert_eq!(
        names,
        ["fen", "moves", "mode", "side", "lvl", "flip", "lang"]
    );
    let text = Lang::En.notice(s.notice().unwrap());
    assert!(text.contains("move 1 (Black)"), "{text}");
}

#[test]
fn a_bad_fen_gives_the_start_position_and_says_why() {
    let s = open("?fen=not+a+fen");
    assert!(s.standard_start());
    let text = Lang::En.notice(s.notice().unwrap());
    assert!(
        text.starts_with("Ignored in the address: fen=“not a fen”"),
        "{text}"
    );
}

#[test]
fn a_position_with_a_side_and_level() {
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let s = open(&format!("?fen={}&side=black&lvl=2&mode=ai", encode(fen)));
    assert_eq!(s.start_fen(), fen);
    assert_eq!(
        (s.settings().human(), s.settings().level()),
        (Color::Black, 2)
    );
    assert!(s.thinking(), "Red is the computer's and to move");
}

/// A link written before the ladder of 26 levels names a level of the first ladder (1 to 8):
/// it opens the level that plays the same, and `lvl` wins where both are given.
#[test]
fn a_link_to_a_level_of_the_first_ladder_opens_the_same_opponent() {
    for first in 1..=8 {
        let level = xiangqi_ai::Level::from_first_ladder(first).number();
        let s = open(&format!("?mode=ai&level={first}"));
        assert_eq!(s.settings().level(), level, "level={first}");
        assert!(s.notice().is_none());
    }
    assert_eq!(open("?level=8&lvl=4").settings().level(), 4);
    assert_eq!(open("?lvl=4&level=8").settings().level(), 4);
    let s = open("?level=9");
    assert_eq!(
        s.settings().level(),
        15,
        "a level the first ladder never had changes nothing"
    );
    let Some(Notice::BadParams(list)) = s.notice() else {
        panic!("a notice")
    };
    assert_eq!(list[0].0, "level");
}

#[test]
fn a_position_alone_gives_the_person_its_side_to_move() {
    let s = open(&format!(
        "?fen={}",
        encode("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
    ));
    assert_eq!(s.settings().human(), Color::Black);
    assert_eq!(s.settings().orientation(), Color::Black);
    assert!(!s.thinking());
}

#[test]
fn the_address_is_read_before_it_is_applied() {
    let p = LinkParams::read(&params(
        "?mode=pvp&lvl=9&lvl=3&level=2&flip&tc=3%2B2&view=+replay+",
    ));
    assert_eq!(p.mode.as_deref(), Some("pvp"));
    assert_eq!(p.level.as_deref(), Some("9"), "the first value");
    assert_eq!(p.first_ladder_level.as_deref(), Some("2"));
    assert_eq!(p.flip.as_deref(), Some(""), "a bare flip");
    assert_eq!(p.tc.as_deref(), Some("3+2"));
    assert_eq!(p.view.as_deref(), Some("replay"), "trimmed");
    assert_eq!((p.fen, p.lang), (None, None));
}

#[test]
fn a_side_is_named_or_given_by_its_letter() {
    for (text, side) in [("red", Color::Red), ("w", Color::Red), ("b", Color::Black)] {
        let s = open(&format!("?mode=ai&side={text}"));
        assert_eq!(s.settings().human(), side, "{text}");
        assert!(s.notice().is_none());
    }
    assert!(open("?side=Red").notice().is_some());
}

#[test]
fn a_time_control_is_read_as_the_docs_write_it() {
    // `tc=3+2` typed in an address: the browser reads its `+` as a space.
    for query in ["?tc=3+2", "?tc=3%2B2", "?tc=3%202"] {
        let s = open(query);
        assert_eq!(
            s.settings().time_control(),
            Some(crate::model::TimeControl::new(3, 2)),
            "{query}"
        );
        assert!(s.notice().is_none(), "{query}");
    }
    assert!(open("?tc=3+x").notice().is_some());
}

/// A game of three moves with two variations and comments on each line, on the board in a
/// variation, as a person leaves it after importing a record and playing from an earlier
/// position.
pub(crate) fn with_variations() -> State {
    use crate::model::game;
    use xiangqi::notation::parse_uci;
    use xiangqi::records::GameTree;
    use xiangqi::Position;
    let mv = |t: &str| parse_uci(t).unwrap();
    let mut tree = GameTree::new(Position::start());
    let a = tree.add_move(&[], mv("h2e2")).unwrap();
    let b = tree.add_move(&a, mv("h9g7")).unwrap();
    tree.add_move(&b, mv("h0g2")).unwrap();
    let v = tree.add_move(&a, mv("b9c7")).unwrap();
    tree.node_mut(&v).unwrap().comment = "the other horse".into();
    tree.node_mut(&b).unwrap().comment = "the usual".into();
    let mut s = State::default();
    s.apply(game::Action::Load(std::rc::Rc::new(tree)).into(), 0);
    // From the position after the first move, another reply: a second variation.
    s.apply(game::Action::Show(Some(1)).into(), 0);
    for sq in ["c9", "e7"] {
        s.apply(Action::Click(sq.parse().unwrap()), 0);
    }
    assert_eq!(s.history().tree().len(), 5);
    assert!(!s.history().shown_on_main());
    s
}

#[test]
fn a_link_keeps_the_variations_and_their_comments() {
    let s = with_variations();
    let t = open(&query(&s));
    assert_eq!(**t.history().tree(), **s.history().tree());
    // It opens on the main line.
    assert_eq!(t.game().moves(), s.history().main_moves());
    assert_eq!(t.view().variations.len(), 2);
    // A link written before variations reads as it did; a broken one keeps its main line.
    let old = open("?line=epJ");
    assert_eq!((old.game().len(), old.history().tree().len()), (3, 3));
    let broken = open("?line=ep.e");
    assert_eq!(broken.game().len(), 2);
    assert!(matches!(broken.notice(), Some(Notice::BadParams(_))));
}
