//! The worker's work for an ask: the ECCO names of the line and of the main line, and the
//! book's moves in the line's position with the opening each leads to.

use super::ask::Ask;
use xiangqi::records::ecco::{classify, Opening};
use xiangqi::{Game, Move, Position};
use xiangqi_ai::book::Book;

/// An ECCO opening as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// `A00` to `E99`.
    pub code: String,
    /// The published Chinese name.
    pub chinese: String,
    /// The English name.
    pub english: String,
}

impl Named {
    /// The opening as a record's tags: the code, the opening and the variation (empty when
    /// the name has none).
    pub fn tags(&self) -> [String; 3] {
        let (opening, variation) = self.chinese.split_once("——").unwrap_or((&self.chinese, ""));
        [
            self.code.clone(),
            opening.to_string(),
            variation.to_string(),
        ]
    }
}

impl From<&Opening> for Named {
    fn from(o: &Opening) -> Named {
        Named {
            code: o.code.to_string(),
            chinese: o.chinese.to_string(),
            english: o.english.to_string(),
        }
    }
}

/// One of the book's moves in the position asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLine {
    /// The move.
    pub mv: Move,
    /// The search's score for the side to move, in centipawns.
    pub score: i32,
    /// How often the book plays it, in whole percent.
    pub share: u32,
    /// The opening the line is named after the move.
    pub next: Option<Named>,
}

/// The worker's answer to an [`Ask`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The moves asked about, so the page can tell a late answer from a current one.
    pub moves: Vec<Move>,
    /// The line's opening; `None` before the first move or for moves that cannot be played.
    pub opening: Option<Named>,
    /// The book's moves in the line's position, the most played first; empty where the book
    /// does not know it (or has not arrived).
    pub book: Vec<BookLine>,
    /// Whether the book has arrived: an empty list then means the position is out of book.
    pub book_loaded: bool,
    /// The main line asked about, and its opening.
    pub main: Vec<Move>,
    /// The main line's opening.
    pub main_opening: Option<Named>,
}

/// The answer to `ask`, with the book if it has arrived.
pub fn answer(ask: &Ask, book: Option<&Book>) -> Answer {
    let mut out = Answer {
        moves: ask.moves.clone(),
        opening: classify(&ask.moves).map(Named::from),
        book: Vec::new(),
        book_loaded: book.is_some(),
        main: ask.main.clone(),
        main_opening: classify(&ask.main).map(Named::from),
    };
    let (Some(book), Ok(game)) = (book, Game::replay(Position::start(), &ask.moves)) else {
        return out;
    };
    let moves = book.moves(game.position());
    let mut line = ask.moves.clone();
    for m in &moves {
        line.push(m.mv);
        out.book.push(BookLine {
            mv: m.mv,
            score: m.score,
            share: m.share_percent(&moves),
            next: classify(&line).map(Named::from),
        });
        line.pop();
    }
    out.book
        .sort_by(|a, b| b.share.cmp(&a.share).then(b.score.cmp(&a.score)));
    out
}
