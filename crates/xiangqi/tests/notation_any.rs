//! Reading text in whichever notation it is written: the notation chosen, huge and random
//! input handled briefly, one shared error for WXF and Chinese spelled in the notation read,
//! and lines of moves written one after another.

mod common;

use common::*;
use xiangqi::notation::{
    format, format_line, parse, parse_any, parse_chinese, parse_wxf, Description, DescriptiveError,
    IccsError, MoveTextError, Notation, ResolveError, SyntaxError,
};
use xiangqi::{Kind, Position};

#[test]
fn parse_any_picks_the_notation() {
    let start = Position::start();
    for text in [
        "h2e2",
        "H2-E2",
        "h2-e2",
        "H2E2",
        "C2.5",
        "c2.5",
        "炮二平五",
        "砲２平５",
        "\t炮二平五 ",
    ] {
        assert_eq!(parse_any(&start, text), Ok(mv("h2e2")), "{text}");
    }
    let reject = |text: &str| parse_any(&start, text).unwrap_err();
    assert_eq!(reject(""), MoveTextError::Empty);
    assert_eq!(reject(" \n"), MoveTextError::Empty);
    assert!(matches!(
        reject("h2e5"),
        MoveTextError::Illegal {
            notation: Notation::Uci,
            ..
        }
    ));
    assert!(matches!(
        reject("H2-E5"),
        MoveTextError::Illegal {
            notation: Notation::Iccs,
            ..
        }
    ));
    assert!(matches!(
        reject("H5+7"),
        MoveTextError::Descriptive(DescriptiveError::Resolve(ResolveError::NoPiece {
            notation: Notation::Wxf,
            ..
        }))
    ));
    assert!(matches!(
        reject("马五进七"),
        MoveTextError::Descriptive(DescriptiveError::Resolve(ResolveError::NoPiece {
            notation: Notation::Chinese,
            ..
        }))
    ));
    // Text no notation reads gets the error of the one it looks like.
    assert!(matches!(
        reject("炮二走五"),
        MoveTextError::Descriptive(DescriptiveError::Syntax(SyntaxError::BadDirection {
            notation: Notation::Chinese,
            ..
        }))
    ));
    assert!(matches!(
        reject("C2*5"),
        MoveTextError::Descriptive(DescriptiveError::Syntax(SyntaxError::BadDirection {
            notation: Notation::Wxf,
            ..
        }))
    ));
    assert!(matches!(
        reject("X2.5"),
        MoveTextError::Descriptive(DescriptiveError::Syntax(SyntaxError::UnknownPiece {
            notation: Notation::Wxf,
            ..
        }))
    ));
    assert!(matches!(
        reject("H2-J2"),
        MoveTextError::Iccs(IccsError::Malformed { .. })
    ));
    assert!(matches!(
        reject("h2h2"),
        MoveTextError::Iccs(IccsError::SamePoint { .. })
    ));
    assert!(matches!(reject("j2e2"), MoveTextError::Uci(_)));
    assert!(matches!(
        reject("hello"),
        MoveTextError::Unrecognized { .. }
    ));
    for text in ["炮二走五", "C2*5", "hello", "j2e2"] {
        assert!(reject(text).is_malformed(), "{text}");
    }
    for text in ["h2e5", "H5+7", "马五进七"] {
        assert!(!reject(text).is_malformed(), "{text}");
    }
}

