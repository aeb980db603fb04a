//! Chinese text that is not a move (syntax errors) and well-formed Chinese moves that name no
//! single legal move here (resolve errors), with their exact errors and messages.

mod common;

use common::*;
use xiangqi::notation::{parse_chinese, DescriptiveError, Notation, ResolveError, SyntaxError};
use xiangqi::{Color, Kind, Position};

#[test]
fn malformed_chinese() {
    let start = Position::start();
    let err = |text: &str| parse_chinese(&start, text).unwrap_err();
    assert_eq!(
        err(""),
        DescriptiveError::Syntax(SyntaxError::Empty {
            notation: Notation::Chinese
        })
    );
    assert_eq!(
        err("\u{3000} "),
        DescriptiveError::Syntax(SyntaxError::Empty {
            notation: Notation::Chinese
        })
    );
    assert_eq!(
        err("炮二平"),
        DescriptiveError::Syntax(SyntaxError::WrongLength {
            notation: Notation::Chinese,
            text: "炮二平".into()
        })
    );
    assert_eq!(
        err("炮二平五五"),
        DescriptiveError::Syntax(SyntaxError::WrongLength {
            notation: Notation::Chinese,
            text: "炮二平五五".into()
        })
    );
    assert_eq!(
        err("王二平五"),
        DescriptiveError::Syntax(SyntaxError::UnknownPiece {
            notation: Notation::Chinese,
            text: "王二平五".into(),
            found: '王'
        })
    );
    assert_eq!(
        err("炮十平五"),
        DescriptiveError::Syntax(SyntaxError::BadNumber {
            notation: Notation::Chinese,
            text: "炮十平五".into(),
            found: '十'
        })
    );
    assert_eq!(
        err("炮二走五"),
        DescriptiveError::Syntax(SyntaxError::BadDirection {
            notation: Notation::Chinese,
            text: "炮二走五".into(),
            found: '走'
        })
    );
    assert_eq!(
        err("炮二平零"),
        DescriptiveError::Syntax(SyntaxError::BadNumber {
            notation: Notation::Chinese,
            text: "炮二平零".into(),
            found: '零'
        })
    );
    assert_eq!(
        err("马二平三"),
        DescriptiveError::Syntax(SyntaxError::NoSideways {
            notation: Notation::Chinese,
            text: "马二平三".into(),
            kind: Kind::Horse
        })
    );
    assert_eq!(
        err("中车进一"),
        DescriptiveError::Syntax(SyntaxError::MisplacedLabel {
            notation: Notation::Chinese,
            text: "中车进一".into(),
            kind: Kind::Chariot
        })
    );
    assert_eq!(
        err("一车进一"),
        DescriptiveError::Syntax(SyntaxError::MisplacedLabel {
            notation: Notation::Chinese,
            text: "一车进一".into(),
            kind: Kind::Chariot
        })
    );
    assert_eq!(
        err("前帅进一"),
        DescriptiveError::Syntax(SyntaxError::MisplacedLabel {
            notation: Notation::Chinese,
            text: "前帅进一".into(),
            kind: Kind::General
        })
    );
    for text in [
        "",
        "炮二平",
        "王二平五",
        "炮十平五",
        "炮二走五",
        "马二平三",
        "中车进一",
    ] {
        assert!(err(text).is_malformed(), "{text}");
    }
}

#[test]
fn chinese_moves_that_name_nothing_here() {
    let start = Position::start();
    let err = |p: &Position, text: &str| parse_chinese(p, text).unwrap_err();
    let e = err(&start, "马五进七");
    assert_eq!(
        e,
        DescriptiveError::Resolve(ResolveError::NoPiece {
            notation: Notation::Chinese,
            text: "马五进七".into(),
            color: Color::Red,
            kind: Kind::Horse,
            file: 5
        })
    );
    assert_eq!(e.to_string(), "no red horse on file 五");
    assert!(!e.is_malformed());
    let after = pos(AFTER_C25);
    assert_eq!(
        err(&after, "马5进7").to_string(),
        "no black horse on file 5"
    );
    assert_eq!(
        err(&after, "马8进6"),
        DescriptiveError::Resolve(ResolveError::Illegal {
            notation: Notation::Chinese,
            text: "马8进6".into(),
            exposes_general: false
        })
    );
    assert_eq!(
        err(&after, "马8进6").to_string(),
        "the move 马8进6 is not legal here"
    );
    assert!(matches!(
        err(&start, "前车进一"),
        DescriptiveError::Resolve(ResolveError::NoPair {
            notation: Notation::Chinese,
            needed: 2,
            file: None,
            ..
        })
    ));
    assert!(matches!(
        err(&pos(SOLDIERS_TWO_PAIRS), "中兵平八"),
        DescriptiveError::Resolve(ResolveError::NoPair {
            notation: Notation::Chinese,
            needed: 3,
            ..
        })
    ));
    assert!(matches!(
        err(&pos(SOLDIERS_TWO_PAIRS), "前兵五进一"),
        DescriptiveError::Resolve(ResolveError::NoPair {
            notation: Notation::Chinese,
            file: Some(5),
            ..
        })
    ));
    assert!(matches!(
        err(&start, "一兵进一"),
        DescriptiveError::Resolve(ResolveError::NoLabel {
            notation: Notation::Chinese,
            label: 1,
            ..
        })
    ));
    let rr = pos(RED_RR);
    let e = err(&rr, "车五平四");
    assert!(matches!(
        e,
        DescriptiveError::Resolve(ResolveError::Ambiguous {
            notation: Notation::Chinese,
            file: Some(5),
            count: 2,
            ..
        })
    ));
    assert_eq!(
        e.to_string(),
        "two red chariots stand on file 五: say 前 (front) or 后 (rear), as in 前车平四 or 后车平四"
    );
    // Both pairs' front soldiers can reach file 8.
    assert!(matches!(
        err(&pos(SOLDIERS_TWO_PAIRS), "前兵平八"),
        DescriptiveError::Resolve(ResolveError::Ambiguous {
            notation: Notation::Chinese,
            file: None,
            ..
        })
    ));
    let three = pos(SOLDIERS_3);
    let e = err(&three, "兵五平四");
    assert!(matches!(
        e,
        DescriptiveError::Resolve(ResolveError::Ambiguous {
            notation: Notation::Chinese,
            file: Some(5),
            count: 3,
            ..
        })
    ));
    assert_eq!(
        e.to_string(),
        "three red soldiers stand on file 五: say 前, 中 or 后, as in 前兵平四, 中兵平四 or 后兵平四"
    );
    assert_eq!(
        err(&pos(SOLDIERS_TWO_PAIRS), "兵七平八").to_string(),
        "two red soldiers stand on file 七: number the soldier 一 to 五 from your right, front to back, \
         as in 一兵平八 or 二兵平八"
    );
    assert_eq!(
        err(&pos(SOLDIERS_TWO_PAIRS), "中兵平八").to_string(),
        "\"中兵平八\": 中 names one of three red soldiers on one file, but no file holds three; \
         name the piece by its file"
    );
}
