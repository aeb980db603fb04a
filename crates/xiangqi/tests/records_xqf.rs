//! XQF files built byte by byte from the format's description (XQF.TXT of XQStudio 1.0, and
//! the key scheme of the later versions): the published 1.0 example, and an encrypted
//! endgame setup with Black to move, a variation and comments.

use xiangqi::notation::{parse_uci, Notation};
use xiangqi::records::{read_records, write_pgn, At, Format, GameResult, Why};
use xiangqi::Color;

/// One move record: from and to as `column * 10 + row`, the flags, the comment.
struct Rec {
    from: u8,
    to: u8,
    next: bool,
    var: bool,
    comment: &'static [u8],
}

fn rec(from: u8, to: u8, next: bool, var: bool, comment: &'static [u8]) -> Rec {
    Rec {
        from,
        to,
        next,
        var,
        comment,
    }
}

/// A header string: the length byte, then the bytes.
fn put_string(h: &mut [u8], at: usize, s: &[u8]) {
    h[at] = s.len() as u8;
    h[at + 1..at + 1 + s.len()].copy_from_slice(s);
}

/// An XQF file of `version` with the 32 `pieces`, `kind`, `result`, header `strings` and
/// `records` (the first is the empty move before the game). From version 11 on, `keys`
/// (bytes 3 and 8-15 of the header) scramble it as XQStudio does.
fn xqf(
    version: u8,
    keys: [u8; 9],
    pieces: [u8; 32],
    kind: u8,
    result: u8,
    strings: &[(usize, &[u8])],
    records: &[Rec],
) -> Vec<u8> {
    let mut h = vec![0u8; 0x400];
    h[0] = b'X';
    h[1] = b'Q';
    h[2] = version;
    let encrypted = version >= 11;
    let (mut kp, mut kf, mut kt, mut kc, mut stream) = (0u8, 0u8, 0u8, 0u32, [0u8; 32]);
    if encrypted {
        h[3] = keys[0];
        h[8..16].copy_from_slice(&keys[1..]);
        // KeyXY, KeyXYf, KeyXYt: (54 k² + 221) times the previous key, in one byte.
        let f = |k: u8| (54 * u32::from(k) * u32::from(k) + 221) as u8;
        kp = f(h[13]).wrapping_mul(h[13]);
        kf = f(h[14]).wrapping_mul(kp);
        kt = f(h[15]).wrapping_mul(kf);
        kc = (u32::from(h[12]) * 256 + u32::from(h[13])) % 32000 + 767;
        let mask = b"[(C) Copyright Mr. Dong Shiwei.]";
        for i in 0..32 {
            stream[i] = mask[i] & (h[8 + i % 4] | (h[12 + i % 4] & h[3]));
        }
    }
    for i in 0..32 {
        // From version 12 the slots are rotated by the pieces' key plus one.
        let slot = if version >= 12 {
            (usize::from(kp) + 1 + i) % 32
        } else {
            i
        };
        h[0x10 + i] = pieces[slot].wrapping_add(kp);
    }
    h[0x33] = result;
    h[0x40] = kind;
    for (at, s) in strings {
        put_string(&mut h, *at, s);
    }
    let mut body = Vec::new();
    for r in records {
        let flags = if encrypted {
            (if r.next { 0x80 } else { 0 })
                | (if r.var { 0x40 } else { 0 })
                | (if r.comment.is_empty() { 0 } else { 0x20 })
        } else {
            (if r.next { 0xF0 } else { 0 }) | (if r.var { 0x0F } else { 0 })
        };
        body.push(r.from.wrapping_add(24).wrapping_add(kf));
        body.push(r.to.wrapping_add(32).wrapping_add(kt));
        body.push(flags);
        body.push(0);
        if !encrypted || !r.comment.is_empty() {
            let len = (r.comment.len() as u32).wrapping_add(kc);
            body.extend_from_slice(&len.to_le_bytes());
            body.extend_from_slice(r.comment);
        }
    }
    for (i, b) in body.iter_mut().enumerate() {
        *b = b.wrapping_add(stream[i % 32]);
    }
    h.extend(body);
    h
}

