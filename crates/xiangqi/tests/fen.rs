//! FEN reading and writing, driven by two data files:
//!
//! - `data/fen_valid.txt`: FENs that must be accepted, with the canonical text `to_fen` writes
//!   for them (accepted variants such as `H`/`E` letters, `r` for Red or missing trailing fields
//!   are written back in the one canonical form);
//! - `data/fen_invalid.txt`: FENs that must be rejected, each with its exact error, variant and
//!   fields.
//!
//! - `data/fen_composed.txt`: composed FENs that must be accepted although no game reaches
//!   them, each with the one warning [`Setup::warnings`] gives for it.
//!
//! Every error variant appears at least once, which a test checks.

use std::collections::BTreeSet;
use xiangqi::{
    Color, FenError, Kind, Position, PositionError, Setup, SetupWarning, Square, START_FEN,
};

/// One line of a data file: the FEN (trimmed), the expectation, and what the case shows.
struct Case {
    line: usize,
    fen: &'static str,
    expected: &'static str,
    comment: &'static str,
}

fn cases(text: &'static str) -> Vec<Case> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(
                cols.len(),
                3,
                "line {}: expected FEN | expectation | comment",
                i + 1
            );
            assert!(!cols[1].is_empty(), "line {}: no expectation", i + 1);
            assert!(
                !cols[2].is_empty(),
                "line {}: every case says what it shows",
                i + 1
            );
            Case {
                line: i + 1,
                fen: cols[0],
                expected: cols[1],
                comment: cols[2],
            }
        })
        .collect()
}

fn valid_cases() -> Vec<Case> {
    cases(include_str!("data/fen_valid.txt"))
}

fn invalid_cases() -> Vec<Case> {
    cases(include_str!("data/fen_invalid.txt"))
}

/// Reads an error written as the variant name followed by its fields (see the data file's
/// header), e.g. `UnknownLetter x 9` or `UnreachableElephant Red e3`.
fn parse_error(spec: &str) -> FenError {
    let t: Vec<&str> = spec.split_whitespace().collect();
    let arity = |n: usize| assert_eq!(t.len(), n + 1, "`{spec}`: {} takes {n} fields", t[0]);
    let color = |s: &str| match s {
        "Red" => Color::Red,
        "Black" => Color::Black,
        _ => panic!("`{spec}`: no colour {s}"),
    };
    let square = |s: &str| {
        s.parse::<Square>()
            .unwrap_or_else(|e| panic!("`{spec}`: {e}"))
    };
    let number = |s: &str| {
        s.parse::<usize>()
            .unwrap_or_else(|e| panic!("`{spec}`: {e}"))
    };
    let rank = |s: &str| s.parse::<u8>().unwrap_or_else(|e| panic!("`{spec}`: {e}"));
    let illegal = |e: PositionError| FenError::Illegal(e);
    match t[0] {
        "Empty" => {
            arity(0);
            FenError::Empty
        }
        "WrongRankCount" => {
            arity(1);
            FenError::WrongRankCount {
                found: number(t[1]),
            }
        }
        "UnknownLetter" => {
            arity(2);
            let mut chars = t[1].chars();
            let letter = chars.next().unwrap();
            assert!(chars.next().is_none(), "`{spec}`: one letter");
            FenError::UnknownLetter {
                letter,
                rank: rank(t[2]),
            }
        }
        "WrongRankLength" => {
            arity(2);
            FenError::WrongRankLength {
                rank: rank(t[1]),
                points: number(t[2]),
            }
        }
        "BadSide" => {
            arity(1);
            FenError::BadSide(t[1].to_string())
        }
        "BadCounter" => {
            arity(2);
            let field = match t[1] {
                "castling" => "castling",
                "en_passant" => "en passant",
                "halfmove_clock" => "halfmove clock",
                "move_number" => "move number",
                f => panic!("`{spec}`: no field {f}"),
            };
            FenError::BadCounter {
                field,
                found: t[2].to_string(),
            }
        }
        "TooManyFields" => {
            arity(0);
            FenError::TooManyFields
        }
        "MissingGeneral" => {
            arity(1);
            illegal(PositionError::MissingGeneral(color(t[1])))
        }
        "ExtraGeneral" => {
            arity(1);
            illegal(PositionError::ExtraGeneral(color(t[1])))
        }
        "GeneralOutsidePalace" => {
            arity(2);
            illegal(PositionError::GeneralOutsidePalace(
                color(t[1]),
                square(t[2]),
            ))
        }
        "TooMany" => {
            arity(3);
            let kind = Kind::ALL
                .into_iter()
                .find(|k| k.name() == t[2])
                .unwrap_or_else(|| panic!("`{spec}`: no kind {}", t[2]));
            illegal(PositionError::TooMany {
                color: color(t[1]),
                kind,
                count: number(t[3]),
            })
        }
        "GeneralsFacing" => {
            arity(0);
            illegal(PositionError::GeneralsFacing)
        }
        "OpponentInCheck" => {
            arity(1);
            illegal(PositionError::OpponentInCheck(color(t[1])))
        }
        v => panic!("`{spec}`: no error {v}"),
    }
}

