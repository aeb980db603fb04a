//! What the notation tests share: building positions and moves from text, and the named
//! positions the hand-checked cases use.

// Each test file uses a part of this module.
#![allow(dead_code)]

use xiangqi::{Move, Position};

pub fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub fn mv(uci: &str) -> Move {
    xiangqi::notation::parse_uci(uci).unwrap()
}

/// Named positions: the start, the start after C2.5, and placements with two or more pieces
/// of a kind on one file for each labelling rule.
pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
pub const AFTER_C25: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
pub const RED_RR: &str = "5k3/9/9/4R4/9/9/9/4R4/9/3K5 w";
pub const BLACK_RR: &str = "3k5/9/4r4/9/9/9/4r4/9/9/5K3 b";
pub const RED_CC: &str = "5k3/9/9/9/7C1/9/9/7C1/9/3K5 w";
pub const BLACK_CC: &str = "3k5/9/1c7/9/9/9/1c7/9/9/5K3 b";
pub const RED_HH: &str = "5k3/9/9/9/9/2N6/9/2N6/9/3K5 w";
pub const BLACK_HH: &str = "3k5/9/9/9/6n2/9/6n2/9/9/5K3 b";
pub const RED_AAEE: &str = "5k3/9/9/9/9/2B6/9/3A5/9/2BAK4 w";
pub const SOLDIERS_2X2: &str = "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w";
pub const BLACK_SOLDIERS_2X2: &str = "4k4/9/9/9/9/9/3p1p3/4p4/3p1p3/4K4 b";
pub const SOLDIERS_3: &str = "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w";
pub const BLACK_SOLDIERS_3: &str = "4k4/9/9/9/9/4p4/4p4/4p4/9/5K3 b";
pub const SOLDIERS_4: &str = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w";
pub const SOLDIERS_PAIR: &str = "3k5/9/9/2P6/2P3P2/9/9/9/9/4K4 w";
pub const SOLDIERS_TWO_PAIRS: &str = "3k5/9/9/P1P6/P1P6/9/9/9/9/4K4 w";
