//! FEN in the convention of Pikafish and Fairy-Stockfish.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ranks from 9
//! (Black's back rank) down to 0, Red in upper case, letters K A B N R C P (H and E accepted on
//! input), `w` (or `r`) for Red to move and `b` for Black, two unused `-` fields, then the plies
//! since the last capture and the move number. Trailing fields may be left out.
//!
//! Parsing gives a [`Setup`], which may still be illegal; [`Position::from_setup`] checks the
//! rules and [`Position::from_fen`] does both, with one error type that says what is wrong.
//!
//! ```
//! use xiangqi::{FenError, Position, PositionError, Color};
//! let start = Position::from_fen(xiangqi::START_FEN).unwrap();
//! assert_eq!(start.to_fen(), xiangqi::START_FEN);
//! assert_eq!(
//!     Position::from_fen("9/9/9/9/9/9/9/9/9/4K4 w"),
//!     Err(FenError::Illegal(PositionError::MissingGeneral(Color::Black)))
//! );
//! ```

use crate::board::Board;
use crate::color::Color;
use crate::piece::Piece;
use crate::position::error::PositionError;
use crate::square::Square;
use core::fmt;
use core::str::FromStr;

/// The initial position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A board with the side to move and the counters: what a FEN says, not yet checked
/// against the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (the FEN's fifth field).
    pub halfmoves: u32,
    /// The move number, starting at 1 and growing after Black moves.
    pub fullmoves: u32,
}

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The placement does not have ten ranks.
    WrongRankCount {
        /// Ranks found.
        found: usize,
    },
    /// A character that is no piece letter or digit.
    UnknownLetter {
        /// The character.
        letter: char,
        /// The rank (0-9) it stands on.
        rank: u8,
    },
    /// A rank that does not describe exactly nine points.
    WrongRankLength {
        /// The rank (0-9).
        rank: u8,
        /// How many points it describes.
        points: usize,
    },
    /// The side to move is not `w`, `r` or `b`.
    BadSide(String),
    /// A counter or unused field that cannot be read.
    BadCounter {
        /// Which field: "castling", "en passant", "halfmove clock" or "move number".
        field: &'static str,
        /// The text found.
        found: String,
    },
    /// More than six fields.
    TooManyFields,
    /// The FEN is well formed but the position breaks a rule.
    Illegal(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "the FEN is empty"),
            FenError::WrongRankCount { found } => {
                write!(f, "the FEN describes {found} ranks; a board has 10, separated by '/'")
            }
            FenError::UnknownLetter { letter, rank } => write!(
                f,
                "unknown letter '{letter}' on rank {rank}: pieces are K A B N R C P (upper case for Red)"
            ),
            FenError::WrongRankLength { rank, points } => {
                write!(f, "rank {rank} describes {points} points; every rank has 9")
            }
            FenError::BadSide(s) => {
                write!(f, "the side to move is \"{s}\"; expected w (Red) or b (Black)")
            }
            FenError::BadCounter { field, found } => {
                write!(f, "the {field} field is \"{found}\", which cannot be read")
            }
            FenError::TooManyFields => write!(f, "the FEN has more than six fields"),
            FenError::Illegal(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Illegal(e)
    }
}

impl Board {
    /// The initial placement (the start FEN's, so that it is written down once).
    pub fn start() -> Board {
        Setup::start().board
    }
}

impl Setup {
    /// The initial setup.
    pub fn start() -> Setup {
        // Not `expect`: formatting the error would link its `Debug` (and `str`'s) into every
        // binary that starts a game, the page's first load among them, for a case that
        // cannot happen.
        match START_FEN.parse() {
            Ok(setup) => setup,
            Err(_) => unreachable!("the start FEN is well formed"),
        }
    }

    /// The FEN of this setup.
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.board.get(Square::new(file, rank).expect("on board")) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.fen_char());
        s.push_str(&format!(" - - {} {}", self.halfmoves, self.fullmoves));
        s
    }
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Setup, FenError> {
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::WrongRankCount { found: ranks.len() });
        }
        let mut board = Board::empty();
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(FenError::UnknownLetter { letter: c, rank });
                    }
                    file += d as usize;
                } else if let Some(p) = Piece::from_fen_char(c) {
                    if file < 9 {
                        board.set(Square::new(file as u8, rank).expect("on board"), Some(p));
                    }
                    file += 1;
                } else {
                    return Err(FenError::UnknownLetter { letter: c, rank });
                }
            }
            if file != 9 {
                return Err(FenError::WrongRankLength { rank, points: file });
            }
        }
        let turn = match fields.next() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(s) => return Err(FenError::BadSide(s.to_string())),
        };
        for field in ["castling", "en passant"] {
            match fields.next() {
                None | Some("-") => {}
                Some(s) => {
                    return Err(FenError::BadCounter {
                        field,
                        found: s.to_string(),
                    })
                }
            }
        }
        let halfmoves = match fields.next() {
            None => 0,
            Some(s) => s.parse::<u32>().map_err(|_| FenError::BadCounter {
                field: "halfmove clock",
                found: s.to_string(),
            })?,
        };
        let fullmoves = match fields.next() {
            None => 1,
            Some(s) => match s.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(FenError::BadCounter {
                        field: "move number",
                        found: s.to_string(),
                    })
                }
            },
        };
        if fields.next().is_some() {
            return Err(FenError::TooManyFields);
        }
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
