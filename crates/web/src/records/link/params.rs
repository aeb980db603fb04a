//! The address's parameters read into a [`LinkParams`], before anything is applied: each the
//! trimmed text of its first value (the rule of `URLSearchParams.get`, by which the page reads
//! its address), and for a setting what the text reads as. The game's parameters (`pgn`,
//! `fen`, `line`, `moves`, `notes`, `ply`'s range) can only be read against the game, when
//! the parameters are applied (`open.rs`).

use super::codec::first;
use super::layout::Layout;
use super::names::{
    FEN, FLIP, LANG, LEVEL, LINE, MODE, MOVES, NOTES, PGN, PIECES, PLY, SIDE, TC, VIEW,
};
use crate::model::settings::{Mode, PieceSet, TimeControl};
use crate::records::side::SideName;
use crate::text::i18n::Lang;
use xiangqi::Color;
use xiangqi_ai::MAX_LEVEL;

/// A parameter as given: its text, and its value if the text reads as one.
#[derive(Clone, Debug, PartialEq)]
pub struct Given<T> {
    /// The text, trimmed.
    pub text: String,
    /// What it reads as; `None` if it is not one of the values the parameter takes.
    pub value: Option<T>,
}

/// The parameters of an address the page reads, each from its first value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkParams {
    /// `pgn`: a game record, with its comments.
    pub pgn: Option<String>,
    /// `fen`: the start position.
    pub fen: Option<String>,
    /// `line`: the moves in the compact text of [`xiangqi::records::compact`].
    pub line: Option<String>,
    /// `moves`: moves in any notation, separated by spaces or commas.
    pub moves: Option<String>,
    /// `notes`: comments, one per line as `PLY:TEXT`.
    pub notes: Option<String>,
    /// `ply`: show the position after that many plies.
    pub ply: Option<Given<usize>>,
    /// `view`: what the page is.
    pub view: Option<Given<Layout>>,
    /// `mode`: who plays.
    pub mode: Option<Given<Mode>>,
    /// `side`: the person's side (`red`, `r`, `w`, `black` or `b`).
    pub side: Option<Given<Color>>,
    /// `level`: the computer's level, 1..=[`MAX_LEVEL`].
    pub level: Option<Given<u8>>,
    /// `flip`: turn the board (`1`, `true`, `yes` or empty) or not (`0`, `false`, `no`).
    pub flip: Option<Given<bool>>,
    /// `lang`: the page's language.
    pub lang: Option<Given<Lang>>,
    /// `pieces`: the piece set (`traditional` or `international`).
    pub pieces: Option<Given<PieceSet>>,
    /// `tc`: a time control, "3+2" (minutes, and seconds added a move), or `none`.
    pub tc: Option<Given<Option<TimeControl>>>,
}

impl LinkParams {
    /// The parameters among the address's `pairs` (decoded, in their order).
    pub fn read(pairs: &[(String, String)]) -> LinkParams {
        let get = |name: &str| first(pairs, name);
        LinkParams {
            pgn: get(PGN),
            fen: get(FEN),
            line: get(LINE),
            moves: get(MOVES),
            notes: get(NOTES),
            ply: get(PLY).map(|text| Given {
                value: text.parse().ok(),
                text,
            }),
            view: get(VIEW).map(|text| Given {
                value: Layout::from_param(&text),
                text,
            }),
            mode: get(MODE).map(|text| Given {
                value: text.parse().ok(),
                text,
            }),
            side: get(SIDE).map(|text| Given {
                value: side(&text),
                text,
            }),
            level: get(LEVEL).map(|text| Given {
                value: text.parse().ok().filter(|l| (1..=MAX_LEVEL).contains(l)),
                text,
            }),
            flip: get(FLIP).map(|text| Given {
                value: match text.as_str() {
                    "1" | "true" | "yes" | "" => Some(true),
                    "0" | "false" | "no" => Some(false),
                    _ => None,
                },
                text,
            }),
            lang: get(LANG).map(|text| Given {
                value: Lang::from_key(&text),
                text,
            }),
            pieces: get(PIECES).map(|text| Given {
                value: text.parse().ok(),
                text,
            }),
            tc: get(TC).map(|text| Given {
                value: TimeControl::parse(&text).ok(),
                text,
            }),
        }
    }
}

/// The side a `side` value names: a side's name, or its first letter (`w` for Red, as FEN
/// writes it).
fn side(text: &str) -> Option<Color> {
    let name = match text {
        "r" | "w" => "red",
        "b" => "black",
        name => name,
    };
    name.parse().ok().map(|SideName(c)| c)
}

/// True if the address carries a position or game (which then replaces the saved one).
pub fn has_game(params: &[(String, String)]) -> bool {
    params
        .iter()
        .any(|(k, _)| [FEN, MOVES, LINE, PGN].contains(&k.as_str()))
}
