//! Hand-checked move text from books and the WXF rules: each case in every notation, the
//! other spellings that are accepted, and the coordinate notations (UCI and ICCS).

mod common;

use common::*;
use xiangqi::notation::{
    format, format_chinese, format_iccs, format_wxf, parse, parse_any, parse_chinese, parse_iccs,
    parse_wxf, DescriptiveError, IccsError, IllegalReason, MoveTextError, Notation, SyntaxError,
};
use xiangqi::{Color, Kind, Piece, Position};

/// `(fen, uci, wxf, chinese)`: the move in each notation, written as the formatter does.
const CASES: &[(&str, &str, &str, &str)] = &[
    // The opening moves every book starts with.
    (START, "h2e2", "C2.5", "炮二平五"),
    (START, "i0i1", "R1+1", "车一进一"),
    (START, "g0e2", "E3+5", "相三进五"),
    (START, "f0e1", "A4+5", "仕四进五"),
    (START, "h0g2", "H2+3", "马二进三"),
    (START, "e3e4", "P5+1", "兵五进一"),
    (START, "h2h9", "C2+7", "炮二进七"),
    (AFTER_C25, "h9g7", "H8+7", "马8进7"),
    (AFTER_C25, "h7e7", "C8.5", "炮8平5"),
    (AFTER_C25, "c9e7", "E3+5", "象3进5"),
    (AFTER_C25, "d9e8", "A4+5", "士4进5"),
    (AFTER_C25, "i9i8", "R9+1", "车9进1"),
    // Red chariots doubled on file 5: front is the higher rank.
    (RED_RR, "e6f6", "R+.4", "前车平四"),
    (RED_RR, "e6e9", "R++3", "前车进三"),
    (RED_RR, "e2e1", "R--1", "后车退一"),
    (RED_RR, "e2e5", "R-+3", "后车进三"),
    (RED_RR, "d0d1", "K6+1", "帅六进一"),
    // Black chariots doubled on file 5: Black's front is the lower rank.
    (BLACK_RR, "e3f3", "R+.6", "前车平6"),
    (BLACK_RR, "e3e1", "R++2", "前车进2"),
    (BLACK_RR, "e7e8", "R--1", "后车退1"),
    (BLACK_RR, "e7e4", "R-+3", "后车进3"),
    (RED_CC, "h5e5", "C+.5", "前炮平五"),
    (RED_CC, "h2e2", "C-.5", "后炮平五"),
    (RED_CC, "h2h4", "C-+2", "后炮进二"),
    (BLACK_CC, "b3e3", "C+.5", "前炮平5"),
    (BLACK_CC, "b7b8", "C--1", "后炮退1"),
    (RED_HH, "c4d6", "H++6", "前马进六"),
    (RED_HH, "c2b0", "H--8", "后马退八"),
    (BLACK_HH, "g3f1", "H++6", "前马进6"),
    (BLACK_HH, "g5h3", "H-+8", "后马进8"),
    // Advisors and elephants keep their file even when two share it.
    (RED_AAEE, "d0e1", "A6+5", "仕六进五"),
    (RED_AAEE, "d2e1", "A6-5", "仕六退五"),
    (RED_AAEE, "c0e2", "E7+5", "相七进五"),
    (RED_AAEE, "c4e2", "E7-5", "相七退五"),
    // Four soldiers in two pairs are numbered; the lone one keeps its file.
    (SOLDIERS_2X2, "f8e8", "Pa.5", "一兵平五"),
    (SOLDIERS_2X2, "f6e6", "Pb.5", "二兵平五"),
    (SOLDIERS_2X2, "d8e8", "Pc.5", "三兵平五"),
    (SOLDIERS_2X2, "d6e6", "Pd.5", "四兵平五"),
    (SOLDIERS_2X2, "e7e8", "P5+1", "兵五进一"),
    (SOLDIERS_2X2, "f8f9", "Pa+1", "一兵进一"),
    (BLACK_SOLDIERS_2X2, "d1e1", "Pa.5", "一卒平5"),
    (BLACK_SOLDIERS_2X2, "d3e3", "Pb.5", "二卒平5"),
    (BLACK_SOLDIERS_2X2, "f1e1", "Pc.5", "三卒平5"),
    (BLACK_SOLDIERS_2X2, "f3e3", "Pd.5", "四卒平5"),
    (BLACK_SOLDIERS_2X2, "e2e1", "P5+1", "卒5进1"),
    // Three on one file: 前/中/后 in Chinese, letters in WXF.
    (SOLDIERS_3, "e7f7", "Pa.4", "前兵平四"),
    (SOLDIERS_3, "e7e8", "Pa+1", "前兵进一"),
    (SOLDIERS_3, "e6f6", "Pb.4", "中兵平四"),
    (SOLDIERS_3, "e5d5", "Pc.6", "后兵平六"),
    (BLACK_SOLDIERS_3, "e2d2", "Pa.4", "前卒平4"),
    (BLACK_SOLDIERS_3, "e3d3", "Pb.4", "中卒平4"),
    (BLACK_SOLDIERS_3, "e4f4", "Pc.6", "后卒平6"),
    // Four on one file are numbered front to back.
    (SOLDIERS_4, "e8f8", "Pa.4", "一兵平四"),
    (SOLDIERS_4, "e5d5", "Pd.6", "四兵平六"),
    // One pair: front and rear, like doubled pieces.
    (SOLDIERS_PAIR, "c6b6", "P+.8", "前兵平八"),
    (SOLDIERS_PAIR, "c5d5", "P-.6", "后兵平六"),
    (SOLDIERS_PAIR, "g5g6", "P3+1", "兵三进一"),
    // Two pairs on files 7 and 9: numbered from Red's right.
    (SOLDIERS_TWO_PAIRS, "c6b6", "Pa.8", "一兵平八"),
    (SOLDIERS_TWO_PAIRS, "a6b6", "Pc.8", "三兵平八"),
    (SOLDIERS_TWO_PAIRS, "a5b5", "Pd.8", "四兵平八"),
];

