//! Component tests in a real browser: `CHROMEDRIVER=/usr/bin/chromedriver cargo test
//! --target wasm32-unknown-unknown -p xiangqi-web --test components`.
#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use std::rc::Rc;
use wasm_bindgen_test::*;
use web_sys::Element;
use xiangqi::{Color, Game, Outcome, Position, Reason, Square};
use xiangqi_web::components::board::{Board, BoardProps};
use xiangqi_web::components::move_list::{MoveList, MoveListProps};
use xiangqi_web::components::result::{Ending, ResultBanner, ResultProps};
use xiangqi_web::model::{Dests, Flag};
use xiangqi_web::text::i18n::Lang;
use yew::{Callback, Renderer};

wasm_bindgen_test_configure!(run_in_browser);

fn root() -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let el = doc.create_element("div").unwrap();
    el.set_attribute("style", "width: 360px").unwrap();
    doc.body().unwrap().append_child(&el).unwrap();
    el
}

/// Lets Yew's scheduler render.
async fn rendered() {
    TimeoutFuture::new(10).await;
}

fn board_props(orientation: Color) -> BoardProps {
    let pos = Position::start();
    BoardProps {
        pieces: Square::all().map(|sq| pos.piece_at(sq)).collect(),
        orientation,
        selected: Some("h2".parse().unwrap()),
        dests: Rc::new(Dests::from_iter([(
            "h2".parse().unwrap(),
            vec!["e2".parse().unwrap()],
        )])),
        last: None,
        check: None,
        hint: None,
        cursor: "e0".parse().unwrap(),
        animate: None,
        on_click: Callback::noop(),
        on_drop: Callback::noop(),
        on_key: Callback::noop(),
        lang: Lang::En,
        piece_set: Default::default(),
        arrows: Vec::new(),
        points: true,
    }
}

/// A board asked to draw its lines only (the practice page's first step) has its file
/// numbers but no points yet.
#[wasm_bindgen_test]
async fn a_board_without_its_points_draws_its_lines_only() {
    let el = root();
    let props = BoardProps {
        points: false,
        ..board_props(Color::Red)
    };
    Renderer::<Board>::with_root_and_props(el.clone(), props).render();
    rendered().await;
    assert_eq!(el.query_selector_all("[data-square]").unwrap().length(), 0);
    assert_eq!(el.query_selector_all(".fileno").unwrap().length(), 18);
}

#[wasm_bindgen_test]
async fn the_board_has_ninety_points_and_the_start_pieces() {
    let el = root();
    Renderer::<Board>::with_root_and_props(el.clone(), board_props(Color::Red)).render();
    rendered().await;
    assert_eq!(el.query_selector_all("[data-square]").unwrap().length(), 90);
    assert_eq!(el.query_selector_all("[data-piece]").unwrap().length(), 32);
    let b0 = el.query_selector("[data-square=b0]").unwrap().unwrap();
    assert_eq!(b0.get_attribute("aria-label").unwrap(), "red horse on b0");
    let horse = b0.query_selector("[data-piece]").unwrap().unwrap();
    assert_eq!(horse.get_attribute("data-piece").unwrap(), "N");
    assert_eq!(horse.text_content().unwrap(), "傌");
    let h2 = el.query_selector("[data-square=h2]").unwrap().unwrap();
    assert!(h2.has_attribute("data-selected"));
    assert!(el
        .query_selector("[data-square=e2][data-dest]")
        .unwrap()
        .is_some());
    let labels: String = el
        .query_selector_all(".fileno")
        .unwrap()
        .get(1)
        .unwrap()
        .text_content()
        .unwrap();
    assert_eq!(labels, "九", "Red's leftmost file is nine");
}

/// Puts the page's layout style sheet in the test document (once): points are placed by it.
fn with_layout_css() {
    let doc = web_sys::window().unwrap().document().unwrap();
    if doc.get_element_by_id("layout-css").is_none() {
        let style = doc.create_element("style").unwrap();
        style.set_id("layout-css");
        style.set_text_content(Some(include_str!("../../../www/layout.css")));
        doc.head().unwrap().append_child(&style).unwrap();
    }
}

