//! Writing links: the parameters that give a game, for the share button and the embed code,
//! and the query of a link that opens the game as it is now.

use super::names::{FEN, FLIP, LANG, LEVEL, LINE, MODE, NOTES, PIECES, SIDE, TC};
use super::notes::write_notes;
use crate::model::{Mode, PieceSet, State};
use xiangqi::records::{compact, Comment};
use xiangqi::{Color, Game, START_FEN};

/// The parameters that give `game` with its `comments`: `fen` if it did not begin at the
/// initial position, `line` with its moves, `notes` with the comments.
pub fn game_params(game: &Game, comments: &[Comment]) -> Vec<(&'static str, String)> {
    let mut parts: Vec<(&str, String)> = Vec::new();
    let fen = game.start_position().to_fen();
    if fen != START_FEN {
        parts.push((FEN, fen));
    }
    if !game.is_empty() {
        // The game's moves are legal, so they always have a compact text.
        let line = compact::encode(game.start_position(), &game.moves()).unwrap_or_default();
        parts.push((LINE, line));
    }
    if !comments.is_empty() {
        parts.push((NOTES, write_notes(comments)));
    }
    parts
}

/// The query (from '?') of a link that opens this game as it is now.
pub fn query(state: &State) -> String {
    let mut parts = game_params(state.game(), &state.history().comments());
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
