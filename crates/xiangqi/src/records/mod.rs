//! Game records: the move numbering they share, Xiangqi PGN ([`Pgn`], [`read_pgn`]) and the
//! Chinese text record ([`chinese_record`]), and puzzle sets ([`puzzle`]).
//!
//! Red and Black moves share a number that grows after Black moves; a game that starts with
//! Black to move begins at "N. ..." with N the start position's move number.
//!
//! ```
//! use xiangqi::records::{chinese_record, read_pgn, Pgn};
//! use xiangqi::notation::{parse_uci, Notation};
//! use xiangqi::{Game, Position};
//! let moves = ["h2e2", "h9g7", "h0g2"].map(|t| parse_uci(t).unwrap());
//! let game = Game::replay(Position::start(), &moves).unwrap();
//! assert_eq!(chinese_record(&game), "1. 炮二平五 马8进7 2. 马二进三");
//! let text = Pgn::new(game).write(Notation::Wxf);
//! assert!(text.contains("1. C2.5 H8+7 2. H2+3 *"));
//! assert_eq!(read_pgn(&text).unwrap().game.moves(), moves);
//! ```

pub mod compact;
mod movetext;
mod pgn;
pub mod puzzle;

pub use movetext::{chinese_record, move_number, movetext, Comment};
pub use pgn::{read_pgn, GameResult, MoveError, Pgn, PgnError};
