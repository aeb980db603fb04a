//! Which notation: the four ways of writing a move, by name.

use core::fmt;
use core::str::FromStr;

/// One of the four ways of writing a move.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// UCI coordinates, `h2e2` (the Pikafish convention).
    Uci,
    /// ICCS coordinates, `H2-E2`.
    Iccs,
    /// WXF, `C2.5`.
    Wxf,
    /// Chinese, `炮二平五`.
    Chinese,
}

impl Notation {
    /// All four, in the order [`parse_any`](crate::notation::parse_any) tries them.
    pub const ALL: [Notation; 4] = [
        Notation::Uci,
        Notation::Iccs,
        Notation::Wxf,
        Notation::Chinese,
    ];

    /// The lower-case key that [`FromStr`] reads and settings store: "uci", "iccs", "wxf"
    /// or "chinese".
    pub const fn key(self) -> &'static str {
        match self {
            Notation::Uci => "uci",
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
        }
    }

    /// The name used in messages: "UCI", "ICCS", "WXF" or "Chinese".
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Uci => "UCI",
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why text is not a notation's key, from [`Notation`]'s [`FromStr`]: the text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNotationError(pub String);

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a notation: choose uci, iccs, wxf or chinese",
            self.0
        )
    }
}

impl std::error::Error for ParseNotationError {}

/// Reads a notation by its [`key`](Notation::key) ("uci", "iccs", "wxf", "chinese"), in
/// any case.
///
/// ```
/// use xiangqi::notation::Notation;
/// assert_eq!("wxf".parse(), Ok(Notation::Wxf));
/// assert_eq!("Chinese".parse(), Ok(Notation::Chinese));
/// assert!("san".parse::<Notation>().is_err());
/// ```
impl FromStr for Notation {
    type Err = ParseNotationError;
    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        Notation::ALL
            .into_iter()
            .find(|n| n.key().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseNotationError(s.to_string()))
    }
}
