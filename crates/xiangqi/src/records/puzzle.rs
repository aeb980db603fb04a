//! Puzzle sets: one puzzle per line, as `xiangqi puzzles` writes them and the page reads them.
//!
//! A line is `id;fen;line;themes;rating`: a number, the position (any FEN the rules read; the
//! side to move is the solver's), the moves of the solution in coordinates (`h2e2`), the
//! solver's first, then the reply, and so on, always ending with a move of the solver, then
//! the themes (below) and the difficulty as a rating. Lines that start with `#` and empty lines
//! are comments. Reading checks that the position is legal and every move of the line is legal
//! in turn, so a set that reads is one the page can play. It comes in two stages: the line's
//! form ([`Listing`], quick), then the position and solution ([`Listing::puzzle`]).
//!
//! ```
//! use xiangqi::records::puzzle::{read_puzzles, Theme};
//! let set = "# a mate in one\n7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8;mate1 fork;800\n";
//! let puzzles = read_puzzles(set).unwrap();
//! assert_eq!(puzzles[0].id, 7);
//! assert_eq!(puzzles[0].themes, [Theme::Mate(1), Theme::Fork]);
//! assert_eq!(puzzles[0].to_line(), set.lines().nth(1).unwrap());
//! ```

use crate::notation::parse_uci;
use crate::{Move, Position};
use core::fmt;

/// The longest solution, in plies (eight moves of the solver).
pub const MAX_LINE: usize = 15;

/// What a puzzle teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Mate in this many moves of the solver (1 to 7).
    Mate(u8),
    /// The first move checks with two pieces at once.
    DoubleCheck,
    /// The first move uncovers an attack: another piece checks, or the moved piece was its
    /// cannon's screen or stood in its line.
    Discovered,
    /// The first move attacks two things at once (the general and a piece, or two pieces
    /// worth more than the attacker or undefended).
    Fork,
    /// The first move pins a piece to its general.
    Pin,
    /// The piece won had no safe point to go to.
    Trapped,
    /// The line wins a chariot.
    Chariot,
    /// The line wins material (no more precise theme applies).
    Advantage,
}

impl Theme {
    /// Every theme but the mates, in the order a filter lists them.
    pub const TACTICS: [Theme; 7] = [
        Theme::DoubleCheck,
        Theme::Discovered,
        Theme::Fork,
        Theme::Pin,
        Theme::Trapped,
        Theme::Chariot,
        Theme::Advantage,
    ];
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theme::Mate(n) => write!(f, "mate{n}"),
            Theme::DoubleCheck => f.write_str("double-check"),
            Theme::Discovered => f.write_str("discovered"),
            Theme::Fork => f.write_str("fork"),
            Theme::Pin => f.write_str("pin"),
            Theme::Trapped => f.write_str("trapped"),
            Theme::Chariot => f.write_str("chariot"),
            Theme::Advantage => f.write_str("advantage"),
        }
    }
}

impl core::str::FromStr for Theme {
    type Err = String;

    fn from_str(s: &str) -> Result<Theme, String> {
        Ok(match s {
            "double-check" => Theme::DoubleCheck,
            "discovered" => Theme::Discovered,
            "fork" => Theme::Fork,
            "pin" => Theme::Pin,
            "trapped" => Theme::Trapped,
            "chariot" => Theme::Chariot,
            "advantage" => Theme::Advantage,
            _ => match s.strip_prefix("mate").and_then(|n| n.parse::<u8>().ok()) {
                Some(n @ 1..=7) => Theme::Mate(n),
                _ => return Err(format!("\"{s}\" is not a theme")),
            },
        })
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Its number, unique in its set.
    pub id: u32,
    /// The position; the solver is the side to move.
    pub position: Position,
    /// The solution: the solver's move, the reply, ..., the solver's last move.
    pub line: Vec<Move>,
    /// What it teaches, at least one.
    pub themes: Vec<Theme>,
    /// How hard it is, as a rating.
    pub rating: u16,
}

impl Puzzle {
    /// The puzzle as a line of a set (without the newline).
    pub fn to_line(&self) -> String {
        let fen = self.position.to_fen();
        // The move counters say nothing about a puzzle.
        let fen: Vec<&str> = fen.split(' ').take(2).collect();
        let words = |v: Vec<String>| v.join(" ");
        format!(
            "{};{};{};{};{}",
            self.id,
            fen.join(" "),
            words(self.line.iter().map(Move::to_string).collect()),
            words(self.themes.iter().map(Theme::to_string).collect()),
            self.rating
        )
    }

    /// The solver's moves: every other move of the line.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// Why a puzzle set cannot be read: the line (from 1) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// The line of the set, from 1.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle set, line {}: {}", self.line, self.what)
    }
}

impl std::error::Error for PuzzleError {}

/// A puzzle as its set lists it, read in a first stage that checks only the line's form:
/// its number, themes and difficulty, with the position and solution kept as text. Choosing
/// among thousands of puzzles needs no more; [`Listing::puzzle`] reads and checks the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// Its number.
    pub id: u32,
    /// What it teaches, at least one.
    pub themes: Vec<Theme>,
    /// How hard it is, as a rating.
    pub rating: u16,
    /// Its line in the set, from 1 (0 for a line read alone).
    pub line: usize,
    /// The position, as written.
    fen: String,
    /// The solution, as written.
    solution: String,
}