#[test]
fn hand_written_cases() {
    for &(fen, uci, wxf, chinese) in CASES {
        let p = pos(fen);
        let m = mv(uci);
        assert!(p.is_legal(m), "{uci} in {fen}");
        assert_eq!(format_wxf(&p, m), wxf, "{uci} in {fen}");
        assert_eq!(format_chinese(&p, m), chinese, "{uci} in {fen}");
        assert_eq!(parse_wxf(&p, wxf), Ok(m), "{wxf} in {fen}");
        assert_eq!(parse_chinese(&p, chinese), Ok(m), "{chinese} in {fen}");
        let iccs = format!("{}-{}", &uci[..2], &uci[2..]).to_ascii_uppercase();
        assert_eq!(format_iccs(m), iccs);
        assert_eq!(parse_iccs(&iccs), Ok(m));
        for text in [uci, wxf, chinese] {
            assert_eq!(parse_any(&p, text), Ok(m), "{text} in {fen}");
        }
    }
}

#[test]
fn other_spellings_are_accepted() {
    let start = Position::start();
    let after = pos(AFTER_C25);
    // (position, text, move)
    let cases: &[(&Position, &str, &str)] = &[
        (&start, "砲二平五", "h2e2"),
        (&start, "炮２平５", "h2e2"),
        (&start, "炮2平5", "h2e2"),
        (&start, "  炮二平五\n", "h2e2"),
        (&start, "傌二進三", "h0g2"),
        (&start, "馬二进三", "h0g2"),
        (&start, "俥一進一", "i0i1"),
        (&start, "車一进一", "i0i1"),
        (&start, "帥五進一", "e0e1"),
        (&start, "將五进一", "e0e1"),
        (&start, "象三进五", "g0e2"),
        (&start, "士四进五", "f0e1"),
        (&start, "卒五进一", "e3e4"),
        (&start, "c2.5", "h2e2"),
        (&start, "C2=5", "h2e2"),
        (&start, "N2+3", "h0g2"),
        (&start, "n2+3", "h0g2"),
        (&start, "B3+5", "g0e2"),
        (&start, "e3+5", "g0e2"),
        (&after, "马８進７", "h9g7"),
        (&after, "馬八进七", "h9g7"),
        (&after, "砲8平5", "h7e7"),
        (&after, "相3进5", "c9e7"),
    ];
    for &(p, text, uci) in cases {
        assert_eq!(parse_any(p, text), Ok(mv(uci)), "{text}");
    }

    let rr = pos(RED_RR);
    assert_eq!(parse_wxf(&rr, "+R.4"), Ok(mv("e6f6")));
    assert_eq!(parse_wxf(&rr, "-R-1"), Ok(mv("e2e1")));
    assert_eq!(parse_chinese(&rr, "後車退一"), Ok(mv("e2e1")));
    assert_eq!(parse_chinese(&rr, "前车五平四"), Ok(mv("e6f6")));

    // Tandem signs for advisors and elephants, which are written with their file.
    let aaee = pos(RED_AAEE);
    assert_eq!(
        parse_wxf(&aaee, "A+.5"),
        Err(DescriptiveError::Syntax(SyntaxError::NoSideways {
            notation: Notation::Wxf,
            text: "A+.5".into(),
            kind: Kind::Advisor
        }))
    );
    assert_eq!(parse_wxf(&aaee, "A-+5"), Ok(mv("d0e1")));
    assert_eq!(parse_wxf(&aaee, "A+-5"), Ok(mv("d2e1")));
    assert_eq!(parse_wxf(&aaee, "E+-5"), Ok(mv("c4e2")));
    assert_eq!(parse_chinese(&aaee, "后仕进五"), Ok(mv("d0e1")));
    assert_eq!(parse_chinese(&aaee, "前相退五"), Ok(mv("c4e2")));

    // A file number for one of two horses when only the other is blocked.
    let hh = pos("5k3/9/9/9/9/2N6/2P6/2N6/9/3K5 w");
    // c4's forward leg is free, c2's is blocked by the soldier on c3.
    assert_eq!(parse_wxf(&hh, "H7+6"), Ok(mv("c4d6")));
    assert_eq!(parse_chinese(&hh, "马七进六"), Ok(mv("c4d6")));

    // Soldiers named by file after 前/后, with or without the piece.
    let two_pairs = pos(SOLDIERS_TWO_PAIRS);
    assert_eq!(parse_chinese(&two_pairs, "前兵九平八"), Ok(mv("a6b6")));
    assert_eq!(parse_chinese(&two_pairs, "前九平八"), Ok(mv("a6b6")));
    assert_eq!(parse_chinese(&two_pairs, "后兵七平六"), Ok(mv("c5d5")));
    assert_eq!(parse_chinese(&two_pairs, "后7平6"), Ok(mv("c5d5")));
    let three = pos(SOLDIERS_3);
    assert_eq!(parse_chinese(&three, "中兵五平四"), Ok(mv("e6f6")));
    assert_eq!(parse_chinese(&three, "中五平四"), Ok(mv("e6f6")));
    // Front and rear of three are the end ones.
    assert_eq!(parse_wxf(&three, "P+.4"), Ok(mv("e7f7")));
    assert_eq!(parse_wxf(&three, "P-.4"), Ok(mv("e5f5")));
    assert_eq!(parse_wxf(&three, "PA.4"), Ok(mv("e7f7")));

    // ICCS: either case, hyphen optional.
    for text in ["H2-E2", "h2-e2", "H2E2", "h2e2", " H2-E2 "] {
        assert_eq!(parse_iccs(text), Ok(mv("h2e2")), "{text}");
        assert_eq!(
            parse(&start, text, Notation::Iccs),
            Ok(mv("h2e2")),
            "{text}"
        );
    }
}

