//! Which notation: the four ways of writing a move, by name.

use core::fmt;

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