impl Listing {
    /// Reads the form of one line of a set.
    pub fn read(text: &str) -> Result<Listing, String> {
        let fields: Vec<&str> = text.split(';').collect();
        let [id, fen, solution, themes, rating] = fields[..] else {
            return Err(format!(
                "{} fields where a puzzle has 5 (id;fen;line;themes;rating)",
                fields.len()
            ));
        };
        let id = id
            .trim()
            .parse()
            .map_err(|_| format!("\"{id}\" is not a puzzle number"))?;
        let themes = themes
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Theme>, String>>()?;
        if themes.is_empty() {
            return Err("no theme".to_string());
        }
        let rating = rating
            .trim()
            .parse()
            .map_err(|_| format!("\"{rating}\" is not a rating"))?;
        Ok(Listing {
            id,
            themes,
            rating,
            line: 0,
            fen: fen.trim().to_string(),
            solution: solution.to_string(),
        })
    }

    /// The puzzle: its position read and its solution checked legal move by move.
    pub fn puzzle(&self) -> Result<Puzzle, String> {
        let position = Position::from_fen(&self.fen).map_err(|e| format!("the position: {e}"))?;
        let moves = self
            .solution
            .split_whitespace()
            .map(|t| parse_uci(t).map_err(|e| e.to_string()))
            .collect::<Result<Vec<Move>, String>>()?;
        if moves.len() % 2 == 0 || moves.len() > MAX_LINE {
            return Err(format!(
                "a solution of {} moves: it must end with the solver's move and be at most {MAX_LINE}",
                moves.len()
            ));
        }
        let mut pos = position.clone();
        for (i, &m) in moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(format!("move {} of the solution, {m}, is not legal", i + 1));
            }
            pos = pos.after(m);
        }
        Ok(Puzzle {
            id: self.id,
            position,
            line: moves,
            themes: self.themes.clone(),
            rating: self.rating,
        })
    }
}

/// Reads one puzzle from its line of a set.
pub fn read_puzzle(text: &str) -> Result<Puzzle, String> {
    Listing::read(text)?.puzzle()
}

/// Every puzzle of a set as listed, in order (comments and empty lines skipped); the first
/// line whose form is wrong is the error. Numbers must be unique.
pub fn read_listings(text: &str) -> Result<Vec<Listing>, PuzzleError> {
    let mut out: Vec<Listing> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let err = |what| PuzzleError { line: i + 1, what };
        let listing = Listing {
            line: i + 1,
            ..Listing::read(l).map_err(err)?
        };
        if !ids.insert(listing.id) {
            return Err(err(format!("puzzle {} is there twice", listing.id)));
        }
        out.push(listing);
    }
    Ok(out)
}

/// Every puzzle of a set, in order; the first line that is not a puzzle is the error.
/// Numbers must be unique.
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    read_listings(text)?
        .iter()
        .map(|l| {
            l.puzzle()
                .map_err(|what| PuzzleError { line: l.line, what })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATE: &str = "7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8;mate1;800";

    #[test]
    fn a_line_reads_and_writes_back() {
        let p = read_puzzle(MATE).unwrap();
        assert_eq!(p.line.len(), 1);
        assert_eq!(p.solver_moves(), 1);
        assert_eq!(p.to_line(), MATE);
    }

    #[test]
    fn every_theme_reads_back() {
        let mut all = Theme::TACTICS.to_vec();
        all.extend((1..=7).map(Theme::Mate));
        for t in all {
            assert_eq!(t.to_string().parse::<Theme>(), Ok(t));
        }
        assert!("mate8".parse::<Theme>().is_err());
        assert!("mate0".parse::<Theme>().is_err());
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let cases = [
            ("7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8;mate1", "4 fields"),
            (
                "x;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8;mate1;800",
                "not a puzzle number",
            ),
            ("7;3k5/4R4/9/9/9/9/9/9/4K4 w;e8d8;mate1;800", "the position"),
            (
                "7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8e7;mate1;800",
                "not legal",
            ),
            (
                "7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8 d9e9;mate1;800",
                "end with",
            ),
            ("7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8;;800", "no theme"),
            (
                "7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8;smother;800",
                "not a theme",
            ),
            (
                "7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8d8;mate1;hard",
                "not a rating",
            ),
            (
                "7;3k5/4R4/4R4/9/9/9/9/9/9/4K4 w;e8;mate1;800",
                "coordinate move",
            ),
        ];
        for (line, want) in cases {
            let e = read_puzzle(line).unwrap_err();
            assert!(e.contains(want), "{line}: {e}");
        }
    }

    #[test]
    fn a_set_skips_comments_and_refuses_a_number_twice() {
        let set = format!("# header\n\n{MATE}\n{MATE}\n");
        let e = read_puzzles(&set).unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.to_string().contains("twice"), "{e}");
        assert_eq!(read_puzzles(&format!("# h\n{MATE}\n")).unwrap().len(), 1);
    }
}
