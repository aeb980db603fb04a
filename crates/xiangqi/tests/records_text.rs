//! The text records players keep: PGN with variations (GBK, traditional characters,
//! fullwidth WXF, several games, Black first, a site's footer after the result), the WXF
//! file, and DhtmlXQ with its branches, comments and start placement.

use xiangqi::notation::{parse_uci, Notation};
use xiangqi::records::{read_records, write_pgn, At, Format, GameResult, Why};
use xiangqi::{Color, Move};

fn mv(s: &str) -> Move {
    parse_uci(s).unwrap()
}

fn moves(list: &str) -> Vec<Move> {
    list.split_whitespace().map(mv).collect()
}

#[test]
fn a_gbk_pgn_in_traditional_characters_with_a_variation_and_a_footer() {
    let bytes = include_bytes!("data/records/traditional_gbk.pgn");
    let r = read_records(bytes).unwrap().remove(0);
    assert_eq!(r.format, Format::Pgn);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let t = &r.tree;
    assert_eq!(t.tag("Event"), Some("象棋錦標賽"));
    assert_eq!(t.tag("ECCO"), Some("C45"));
    assert_eq!(t.tag("Opening"), Some("中炮進三兵對屏風馬"));
    assert_eq!(t.result, Some(GameResult::RedWins));
    assert_eq!(t.comment, "開局");
    // The footer after the result is not read as moves, and the last move is kept.
    assert_eq!(
        t.main_line().moves(),
        moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 g3g4")
    );
    assert_eq!(t.node(&[0, 0]).unwrap().comment, "屏風馬");
    let var = t.node(&[0, 0, 1]).unwrap();
    assert_eq!(var.mv, mv("c3c4"));
    assert_eq!(var.children[0].mv, mv("g6g5"));
    assert_eq!(var.children[0].comment, "兌卒");
    let depths: Vec<_> = t.nodes().iter().map(|n| (n.ply, n.depth)).collect();
    assert!(depths.contains(&(4, 1)), "{depths:?}");
}

#[test]
fn the_last_move_before_the_result_is_kept_however_the_result_is_written() {
    for end in [
        "1-0",
        "红胜",
        "紅先勝",
        "(红胜)",
        "{红方胜}",
        "\n1-0\n欢迎访问",
    ] {
        let text = format!("1. 炮二平五 马８进７\n2. 马二进三 车９平８{end}");
        let r = read_records(text.as_bytes()).unwrap().remove(0);
        assert_eq!(r.tree.main_line().len(), 4, "{end:?}");
        assert!(r.faults.is_empty(), "{end:?}: {:?}", r.faults);
    }
}

#[test]
fn the_cannon_written_as_包_and_traditional_pieces_for_either_side() {
    let text = "1. 包二平五 馬８進７ 2. 傌二進三 車９平８ 3. 俥一平二 砲８進４";
    let r = read_records(text.as_bytes()).unwrap().remove(0);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(
        r.tree.main_line().moves(),
        moves("h2e2 h9g7 h0g2 i9h9 i0h0 h7h3")
    );
}

#[test]
fn fullwidth_wxf_with_lower_case_black_moves() {
    let text = "１． Ｃ２．５ ｈ８＋７ ２． Ｈ２＋３ ｒ９．８";
    let r = read_records(text.as_bytes()).unwrap().remove(0);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    assert_eq!(r.tree.main_line().moves(), moves("h2e2 h9g7 h0g2 i9h9"));
}

#[test]
fn iccs_and_uci_moves_mixed_with_comments_and_semicolons() {
    let text = "1. H2-E2 h9g7 ; the usual reply\n2. h0g2 {develops}";
    let r = read_records(text.as_bytes()).unwrap().remove(0);
    assert_eq!(r.tree.main_line().len(), 3);
    assert_eq!(r.tree.node(&[0, 0]).unwrap().comment, "the usual reply");
    assert_eq!(r.tree.node(&[0, 0, 0]).unwrap().comment, "develops");
}

#[test]
fn several_games_in_one_file_are_all_returned() {
    let r = read_records(include_bytes!("data/records/two_games.pgn")).unwrap();
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].tree.tag("Event"), Some("First"));
    assert_eq!(r[0].tree.main_line().len(), 3);
    assert_eq!(r[1].tree.tag("Event"), Some("Second"));
    assert_eq!(r[1].tree.start.turn(), Color::Black);
    assert_eq!(r[1].tree.main_line().moves(), moves("e9f9 a0a9"));
    assert_eq!(r[1].tree.node(&[0, 0]).unwrap().comment, "check");
}

