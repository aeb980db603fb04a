//! Records in the forms players keep (XQF files, DhtmlXQ texts, WXF files, PGN in any notation,
//! GBK or UTF-8, one game or many), each game made a PGN text that the page's import reads
//! ([`super::pgn::import`]). The readers and their tables are large, so this runs in a worker
//! of its own that the page starts when a record first needs it (`bin/records.rs`, and
//! `records/reader.rs` for the channel): the first load carries none of it. The messages
//! are [`Converted`] and [`ConvertError`], as postcard bytes. Pure, tested natively.

use crate::records::link::notes::{read_tree_notes, write_tree_notes};
use serde::{Deserialize, Serialize};
use xiangqi::records::{compact_tree, read_records, GameTree, Record};
use xiangqi::Position;

/// The most games a file may hold for the page to list (a collection of thousands is for a
/// database, not for a board).
pub const MAX_GAMES: usize = 500;

/// A record read: the form it was found in and its games, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Converted {
    /// The form's usual name ("XQF", "DhtmlXQ", "WXF", "PGN").
    pub format: String,
    /// Its games, at most [`MAX_GAMES`].
    pub games: Vec<ConvertedGame>,
    /// How many games the record had in all.
    pub total: usize,
}

/// One game of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConvertedGame {
    /// What names it in a list: its players, event and date where the record has them.
    pub title: String,
    /// Its start position's FEN.
    pub fen: String,
    /// Its moves and variations, as a link's `line` ([`xiangqi::records::compact_tree`]).
    pub line: String,
    /// Its comments, as a link's `notes` ([`crate::records::link::notes`]).
    pub notes: String,
    /// The moves of its main line.
    pub moves: usize,
    /// How many moves it has outside its main line (in its variations).
    pub variations: usize,
    /// The first move that could not be played, if any: its ply and its text. The line it
    /// stands in keeps the moves before it.
    pub fault: Option<(usize, String)>,
}

/// Why a record cannot be read at all: the form found (if any) and where and why, in the
/// readers' words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConvertError {
    /// The form it seemed to be.
    pub format: Option<String>,
    /// Where and why.
    pub detail: String,
}

/// What a list shows for a game: "Red – Black, Event, Date" from what its tags hold, else
/// "Game N".
fn title(tree: &GameTree, n: usize) -> String {
    let tag = |names: &[&str]| {
        names
            .iter()
            .find_map(|&name| tree.tag(name))
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let players = match (tag(&["Red", "White"]), tag(&["Black"])) {
        (Some(r), Some(b)) => Some(format!("{r} – {b}")),
        (one, other) => one.or(other).map(String::from),
    };
    let parts: Vec<String> = [
        players,
        tag(&["Title", "Event"]).map(String::from),
        tag(&["Date"]).map(String::from),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        format!("Game {n}")
    } else {
        parts.join(", ")
    }
}

fn game(record: &Record, n: usize) -> ConvertedGame {
    let tree = &record.tree;
    let nodes = tree.nodes();
    let main = tree.main_path().len();
    let fault = record.faults.first().map(|f| (f.ply, f.text.clone()));
    ConvertedGame {
        title: title(tree, n),
        fen: tree.start.to_fen(),
        line: compact_tree::encode(tree).unwrap_or_default(),
        notes: write_tree_notes(tree),
        moves: main,
        variations: nodes.len() - main,
        fault,
    }
}

impl ConvertedGame {
    /// The game's tree, its comments on its moves, as the page opens it (`None` if the
    /// message does not hold one: it was made by the same code, so never).
    pub fn tree(&self) -> Option<GameTree> {
        let start = Position::from_fen(&self.fen).ok()?;
        let mut tree = compact_tree::decode(start, &self.line).ok()?;
        read_tree_notes(&self.notes, &mut tree).ok()?;
        Some(tree)
    }
}

/// Reads `bytes` as a record of any form the readers know.
pub fn convert(bytes: &[u8]) -> Result<Converted, ConvertError> {
    let records = read_records(bytes).map_err(|e| ConvertError {
        format: e.format.map(|f| f.name().to_string()),
        detail: e.to_string(),
    })?;
    let format = records
        .first()
        .map_or("PGN", |r| r.format.name())
        .to_string();
    let games = records
        .iter()
        .take(MAX_GAMES)
        .enumerate()
        .map(|(i, r)| game(r, i + 1))
        .collect();
    Ok(Converted {
        format,
        games,
        total: records.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DHTML: &str = "[DhtmlXQ][DhtmlXQ_title]A game[/DhtmlXQ_title]\
        [DhtmlXQ_red]Wang[/DhtmlXQ_red][DhtmlXQ_black]Li[/DhtmlXQ_black]\
        [DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist]\
        [DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1]\
        [DhtmlXQ_comment1]the central cannon[/DhtmlXQ_comment1][/DhtmlXQ]";

    #[test]
    fn a_dhtmlxq_text_becomes_a_pgn_the_page_imports() {
        let c = convert(DHTML.as_bytes()).unwrap();
        assert_eq!(c.format, "DhtmlXQ");
        assert_eq!(c.total, 1);
        let g = &c.games[0];
        assert_eq!(g.title, "Wang – Li, A game");
        assert_eq!(
            (g.moves, g.variations, g.fault.clone()),
            (2, 1, None),
            "one move in the one variation"
        );
        let tree = g.tree().unwrap();
        assert_eq!(tree.main_line().len(), 2);
        assert_eq!(
            (tree.len(), tree.children[0].comment.as_str()),
            (3, "the central cannon")
        );
    }

    #[test]
    fn every_game_of_a_file_is_listed() {
        let pgn = "[Event \"One\"]\n\n1. C2.5 H8+7 *\n\n[Event \"Two\"]\n\n1. P7+1 *\n";
        let c = convert(pgn.as_bytes()).unwrap();
        assert_eq!(c.format, "PGN");
        let titles: Vec<_> = c.games.iter().map(|g| g.title.as_str()).collect();
        assert_eq!(titles, ["One", "Two"]);
        assert_eq!(c.games[1].tree().unwrap().len(), 1);
    }

    #[test]
    fn an_illegal_move_keeps_the_moves_before_it() {
        let c = convert("1. C2.5 H8+7 2. C5+9 *".as_bytes()).unwrap();
        let g = &c.games[0];
        assert_eq!(g.moves, 2);
        assert_eq!(g.fault, Some((3, "C5+9".to_string())));
    }

    #[test]
    fn what_cannot_be_read_says_where_and_why() {
        let e =
            convert(b"[DhtmlXQ][DhtmlXQ_movelist]77x7[/DhtmlXQ_movelist][/DhtmlXQ]").unwrap_err();
        assert_eq!(e.format.as_deref(), Some("DhtmlXQ"));
        assert!(!e.detail.is_empty());
    }
}
