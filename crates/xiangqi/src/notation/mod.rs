//! Moves as text: UCI coordinates (`h2e2`), ICCS (`H2-E2`), WXF (`C2.5`) and Chinese
//! (`炮二平五`). Each notation has a parse function returning a typed error and a format
//! function; [`parse_any`] accepts any of the four.
//!
//! UCI and ICCS name two points, so they are read without a position; WXF and Chinese
//! describe the move from the mover's seat and need one. [`parse`] reads any one notation
//! against a position and also checks that the move is legal there, [`parse_any`] tries all
//! four, and [`format()`] writes any of them. Every error says whether the text was not a move
//! at all ([`MoveTextError::is_malformed`]) or a well-formed move that is not legal or not
//! clear in this position, and its message says what to write instead.
//!
//! WXF and Chinese text is read in two stages, shared by both: [`Description::from_wxf`] and
//! [`Description::from_chinese`] check the spelling alone ([`SyntaxError`]), and
//! [`Description::to_move`] finds the move on a position ([`ResolveError`]);
//! [`parse_wxf`] and [`parse_chinese`] do both ([`DescriptiveError`] holds either).
//!
//! ```
//! use xiangqi::notation::{format, parse_any, Notation};
//! use xiangqi::Position;
//! let pos = Position::start();
//! for text in ["h2e2", "H2-E2", "C2.5", "炮二平五", " 砲二平五 "] {
//!     let m = parse_any(&pos, text).unwrap();
//!     assert_eq!(format(&pos, m, Notation::Chinese), "炮二平五");
//!     assert_eq!(format(&pos, m, Notation::Wxf), "C2.5");
//! }
//! assert_eq!(
//!     parse_any(&pos, "H5+7").unwrap_err().to_string(),
//!     "no red horse on file 5"
//! );
//! ```

mod chinese;
mod choice;
mod descriptive;
mod error;
mod excerpt;
mod iccs;
mod read;
mod uci;
mod write;
mod wxf;

pub use chinese::{format_chinese, parse_chinese};
pub use choice::{Notation, ParseNotationError};
pub use descriptive::{Description, DescriptiveError, Op, Place, ResolveError, SyntaxError, Which};
pub use error::{IllegalReason, MoveTextError};
pub(crate) use excerpt::excerpt;
pub use iccs::{format_iccs, parse_iccs, IccsError};
pub use read::{parse, parse_any};
pub use uci::{format_uci, parse_uci, UciMoveError};
pub use write::{format, format_line};
pub use wxf::{format_wxf, parse_wxf};