#[wasm_bindgen_test]
async fn flipping_moves_points_but_keeps_their_names() {
    with_layout_css();
    let centre = |el: &Element, sq: &str| -> (f64, f64) {
        let r = el
            .query_selector(&format!("[data-square={sq}]"))
            .unwrap()
            .unwrap()
            .get_bounding_client_rect();
        (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
    };
    let red = root();
    Renderer::<Board>::with_root_and_props(red.clone(), board_props(Color::Red)).render();
    let black = root();
    Renderer::<Board>::with_root_and_props(black.clone(), board_props(Color::Black)).render();
    rendered().await;
    let (a0, i9) = (centre(&red, "a0"), centre(&red, "i9"));
    assert!(
        a0.1 > i9.1 && a0.0 < i9.0,
        "Red at the bottom, a0 at its left: {a0:?} {i9:?}"
    );
    let (a0, i9) = (centre(&black, "a0"), centre(&black, "i9"));
    assert!(
        a0.1 < i9.1 && a0.0 > i9.0,
        "Black at the bottom, a0 at its top right: {a0:?} {i9:?}"
    );
    // 360 px wide: a cell is 40 px, the first line half a cell in, the top line 1.05 cells down.
    let board_top = black.get_bounding_client_rect().top();
    assert!(
        (a0.0 - black.get_bounding_client_rect().left() - 340.0).abs() < 1.0,
        "{a0:?}"
    );
    assert!((a0.1 - board_top - 42.0).abs() < 1.0, "{a0:?} {board_top}");
}

#[wasm_bindgen_test]
async fn the_move_list_pairs_red_and_black() {
    let el = root();
    let props = MoveListProps {
        moves: vec!["炮二平五".into(), "马8进7".into(), "马二进三".into()],
        black_first: false,
        first_number: 1,
        comments: Default::default(),
        lang: Default::default(),
        viewing: None,
        variations: Default::default(),
        shown_variation: None,
        on_go: Callback::noop(),
        on_promote: Callback::noop(),
        on_delete: Callback::noop(),
        marks: Rc::new(Vec::new()),
    };
    Renderer::<MoveList>::with_root_and_props(el.clone(), props).render();
    rendered().await;
    let lines = el.query_selector_all("li").unwrap();
    assert_eq!(lines.length(), 2);
    assert!(lines
        .get(0)
        .unwrap()
        .text_content()
        .unwrap()
        .contains("马8进7"));
}

#[wasm_bindgen_test]
async fn comments_stand_under_the_line_of_their_move() {
    use xiangqi::records::Comment;
    let el = root();
    let note = |ply: usize, text: &str| Comment {
        ply,
        text: text.into(),
    };
    let props = MoveListProps {
        moves: vec!["炮二平五".into(), "马8进7".into(), "马二进三".into()],
        black_first: false,
        first_number: 1,
        comments: Rc::new(vec![note(0, "before"), note(1, "cannon"), note(3, "horse")]),
        lang: Default::default(),
        viewing: Some(1),
        variations: Default::default(),
        shown_variation: None,
        on_go: Callback::noop(),
        on_promote: Callback::noop(),
        on_delete: Callback::noop(),
        marks: Rc::new(Vec::new()),
    };
    Renderer::<MoveList>::with_root_and_props(el.clone(), props).render();
    rendered().await;
    let lines = el.query_selector_all("li").unwrap();
    let texts: Vec<String> = (0..lines.length())
        .map(|i| lines.get(i).unwrap().text_content().unwrap())
        .collect();
    assert_eq!(texts.len(), 5, "{texts:?}");
    assert_eq!(texts[0].trim(), "before");
    assert!(texts[1].contains("马8进7"), "{texts:?}");
    assert_eq!(texts[2].trim(), "cannon");
    assert!(texts[3].contains("马二进三"), "{texts:?}");
    assert_eq!(texts[4].trim(), "horse");
    let current = el.query_selector("[data-comment='1']").unwrap().unwrap();
    assert_eq!(
        current.get_attribute("aria-current").as_deref(),
        Some("true")
    );
}

#[wasm_bindgen_test]
async fn variations_stand_under_the_move_they_replace_and_a_click_goes_to_them() {
    use std::cell::RefCell;
    use xiangqi::records::GameTree;
    use xiangqi_web::model::variations::rows;
    let mv = |t: &str| xiangqi::notation::parse_uci(t).unwrap();
    let mut tree = GameTree::new(Position::start());
    let a = tree.add_move(&[], mv("h2e2")).unwrap();
    tree.add_move(&a, mv("h9g7")).unwrap();
    let v = tree.add_move(&a, mv("b9c7")).unwrap();
    tree.add_move(&v, mv("h0g2")).unwrap();
    let chosen = Rc::new(RefCell::new(None));
    let el = root();
    let props = MoveListProps {
        moves: vec!["炮二平五".into(), "马8进7".into()],
        black_first: false,
        first_number: 1,
        comments: Default::default(),
        variations: Rc::new(rows(&tree, xiangqi::notation::Notation::Chinese)),
        lang: Lang::Zh,
        viewing: None,
        shown_variation: Some(vec![0, 1]),
        on_go: {
            let chosen = chosen.clone();
            Callback::from(move |p: Vec<usize>| *chosen.borrow_mut() = Some(p))
        },
        on_promote: Callback::noop(),
        on_delete: Callback::noop(),
        marks: Rc::new(Vec::new()),
    };
    Renderer::<MoveList>::with_root_and_props(el.clone(), props).render();
    rendered().await;
    let row = el.query_selector("li.variation").unwrap().unwrap();
    assert_eq!(row.get_attribute("aria-label").as_deref(), Some("变着"));
    let moves = row.query_selector_all("[data-variation='1']").unwrap();
    assert_eq!(moves.length(), 2);
    let first: web_sys::HtmlElement =
        wasm_bindgen::JsCast::dyn_into(moves.get(0).unwrap()).unwrap();
    assert_eq!(first.get_attribute("aria-current").as_deref(), Some("true"));
    assert!(row.text_content().unwrap().starts_with("1…"));
    wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&moves.get(1).unwrap())
        .unwrap()
        .click();
    assert_eq!(*chosen.borrow(), Some(vec![0, 1, 0]));
    assert!(el
        .query_selector("[data-action=promote-variation]")
        .unwrap()
        .is_some());
}

