//! Xiangqi PGN: tag pairs, numbered moves in any of the four notations, comments and the
//! result.
//!
//! Writing gives `[Game "Chinese Chess"]`, the caller's tags, `[Result]`, `[FEN]` when the game
//! did not begin at the initial position, and `[Format]` naming the notation, then the moves
//! wrapped at 80 columns. Reading is forgiving: it takes a PGN or a plain list of moves, in any
//! notation and mixed if need be; move numbers ("12." "12..." "12…" "12、"), variations,
//! numeric annotations (`$1`) and `%` lines are skipped, `{comments}` and `; comments` kept, and
//! each move is read with [`parse_any`] in the position where it is played.

use super::movetext::{for_each_word_with, move_number, Comment};
use crate::color::Color;
use crate::fen::{FenError, START_FEN};
use crate::game::{Game, Outcome, PlayError};
use crate::notation::{excerpt, parse_any, MoveTextError, Notation};
use crate::position::Position;
use core::fmt;
use core::str::FromStr;

/// The result of a game as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a game that ended with `outcome` (`None`: not over, `*`).
    pub const fn from_outcome(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(Outcome {
                winner: Some(Color::Red),
                ..
            }) => GameResult::RedWins,
            Some(Outcome {
                winner: Some(Color::Black),
                ..
            }) => GameResult::BlackWins,
            Some(Outcome { winner: None, .. }) => GameResult::Draw,
            None => GameResult::Unknown,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ();

    /// Reads one of the four PGN result tokens exactly.
    fn from_str(s: &str) -> Result<GameResult, ()> {
        [
            GameResult::RedWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
        .ok_or(())
    }
}

/// A game record: tags, the game (its start position and moves), the result and comments.
#[derive(Clone, Debug)]
pub struct Pgn {
    /// Tag pairs in their order, other than those the writer makes itself from the other
    /// fields: Game, Result, FEN and Format (the reader leaves those out too).
    pub tags: Vec<(String, String)>,
    /// The game: the start position (the FEN tag) and the moves.
    pub game: Game,
    /// The result as recorded, which may say more than the rules (a resignation, a time
    /// loss). `None` writes the game's own outcome, or `*` while it is not over.
    pub result: Option<GameResult>,
    /// The comments, in order of their `ply`.
    pub comments: Vec<Comment>,
}

/// The tags the writer makes from the record's other fields.
const OWN_TAGS: [&str; 4] = ["Game", "Result", "FEN", "Format"];

/// Lines of move text are broken before this many characters.
const LINE: usize = 80;

impl Pgn {
    /// A record of `game` with no tags and no comments.
    pub fn new(game: Game) -> Pgn {
        Pgn {
            tags: Vec::new(),
            game,
            result: None,
            comments: Vec::new(),
        }
    }

    /// The value of the tag `name` (compared ignoring ASCII case), if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The result written: the recorded one, else the game's outcome.
    pub fn result(&self) -> GameResult {
        self.result
            .unwrap_or_else(|| GameResult::from_outcome(self.game.outcome()))
    }

    /// The record as PGN text with the moves in `notation`.
    pub fn write(&self, notation: Notation) -> String {
        let mut out = String::new();
        let mut tag = |k: &str, v: &str| {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{k} \"{v}\"]\n"));
        };
        tag("Game", "Chinese Chess");
        for (k, v) in &self.tags {
            if !OWN_TAGS.iter().any(|own| own.eq_ignore_ascii_case(k)) {
                tag(k, v);
            }
        }
        let result = self.result().as_str();
        tag("Result", result);
        let fen = self.game.start_position().to_fen();
        if fen != START_FEN {
            tag("FEN", &fen);
        }
        tag("Format", notation.name());
        out.push('\n');
        let mut line = String::new();
        let mut push = |word: &str, out: &mut String| {
            let width = |s: &str| s.chars().count();
            if !line.is_empty() && width(&line) + 1 + width(word) >= LINE {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        };
        for_each_word_with(&self.game, notation, &self.comments, |w| push(&w, &mut out));
        push(result, &mut out);
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// Why a move of a record could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move, or names no single legal move in the position.
    Text(MoveTextError),
    /// The game was already over by the rules.
    Play(PlayError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Text(e) => e.fmt(f),
            MoveError::Play(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a record could not be read. The fields say what went wrong and where, so that a user
/// interface can put it in its own words; [`Display`](fmt::Display) gives it in English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// The FEN tag cannot be used.
    Fen(FenError),
    /// A move cannot be read, or cannot be played where it stands.
    Move {
        /// Its ply, counted from 1 at the record's start.
        ply: usize,
        /// Its move number.
        number: u32,
        /// Who was to play it.
        side: Color,
        /// The text as written (shortened if long).
        text: String,
        /// What is wrong with it.
        error: MoveError,
    },
    /// The text has neither tags nor moves.
    Empty,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Fen(e) => write!(f, "the FEN tag cannot be used: {e}"),
            PgnError::Move {
                number,
                side,
                text,
                error,
                ..
            } => write!(f, "move {number} ({side}), \"{text}\": {error}"),
            PgnError::Empty => write!(f, "there are no moves to read"),
        }
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PgnError::Fen(e) => Some(e),
            PgnError::Move { error, .. } => Some(error),
            PgnError::Empty => None,
        }
    }
}