#[test]
fn a_game_where_black_moves_first() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    let with_fen = format!("[FEN \"{fen}\"]\n1. ... 马8进7 2. 炮二平五 *");
    let without = "1. ... 马8进7 2. 炮二平五 *";
    for text in [with_fen.as_str(), without] {
        let r = read_records(text.as_bytes()).unwrap().remove(0);
        assert!(r.faults.is_empty(), "{text}: {:?}", r.faults);
        assert_eq!(r.tree.start.to_fen(), fen);
        assert_eq!(r.tree.main_line().moves(), moves("h9g7 h2e2"));
        let pgn = write_pgn(&r.tree, Notation::Chinese);
        assert!(pgn.contains("1... 马8进7 2. 炮二平五 *"), "{pgn}");
    }
}

#[test]
fn an_illegal_move_keeps_the_game_before_it_and_says_which_it_was() {
    let text = "1. 炮二平五 马8进7 (1... 车9进9 2. 马二进三) 2. 车一进九 车9平8";
    let r = read_records(text.as_bytes()).unwrap().remove(0);
    assert_eq!(r.tree.main_line().moves(), moves("h2e2 h9g7"));
    assert_eq!(r.faults.len(), 2);
    let (var, main) = (&r.faults[0], &r.faults[1]);
    assert_eq!(
        (var.ply, var.side, var.text.as_str()),
        (2, Color::Black, "车9进9")
    );
    assert_eq!(
        (main.ply, main.number, main.side, main.text.as_str()),
        (3, 2, Color::Red, "车一进九")
    );
    assert!(
        main.to_string().starts_with("move 2 (Red), \"车一进九\": "),
        "{main}"
    );
    assert!(main.to_string().ends_with("the main line stops before it"));
}

#[test]
fn text_that_is_no_record_is_an_error_naming_its_line() {
    let e = read_records(b"\n\nhello world").unwrap_err();
    assert_eq!((e.format, e.at), (Some(Format::Pgn), At::Line(3)));
    assert!(e.to_string().contains("\"hello\" is not a move"), "{e}");
    assert_eq!(read_records(b" \n ").unwrap_err().why, Why::Empty);
    let e = read_records(b"[FEN \"9/9 w\"]\n1. h2e2").unwrap_err();
    assert_eq!(e.at, At::Line(1));
    assert!(matches!(e.why, Why::Fen(_)));
    assert_eq!(
        read_records(b"\xff\xfe\xff").unwrap_err().why,
        Why::Encoding
    );
}

#[test]
fn a_wxf_file_with_its_header() {
    let r = read_records(include_bytes!("data/records/game.wxf"))
        .unwrap()
        .remove(0);
    assert_eq!(r.format, Format::Wxf);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let t = &r.tree;
    assert_eq!(t.tag("Event"), Some("Club championship"));
    assert_eq!(t.tag("Red"), Some("Wang;6.0"));
    assert_eq!(t.tag("Black"), Some("Li"));
    assert_eq!(t.tag("Date"), Some("2024.05.01"));
    assert_eq!(t.tag("Round"), Some("3"));
    assert_eq!(t.result, Some(GameResult::BlackWins));
    assert_eq!(
        t.main_line().moves(),
        moves("h2e2 h9g7 h0g2 i9h9 i0h0 b7e7")
    );
}

#[test]
fn a_wxf_file_with_a_start_position_and_an_illegal_move() {
    let text = "FORMAT WXF\nFEN 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\nSTART{\n1. R9+9 k5+1\n2. R9-9 a4+5\n}END\n";
    let r = read_records(text.as_bytes()).unwrap().remove(0);
    assert_eq!(r.tree.main_line().moves(), moves("a0a9 e9e8 a9a0"));
    assert_eq!(r.faults[0].ply, 4);
    assert_eq!(r.faults[0].text, "a4+5");
}

const START_BINIT: &str = "8979695949392919097717866646260600102030405060708012720323436383";