#[test]
fn coordinates() {
    let start = Position::start();
    assert_eq!(format_iccs(mv("h2e2")), "H2-E2");
    assert_eq!(format(&start, mv("h2e2"), Notation::Uci), "h2e2");
    assert_eq!(format(&start, mv("h2e2"), Notation::Iccs), "H2-E2");
    assert_eq!(parse_iccs(""), Err(IccsError::Empty));
    assert_eq!(
        parse_iccs("H2-E2-"),
        Err(IccsError::Malformed {
            text: "H2-E2-".into()
        })
    );
    assert_eq!(
        parse_iccs("H2_E2"),
        Err(IccsError::Malformed {
            text: "H2_E2".into()
        })
    );
    assert_eq!(
        parse_iccs("J2-E2"),
        Err(IccsError::Malformed {
            text: "J2-E2".into()
        })
    );
    assert_eq!(
        parse_iccs("H2-H2"),
        Err(IccsError::SamePoint {
            text: "H2-H2".into()
        })
    );
    assert_eq!(
        parse_iccs("Ｈ2-E2"),
        Err(IccsError::Malformed {
            text: "Ｈ2-E2".into()
        })
    );

    // Well formed but not legal, with the reason.
    let illegal = |text: &str, notation: Notation| match parse(&start, text, notation) {
        Err(MoveTextError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    let red_cannon = Piece::new(Color::Red, Kind::Cannon);
    assert_eq!(
        illegal("h2e5", Notation::Uci),
        IllegalReason::CannotReach("h2".parse().unwrap(), red_cannon, "e5".parse().unwrap())
    );
    assert_eq!(
        illegal("H2-E5", Notation::Iccs),
        IllegalReason::CannotReach("h2".parse().unwrap(), red_cannon, "e5".parse().unwrap())
    );
    assert_eq!(
        illegal("e5e6", Notation::Uci),
        IllegalReason::NoPiece("e5".parse().unwrap())
    );
    assert_eq!(
        illegal("h7e7", Notation::Uci),
        IllegalReason::NotYourPiece(
            "h7".parse().unwrap(),
            Piece::new(Color::Black, Kind::Cannon)
        )
    );
    assert_eq!(
        parse_any(&start, "h7e7").unwrap_err().to_string(),
        "the move h7e7 is not legal here: the black cannon on h7 is not yours: it is red's turn"
    );
    let pinned = pos("4k4/9/9/9/4r4/9/9/9/4R4/4K4 w");
    assert_eq!(
        illegal("e1d1", Notation::Uci),
        IllegalReason::NoPiece("e1".parse().unwrap())
    );
    assert!(matches!(
        parse(&pinned, "e1d1", Notation::Uci),
        Err(MoveTextError::Illegal {
            reason: IllegalReason::ExposesGeneral,
            ..
        })
    ));
}

#[test]
fn a_notation_reads_back_from_its_key() {
    for n in Notation::ALL {
        assert_eq!(n.key().parse(), Ok(n));
        assert_eq!(n.name().parse(), Ok(n));
    }
    assert_eq!(
        "pgn".parse::<Notation>().unwrap_err().to_string(),
        "\"pgn\" is not a notation: choose uci, iccs, wxf or chinese"
    );
}
