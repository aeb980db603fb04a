//! The opening book: for positions of the opening, the moves our own engine's searches found
//! best, each with its score and how often the book plays it. `xiangqi book` writes it (the
//! tools crate); levels from the middle up, the UCI engine's `OwnBook` and the analysis
//! board's explorer read it. Reading is pure: the caller hands in the text.
//!
//! The file is text, one position a line:
//!
//! ```text
//! # comments and blank lines are skipped
//! ; h2e2 +21 62 b2e2 +21 38
//! h2e2 ; h9g7 -18 70 b9c7 -22 30
//! ```
//!
//! Before the `;`, the moves from the start position that reach the position (UCI); after it,
//! each book move as three words: the move, the search's score for the side to move in
//! centipawns, and its weight (how often the book plays it, out of the weights of the line).
//! Every path and every move is checked on reading, so a probe never returns an illegal move.
//!
//! The start position is symmetric, so the book keeps one of each pair of mirror-image
//! positions: a position it does not hold is looked up as its mirror image (files a↔i), whose
//! moves are mirrored back. 1. 炮八平五 in the book answers 1. 炮二平五 too.
//!
//! ```
//! use xiangqi::{Game, Position};
//! use xiangqi_ai::book::Book;
//! let book = Book::parse("; h2e2 +20 3 b2e2 +20 1\nh2e2 ; h9g7 -20 1\n").unwrap();
//! assert_eq!(book.len(), 2);
//! let moves = book.moves(&Position::start());
//! assert_eq!(moves.len(), 2);
//! assert_eq!(moves[0].share_percent(&moves), 75);
//! ```

use std::collections::HashMap;
use std::fmt;
use xiangqi::notation::{format_uci, parse_uci};
use xiangqi::{Game, Move, Position};

/// The deepest position the shipped book holds, in plies from the start (its `--plies`, less
/// one): a search of a later position need not look in the book.
pub const BOOK_PLIES: usize = 13;

/// One move of the book in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// The search's score for the side to move, in centipawns.
    pub score: i32,
    /// How often the book plays it, relative to the other moves of the position.
    pub weight: u32,
}

impl BookMove {
    /// Its share of the position's weights, in whole percent (rounded).
    pub fn share_percent(&self, all: &[BookMove]) -> u32 {
        let total: u32 = all.iter().map(|m| m.weight).sum();
        (self.weight * 100 + total / 2)
            .checked_div(total)
            .unwrap_or(0)
    }
}

/// The book: the moves of each position it knows, by the position's hash (side to move
/// included). The positions' paths are kept in the order of the file so it can be written
/// back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: HashMap<u64, Vec<BookMove>>,
    paths: Vec<Vec<Move>>,
}

/// Why a book's text was refused: the line (from 1) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for BookError {}

impl Book {
    /// Reads a book in the format of the module doc; any bad line refuses the whole text.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let fail = |why: String| BookError { line, why };
            let raw = raw.trim();
            if raw.is_empty() || raw.starts_with('#') {
                continue;
            }
            let Some((path_text, moves_text)) = raw.split_once(';') else {
                return Err(fail("no `;` between the path and the book moves".into()));
            };
            let mut path = Vec::new();
            for word in path_text.split_whitespace() {
                path.push(
                    parse_uci(word)
                        .map_err(|_| fail(format!("\"{word}\" is not a move in UCI")))?,
                );
            }
            let game = Game::replay(Position::start(), &path)
                .map_err(|e| fail(format!("the path is not legal: {e}")))?;
            let position = game.position();
            let words: Vec<&str> = moves_text.split_whitespace().collect();
            if words.is_empty() || words.len() % 3 != 0 {
                return Err(fail(
                    "each book move is three words: move score weight".into(),
                ));
            }
            let mut moves = Vec::new();
            for w in words.chunks(3) {
                let mv = parse_uci(w[0])
                    .ok()
                    .filter(|&m| position.is_legal(m))
                    .ok_or_else(|| fail(format!("\"{}\" is not a legal move here", w[0])))?;
                let score = w[1]
                    .parse::<i32>()
                    .map_err(|_| fail(format!("\"{}\" is not a score", w[1])))?;
                let weight = w[2]
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n <= 1_000_000)
                    .ok_or_else(|| fail(format!("\"{}\" is not a weight", w[2])))?;
                if moves.iter().any(|m: &BookMove| m.mv == mv) {
                    return Err(fail(format!("{} is given twice", w[0])));
                }
                moves.push(BookMove { mv, score, weight });
            }
            if book.entries.insert(position.hash(), moves).is_some() {
                return Err(fail("the position is already in the book".into()));
            }
            book.paths.push(path);
        }
        Ok(book)
    }

    /// How many positions the book knows.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it knows none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's moves in `position`, best score first: its own, or its mirror image's
    /// mirrored back; empty when the book knows neither.
    pub fn moves(&self, position: &Position) -> Vec<BookMove> {
        if let Some(moves) = self.entries.get(&position.hash()) {
            return moves.clone();
        }
        let Some(mirrored) = mirror_position(position) else {
            return Vec::new();
        };
        self.entries
            .get(&mirrored.hash())
            .map_or_else(Vec::new, |moves| {
                moves
                    .iter()
                    .map(|m| BookMove {
                        mv: m.mv.mirrored(),
                        ..*m
                    })
                    .filter(|m| position.is_legal(m.mv))
                    .collect()
            })
    }

    /// A book move for `position`, drawn by weight with `seed` (the same seed, the same
    /// move); `None` when the book does not know the position or gives every move weight 0.
    pub fn choose(&self, position: &Position, seed: u64) -> Option<Move> {
        let moves = self.moves(position);
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = mix(seed ^ position.hash()) % total;
        for m in &moves {
            let w = u64::from(m.weight);
            if pick < w {
                return Some(m.mv);
            }
            pick -= w;
        }
        None
    }

    /// Adds a position reached by `path` with its moves (the builder's way in); a position
    /// already known keeps its first moves.
    pub fn insert(&mut self, path: Vec<Move>, position: &Position, moves: Vec<BookMove>) {
        if let std::collections::hash_map::Entry::Vacant(e) = self.entries.entry(position.hash()) {
            e.insert(moves);
            self.paths.push(path);
        }
    }

    /// The book as text in the format of the module doc, positions in the order they came.
    pub fn write(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        for path in &self.paths {
            let Ok(game) = Game::replay(Position::start(), path) else {
                continue;
            };
            let words: Vec<String> = path.iter().map(|&m| format_uci(m)).collect();
            write!(
                out,
                "{}{}",
                words.join(" "),
                if path.is_empty() { ";" } else { " ;" }
            )?;
            for m in self
                .entries
                .get(&game.position().hash())
                .into_iter()
                .flatten()
            {
                write!(out, " {} {:+} {}", format_uci(m.mv), m.score, m.weight)?;
            }
            writeln!(out)?;
        }
        Ok(())
    }
}