/// The variant's name. The matches are exhaustive, so a new variant does not compile until
/// it is named here, and then the coverage test asks for a case of it.
fn variant_name(e: &FenError) -> &'static str {
    match e {
        FenError::Empty => "Empty",
        FenError::WrongRankCount { .. } => "WrongRankCount",
        FenError::UnknownLetter { .. } => "UnknownLetter",
        FenError::WrongRankLength { .. } => "WrongRankLength",
        FenError::BadSide(_) => "BadSide",
        FenError::BadCounter { .. } => "BadCounter",
        FenError::TooManyFields => "TooManyFields",
        FenError::Illegal(p) => match p {
            PositionError::MissingGeneral(_) => "MissingGeneral",
            PositionError::ExtraGeneral(_) => "ExtraGeneral",
            PositionError::GeneralOutsidePalace(..) => "GeneralOutsidePalace",
            PositionError::TooMany { .. } => "TooMany",
            PositionError::GeneralsFacing => "GeneralsFacing",
            PositionError::OpponentInCheck(_) => "OpponentInCheck",
        },
    }
}

const ALL_VARIANTS: [&str; 13] = [
    "Empty",
    "WrongRankCount",
    "UnknownLetter",
    "WrongRankLength",
    "BadSide",
    "BadCounter",
    "TooManyFields",
    "MissingGeneral",
    "ExtraGeneral",
    "GeneralOutsidePalace",
    "TooMany",
    "GeneralsFacing",
    "OpponentInCheck",
];

#[test]
fn valid_fens_parse_and_write_back_canonically() {
    let cases = valid_cases();
    assert!(cases.len() >= 30, "the valid list is loaded");
    for c in &cases {
        let at = format!("fen_valid.txt line {} ({})", c.line, c.comment);
        let canonical = if c.expected == "=" { c.fen } else { c.expected };
        let pos = Position::from_fen(c.fen).unwrap_or_else(|e| panic!("{at}: rejected: {e}"));
        assert_eq!(pos.to_fen(), canonical, "{at}: canonical form");

        // The canonical text reads back as the same position and is a fixed point.
        let again = Position::from_fen(canonical)
            .unwrap_or_else(|e| panic!("{at}: canonical FEN rejected: {e}"));
        assert_eq!(again, pos, "{at}: canonical FEN reads back equal");
        assert_eq!(again.to_fen(), canonical, "{at}: to_fen is idempotent");
        assert_eq!(again.hash(), pos.hash(), "{at}: same hash");
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "{at}: hash of a parsed position"
        );

        // The two steps (text to Setup, Setup to Position) agree with the one-step parser.
        let setup: Setup = c
            .fen
            .parse()
            .unwrap_or_else(|e| panic!("{at}: Setup rejected: {e}"));
        assert_eq!(setup, pos.to_setup(), "{at}: Setup");
        assert_eq!(setup.to_fen(), canonical, "{at}: Setup::to_fen");
        assert_eq!(setup.to_string(), canonical, "{at}: Setup Display");
        assert_eq!(
            Position::from_setup(&setup).as_ref(),
            Ok(&pos),
            "{at}: from_setup"
        );
        assert_eq!(
            c.fen.parse::<Position>().as_ref(),
            Ok(&pos),
            "{at}: FromStr"
        );

        // Whatever the side to move is shown as, the setup and the position agree.
        assert_eq!(pos.turn(), setup.turn, "{at}: side to move");
        assert_eq!(
            (pos.halfmoves(), pos.fullmoves()),
            (setup.halfmoves, setup.fullmoves),
            "{at}: counters"
        );
        for sq in Square::all() {
            assert_eq!(pos.piece_at(sq), setup.board.get(sq), "{at}: piece on {sq}");
        }
    }
}

