//! The address's parameters read into a [`LinkParams`] before anything is applied: each the
//! trimmed text of its first value (the rule of `URLSearchParams.get`, by which the page reads
//! its address). What each text means is read when the parameters are applied (`open.rs`):
//! the game's against one another and the game, the settings' through their `FromStr`.
//! The values stay text until then because reading them into typed fields first cost the
//! page's first load some 470 B (gzip), which its budget does not have.

use super::codec::first;
use super::names::{
    CORR, FEN, FIRST_LADDER_LEVEL, FLIP, LANG, LEVEL, LINE, MODE, MOVES, NOTES, PGN, PIECES, PLY,
    SIDE, TC, VIEW,
};

/// The parameters of an address the page reads, each the trimmed text of its first value.
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
    pub ply: Option<String>,
    /// `view`: what the page is ([`super::layout::Layout`]).
    pub view: Option<String>,
    /// `mode`: who plays (`ai`, `pvp` or `watch`).
    pub mode: Option<String>,
    /// `side`: the person's side (`red`, `r`, `w`, `black` or `b`).
    pub side: Option<String>,
    /// `lvl`: the computer's level, 1..=[`xiangqi_ai::MAX_LEVEL`].
    pub level: Option<String>,
    /// `level`: a level of the first ladder, 1 to 8.
    pub first_ladder_level: Option<String>,
    /// `flip`: turn the board (`1`, `true`, `yes` or empty) or not (`0`, `false`, `no`).
    pub flip: Option<String>,
    /// `lang`: the page's language.
    pub lang: Option<String>,
    /// `pieces`: the piece set (`traditional` or `international`).
    pub pieces: Option<String>,
    /// `tc`: a time control, "3+2" (minutes, and seconds added a move), or `none`.
    pub tc: Option<String>,
    /// `corr`: a game played by link ([`crate::model::correspondence`]).
    pub corr: Option<String>,
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
            ply: get(PLY),
            view: get(VIEW),
            mode: get(MODE),
            side: get(SIDE),
            level: get(LEVEL),
            first_ladder_level: get(FIRST_LADDER_LEVEL),
            flip: get(FLIP),
            lang: get(LANG),
            pieces: get(PIECES),
            tc: get(TC),
            corr: get(CORR),
        }
    }
}

/// True if the address carries a position or game (which then replaces the saved one).
pub fn has_game(params: &[(String, String)]) -> bool {
    params
        .iter()
        .any(|(k, _)| [FEN, MOVES, LINE, PGN].contains(&k.as_str()))
}
