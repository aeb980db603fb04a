//! What the page asks the openings' worker, and its text.

use crate::text::i18n::Lang;
use xiangqi::notation::Notation;
use xiangqi::Move;

/// What the page asks: the line shown and the main line, and how to write the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The moves from the start position of the line shown.
    pub moves: Vec<Move>,
    /// The game's main line, whose opening a record of the game is tagged with.
    pub main: Vec<Move>,
    /// The page's language.
    pub lang: Lang,
    /// The notation the moves are written in.
    pub notation: Notation,
    /// The record's own `ECCO` tag, if it has one.
    pub tag: Option<String>,
    /// The ask's number, which the reply carries back (the page counts its asks).
    pub id: u32,
}

/// The moves of a line of UCI moves; `None` for a word that is no move.
fn read_moves(text: &str) -> Option<Vec<Move>> {
    text.split_whitespace()
        .map(|w| xiangqi::notation::parse_uci(w).ok())
        .collect()
}

impl Ask {
    /// The ask as the worker reads it: its number, then [`Ask::text`].
    pub fn encode(&self) -> String {
        format!(
            "{}|{}",
            self.id,
            Ask::text(
                &self.moves,
                &self.main,
                self.lang,
                self.notation,
                self.tag.as_deref()
            )
        )
    }

    /// What an ask says but its number: the line's moves and the main line's (UCI), the
    /// language's key, the notation's and the record's tag, split by `|`. The page keeps
    /// it to tell whether a reply answers what it shows now.
    pub fn text(
        moves: &[Move],
        main: &[Move],
        lang: Lang,
        notation: Notation,
        tag: Option<&str>,
    ) -> String {
        let uci = |ms: &[Move]| {
            ms.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "{}|{}|{}|{}|{}",
            uci(moves),
            uci(main),
            lang.key(),
            notation.key(),
            tag.unwrap_or("").replace('|', "")
        )
    }

    /// The ask in `text`, if it is one.
    pub fn decode(text: &str) -> Option<Ask> {
        let mut parts = text.split('|');
        let mut next = || parts.next();
        Some(Ask {
            id: next()?.parse().ok()?,
            moves: read_moves(next()?)?,
            main: read_moves(next()?)?,
            lang: Lang::from_key(next()?)?,
            notation: next()?.parse().ok()?,
            tag: next().filter(|t| !t.is_empty()).map(str::to_string),
        })
    }
}
