//! Moves by click and drag, undo and redo between two players, the end of a game, the
//! keyboard cursor, the move list, browsing, the editor and a pasted FEN.

use super::*;

#[test]
fn click_picks_up_then_drops_on_a_legal_point() {
    let mut s = two_players();
    s.apply(Action::Click(sq("h2")), 0);
    assert_eq!(s.selected(), Some(sq("h2")));
    assert!(s.destinations(sq("h2")).contains(&sq("e2")));
    s.apply(Action::Click(sq("e2")), 0);
    assert_eq!(s.game().moves(), vec![mv("h2e2")]);
    assert_eq!(s.selected(), None);
    assert_eq!(s.animate(), Some(mv("h2e2")));
}

#[test]
fn an_illegal_drop_returns_the_piece() {
    let mut s = two_players();
    let drop = |to: Option<&str>| Action::Drop {
        from: sq("h2"),
        to: to.map(sq),
    };
    s.apply(drop(Some("g4")), 0);
    assert!(s.game().moves().is_empty());
    s.apply(drop(None), 0);
    assert!(s.game().moves().is_empty());
    s.apply(drop(Some("e2")), 0);
    assert_eq!(s.game().moves(), vec![mv("h2e2")]);
    assert_eq!(s.animate(), None, "a dropped piece does not slide");
}

#[test]
fn the_other_sides_pieces_cannot_be_picked_up() {
    let mut s = two_players();
    s.apply(Action::Click(sq("h7")), 0);
    assert_eq!(s.selected(), None);
}

#[test]
fn two_players_undo_and_redo_one_move_at_a_time() {
    let mut s = two_players();
    play(&mut s, &["h2e2", "h9g7", "h0g2"]);
    s.apply(game(game::Action::Undo), 0);
    s.apply(game(game::Action::Undo), 0);
    assert_eq!(s.game().moves(), vec![mv("h2e2")]);
    s.apply(game(game::Action::Redo), 0);
    assert_eq!(s.game().moves(), vec![mv("h2e2"), mv("h9g7")]);
    // A different move clears what is left to redo.
    play(&mut s, &["b2b9"]);
    assert_eq!(s.game().len(), 3);
    assert!(!s.history().can_redo());
    assert!(
        s.search().request().is_none(),
        "no computer in two-player mode"
    );
}

#[test]
fn checkmate_ends_the_game_and_nobody_can_move() {
    let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").unwrap();
    let mut s = State::new(Opening {
        game: Game::from_position(pos),
        ..Opening::default()
    });
    play(&mut s, &["b0b9"]);
    let outcome = s.game().outcome().expect("checkmate");
    assert_eq!(outcome.chinese(), "红方胜 — 黑方被将死");
    assert!(s.search().request().is_none());
    assert!(!s.view().dests.movable(sq("e9")));
    assert_eq!(s.view().check, Some(sq("e9")));
}

#[test]
fn the_cursor_moves_with_the_screen_whichever_side_is_at_the_bottom() {
    let mut s = two_players();
    s.apply(Action::Cursor(Step::Up), 0);
    assert_eq!(s.cursor(), sq("e1"));
    s.apply(settings::Action::Flip.into(), 0);
    s.apply(Action::Cursor(Step::Up), 0);
    s.apply(Action::Cursor(Step::Left), 0);
    assert_eq!(s.cursor(), sq("f0"));
    // Enter on the cursor picks up like a click.
    for step in [
        Step::Right,
        Step::Right,
        Step::Right,
        Step::Right,
        Step::Down,
        Step::Down,
    ] {
        s.apply(Action::Cursor(step), 0);
    }
    assert_eq!(s.cursor(), sq("b2"));
    s.apply(Action::Click(s.cursor()), 0);
    assert_eq!(s.selected(), Some(sq("b2")));
}

#[test]
fn the_move_list_follows_the_notation_switch() {
    let mut s = two_players();
    play(&mut s, &["h2e2"]);
    // English first: WXF until a notation is chosen; the Chinese page writes Chinese.
    assert_eq!(s.view().moves, ["C2.5"]);
    s.apply(settings::Action::SetLang(Lang::Zh).into(), 0);
    assert_eq!(s.view().moves, ["炮二平五"]);
    s.apply(settings::Action::SetNotation(Notation::Wxf).into(), 0);
    assert_eq!(s.view().moves, ["C2.5"]);
    s.apply(settings::Action::SetNotation(Notation::Iccs).into(), 0);
    assert_eq!(s.view().moves, ["H2-E2"]);
}