#[wasm_bindgen_test]
async fn a_game_begun_by_black_numbers_from_its_position() {
    let el = root();
    let props = MoveListProps {
        moves: vec!["马8进7".into(), "马二进三".into()],
        black_first: true,
        first_number: 12,
        comments: Default::default(),
        lang: Default::default(),
        viewing: None,
        variations: Default::default(),
        shown_variation: None,
        on_go: Callback::noop(),
        on_promote: Callback::noop(),
        on_delete: Callback::noop(),
        marks: Rc::new(Vec::new()),
    };
    Renderer::<MoveList>::with_root_and_props(el.clone(), props).render();
    rendered().await;
    let lines = el.query_selector_all("li").unwrap();
    assert_eq!(lines.length(), 2);
    let first = lines.get(0).unwrap().text_content().unwrap();
    assert!(
        first.starts_with("12.") && first.ends_with("马8进7"),
        "{first}"
    );
    assert!(lines
        .get(1)
        .unwrap()
        .text_content()
        .unwrap()
        .starts_with("13."));
}

#[wasm_bindgen_test]
async fn the_banner_gives_the_result_in_the_pages_language() {
    let outcome = Outcome {
        winner: Some(Color::Black),
        reason: Reason::PerpetualCheck,
    };
    let time = |draw| {
        Ending::Time(Flag {
            side: Color::Red,
            draw,
        })
    };
    for (ending, lang, words, new) in [
        (
            Ending::Rules(outcome),
            Lang::Zh,
            "黑方胜 — 红方长将判负",
            "再来一局",
        ),
        (
            Ending::Rules(outcome),
            Lang::En,
            "Black wins: perpetual check by Red",
            "New game",
        ),
        (
            time(false),
            Lang::En,
            "Black wins — Red ran out of time",
            "0-1",
        ),
        (time(false), Lang::Zh, "黑方胜 — 红方超时", "0-1"),
        (
            time(true),
            Lang::En,
            "Draw — Red ran out of time, but Black cannot mate",
            "1/2-1/2",
        ),
    ] {
        let el = root();
        Renderer::<ResultBanner>::with_root_and_props(
            el.clone(),
            ResultProps {
                ending,
                on_new: Callback::noop(),
                lang,
            },
        )
        .render();
        rendered().await;
        let text = el.text_content().unwrap();
        assert!(text.contains(words), "{text}");
        assert!(text.contains(new), "{text}");
    }
    let _ = Game::new();
}