#[test]
fn start_fen_is_the_start_position() {
    let pos = Position::from_fen(START_FEN).unwrap();
    assert_eq!(pos, Position::start());
    assert_eq!(pos.to_fen(), START_FEN);
    assert_eq!(Setup::start().to_fen(), START_FEN);
    assert_eq!(pos.turn(), Color::Red);
}

#[test]
fn invalid_fens_give_their_exact_error() {
    let cases = invalid_cases();
    assert!(cases.len() >= 60, "the invalid list is loaded");
    for c in &cases {
        let at = format!(
            "fen_invalid.txt line {} ({}): {:?}",
            c.line, c.comment, c.fen
        );
        let expected = parse_error(c.expected);
        assert_eq!(Position::from_fen(c.fen), Err(expected.clone()), "{at}");
        assert_eq!(
            c.fen.parse::<Position>(),
            Err(expected.clone()),
            "{at}: FromStr"
        );
        // Syntax errors come from reading the text; rule errors from checking the setup,
        // which itself reads fine.
        match &expected {
            FenError::Illegal(inner) => {
                let setup: Setup = c
                    .fen
                    .parse()
                    .unwrap_or_else(|e| panic!("{at}: Setup rejected: {e}"));
                assert_eq!(
                    Position::from_setup(&setup),
                    Err(inner.clone()),
                    "{at}: from_setup"
                );
            }
            e => assert_eq!(c.fen.parse::<Setup>(), Err(e.clone()), "{at}: Setup"),
        }
    }
}

#[test]
fn whitespace_only_is_empty() {
    for fen in ["", " ", "\t", "  \n "] {
        assert_eq!(Position::from_fen(fen), Err(FenError::Empty), "{fen:?}");
    }
}

#[test]
fn every_error_variant_has_a_case() {
    let covered: BTreeSet<&str> = invalid_cases()
        .iter()
        .map(|c| variant_name(&parse_error(c.expected)))
        .collect();
    for v in ALL_VARIANTS {
        assert!(covered.contains(v), "no invalid FEN yields {v}");
    }
    assert_eq!(covered.len(), ALL_VARIANTS.len());
}

#[test]
fn error_messages_are_readable() {
    let base = "3k5/9/9/9/9/9/9/9/9/4K4";
    let cases: [(String, &str); 12] = [
        (String::new(), "the FEN is empty"),
        (
            "3k5/9 w".into(),
            "the FEN describes 2 ranks; a board has 10, separated by '/'",
        ),
        (
            "3kx4/9/9/9/9/9/9/9/9/4K4 w".into(),
            "unknown letter 'x' on rank 9: pieces are K A B N R C P (upper case for Red)",
        ),
        (
            "3k4/9/9/9/9/9/9/9/9/4K4 w".into(),
            "rank 9 describes 8 points; every rank has 9",
        ),
        (
            format!("{base} x"),
            "the side to move is \"x\"; expected w (Red) or b (Black)",
        ),
        (
            format!("{base} w - - a 1"),
            "the halfmove clock field is \"a\", which cannot be read",
        ),
        (
            format!("{base} w - - 0 1 2"),
            "the FEN has more than six fields",
        ),
        ("9/9/9/9/9/9/9/9/9/4K4 w".into(), "Black has no general"),
        (
            "3k5/9/9/9/9/9/9/9/9/2K6 w".into(),
            "the red general on c0 is outside its palace",
        ),
        (
            "3k5/9/9/9/9/9/9/9/9/RRR1K4 w".into(),
            "Red has 3 chariots; at most 2 are allowed",
        ),
        (
            "4k4/9/9/9/9/9/9/9/9/4K4 w".into(),
            "the two generals face each other on an open file",
        ),
        (
            "3k5/9/9/9/9/9/9/9/9/3RK4 w".into(),
            "Black is in check but it is not Black's turn: the general could be captured",
        ),
    ];
    for (fen, message) in cases {
        let e = Position::from_fen(&fen).expect_err(&fen);
        assert_eq!(e.to_string(), message, "{fen}");
    }
}