#[test]
fn dhtmlxq_with_branches_and_comments() {
    let text = format!(
        "<div>[DhtmlXQ]\n[DhtmlXQ_title]中炮对列炮[/DhtmlXQ_title]\n[DhtmlXQ_event]测试赛[/DhtmlXQ_event]\n\
         [DhtmlXQ_red]红方[/DhtmlXQ_red][DhtmlXQ_black]黑方[/DhtmlXQ_black]\n\
         [DhtmlXQ_date]2024-01-01[/DhtmlXQ_date][DhtmlXQ_result]红胜[/DhtmlXQ_result]\n\
         [DhtmlXQ_binit]{START_BINIT}[/DhtmlXQ_binit]\n\
         [DhtmlXQ_movelist]774772427967706289798081[/DhtmlXQ_movelist]\n\
         [DhtmlXQ_move_0_2_1]12427967102289790010[/DhtmlXQ_move_0_2_1]\n\
         [DhtmlXQ_move_1_4_2]7062[/DhtmlXQ_move_1_4_2]\n\
         [DhtmlXQ_comment0]开局||两行[/DhtmlXQ_comment0]\n\
         [DhtmlXQ_comment2]主线第二着[/DhtmlXQ_comment2]\n\
         [DhtmlXQ_comment1_3]变着注解[/DhtmlXQ_comment1_3]\n\
         [DhtmlXQ_comment2_4]嵌套变着[/DhtmlXQ_comment2_4]\n[/DhtmlXQ]</div>"
    );
    let r = read_records(text.as_bytes()).unwrap().remove(0);
    assert_eq!(r.format, Format::DhtmlXq);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let t = &r.tree;
    assert_eq!(t.tag("Title"), Some("中炮对列炮"));
    assert_eq!(t.tag("Event"), Some("测试赛"));
    assert_eq!((t.tag("Red"), t.tag("Black")), (Some("红方"), Some("黑方")));
    assert_eq!(t.tag("Date"), Some("2024-01-01"));
    assert_eq!(t.result, Some(GameResult::RedWins));
    assert_eq!(t.comment, "开局\n两行");
    assert_eq!(
        t.main_line().moves(),
        moves("h2e2 h7e7 h0g2 h9g7 i0h0 i9i8")
    );
    assert_eq!(t.node(&[0, 0]).unwrap().comment, "主线第二着");
    // Branch 1 replaces the main line's second move; branch 2 its own fourth.
    assert_eq!(t.node(&[0, 1]).unwrap().mv, mv("b7e7"));
    let b1 = t.node(&[0, 1, 0]).unwrap();
    assert_eq!((b1.mv, b1.comment.as_str()), (mv("h0g2"), "变着注解"));
    assert_eq!(
        b1.children.iter().map(|n| n.mv).collect::<Vec<_>>(),
        moves("b9c7 h9g7")
    );
    assert_eq!(t.node(&[0, 1, 0, 1]).unwrap().comment, "嵌套变着");
    assert_eq!(t.node(&[0, 1, 0, 0, 0, 0]).unwrap().mv, mv("a9b9"));
    assert_eq!(t.len(), 6 + 5 + 1);
}

#[test]
fn dhtmlxq_binit_places_a_setup_and_the_first_move_says_who_moves() {
    // Red: chariot a3, general d0; Black: horse b9, general e9; 99 for the others.
    let mut slots = vec!["99"; 32];
    slots[0] = "06";
    slots[4] = "39";
    slots[17] = "10";
    slots[20] = "40";
    let text = format!(
        "[DhtmlXQ_binit]{}[/DhtmlXQ_binit][DhtmlXQ_movelist]10220600[/DhtmlXQ_movelist]",
        slots.concat()
    );
    let r = read_records(text.as_bytes()).unwrap().remove(0);
    assert_eq!(
        r.tree.start.to_fen(),
        "1n2k4/9/9/9/9/9/R8/9/9/3K5 b - - 0 1"
    );
    assert_eq!(r.tree.main_line().moves(), moves("b9c7 a3a9"));
}

#[test]
fn dhtmlxq_errors_name_the_field_and_its_line() {
    let e = read_records(b"[DhtmlXQ]\n[DhtmlXQ_binit]8979[/DhtmlXQ_binit]").unwrap_err();
    assert_eq!((e.format, e.at), (Some(Format::DhtmlXq), At::Line(2)));
    assert!(e.to_string().contains("64 digits"), "{e}");
    let e = read_records(b"[DhtmlXQ]\n\n[DhtmlXQ_movelist]7747x[/DhtmlXQ_movelist]").unwrap_err();
    assert_eq!(e.at, At::Line(3));
    assert!(e.to_string().contains("digits only"), "{e}");
    let r = read_records(b"[DhtmlXQ_movelist]77477040[/DhtmlXQ_movelist]").unwrap();
    assert_eq!(r[0].faults[0].text, "7040");
    assert_eq!(r[0].tree.main_line().len(), 1);
}

#[test]
fn the_linear_reader_opens_chinese_files_to_their_last_move() {
    // read_pgn (the page's import) shares the tokenizer: a result glued to the last move,
    // fullwidth move numbers and a footer after the result no longer cost the last move.
    for record in [
        "１．炮二平五 马８进７ ２．马二进三 车９平８1-0",
        "1. 炮二平五 马８进７\n2. 马二进三 车９平８ 红胜\n======\n欢迎访问",
        "1. 炮二平五 马８进７ 2. 马二进三 (2. 马八进七) 车９平８ *",
    ] {
        let pgn = xiangqi::records::read_pgn(record).unwrap_or_else(|e| panic!("{record}: {e}"));
        assert_eq!(pgn.game.len(), 4, "{record}");
        assert_eq!(pgn.game.moves().last(), Some(&mv("i9h9")), "{record}");
    }
}
