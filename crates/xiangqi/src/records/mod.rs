//! Game records: the move numbering they share, Xiangqi PGN ([`Pgn`], [`read_pgn`]) and the
//! Chinese text record ([`chinese_record`]), and puzzle sets ([`puzzle`]).
//!
//! Records with variations are [`GameTree`]s. [`read_records`] reads the forms players keep
//! (XQF, DhtmlXQ, WXF files, PGN with variations in any notation, UTF-8 or GBK), telling
//! them apart by content; [`write_pgn`] and [`write_dhtml`] write a tree back. A page that
//! opens a file needs no more than this:
//!
//! ```
//! use xiangqi::notation::Notation;
//! use xiangqi::records::{read_records, write_dhtml, write_pgn, Format};
//! let file = "[DhtmlXQ][DhtmlXQ_red]Wang[/DhtmlXQ_red]\
//!             [DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist]\
//!             [DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1]\
//!             [DhtmlXQ_comment1]the central cannon[/DhtmlXQ_comment1][/DhtmlXQ]";
//! let record = read_records(file.as_bytes()).unwrap().remove(0);
//! assert_eq!(record.format, Format::DhtmlXq);
//! let tree = &record.tree;
//! for view in tree.nodes() {
//!     // Each move with the position it is played in, how deep a variation it is in,
//!     // and its comment: enough to lay out a move list.
//!     let _ = (view.ply, view.depth, &view.node.comment, view.before.turn());
//! }
//! let pgn = write_pgn(tree, Notation::Chinese);
//! assert!(pgn.contains("1. 炮二平五 {the central cannon} 1... 炮8平5 (1... 炮2平5)"), "{pgn}");
//! let again = read_records(write_dhtml(tree).as_bytes()).unwrap().remove(0);
//! assert_eq!(&again.tree, tree);
//! ```
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

mod build;
pub mod compact;
pub mod compact_tree;
mod convert;
mod dhtml;
mod dhtml_write;
pub mod ecco;
mod movetext;
mod open;
mod pgn;
mod pgn_tree;
mod pgn_write;
pub mod puzzle;
mod record;
mod result;
mod tree;
mod wxf_file;
mod xqf;

pub use dhtml_write::write_dhtml;
pub use movetext::{chinese_record, move_number, movetext, Comment};
pub use open::{read_record, read_records};
pub use pgn::{read_pgn, MoveError, Pgn, PgnError};
pub use pgn_write::write_pgn;
pub use record::{At, Format, MoveFault, Record, RecordError, Why};
pub use result::GameResult;
pub use tree::{tag, GameTree, Node, NodeView, TreeError};
