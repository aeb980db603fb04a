//! The vocabulary types through serde (JSON here): squares, moves and setups as the text they
//! are written in, the rest as plain data, and bad text refused with an error.
#![cfg(feature = "serde")]

use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;
use xiangqi::notation::{parse_uci, Notation};
use xiangqi::{Color, Kind, Move, Outcome, Piece, Reason, Ruleset, Setup, Square, START_FEN};

/// `value` as JSON is `json`, and reads back to `value`.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: T, json: &str) {
    assert_eq!(serde_json::to_string(&value).unwrap(), json);
    assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
}

#[test]
fn squares_moves_and_setups_are_their_text() {
    round_trip("e2".parse::<Square>().unwrap(), "\"e2\"");
    round_trip(parse_uci("h2e2").unwrap(), "\"h2e2\"");
    round_trip(Move::NONE, "\"a0a0\"");
    round_trip(Setup::start(), &format!("\"{START_FEN}\""));
    round_trip(
        vec![parse_uci("h2e2").unwrap(), parse_uci("h9g7").unwrap()],
        "[\"h2e2\",\"h9g7\"]",
    );
}

#[test]
fn the_other_vocabulary_types_are_plain_data() {
    round_trip(Color::Black, "\"Black\"");
    round_trip(Kind::Cannon, "\"Cannon\"");
    round_trip(
        Piece::new(Color::Red, Kind::Horse),
        "{\"color\":\"Red\",\"kind\":\"Horse\"}",
    );
    round_trip(Notation::Chinese, "\"Chinese\"");
    round_trip(Reason::PerpetualCheck, "\"PerpetualCheck\"");
    round_trip(
        Outcome {
            winner: Some(Color::Red),
            reason: Reason::Checkmate,
        },
        "{\"winner\":\"Red\",\"reason\":\"Checkmate\"}",
    );
    round_trip(
        Outcome {
            winner: None,
            reason: Reason::Repetition,
        },
        "{\"winner\":null,\"reason\":\"Repetition\"}",
    );
    round_trip(
        Ruleset::default(),
        "{\"repetition_count\":3,\"capture_less_plies\":120}",
    );
}

#[test]
fn bad_text_is_an_error_not_a_panic() {
    for json in ["\"j2\"", "\"e\"", "\"\"", "3", "\"e10\""] {
        assert!(serde_json::from_str::<Square>(json).is_err(), "{json}");
    }
    for json in ["\"h2e\"", "\"h2j2\"", "\"h2e2x\"", "\"炮二平五\"", "null"] {
        assert!(serde_json::from_str::<Move>(json).is_err(), "{json}");
    }
    let e = serde_json::from_str::<Setup>("\"9/9 w\"").unwrap_err();
    assert!(e.to_string().contains("ranks"), "{e}");
    assert!(serde_json::from_str::<Color>("\"Green\"").is_err());
}
