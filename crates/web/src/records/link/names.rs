//! The names of the address's parameters, each written here once: the reader
//! ([`super::params`]), the share link, the embed code and the page's loader all use these.

/// The game as a PGN record, with its comments.
pub const PGN: &str = "pgn";
/// The start position's FEN.
pub const FEN: &str = "fen";
/// The moves in the compact text of [`xiangqi::records::compact`].
pub const LINE: &str = "line";
/// The moves in any notation, separated by spaces or commas.
pub const MOVES: &str = "moves";
/// Comments, one per line as `PLY:TEXT`.
pub const NOTES: &str = "notes";
/// The ply to show.
pub const PLY: &str = "ply";
/// What the page is: the game, a replay viewer or a diagram.
pub const VIEW: &str = "view";
/// Who plays: `ai`, `pvp` or `watch`.
pub const MODE: &str = "mode";
/// The person's side.
pub const SIDE: &str = "side";
/// The computer's level.
pub const LEVEL: &str = "level";
/// Turn the board.
pub const FLIP: &str = "flip";
/// The page's language.
pub const LANG: &str = "lang";
/// The embedded layout.
pub const EMBED: &str = "embed";
/// The piece set.
pub const PIECES: &str = "pieces";
/// The time control.
pub const TC: &str = "tc";

/// The parameters this page reads.
pub const NAMES: [&str; 15] = [
    FEN, MOVES, LINE, PGN, NOTES, PLY, MODE, SIDE, LEVEL, FLIP, LANG, VIEW, EMBED, PIECES, TC,
];
