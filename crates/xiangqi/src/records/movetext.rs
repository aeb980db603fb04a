//! Move text of a whole game: the move numbering records share, comments in their places,
//! the numbered move list in any notation, and the Chinese text record.

use crate::color::Color;
use crate::game::Game;
use crate::notation::{format, Notation};
use crate::position::Position;

/// A comment in the move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// How many plies precede it: 0 before the first move, 1 after the first, and so on.
    pub ply: usize,
    /// The text, without its braces or semicolon, trimmed.
    pub text: String,
}

/// The move number and the side to play of the move at index `i` of a move list played from
/// `start` (0 for the first move).
pub fn move_number(start: &Position, i: usize) -> (u32, Color) {
    let offset = usize::from(start.turn() == Color::Black);
    let n = start.fullmoves() + ((i + offset) / 2) as u32;
    let side = if (i + offset) % 2 == 0 {
        Color::Red
    } else {
        Color::Black
    };
    (n, side)
}

/// The game's moves in `notation`, numbered: "1. 炮二平五 马8进7 2. 马二进三", with "7. ..."
/// before a first move by Black. Empty when no move has been played.
pub fn movetext(game: &Game, notation: Notation) -> String {
    let mut out = String::new();
    for_each_word(game, notation, |word| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&word);
    });
    out
}

/// Calls `word` with each piece of the numbered move text in turn: move numbers ("1.",
/// "7. ..." before a first move by Black) and moves, with the comments of `comments` (by the
/// ply after which each stands) in their places.
pub(crate) fn for_each_word_with(
    game: &Game,
    notation: Notation,
    comments: &[Comment],
    mut word: impl FnMut(String),
) {
    let mut notes = comments.iter().peekable();
    let mut flush = |ply: usize, word: &mut dyn FnMut(String)| {
        while let Some(c) = notes.next_if(|c| c.ply <= ply) {
            word(format!("{{{}}}", c.text.replace('}', ")")));
        }
    };
    flush(0, &mut word);
    for ply in game.plies() {
        let (n, side) = ply.move_number();
        if side == Color::Red {
            word(format!("{n}."));
        } else if ply.number == 1 {
            word(format!("{n}. ..."));
        }
        word(format(&ply.before, ply.mv, notation));
        flush(ply.number, &mut word);
    }
    // Comments placed beyond the last move close the record.
    flush(usize::MAX, &mut word);
}

fn for_each_word(game: &Game, notation: Notation, word: impl FnMut(String)) {
    for_each_word_with(game, notation, &[], word)
}

/// The standard Chinese text record: "1. 炮二平五 马8进7 2. 马二进三 ...", with the result
/// in words at the end when the game is over.
pub fn chinese_record(game: &Game) -> String {
    let mut out = movetext(game, Notation::Chinese);
    if let Some(o) = game.outcome() {
        out.push_str(&format!(" {}", o.chinese()));
    }
    out
}
