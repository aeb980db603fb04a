//! Writing links: the parameters that give a game, for the share button and the embed code,
//! and the query of a link that opens the game as it is now.

use super::names::{FEN, FLIP, LANG, LEVEL, LINE, MODE, NOTES, PIECES, SIDE, TC};
use super::notes::write_tree_notes;
use crate::model::{Mode, PieceSet, State};
use xiangqi::records::{compact_tree, GameTree};
use xiangqi::{Color, START_FEN};

/// The parameters that give the game `tree` (its moves, variations and comments): `fen` if it
/// did not begin at the initial position, `line` with its moves and variations, `notes` with
/// the comments. The link opens on its main line.
pub fn game_params(tree: &GameTree) -> Vec<(&'static str, String)> {
    let mut parts: Vec<(&str, String)> = Vec::new();
    let fen = tree.start.to_fen();
    if fen != START_FEN {
        parts.push((FEN, fen));
    }
    if !tree.is_empty() {
        // The tree's moves are legal, so they always have a compact text.
        parts.push((LINE, compact_tree::encode(tree).unwrap_or_default()));
    }
    let notes = write_tree_notes(tree);
    if !notes.is_empty() {
        parts.push((NOTES, notes));
    }
    parts
}

/// The query (from '?') of a link that opens this game as it is now.
pub fn query(state: &State) -> String {
    let mut parts = game_params(state.history().tree());
    let settings = state.settings();
    parts.push((MODE, settings.mode().param().into()));
    let natural = if settings.mode() == Mode::Computer {
        parts.push((SIDE, settings.human().name().into()));
        settings.human()
    } else {
        Color::Red
    };
    if settings.mode() != Mode::TwoPlayers {
        parts.push((LEVEL, settings.level().to_string()));
    }
    if settings.orientation() != natural {
        parts.push((FLIP, "1".into()));
    }
    parts.push((LANG, settings.lang().key().into()));
    if settings.pieces() != PieceSet::default() {
        parts.push((PIECES, settings.pieces().key().into()));
    }
    if let Some(tc) = settings.time_control() {
        parts.push((TC, tc.to_string()));
    }
    super::names::query(&parts)
}
