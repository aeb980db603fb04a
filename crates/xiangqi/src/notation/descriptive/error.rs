//! Both stages' errors under one type, for the one-call readers [`parse_wxf`] and
//! [`parse_chinese`].
//!
//! [`parse_wxf`]: crate::notation::parse_wxf
//! [`parse_chinese`]: crate::notation::parse_chinese

use super::resolve_error::ResolveError;
use super::syntax_error::SyntaxError;
use crate::notation::choice::Notation;
use core::fmt;

/// Why WXF or Chinese move text could not be read, or does not name one legal move.
///
/// Both notations describe a move the same way (piece, which one, direction, number), so they
/// share this error; the message is spelled in the notation the text was read in.
/// [`DescriptiveError::Syntax`] means the text is not a move in that notation at all,
/// whatever the position; [`DescriptiveError::Resolve`] means it is well formed but names no
/// single legal move here. [`DescriptiveError::is_malformed`] tells them apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DescriptiveError {
    /// The text is not a move in its notation.
    Syntax(SyntaxError),
    /// The text is a well-formed move that names no single legal move in the position.
    Resolve(ResolveError),
}

impl DescriptiveError {
    /// True when the text is not a move in its notation at all; false when it is well
    /// formed but names no single legal move in the position.
    pub fn is_malformed(&self) -> bool {
        matches!(self, DescriptiveError::Syntax(_))
    }

    /// The notation the text was read in: [`Notation::Wxf`] or [`Notation::Chinese`].
    pub fn notation(&self) -> Notation {
        match self {
            DescriptiveError::Syntax(e) => e.notation(),
            DescriptiveError::Resolve(e) => e.notation(),
        }
    }
}

impl From<SyntaxError> for DescriptiveError {
    fn from(e: SyntaxError) -> Self {
        DescriptiveError::Syntax(e)
    }
}

impl From<ResolveError> for DescriptiveError {
    fn from(e: ResolveError) -> Self {
        DescriptiveError::Resolve(e)
    }
}

impl fmt::Display for DescriptiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DescriptiveError::Syntax(e) => e.fmt(f),
            DescriptiveError::Resolve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DescriptiveError {}
