//! A side by its name, as links, saved games and the side selector write it: "red" or "black"
//! ([`Color::name`]). The rules crate's [`Color`] is not the page's to give a `FromStr`, so the
//! page reads it through [`SideName`].

use core::fmt;
use core::str::FromStr;
use xiangqi::Color;

/// A side read from its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideName(pub Color);

/// A text that is not a side's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownSide;

impl fmt::Display for UnknownSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a side: red or black")
    }
}

impl std::error::Error for UnknownSide {}

impl FromStr for SideName {
    type Err = UnknownSide;

    fn from_str(name: &str) -> Result<SideName, UnknownSide> {
        match name {
            "red" => Ok(SideName(Color::Red)),
            "black" => Ok(SideName(Color::Black)),
            _ => Err(UnknownSide),
        }
    }
}
