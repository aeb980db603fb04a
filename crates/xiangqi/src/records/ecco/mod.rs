//! The ECCO opening classification (象棋开局编号, ECCO 2004): from a game's first moves its
//! code (A00 to E99) and its name in Chinese and English.
//!
//! The system's codes, names and defining moves are published facts; `ecco.txt` writes each
//! code's defining moves as a pattern of Red's moves and a pattern of Black's (`pattern.rs`'s
//! table), so that the transpositions the system allows are part of the data:
//!
//! - **Any order** (不分先后): a set of moves a side plays in any order, such as the named
//!   positions the system continues from (C20, C30, C61, C72).
//! - **Moves allowed before** (此前可走): moves a side may have played, in any order, before
//!   the move that decides the code.
//! - **Alternatives** (／): either of two moves or two whole lines.
//! - **Mirroring**: a game whose first move starts on Red's left half (files 6 to 9, such as
//!   炮八平五) is read as its mirror image, so left- and right-handed lines share a code.
//!
//! As in the published system, only the first ten moves of each side count. Every code whose
//! patterns both match is a candidate, and the one that requires the most moves wins (then the
//! one without gaps, then the first in the table): a residual code such as "中炮(其他)对屏风马"
//! asks for fewer moves than the codes it leaves out, so it is chosen only when none of them
//! fits. A game that does not begin at the start position has no opening code.
//!
//! ```
//! use xiangqi::notation::parse_uci;
//! use xiangqi::records::ecco::classify;
//! let moves: Vec<_> = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
//!     .iter().map(|t| parse_uci(t).unwrap()).collect();
//! let opening = classify(&moves).unwrap();
//! assert_eq!(opening.code, "C00");
//! assert_eq!(opening.label(), "C00 · 中炮(其他)对屏风马");
//! ```

mod pattern;

use crate::m::Move;
use crate::notation::format_wxf;
use crate::position::Position;
use pattern::{PatternError, SidePattern};
use std::sync::OnceLock;

/// The table, one code a line (see `ecco.txt`'s own header).
const TABLE: &str = include_str!("ecco.txt");

/// Plies the system looks at: ten moves a side.
pub const PLIES: usize = 20;

/// An ECCO code with its names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The code, `A00` to `E99`.
    pub code: &'static str,
    /// The published Chinese name; a variation follows the opening after `——`.
    pub chinese: &'static str,
    /// The English name; a variation follows the opening after `, `.
    pub english: &'static str,
}

impl Opening {
    /// The code and the Chinese name: `B10 · 中炮对单提马(其他)`.
    pub fn label(&self) -> String {
        format!("{} · {}", self.code, self.chinese)
    }

    /// The code and the English name.
    pub fn label_english(&self) -> String {
        format!("{} · {}", self.code, self.english)
    }

    /// The opening's Chinese name without the variation (PGN's `Opening` tag).
    pub fn opening(&self) -> &'static str {
        self.chinese.split("——").next().unwrap_or(self.chinese)
    }

    /// The variation's Chinese name, if the name has one (PGN's `Variation` tag).
    pub fn variation(&self) -> Option<&'static str> {
        self.chinese.split_once("——").map(|(_, v)| v)
    }
}

/// One line of the table.
struct Entry {
    opening: Opening,
    red: Vec<SidePattern>,
    black: Vec<SidePattern>,
}

impl Entry {
    /// The weight of the best-matching pair of patterns: (required moves, fewer gaps).
    fn weight(&self, red: &[&str], black: &[&str]) -> Option<(usize, isize)> {
        let best = |pats: &[SidePattern], moves: &[&str]| {
            pats.iter()
                .filter(|p| p.matches(moves))
                .map(|p| (p.required(), -(p.gaps() as isize)))
                .max()
        };
        let (r, b) = (best(&self.red, red)?, best(&self.black, black)?);
        Some((r.0 + b.0, r.1 + b.1))
    }
}

/// A line of the table that does not read: its number and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

/// Reads the table: `CODE | Chinese | English | red | black`, alternatives of a side split by
/// ` / `, `= NAME | text` defining a macro that `@NAME` stands for, `#` comments.
fn read(text: &'static str) -> Result<Vec<Entry>, TableError> {
    let mut macros: Vec<(String, String)> = Vec::new();
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let fail = |why: String| TableError { line: i + 1, why };
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(def) = line.strip_prefix('=') {
            let (name, body) = def
                .split_once('|')
                .ok_or_else(|| fail("a macro is `= NAME | text`".into()))?;
            let body = expand(body.trim(), &macros);
            macros.push((name.trim().to_string(), body));
            continue;
        }
        let fields: Vec<&'static str> = line.split(" | ").map(str::trim).collect();
        let [code, chinese, english, red, black] = fields[..] else {
            return Err(fail(format!("{} fields, not 5", fields.len())));
        };
        let side = |field: &str| -> Result<Vec<SidePattern>, PatternError> {
            expand(field, &macros)
                .split(" / ")
                .map(SidePattern::parse)
                .collect()
        };
        let red = side(red).map_err(|e| fail(format!("{code} red: {e}")))?;
        let black = side(black).map_err(|e| fail(format!("{code} black: {e}")))?;
        entries.push(Entry {
            opening: Opening {
                code,
                chinese,
                english,
            },
            red,
            black,
        });
    }
    Ok(entries)
}

