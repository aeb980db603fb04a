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
use super::pgn_tree::{tokens, Tok};
use super::result::GameResult;
use crate::color::Color;
use crate::fen::{FenError, START_FEN};
use crate::game::{Game, PlayError};
use crate::notation::{excerpt, parse_any, MoveTextError, Notation};
use crate::position::Position;
use core::fmt;

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
        let has = |k: &str| self.tags.iter().any(|(t, _)| t.eq_ignore_ascii_case(k));
        let moves = self.game.moves();
        for (k, v) in super::ecco::pgn_tags(self.game.start_position(), &moves, &has) {
            tag(k, v);
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

/// The tokens of the text's first game: up to a tag section that follows move text.
fn first_game(toks: Vec<(Tok, usize)>) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut in_moves = false;
    for (tok, _) in toks {
        let is_tag = matches!(tok, Tok::Tag(..));
        if is_tag && in_moves {
            break;
        }
        in_moves |= !is_tag;
        out.push(tok);
    }
    out
}

/// Reads a PGN or a plain list of moves: the main line of the first game, its comments and
/// its result (the variations are skipped; [`read_records`](super::read_records) keeps them).
/// Every move must be legal where it is played and the game not yet over by the rules; the
/// first that fails is reported with its move number. The result token ends the move text,
/// so a site's footer after it is not read as moves.
pub fn read_pgn(text: &str) -> Result<Pgn, PgnError> {
    let toks = first_game(tokens(text));
    let mut tags = Vec::new();
    let mut fen = None;
    let mut result = None;
    for tok in &toks {
        if let Tok::Tag(k, v) = tok {
            if k.eq_ignore_ascii_case("FEN") {
                fen = Some(v.clone());
            } else if k.eq_ignore_ascii_case("Result") {
                result = v.parse().ok();
            }
            tags.push((k.clone(), v.clone()));
        }
    }
    let mut start = match &fen {
        Some(fen) => Position::from_fen(fen).map_err(PgnError::Fen)?,
        None => Position::start(),
    };
    let any_tags = !tags.is_empty();
    tags.retain(|(k, _)| !OWN_TAGS.iter().any(|own| own.eq_ignore_ascii_case(k)));
    let mut game = Game::from_position(start.clone());
    let mut comments = Vec::new();
    let mut any_moves = false;
    let mut depth = 0usize;
    for tok in toks {
        let word = match tok {
            Tok::Open => {
                depth += 1;
                continue;
            }
            Tok::Close => {
                depth = depth.saturating_sub(1);
                continue;
            }
            _ if depth > 0 => continue,
            Tok::Tag(..) => continue,
            Tok::Comment(text) => {
                comments.push(Comment {
                    ply: game.len(),
                    text: text.trim().to_string(),
                });
                continue;
            }
            Tok::Ellipsis => {
                // "1. ..." before the first move, without a FEN: Black starts.
                if fen.is_none() && game.is_empty() && start.turn() == Color::Red {
                    let mut setup = start.to_setup();
                    setup.turn = Color::Black;
                    if let Ok(pos) = Position::from_setup(&setup) {
                        start = pos;
                        game = Game::from_position(start.clone());
                    }
                }
                continue;
            }
            Tok::Result(r) => {
                result = Some(r);
                break;
            }
            Tok::Move(w) => w,
        };
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