#[test]
fn huge_and_strange_input_is_rejected_briefly() {
    let start = Position::start();
    for text in [
        "炮".repeat(100_000),
        "a".repeat(100_000),
        " ".repeat(100_000),
        "\u{0}\u{0}\u{0}\u{0}".to_string(),
        "\u{10FFFF}".repeat(4),
        "🀄🀄🀄🀄".to_string(),
        "é2e2".to_string(),
        "炮\u{301}二平五".to_string(),
    ] {
        for notation in Notation::ALL {
            if let Err(e) = parse(&start, &text, notation) {
                assert!(e.to_string().len() < 400, "{notation}: {e}");
            }
        }
        let e = parse_any(&start, &text).unwrap_err();
        assert!(e.to_string().len() < 400, "{e}");
        assert!(e.is_malformed());
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// Characters that appear in move text, so random strings often come close to moves.
    const ALPHABET: &[char] = &[
        'a', 'b', 'c', 'd', 'e', 'h', 'i', 'j', 'K', 'A', 'E', 'B', 'H', 'N', 'R', 'C', 'P', '0',
        '1', '2', '5', '9', '+', '-', '.', '=', ' ', '车', '马', '象', '士', '将', '炮', '兵',
        '卒', '前', '中', '后', '进', '退', '平', '一', '二', '五', '九', '十', '５', '\u{0}',
    ];

    fn positions() -> Vec<Position> {
        vec![
            Position::start(),
            pos(SOLDIERS_2X2),
            pos(BLACK_SOLDIERS_3),
            pos(RED_RR),
            pos(BLACK_HH),
        ]
    }

    proptest! {
        // A failing input is printed; there is no source file to keep it in next to tests.
        #![proptest_config(ProptestConfig {
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn any_string_is_handled(text in ".{0,12}") {
            for p in positions() {
                for notation in Notation::ALL {
                    if let Ok(m) = parse(&p, &text, notation) {
                        prop_assert!(p.is_legal(m));
                    }
                }
                if let Ok(m) = parse_any(&p, &text) {
                    prop_assert!(p.is_legal(m));
                }
            }
        }

        #[test]
        fn near_miss_strings_are_handled(
            chars in proptest::collection::vec(proptest::sample::select(ALPHABET), 0..7)
        ) {
            let text: String = chars.into_iter().collect();
            for p in positions() {
                for notation in Notation::ALL {
                    if let Ok(m) = parse(&p, &text, notation) {
                        prop_assert!(p.is_legal(m));
                        // What is read is written back the same way, up to spelling.
                        let again = format(&p, m, notation);
                        prop_assert_eq!(parse(&p, &again, notation), Ok(m));
                    }
                }
            }
        }
    }
}

#[test]
fn wxf_and_chinese_share_one_error_spelled_in_the_notation_read() {
    let start = Position::start();
    let wxf = parse_wxf(&start, "").unwrap_err();
    let chinese = parse_chinese(&start, "").unwrap_err();
    assert_eq!(wxf.notation(), Notation::Wxf);
    assert_eq!(chinese.notation(), Notation::Chinese);
    assert_eq!(wxf.to_string(), "no move given: write a WXF move like C2.5");
    assert_eq!(
        chinese.to_string(),
        "no move given: write a move like 炮二平五"
    );
    // The same description, spelled two ways, fails the same way on the same position.
    let (w, c) = (
        parse_wxf(&start, "H5+7").unwrap_err(),
        parse_chinese(&start, "马五进七").unwrap_err(),
    );
    assert!(matches!(
        (&w, &c),
        (
            DescriptiveError::Resolve(ResolveError::NoPiece {
                file: 5,
                kind: Kind::Horse,
                ..
            }),
            DescriptiveError::Resolve(ResolveError::NoPiece {
                file: 5,
                kind: Kind::Horse,
                ..
            })
        )
    ));
    assert_eq!(
        parse_wxf(&start, "K+.4").unwrap_err().to_string(),
        "\"K+.4\": there is only one general, so name it by its file, like K5+1"
    );
    assert_eq!(
        parse_chinese(&start, "前帅进一").unwrap_err().to_string(),
        "\"前帅进一\": there is only one general, so name it by its file, like 帅五进一"
    );
    // Through parse_any the error keeps the notation the text was read as.
    assert!(matches!(
        parse_any(&start, "炮二走五"),
        Err(MoveTextError::Descriptive(DescriptiveError::Syntax(
            SyntaxError::BadDirection {
                notation: Notation::Chinese,
                found: '走',
                ..
            }
        )))
    ));
}

#[test]
fn a_line_is_written_move_after_move_and_ends_at_the_first_illegal_one() {
    let start = Position::start();
    let line = [mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("h2e2")];
    assert_eq!(
        format_line(&start, &line, Notation::Chinese),
        ["炮二平五", "马8进7", "马二进三"],
        "the second h2e2 has no cannon to move"
    );
    assert_eq!(
        format_line(&start, &line[..2], Notation::Wxf),
        ["C2.5", "H8+7"]
    );
    assert!(format_line(&start, &[], Notation::Uci).is_empty());
}

#[test]
fn a_description_is_read_without_a_position_and_resolved_on_one() {
    let start = Position::start();
    let d = Description::from_wxf(" C2.5 ").unwrap();
    assert_eq!(d.to_move(&start), Ok(mv("h2e2")));
    assert_eq!(
        Description::from_chinese("炮二平五")
            .unwrap()
            .to_move(&start),
        Ok(mv("h2e2"))
    );
    // A syntax error needs no position.
    assert!(matches!(
        Description::from_chinese("炮二走五"),
        Err(SyntaxError::BadDirection { found: '走', .. })
    ));
    // A well-formed description may name nothing here, or something elsewhere.
    let horse = Description::from_wxf("H5+7").unwrap();
    let e = horse.to_move(&start).unwrap_err();
    assert!(matches!(e, ResolveError::NoPiece { file: 5, .. }));
    assert_eq!(e.to_string(), "no red horse on file 5");
    assert_eq!(
        DescriptiveError::from(e).to_string(),
        "no red horse on file 5"
    );
    let on_five = pos("4k4/9/9/9/9/9/9/9/9/4NK3 w");
    assert_eq!(horse.to_move(&on_five), Ok(mv("e0c1")));
}