/// `text` with each `@NAME` replaced by its macro, the longest names first.
fn expand(text: &str, macros: &[(String, String)]) -> String {
    let mut out = text.to_string();
    let mut sorted: Vec<&(String, String)> = macros.iter().collect();
    sorted.sort_by_key(|(name, _)| core::cmp::Reverse(name.len()));
    for (name, body) in sorted {
        out = out.replace(&format!("@{name}"), body);
    }
    out
}

/// The table, read once.
fn table() -> &'static [Entry] {
    static TABLE_READ: OnceLock<Vec<Entry>> = OnceLock::new();
    // The table is part of the program and its test reads it; should it ever not read, no
    // game is classified rather than the program failing.
    TABLE_READ.get_or_init(|| read(TABLE).unwrap_or_default())
}

/// Every code of the table, in order.
pub fn openings() -> impl Iterator<Item = &'static Opening> {
    table().iter().map(|e| &e.opening)
}

/// The opening with this code, if the table has it.
pub fn by_code(code: &str) -> Option<&'static Opening> {
    openings().find(|o| o.code.eq_ignore_ascii_case(code.trim()))
}

/// The two sides' first moves in WXF, the game mirrored when its first move starts on Red's
/// left half; `None` if a move is not legal.
fn sides(moves: &[Move]) -> Option<(Vec<String>, Vec<String>)> {
    let left = moves.first().is_some_and(|m| m.from().file() < 4);
    let mut position = Position::start();
    let (mut red, mut black) = (Vec::new(), Vec::new());
    for (ply, &m) in moves.iter().take(PLIES).enumerate() {
        let m = if left { m.mirrored() } else { m };
        if !position.is_legal(m) {
            return None;
        }
        let text = format_wxf(&position, m);
        if ply % 2 == 0 {
            red.push(text);
        } else {
            black.push(text);
        }
        position = position.after(m);
    }
    Some((red, black))
}

/// The ECCO opening of a game played from the start position with `moves` (only the first
/// [`PLIES`] count); `None` when there is no move yet or a move is not legal.
pub fn classify(moves: &[Move]) -> Option<&'static Opening> {
    let (red, black) = sides(moves)?;
    if red.is_empty() {
        return None;
    }
    let red: Vec<&str> = red.iter().map(String::as_str).collect();
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    let mut best: Option<((usize, isize), &Entry)> = None;
    for entry in table() {
        if let Some(w) = entry.weight(&red, &black) {
            if best.map_or(true, |(b, _)| w > b) {
                best = Some((w, entry));
            }
        }
    }
    best.map(|(_, e)| &e.opening)
}

/// The PGN tags a record of a game from `start` with `moves` is given: `ECCO`, `Opening` and
/// `Variation` (when the name has one), unless `has_tag` says the record already carries an
/// `ECCO` tag, which is kept as it is even where the moves say otherwise. None for a game
/// that does not begin at the start position.
pub fn pgn_tags(
    start: &Position,
    moves: &[Move],
    has_tag: &dyn Fn(&str) -> bool,
) -> Vec<(&'static str, &'static str)> {
    if *start != Position::start() || has_tag("ECCO") {
        return Vec::new();
    }
    let Some(opening) = classify(moves) else {
        return Vec::new();
    };
    let mut tags = vec![("ECCO", opening.code)];
    if !has_tag("Opening") {
        tags.push(("Opening", opening.opening()));
    }
    if let Some(v) = opening.variation().filter(|_| !has_tag("Variation")) {
        tags.push(("Variation", v));
    }
    tags
}

/// Gives `tree` the tags [`pgn_tags`] finds for its main line (a record that already names
/// its `ECCO` code keeps its own), before it is written as PGN.
pub fn name_tree(tree: &mut crate::records::GameTree) {
    let moves = tree.main_line().moves();
    let tags = pgn_tags(&tree.start, &moves, &|k| tree.tag(k).is_some());
    for (k, v) in tags {
        tree.set_tag(k, v);
    }
}

#[cfg(test)]
mod tests;