/// A piece of move text.
enum Token {
    Word(String),
    Comment(String),
}

/// The value of a tag line's quoted string, with `\"` and `\\` unescaped.
fn tag_value(raw: &str) -> String {
    let raw = raw.trim();
    let inner = raw
        .strip_prefix('"')
        .map(|r| r.strip_suffix('"').unwrap_or(r))
        .unwrap_or(raw);
    let mut v = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => v.extend(chars.next()),
            c => v.push(c),
        }
    }
    v
}

/// The tags and the move text's tokens, without variations, annotations and move numbers.
fn tokens(text: &str) -> (Vec<(String, String)>, Vec<Token>) {
    let mut tags = Vec::new();
    let mut toks = Vec::new();
    let (mut braces, mut parens) = (0usize, 0usize);
    let mut word = String::new();
    let mut comment = String::new();
    for line in text.lines() {
        let t = line.trim();
        if braces == 0 && t.starts_with('[') && t.ends_with(']') {
            let inner = &t[1..t.len() - 1];
            if let Some((k, v)) = inner.trim().split_once(char::is_whitespace) {
                tags.push((k.to_string(), tag_value(v)));
            }
            continue;
        }
        // A line starting with % is an escape to other software.
        if braces == 0 && line.starts_with('%') {
            continue;
        }
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if braces > 0 {
                match c {
                    '{' => braces += 1,
                    '}' => braces -= 1,
                    _ => {}
                }
                if braces == 0 {
                    if parens == 0 {
                        toks.push(Token::Comment(comment.trim().to_string()));
                    }
                    comment.clear();
                } else {
                    comment.push(c);
                }
                continue;
            }
            match c {
                '{' => {
                    end_word(&mut word, &mut toks);
                    braces = 1;
                }
                ';' => {
                    end_word(&mut word, &mut toks);
                    let rest: String = chars.by_ref().collect();
                    if parens == 0 {
                        toks.push(Token::Comment(rest.trim().to_string()));
                    }
                }
                '(' => {
                    end_word(&mut word, &mut toks);
                    parens += 1;
                }
                ')' => {
                    end_word(&mut word, &mut toks);
                    parens = parens.saturating_sub(1);
                }
                _ if parens > 0 => {}
                c if c.is_whitespace() || matches!(c, ',' | '，' | '、' | '；') => {
                    end_word(&mut word, &mut toks)
                }
                c => word.push(c),
            }
        }
        if braces > 0 {
            comment.push('\n');
        }
        end_word(&mut word, &mut toks);
    }
    (tags, toks)
}

/// Ends the word being read, keeping it if it is a move or a result.
fn end_word(word: &mut String, toks: &mut Vec<Token>) {
    if let Some(w) = clean_word(word) {
        toks.push(Token::Word(w));
    }
    word.clear();
}

/// A word of move text without its move number, or `None` for a bare number or annotation.
fn clean_word(raw: &str) -> Option<String> {
    let mut tok = raw.trim();
    // Move numbers: "12." "12..." "12…" "12。", alone or glued to the move.
    let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let rest = &tok[digits..];
        let after = rest.trim_start_matches(['.', '…', '。']);
        if after.len() < rest.len() {
            tok = after;
        }
    }
    let tok = tok.trim_start_matches(['.', '…']);
    let skip = tok.is_empty() || tok.starts_with('$') || tok.chars().all(|c| c.is_ascii_digit());
    (!skip).then(|| tok.to_string())
}

/// Reads a PGN or a plain list of moves. Every move must be legal where it is played and the
/// game not yet over by the rules; the first that fails is reported with its move number.
pub fn read_pgn(text: &str) -> Result<Pgn, PgnError> {
    let (mut tags, toks) = tokens(text);
    let start = match tags.iter().find(|(k, _)| k.eq_ignore_ascii_case("FEN")) {
        Some((_, fen)) => Position::from_fen(fen).map_err(PgnError::Fen)?,
        None => Position::start(),
    };
    let mut result = tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("Result"))
        .and_then(|(_, v)| v.parse().ok());
    let any_tags = !tags.is_empty();
    tags.retain(|(k, _)| !OWN_TAGS.iter().any(|own| own.eq_ignore_ascii_case(k)));
    let mut game = Game::from_position(start.clone());
    let mut comments = Vec::new();
    let mut any_moves = false;
    for tok in toks {
        let word = match tok {
            Token::Comment(text) => {
                comments.push(Comment {
                    ply: game.len(),
                    text,
                });
                continue;
            }
            Token::Word(w) => w,
        };
        if let Ok(r) = word.parse() {
            result = Some(r);
            continue;
        }
        any_moves = true;
        let (number, side) = move_number(&start, game.len());
        let ply = game.len() + 1;
        let err = |error| PgnError::Move {
            ply,
            number,
            side,
            text: excerpt(&word),
            error,
        };
        let m = parse_any(game.position(), &word).map_err(|e| err(MoveError::Text(e)))?;
        game.play(m).map_err(|e| err(MoveError::Play(e)))?;
    }
    if !any_moves && !any_tags {
        return Err(PgnError::Empty);
    }
    Ok(Pgn {
        tags,
        game,
        result,
        comments,
    })
}
