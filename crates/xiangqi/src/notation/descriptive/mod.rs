//! What WXF and Chinese notation share: a move told from the mover's seat as a piece kind,
//! which of the side's pieces of that kind it is, a direction and a number (`C2.5`, 炮二平五).
//!
//! Reading is in two stages, as a chess library reads SAN: each notation's spelling is read
//! into a [`Description`] without a position (an error there is a [`SyntaxError`]), and
//! [`Description::to_move`] finds the one legal move it names on a position (a
//! [`ResolveError`]), one step for both notations. [`DescriptiveError`] holds either, for the
//! one-call readers. Writing goes the other way: a move is told as a description, then
//! spelled. The two notations differ only in spelling, and in one choice of label (three
//! soldiers on one file: WXF letters them, Chinese says 前/中/后).
//!
//! Files are numbered 1-9 from the mover's own right: Red's file 1 is `i`, Black's is `a`.
//! "Front" is the mover's forward direction, so Black's front piece is the one on the lower
//! rank.

mod board;
pub(super) mod describe;
pub(super) mod error;
pub(super) mod numerals;
mod resolve;
pub(super) mod resolve_error;
pub(super) mod syntax;
pub(super) mod syntax_error;

pub use error::DescriptiveError;
pub use resolve_error::ResolveError;
pub use syntax::{Description, Op, Place, Which};
pub use syntax_error::SyntaxError;
