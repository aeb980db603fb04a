//! The openings a match plays, chosen with `--openings`: the named lines of
//! [`OPENINGS`] (`named`, the default), the built-in book of
//! positions for fast conditions (`book`, the file `crates/tools/data/openings.txt` that
//! `xiangqi openings` writes), the start position alone (`start`, where what the engines
//! play from the first move is what is measured, such as an opening book), or any file in
//! that format.
//!
//! The format: one opening a line, its moves from the start position in UCI separated by
//! spaces, then optionally `;` and a note (the book notes the search's score); blank lines
//! and lines starting with `#` are skipped. Every line is checked on reading: its moves must
//! be legal and leave the game going, so a match never starts from a broken opening.

use super::openings::OPENINGS;
use std::fmt;
use std::sync::Arc;
use xiangqi::notation::parse_uci;
use xiangqi::{Game, Move, Position};

/// The built-in book, as `xiangqi openings` wrote it.
pub const BOOK: &str = include_str!("../../data/openings.txt");

/// One opening: a name to print (empty for a line of a file) and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The usual name of a named line; empty for a line of a book or file.
    pub name: String,
    /// The moves from the start position.
    pub moves: Vec<Move>,
}

/// The openings of a match, in the order it plays them (again from the first when the match
/// has more pairs than openings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningSet {
    /// Where they came from: `named`, `book` or the file's path.
    pub source: String,
    /// The openings, at least one.
    pub lines: Arc<Vec<Line>>,
}

impl OpeningSet {
    /// The named lines of [`OPENINGS`].
    pub fn named() -> OpeningSet {
        OpeningSet {
            source: "named".to_string(),
            lines: Arc::new(
                OPENINGS
                    .iter()
                    .map(|o| Line {
                        name: o.name.to_string(),
                        moves: o.moves(),
                    })
                    .collect(),
            ),
        }
    }

    /// The built-in book.
    ///
    /// # Panics
    /// If the book does not read (its test reads it).
    pub fn book() -> OpeningSet {
        OpeningSet::parse(BOOK, "book").unwrap_or_else(|e| panic!("the built-in book: {e}"))
    }

    /// The start position alone.
    pub fn start() -> OpeningSet {
        OpeningSet {
            source: "start".to_string(),
            lines: Arc::new(vec![Line {
                name: "start position".to_string(),
                moves: Vec::new(),
            }]),
        }
    }

    /// `named`, `book`, `start`, or the path of a file of openings; for clap.
    pub fn from_arg(text: &str) -> Result<OpeningSet, String> {
        match text {
            "named" => Ok(OpeningSet::named()),
            "start" => Ok(OpeningSet::start()),
            "book" => Ok(OpeningSet::book()),
            path => {
                let content = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read the openings file \"{path}\": {e}"))?;
                OpeningSet::parse(&content, path).map_err(|e| format!("{path}: {e}"))
            }
        }
    }

    /// Reads openings in the format of the module doc; `source` names them.
    pub fn parse(text: &str, source: &str) -> Result<OpeningSet, OpeningFileError> {
        let mut lines = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let body = raw.split(';').next().unwrap_or("").trim();
            if body.is_empty() || raw.trim_start().starts_with('#') {
                continue;
            }
            let line = i + 1;
            let mut moves = Vec::new();
            for word in body.split_whitespace() {
                moves.push(parse_uci(word).map_err(|_| OpeningFileError::Move {
                    line,
                    word: word.to_string(),
                })?);
            }
            let game =
                Game::replay(Position::start(), &moves).map_err(|e| OpeningFileError::Illegal {
                    line,
                    why: e.to_string(),
                })?;
            if game.outcome().is_some() {
                return Err(OpeningFileError::Over { line });
            }
            lines.push(Line {
                name: String::new(),
                moves,
            });
        }
        if lines.is_empty() {
            return Err(OpeningFileError::Empty);
        }
        Ok(OpeningSet {
            source: source.to_string(),
            lines: Arc::new(lines),
        })
    }

    /// How many openings there are.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Never: a set has at least one opening.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The opening of pair `k` (counting from 0), the set read again in turn.
    pub fn get(&self, k: usize) -> &Line {
        &self.lines[k % self.lines.len()]
    }

    /// How the opening of pair `k` is printed: its number in the set, then its name if it
    /// has one.
    pub fn label(&self, k: usize) -> String {
        let line = self.get(k);
        let number = k % self.len() + 1;
        if line.name.is_empty() {
            number.to_string()
        } else {
            format!("{number} {}", line.name)
        }
    }
}

impl OpeningSet {
    /// The opening of pair `k` as a PGN `Opening` tag: its name, or the set and its number.
    pub fn tag(&self, k: usize) -> String {
        let line = self.get(k);
        if line.name.is_empty() {
            format!("{} {}", self.source, k % self.len() + 1)
        } else {
            line.name.clone()
        }
    }
}

/// Why a file of openings was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningFileError {
    /// A word is not a move in UCI.
    Move {
        /// The line, from 1.
        line: usize,
        /// The word.
        word: String,
    },
    /// The moves are not legal from the start.
    Illegal {
        /// The line, from 1.
        line: usize,
        /// What the rules said.
        why: String,
    },
    /// The moves end the game.
    Over {
        /// The line, from 1.
        line: usize,
    },
    /// No opening at all.
    Empty,
}

impl fmt::Display for OpeningFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningFileError::Move { line, word } => {
                write!(
                    f,
                    "line {line}: \"{word}\" is not a move in UCI (like h2e2)"
                )
            }
            OpeningFileError::Illegal { line, why } => write!(f, "line {line}: {why}"),
            OpeningFileError::Over { line } => write!(f, "line {line}: the moves end the game"),
            OpeningFileError::Empty => write!(f, "no opening in it (one line of UCI moves each)"),
        }
    }
}

impl std::error::Error for OpeningFileError {}

impl fmt::Display for OpeningSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} openings)", self.source, self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_book_reads_and_its_positions_are_distinct() {
        let book = OpeningSet::book();
        assert!(book.len() >= 300, "{}", book.len());
        let mut seen = HashSet::new();
        for line in book.lines.iter() {
            let game = Game::replay(Position::start(), &line.moves).unwrap();
            assert!(seen.insert(game.position().hash()), "{:?}", line.moves);
        }
        assert_eq!(book.label(0), "1");
        assert_eq!(OpeningSet::named().label(28), "1 中炮对屏风马");
        let start = OpeningSet::from_arg("start").unwrap();
        assert_eq!((start.len(), start.get(5).moves.len()), (1, 0));
    }

    #[test]
    fn a_file_reads_with_comments_and_notes() {
        let set = OpeningSet::parse("# two\n\nh2e2 h9g7 ; +12\nc3c4\n", "f").unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set.get(3).moves.len(), 1);
        assert_eq!(set.to_string(), "f (2 openings)");
    }

    #[test]
    fn a_bad_file_is_refused_with_its_line() {
        let err = |t: &str| OpeningSet::parse(t, "f").unwrap_err().to_string();
        assert_eq!(
            err("h2e2\nh2x2\n"),
            "line 2: \"h2x2\" is not a move in UCI (like h2e2)"
        );
        assert!(
            err("h2e2 h2e3").starts_with("line 1: "),
            "{}",
            err("h2e2 h2e3")
        );
        assert_eq!(
            err("# nothing\n"),
            "no opening in it (one line of UCI moves each)"
        );
        assert!(OpeningSet::from_arg("/nonexistent/openings.txt")
            .unwrap_err()
            .starts_with("cannot read the openings file \"/nonexistent/openings.txt\""));
    }
}