#[test]
fn every_error_message_is_plain_text() {
    for c in invalid_cases() {
        let e = parse_error(c.expected);
        let text = e.to_string();
        assert!(text.len() > 10, "{}: {text:?}", c.fen);
        // No Debug formatting leaks into a message shown to users.
        for leak in ["Square(", "Some(", "None", "{", "Illegal", "Red,", "Black,"] {
            assert!(
                !text.contains(leak),
                "{}: {text:?} contains {leak:?}",
                c.fen
            );
        }
        // A message about a point names it.
        if let FenError::Illegal(PositionError::GeneralOutsidePalace(_, sq)) = &e {
            assert!(text.contains(&sq.to_string()), "{text:?} names {sq}");
        }
        // FenError's message for a rule is the rule's own message.
        if let FenError::Illegal(inner) = &e {
            assert_eq!(text, inner.to_string());
        }
    }
}

fn composed_cases() -> Vec<Case> {
    cases(include_str!("data/fen_composed.txt"))
}

/// Reads a warning written as the variant name, the colour and the square.
fn parse_warning(spec: &str) -> SetupWarning {
    let t: Vec<&str> = spec.split_whitespace().collect();
    assert_eq!(t.len(), 3, "`{spec}`: a variant, a colour and a square");
    let color = match t[1] {
        "Red" => Color::Red,
        "Black" => Color::Black,
        c => panic!("`{spec}`: no colour {c}"),
    };
    let sq: Square = t[2].parse().unwrap_or_else(|e| panic!("`{spec}`: {e}"));
    match t[0] {
        "AdvisorOffItsPoints" => SetupWarning::AdvisorOffItsPoints(color, sq),
        "ElephantOffItsPoints" => SetupWarning::ElephantOffItsPoints(color, sq),
        "SoldierBehindStart" => SetupWarning::SoldierBehindStart(color, sq),
        "SoldierOffItsFiles" => SetupWarning::SoldierOffItsFiles(color, sq),
        v => panic!("`{spec}`: no warning {v}"),
    }
}

#[test]
fn composed_fens_are_accepted_with_their_warning() {
    let cases = composed_cases();
    assert!(cases.len() >= 20, "the composed list is loaded");
    for c in &cases {
        let at = format!("fen_composed.txt line {} ({})", c.line, c.comment);
        let pos = Position::from_fen(c.fen).unwrap_or_else(|e| panic!("{at}: rejected: {e}"));
        let warning = parse_warning(c.expected);
        assert_eq!(pos.to_setup().warnings(), vec![warning], "{at}");
        let text = warning.to_string();
        assert!(text.contains("game"), "{at}: {text:?} says why it is odd");
        assert!(
            text.contains(&c.expected[c.expected.len() - 2..]),
            "{at}: names the point"
        );
        // Every piece still moves by its rule: each generated move is legal by the
        // single-move test and leaves a position that reads back from its FEN.
        for m in pos.legal_moves().iter() {
            assert!(pos.is_legal(*m), "{at}: {m}");
            let after = pos.after(*m);
            assert_eq!(
                Position::from_fen(&after.to_fen()).as_ref(),
                Ok(&after),
                "{at}: {m}"
            );
        }
    }
}

#[test]
fn positions_from_play_have_no_warnings() {
    for c in valid_cases() {
        let setup: Setup = c.fen.parse().unwrap();
        let composed = composed_cases().iter().any(|k| k.fen == c.fen);
        if !composed {
            assert_eq!(setup.warnings(), vec![], "fen_valid.txt line {}", c.line);
        }
    }
    assert_eq!(Position::start().to_setup().warnings(), vec![]);
}

#[test]
fn warnings_read_plainly() {
    let setup: Setup = "4k1p2/9/9/9/9/9/9/9/9/3K5 w - - 0 1".parse().unwrap();
    let texts: Vec<String> = setup.warnings().iter().map(|w| w.to_string()).collect();
    assert_eq!(
        texts,
        ["the black soldier on g9 is behind its starting rank, which no game can reach"]
    );
}