/// The 1.0 example of XQF.TXT: its header and its 16 moves.
fn published_example() -> Vec<u8> {
    let pieces = [
        80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, // Red
        9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86, // Black
    ];
    let moves = [
        (0x2F, 0x38),
        (0x67, 0x63),
        (0x57, 0x60),
        (0x29, 0x3B),
        (0x2C, 0x4A),
        (0x2B, 0x27),
        (0x22, 0x36),
        (0x21, 0x33),
        (0x18, 0x2A),
        (0x2B, 0x2F),
        (0x24, 0x22),
        (0x27, 0x6B),
        (0x60, 0x6D),
        (0x33, 0x6D),
        (0x5E, 0x5E),
        (0x71, 0x6F),
    ];
    let mut records = vec![rec(0, 0, true, false, b"")];
    for (i, (f, t)) in moves.iter().enumerate() {
        records.push(rec(f - 24, t - 32, i + 1 < moves.len(), false, b""));
    }
    let title = [
        0xCF, 0xC9, 0xC8, 0xCB, 0xD6, 0xB8, 0xC2, 0xB7, 0xB6, 0xD4, 0xC6, 0xF0, 0xC2, 0xED, 0xBE,
        0xD6,
    ];
    let red = [0xC1, 0xF8, 0xB4, 0xF3, 0xBB, 0xAA];
    let date = b"1997\xC4\xEA11\xD4\xC216\xC8\xD5";
    xqf(
        10,
        [0; 9],
        pieces,
        0,
        2,
        &[(0x50, &title), (0x110, date), (0x130, &red)],
        &records,
    )
}

#[test]
fn the_published_example_of_version_1_0_reads_with_its_tags_and_moves() {
    let records = read_records(&published_example()).unwrap();
    let r = &records[0];
    assert_eq!(r.format, Format::Xqf);
    assert!(r.faults.is_empty(), "{:?}", r.faults);
    let t = &r.tree;
    assert_eq!(t.tag("Title"), Some("仙人指路对起马局"));
    assert_eq!(t.tag("Red"), Some("柳大华"));
    assert_eq!(t.tag("Date"), Some("1997年11月16日"));
    assert_eq!(t.result, Some(GameResult::BlackWins));
    assert_eq!(
        xiangqi::records::chinese_record(&t.main_line()),
        "1. 兵七进一 马8进7 2. 兵三进一 炮2平3 3. 相七进五 马2进1 4. 马八进七 车1平2 \
         5. 车九平八 车2进4 6. 炮八平九 车2平8 7. 炮二进五 炮3平8 8. 马二进三 车9平8"
    );
}

/// Red: general d0, chariot a3. Black: general e9, horse b9. Black to move.
const SETUP: [u8; 32] = {
    let mut p = [0xFF; 32];
    p[0] = 3; // chariot a3
    p[4] = 30; // general d0
    p[16 + 1] = 19; // horse b9
    p[16 + 4] = 49; // general e9
    p
};

fn encrypted_setup(version: u8) -> Vec<u8> {
    let records = [
        rec(0, 0, true, false, b"\xB2\xD0\xBE\xD6"), // 残局 in GBK
        rec(19, 27, true, false, b""),               // b9c7
        rec(3, 9, false, true, b""),                 // a3a9
        rec(3, 43, false, false, b"\xB1\xE4\xD7\xC5"), // a3e3, 变着 in GBK
    ];
    let gbk_event = b"\xB2\xE2\xCA\xD4"; // 测试
    xqf(
        version,
        [0x5A, 0x13, 0x57, 0x9C, 0xE1, 0x2B, 0x88, 0x3F, 0xC4],
        SETUP,
        3,
        1,
        &[(0xD0, gbk_event)],
        &records,
    )
}

