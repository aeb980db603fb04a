//! Serde for the types written as text: a [`Square`] as `"e2"`, a [`Move`] as its UCI
//! coordinates `"h2e2"` and a [`Setup`] as its FEN, so saved data and messages stay readable
//! and are checked when read back. The other vocabulary types derive theirs.

use crate::fen::Setup;
use crate::m::Move;
use crate::square::Square;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

/// Reads a string with `FromStr`, reporting its error as a serde error.
struct FromText<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for FromText<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

fn from_text<'de, T, D>(d: D, expecting: &'static str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    d.deserialize_str(FromText(PhantomData, expecting))
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        from_text(d, "a point like \"e2\"")
    }
}

/// A move's two points as text; unlike `parse_uci` it takes the same point twice, so that
/// [`Move::NONE`] reads back too.
struct MoveText(Move);

impl FromStr for MoveText {
    type Err = String;

    fn from_str(s: &str) -> Result<MoveText, String> {
        let points = (s.len() == 4 && s.is_ascii())
            .then(|| Some((s[..2].parse().ok()?, s[2..].parse().ok()?)))
            .flatten();
        match points {
            Some((from, to)) => Ok(MoveText(Move::new(from, to))),
            None => Err(format!(
                "\"{s}\" is not a move: expected two points like h2e2"
            )),
        }
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        from_text::<MoveText, D>(d, "a move like \"h2e2\"").map(|m| m.0)
    }
}

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_fen())
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        from_text(d, "a FEN")
    }
}