/// The mirror image of `position` (files a↔i), read back from its FEN with each rank's
/// points in the other order.
fn mirror_position(position: &Position) -> Option<Position> {
    let fen = position.to_fen();
    let (board, rest) = fen.split_once(' ')?;
    let ranks: Vec<String> = board
        .split('/')
        .map(|r| r.chars().rev().collect())
        .collect();
    Position::from_fen(&format!("{} {rest}", ranks.join("/"))).ok()
}

/// A 64-bit mix (splitmix64's finaliser): the draw of [`Book::choose`].
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# a book\n; h2e2 +20 3 b2e2 +20 1\n\nh2e2 ; h9g7 -20 1 b9c7 -25 0\n";

    #[test]
    fn a_book_reads_probes_and_writes_back_the_same_text() {
        let book = Book::parse(TEXT).unwrap();
        assert_eq!(book.len(), 2);
        let mut game = Game::new();
        assert_eq!(book.moves(game.position())[0].score, 20);
        game.play(parse_uci("h2e2").unwrap()).unwrap();
        let moves = book.moves(game.position());
        assert_eq!(moves.len(), 2);
        assert_eq!(book.choose(game.position(), 5), parse_uci("h9g7").ok());
        game.play(parse_uci("h9g7").unwrap()).unwrap();
        assert!(book.moves(game.position()).is_empty());
        assert_eq!(book.choose(game.position(), 5), None);
        // 1. 炮八平五 is answered as the book answers 1. 炮二平五, mirrored.
        let mut left = Game::new();
        left.play(parse_uci("b2e2").unwrap()).unwrap();
        let mirrored: Vec<String> = book
            .moves(left.position())
            .iter()
            .map(|m| format_uci(m.mv))
            .collect();
        assert_eq!(mirrored, ["b9c7", "h9g7"]);
        let mut text = String::new();
        book.write(&mut text).unwrap();
        assert_eq!(
            text,
            "; h2e2 +20 3 b2e2 +20 1\nh2e2 ; h9g7 -20 1 b9c7 -25 0\n"
        );
        assert_eq!(Book::parse(&text).unwrap(), book);
    }

    #[test]
    fn choices_follow_the_weights_and_the_seed() {
        let book = Book::parse(TEXT).unwrap();
        let start = Position::start();
        let h2e2 = parse_uci("h2e2").unwrap();
        let picks: Vec<Move> = (0..400).filter_map(|s| book.choose(&start, s)).collect();
        let share = picks.iter().filter(|&&m| m == h2e2).count();
        assert!(
            (260..=340).contains(&share),
            "{share} of 400 for a 3:1 weight"
        );
        assert_eq!(book.choose(&start, 7), book.choose(&start, 7));
    }

    #[test]
    fn bad_text_is_refused_with_its_line() {
        let err = |t: &str| Book::parse(t).unwrap_err().to_string();
        assert_eq!(
            err("; h2e2 +1 1\nh2e2 h9g7\n"),
            "book line 2: no `;` between the path and the book moves"
        );
        assert!(err("h2e3 ; h9g7 0 1").starts_with("book line 1: the path is not legal: "));
        assert_eq!(
            err("; h2e9 0 1"),
            "book line 1: \"h2e9\" is not a legal move here"
        );
        assert_eq!(err("; h2e2 x 1"), "book line 1: \"x\" is not a score");
        assert_eq!(err("; h2e2 0 -1"), "book line 1: \"-1\" is not a weight");
        assert_eq!(
            err("; h2e2 0"),
            "book line 1: each book move is three words: move score weight"
        );
        assert_eq!(
            err("; h2e2 0 1 h2e2 0 1"),
            "book line 1: h2e2 is given twice"
        );
        assert_eq!(
            err("; h2e2 0 1\n; b2e2 0 1"),
            "book line 2: the position is already in the book"
        );
        assert!(Book::parse("").unwrap().is_empty());
    }
}