#[test]
fn an_encrypted_setup_with_black_to_move_a_variation_and_comments_reads_in_every_version() {
    for version in [11, 12, 18] {
        let bytes = encrypted_setup(version);
        let r = read_records(&bytes).unwrap().remove(0);
        assert!(r.faults.is_empty(), "version {version}: {:?}", r.faults);
        let t = &r.tree;
        assert_eq!(t.start.to_fen(), "1n2k4/9/9/9/9/9/R8/9/9/3K5 b - - 0 1");
        assert_eq!(t.start.turn(), Color::Black);
        assert_eq!(t.comment, "残局");
        assert_eq!(t.tag("Event"), Some("测试"));
        assert_eq!(t.result, Some(GameResult::RedWins));
        let mv = |s| parse_uci(s).unwrap();
        assert_eq!(t.main_line().moves(), [mv("b9c7"), mv("a3a9")]);
        let alt = t.node(&[0, 1]).expect("a variation on Red's move");
        assert_eq!(alt.mv, mv("a3e3"));
        assert_eq!(alt.comment, "变着");
        let pgn = write_pgn(t, Notation::Wxf);
        assert!(pgn.contains("1... H2+3 2. R9+6 (2. R9.5 {变着})"), "{pgn}");
    }
}

#[test]
fn the_keys_matter_a_file_read_without_them_is_different() {
    let mut bytes = encrypted_setup(18);
    bytes[2] = 10; // claimed unencrypted: the pieces land elsewhere or the moves fail
    let read = read_records(&bytes);
    assert!(read.map_or(true, |r| r[0].tree.start.to_fen()
        != "1n2k4/9/9/9/9/9/R8/9/9/3K5 b - - 0 1"));
}

#[test]
fn an_illegal_move_keeps_the_moves_before_it_and_names_itself() {
    let mut records = vec![rec(0, 0, true, false, b"")];
    records.push(rec(19, 27, true, false, b"")); // b9c7
    records.push(rec(3, 4, true, false, b"")); // a3a4
    records.push(rec(27, 9, false, false, b"")); // c7a9: not a horse's move
    let bytes = xqf(10, [0; 9], SETUP, 3, 0, &[], &records);
    let r = read_records(&bytes).unwrap().remove(0);
    assert_eq!(r.tree.main_line().len(), 2);
    assert_eq!(r.faults.len(), 1);
    let f = &r.faults[0];
    assert_eq!(
        (f.ply, f.number, f.side, f.text.as_str()),
        (3, 2, Color::Black, "c7a9")
    );
    assert!(f.to_string().contains("c7a9"), "{f}");
}

#[test]
fn a_truncated_file_says_where_it_ends() {
    let bytes = published_example();
    let e = read_records(&bytes[..0x400 + 20]).unwrap_err();
    assert_eq!(e.format, Some(Format::Xqf));
    assert_eq!(e.at, At::Byte(0x400 + 20));
    assert!(matches!(e.why, Why::Truncated { .. }), "{e}");
    let e = read_records(&bytes[..100]).unwrap_err();
    assert_eq!(e.at, At::Byte(100));
    assert_eq!(
        e.to_string(),
        "XQF record at byte 100: the file ends inside the 1024-byte header (924 more bytes expected)"
    );
}

#[test]
fn an_impossible_setup_is_refused_with_its_reason() {
    let mut pieces = SETUP;
    pieces[16 + 4] = 0xFF; // no black general
    let records = [rec(0, 0, false, false, b"")];
    let e = read_records(&xqf(10, [0; 9], pieces, 3, 0, &[], &records)).unwrap_err();
    assert_eq!(e.at, At::Byte(0x10));
    assert!(e.to_string().contains("Black has no general"), "{e}");
}

/// The browser tests open these two files (tests/records.test.mjs): they are the builders'
/// bytes, written with `WRITE_FIXTURES=1 cargo test -p xiangqi --test records_xqf`.
#[test]
fn the_page_tests_open_these_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    for (name, bytes) in [
        ("example-1.0.xqf", published_example()),
        ("setup-encrypted.xqf", encrypted_setup(18)),
    ] {
        let path = dir.join(name);
        if std::env::var_os("WRITE_FIXTURES").is_some() {
            std::fs::write(&path, &bytes).unwrap();
        }
        let kept = std::fs::read(&path).unwrap_or_default();
        assert!(
            kept == bytes,
            "{name} differs: write it again with WRITE_FIXTURES=1"
        );
    }
}
