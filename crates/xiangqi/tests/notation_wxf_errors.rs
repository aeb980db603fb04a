//! WXF text that is not a move (syntax errors) and well-formed WXF moves that name no single
//! legal move here (resolve errors), with their exact errors and messages.

mod common;

use common::*;
use xiangqi::notation::{parse_wxf, DescriptiveError, Notation, ResolveError, SyntaxError};
use xiangqi::{Color, Kind, Position};

#[test]
fn malformed_wxf() {
    let start = Position::start();
    let err = |text: &str| parse_wxf(&start, text).unwrap_err();
    assert_eq!(
        err(""),
        DescriptiveError::Syntax(SyntaxError::Empty {
            notation: Notation::Wxf
        })
    );
    assert_eq!(
        err("   "),
        DescriptiveError::Syntax(SyntaxError::Empty {
            notation: Notation::Wxf
        })
    );
    assert_eq!(
        err("C2.55"),
        DescriptiveError::Syntax(SyntaxError::WrongLength {
            notation: Notation::Wxf,
            text: "C2.55".into()
        })
    );
    assert_eq!(
        err("C2."),
        DescriptiveError::Syntax(SyntaxError::WrongLength {
            notation: Notation::Wxf,
            text: "C2.".into()
        })
    );
    assert_eq!(
        err("X2.5"),
        DescriptiveError::Syntax(SyntaxError::UnknownPiece {
            notation: Notation::Wxf,
            text: "X2.5".into(),
            found: 'X'
        })
    );
    assert_eq!(
        err("+X.5"),
        DescriptiveError::Syntax(SyntaxError::UnknownPiece {
            notation: Notation::Wxf,
            text: "+X.5".into(),
            found: 'X'
        })
    );
    assert_eq!(
        err("C0.5"),
        DescriptiveError::Syntax(SyntaxError::BadDesignator {
            notation: Notation::Wxf,
            text: "C0.5".into(),
            found: '0'
        })
    );
    assert_eq!(
        err("C2*5"),
        DescriptiveError::Syntax(SyntaxError::BadDirection {
            notation: Notation::Wxf,
            text: "C2*5".into(),
            found: '*'
        })
    );
    assert_eq!(
        err("C2.0"),
        DescriptiveError::Syntax(SyntaxError::BadNumber {
            notation: Notation::Wxf,
            text: "C2.0".into(),
            found: '0'
        })
    );
    assert_eq!(
        err("H2.3"),
        DescriptiveError::Syntax(SyntaxError::NoSideways {
            notation: Notation::Wxf,
            text: "H2.3".into(),
            kind: Kind::Horse
        })
    );
    assert_eq!(
        err("Ra.5"),
        DescriptiveError::Syntax(SyntaxError::MisplacedLabel {
            notation: Notation::Wxf,
            text: "Ra.5".into(),
            kind: Kind::Chariot
        })
    );
    assert_eq!(
        err("K+.4"),
        DescriptiveError::Syntax(SyntaxError::MisplacedLabel {
            notation: Notation::Wxf,
            text: "K+.4".into(),
            kind: Kind::General
        })
    );
    for text in ["", "C2.55", "X2.5", "C0.5", "C2*5", "C2.0", "H2.3", "Ra.5"] {
        assert!(err(text).is_malformed(), "{text}");
    }
}

#[test]
fn wxf_moves_that_name_nothing_here() {
    let start = Position::start();
    let err = |p: &Position, text: &str| parse_wxf(p, text).unwrap_err();
    let e = err(&start, "H5+7");
    assert_eq!(
        e,
        DescriptiveError::Resolve(ResolveError::NoPiece {
            notation: Notation::Wxf,
            text: "H5+7".into(),
            color: Color::Red,
            kind: Kind::Horse,
            file: 5
        })
    );
    assert_eq!(e.to_string(), "no red horse on file 5");
    assert!(!e.is_malformed());
    assert_eq!(
        err(&start, "R+.5"),
        DescriptiveError::Resolve(ResolveError::NoPair {
            notation: Notation::Wxf,
            text: "R+.5".into(),
            color: Color::Red,
            kind: Kind::Chariot,
            file: None,
            needed: 2,
        })
    );
    assert_eq!(
        err(&start, "R+.5").to_string(),
        "\"R+.5\": + and - name the front or rear of two red chariots on one file, but no file \
         holds two; name the piece by its file"
    );
    assert_eq!(
        err(&start, "Pa+1").to_string(),
        "\"Pa+1\": there is no red soldier 'a'; letters a-e go to soldiers on files holding two \
         or more, counted from your right and front to back"
    );
    assert_eq!(
        err(&start, "Pa+1"),
        DescriptiveError::Resolve(ResolveError::NoLabel {
            notation: Notation::Wxf,
            text: "Pa+1".into(),
            color: Color::Red,
            label: 1
        })
    );
    // The cannon cannot pass the black cannon on h7 without capturing.
    assert_eq!(
        err(&start, "C2+6"),
        DescriptiveError::Resolve(ResolveError::Illegal {
            notation: Notation::Wxf,
            text: "C2+6".into(),
            exposes_general: false
        })
    );
    assert_eq!(
        err(&start, "C2+6").to_string(),
        "the move C2+6 is not legal here"
    );
    // Both doubled chariots can go to file 4.
    let rr = pos(RED_RR);
    let e = err(&rr, "R5.4");
    assert_eq!(
        e,
        DescriptiveError::Resolve(ResolveError::Ambiguous {
            notation: Notation::Wxf,
            text: "R5.4".into(),
            color: Color::Red,
            kind: Kind::Chariot,
            file: Some(5),
            count: 2,
            options: vec!["R+.4".into(), "R-.4".into()],
        })
    );
    assert_eq!(
        e.to_string(),
        "two red chariots stand on file 5: say + (front) or - (rear), as in R+.4 or R-.4"
    );
    // A pinned piece: the chariot on e1 shields the red general from the black chariot.
    let pinned = pos("4k4/9/9/9/4r4/9/9/9/4R4/4K4 w");
    assert_eq!(
        err(&pinned, "R5.4"),
        DescriptiveError::Resolve(ResolveError::Illegal {
            notation: Notation::Wxf,
            text: "R5.4".into(),
            exposes_general: true
        })
    );
    // Three soldiers on a file are not a pair of + and -... unless the ends are meant.
    let two_pairs = pos(SOLDIERS_TWO_PAIRS);
    assert!(matches!(
        err(&two_pairs, "P+.8"),
        DescriptiveError::Resolve(ResolveError::Ambiguous {
            notation: Notation::Wxf,
            file: None,
            ..
        })
    ));
    // Where soldiers are lettered, the hint gives the letters.
    assert_eq!(
        err(&two_pairs, "P7.8").to_string(),
        "two red soldiers stand on file 7: name the soldier by its letter a-e, as in Pa.8 or Pb.8"
    );
    assert_eq!(
        err(&two_pairs, "P+.8").to_string(),
        "\"P+.8\" could mean red soldiers on more than one file: write Pa.8 or Pc.8"
    );
    assert!(matches!(
        err(&two_pairs, "Pe.8"),
        DescriptiveError::Resolve(ResolveError::NoLabel {
            notation: Notation::Wxf,
            label: 5,
            ..
        })
    ));
}