#[test]
fn the_view_is_derived_again_only_when_what_it_shows_changes() {
    let mut s = State::default();
    play(&mut s, &["h2e2"]);
    let before = Rc::clone(&s.view);
    s.apply(
        reply(SearchReply::Progress {
            id: wanted(&s),
            progress: progress(&["h9g7"]),
        }),
        0,
    );
    s.apply(Action::Cursor(Step::Up), 0);
    assert!(
        Rc::ptr_eq(&before, &s.view),
        "progress and the cursor change nothing shown"
    );
    s.apply(settings::Action::SetNotation(Notation::Uci).into(), 0);
    assert!(!Rc::ptr_eq(&before, &s.view));
}

#[test]
fn the_editor_takes_the_clicks_and_plays_from_a_legal_setup() {
    let mut s = two_players();
    s.apply(editor::Action::Open.into(), 0);
    s.apply(editor::Action::Clear.into(), 0);
    assert_eq!(
        s.editor().unwrap().check(),
        Err(PositionError::MissingGeneral(Color::Red))
    );
    let general = |c| Tool::Piece(Piece::new(c, Kind::General));
    s.apply(editor::Action::Tool(Some(general(Color::Red))).into(), 0);
    s.apply(Action::Click(sq("e0")), 0);
    s.apply(editor::Action::Tool(Some(general(Color::Black))).into(), 0);
    s.apply(Action::Click(sq("d9")), 0);
    s.apply(editor::Action::Tool(None).into(), 0);
    s.apply(
        Action::Drop {
            from: sq("d9"),
            to: Some(sq("f9")),
        },
        0,
    );
    assert_eq!(s.view().fen, "5k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(
        s.view().dests.movable(sq("f9")),
        "any piece may be picked up"
    );
    s.apply(editor::Action::Turn(Color::Black).into(), 0);
    assert!(s.search().request().is_none(), "no search while editing");
    s.apply(editor::Action::Play(Mode::Computer).into(), 0);
    assert!(s.editor().is_none());
    assert_eq!(s.start_fen(), "5k3/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert_eq!(s.settings().human(), Color::Black);
    assert!(!s.thinking(), "the person has the move");
}

#[test]
fn browsing_back_and_a_new_move_adds_a_variation() {
    let mut s = two_players();
    play(&mut s, &["h2e2", "h9g7", "h0g2", "i9h9"]);
    s.apply(game(game::Action::Step(-1)), 0);
    s.apply(game(game::Action::Step(-1)), 0);
    assert_eq!(s.history().browsing(), Some(2));
    assert_eq!(
        s.view().pieces[sq("h0").index()].map(|p| p.fen_char()),
        Some('N')
    );
    assert_eq!(s.view().last, Some(mv("h9g7")));
    // The game's own next move follows the game.
    play(&mut s, &["h0g2"]);
    assert_eq!((s.history().browsing(), s.game().len()), (Some(3), 4));
    // A different one starts a variation, on the board at once; the main line stays.
    play(&mut s, &["b9c7"]);
    assert_eq!(
        s.game().moves(),
        vec![mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("b9c7")]
    );
    assert_eq!(s.history().browsing(), None);
    assert_eq!(s.view().moves, ["C2.5", "H8+7", "H2+3", "R9.8"]);
    let rows = &s.view().variations;
    assert_eq!((rows.len(), rows[0].anchor, rows[0].depth), (1, 4, 1));
    assert_eq!(rows[0].moves[0].text, "H2+3");
    assert!(s.person_to_move(), "the game goes on in it");
    // Promoted, it is the main line; deleted, the rest of the main line is back on the board.
    s.apply(game(game::Action::Promote(vec![0, 0, 0, 1])), 0);
    assert_eq!(s.view().moves, ["C2.5", "H8+7", "H2+3", "H2+3"]);
    s.apply(game(game::Action::GoTo(vec![0, 0, 0, 1])), 0);
    assert_eq!(s.view().last, Some(mv("i9h9")));
    s.apply(game(game::Action::Delete(vec![0, 0, 0, 1])), 0);
    assert!(s.view().variations.is_empty());
    assert_eq!((s.game().len(), s.history().browsing()), (4, Some(3)));
}

#[test]
fn a_bad_pasted_fen_changes_nothing() {
    let mut s = two_players();
    play(&mut s, &["h2e2"]);
    s.apply(
        game(game::Action::LoadFen("4k4/9/9/9/9/9/9/9/9/4K4 w".into())),
        0,
    );
    assert_eq!(s.game().len(), 1);
    let text = Lang::Zh.notice(s.notice().unwrap());
    assert!(text.contains("双方将帅在同一直线上照面"), "{text}");
    s.apply(
        game(game::Action::LoadFen("3k5/9/9/9/9/9/9/9/9/4K4 w".into())),
        0,
    );
    assert!(s.game().is_empty());
    assert_eq!(s.notice(), None);
}
