//! `xiangqi convert`: records in every form read and written as PGN or DhtmlXQ, `-` for
//! stdin and stdout, and one line on stderr with exit status 1 for a record that cannot be
//! read.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn xiangqi(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

const GBK_PGN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../xiangqi/tests/data/records/traditional_gbk.pgn"
);

#[test]
fn a_gbk_pgn_file_becomes_chinese_pgn_on_stdout() {
    let out = xiangqi(&["convert", "--to", "pgn-chinese", GBK_PGN, "-"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pgn = text(&out.stdout);
    assert!(pgn.contains("[Event \"象棋錦標賽\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(
        pgn.contains("2. 马二进三 (2. 兵七进一 卒7进1 {兌卒}) 2... 车9平8"),
        "{pgn}"
    );
    assert!(pgn.trim_end().ends_with("4. 兵三进一 1-0"), "{pgn}");
    assert!(out.stderr.is_empty());
}

#[test]
fn stdin_dhtmlxq_to_a_txt_file_is_dhtmlxq_that_reads_back() {
    let dir = std::env::temp_dir().join(format!("xiangqi-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let txt = dir.join("game.txt");
    let input = "[DhtmlXQ][DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist]\
                 [DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1][/DhtmlXQ]";
    let out = xiangqi(&["convert", "-", txt.to_str().unwrap()], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&txt).unwrap();
    assert!(
        written.contains("[DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist]"),
        "{written}"
    );
    assert!(
        written.contains("[DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1]"),
        "{written}"
    );
    // And back to PGN (WXF moves by default).
    let out = xiangqi(&["convert", txt.to_str().unwrap(), "-"], b"");
    assert!(
        text(&out.stdout).contains("1. C2.5 C8.5 (1... C2.5) *"),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_corrupt_or_missing_file_is_one_line_on_stderr_and_status_1() {
    let out = xiangqi(&["convert", "-", "-"], b"XQ\x0a\0\0\0");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("xiangqi convert: -: XQF record at byte 6: the file ends"),
        "{err}"
    );

    let out = xiangqi(&["convert", "/no/such/record.xqf", "-"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("xiangqi convert: cannot read /no/such/record.xqf"),
        "{err}"
    );
}

#[test]
fn an_illegal_move_is_named_and_the_game_before_it_written() {
    let out = xiangqi(
        &["convert", "-", "-"],
        "1. 炮二平五 马8进7 2. 车一进九".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).contains("1. C2.5 H8+7 *"),
        "{}",
        text(&out.stdout)
    );
    let err = text(&out.stderr);
    assert!(err.contains("move 2 (Red), \"车一进九\""), "{err}");
}

#[test]
fn several_games_convert_one_picked_by_number() {
    let two = "[Event \"A\"]\n1. C2.5 *\n\n[Event \"B\"]\n1. P7+1 *\n";
    let out = xiangqi(&["convert", "--game", "2", "-", "-"], two.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("[Event \"B\"]"));
    assert!(text(&out.stderr).contains("holds 2 games; this is game 2"));
    let out = xiangqi(&["convert", "--game", "3", "-", "-"], two.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("there is no game 3: the record holds 2"));
}
