//! PGN with variations, as Chinese and WXF sites write it: several games in one file, tags,
//! `{comments}` and `; comments`, nested `( variations )`, moves in Chinese (simplified or
//! traditional), WXF (also in fullwidth characters, lower case for Black), ICCS or UCI,
//! numbered "1." "1..." "1…" "1、" "１．", Black first after "1. ...", and the result.
//!
//! The result token ends a game's move text: what follows it up to the next tag section
//! (a site's footer, a signature) is not read as moves. Without a FEN tag, "1. ..." before
//! the first move starts the game from the initial position with Black to move.

use super::build::Builder;
use super::record::{At, Format, Record, RecordError, Why};
use super::result::GameResult;
use super::tree::GameTree;
use crate::position::Position;

/// A piece of PGN text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Tag(String, String),
    Open,
    Close,
    Comment(String),
    Move(String),
    /// "...": the next move is Black's.
    Ellipsis,
    Result(GameResult),
}

/// The tokens of `text`, each with its line (from 1).
pub(crate) fn tokens(text: &str) -> Vec<(Tok, usize)> {
    tokens_from(text, 1, true)
}

/// The tokens of `text` from line `line`; `line_start` tells whether a tag may open it.
fn tokens_from(text: &str, mut line: usize, mut line_start: bool) -> Vec<(Tok, usize)> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if line_start && (c == '[' || c == '%') {
            let mut rest = String::from(c);
            while let Some(&n) = chars.peek() {
                if n == '\n' {
                    break;
                }
                rest.push(n);
                chars.next();
            }
            let t = rest.trim_end();
            if c == '%' {
                continue;
            }
            if let Some(inner) = t.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
                if let Some((k, v)) = inner.trim().split_once(char::is_whitespace) {
                    if is_tag_name(k) {
                        out.push((Tok::Tag(k.to_string(), tag_value(v)), line));
                    }
                }
                continue;
            }
            // Not a tag after all: read the line as move text.
            out.extend(tokens_from(&rest[1..], line, false));
            line_start = false;
            continue;
        }
        let separator = c.is_whitespace() || matches!(c, ',' | '，' | '、' | '；');
        if !separator {
            line_start = false;
        }
        let special = matches!(c, '{' | ';' | '(' | ')');
        if separator || special {
            end_word(&mut word, line, &mut out);
        }
        match c {
            '\n' => {
                line += 1;
                line_start = true;
            }
            '{' => {
                let (at, mut depth, mut comment) = (line, 1, String::new());
                for n in chars.by_ref() {
                    match n {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        '\n' => line += 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                    comment.push(n);
                }
                out.push((Tok::Comment(comment.replace('\r', "")), at));
            }
            ';' => {
                let mut comment = String::new();
                while let Some(&n) = chars.peek() {
                    if n == '\n' {
                        break;
                    }
                    comment.push(n);
                    chars.next();
                }
                out.push((Tok::Comment(comment), line));
            }
            '(' => out.push((Tok::Open, line)),
            ')' => out.push((Tok::Close, line)),
            _ if separator => {}
            c => word.push(c),
        }
    }
    end_word(&mut word, line, &mut out);
    out
}

/// True for a tag name as PGN allows it: letters, digits and underscores.
pub(crate) fn is_tag_name(k: &str) -> bool {
    !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The value of a tag's quoted string, with `\"` and `\\` unescaped and the spaces around
/// it trimmed.
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
    v.replace(['\r', '\n'], " ").trim().to_string()
}

/// Fullwidth ASCII (Ｃ２．５, １．) as ASCII; other characters as they are.
pub(crate) fn halfwidth(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect()
}

/// The results as words, in PGN and in Chinese (simplified and traditional).
const RESULT_WORDS: [(&str, GameResult); 28] = [
    ("1-0", GameResult::RedWins),
    ("0-1", GameResult::BlackWins),
    ("1/2-1/2", GameResult::Draw),
    ("½-½", GameResult::Draw),
    ("*", GameResult::Unknown),
    ("红胜", GameResult::RedWins),
    ("红先胜", GameResult::RedWins),
    ("红方胜", GameResult::RedWins),
    ("紅勝", GameResult::RedWins),
    ("紅先勝", GameResult::RedWins),
    ("紅方勝", GameResult::RedWins),
    ("黑负", GameResult::RedWins),
    ("黑負", GameResult::RedWins),
    ("黑胜", GameResult::BlackWins),
    ("黑先胜", GameResult::BlackWins),
    ("黑方胜", GameResult::BlackWins),
    ("黑勝", GameResult::BlackWins),
    ("黑先勝", GameResult::BlackWins),
    ("黑方勝", GameResult::BlackWins),
    ("红负", GameResult::BlackWins),
    ("紅負", GameResult::BlackWins),
    ("红先负", GameResult::BlackWins),
    ("紅先負", GameResult::BlackWins),
    ("和棋", GameResult::Draw),
    ("和局", GameResult::Draw),
    ("红先和", GameResult::Draw),
    ("紅先和", GameResult::Draw),
    ("黑先和", GameResult::Draw),
];

/// The result a word names, in PGN or in Chinese words.
fn result_word(w: &str) -> Option<GameResult> {
    RESULT_WORDS.iter().find(|(t, _)| *t == w).map(|(_, r)| *r)
}

/// Ends the word being read: a move, a result, "..." or nothing (a bare move number or a
/// numeric annotation); a number glued to a move is taken off it.
fn end_word(word: &mut String, line: usize, out: &mut Vec<(Tok, usize)>) {
    let raw = halfwidth(word.trim());
    word.clear();
    if raw.is_empty() {
        return;
    }
    if let Some(r) = result_word(&raw) {
        out.push((Tok::Result(r), line));
        return;
    }
    // A result glued to the last move: "车９平８1-0", "车９平８红胜". No move in any notation
    // ends in one of these, and every move is four characters at least.
    for (word, r) in RESULT_WORDS.iter().filter(|(w, _)| *w != "*") {
        if let Some(m) = raw.strip_suffix(word).filter(|m| m.chars().count() >= 4) {
            move_word(m, line, out);
            out.push((Tok::Result(*r), line));
            return;
        }
    }
    move_word(&raw, line, out);
}

/// A word that is not a result: a move, "...", or nothing (a number or an annotation).
fn move_word(raw: &str, line: usize, out: &mut Vec<(Tok, usize)>) {
    let mut tok = raw;
    let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let rest = &tok[digits..];
        if let Some(after) = rest.strip_prefix(['.', '。']) {
            tok = after;
        } else if rest.starts_with('…') {
            tok = rest;
        }
    }
    let bare = tok.trim_start_matches(['.', '…']);
    if bare.len() < tok.len() && tok.len() - bare.len() >= 2 {
        out.push((Tok::Ellipsis, line));
    }
    let tok = bare.trim_end_matches(['!', '?', '+', '#']);
    if tok.is_empty() || tok.starts_with('$') || tok.chars().all(|c| c.is_ascii_digit()) {
        return;
    }
    out.push((Tok::Move(tok.to_string()), line));
}

/// The tags the writers make from a tree's other fields, left out of `GameTree::tags`.
pub(crate) const OWN_TAGS: [&str; 4] = ["Game", "Result", "FEN", "Format"];

/// Reads every game of a PGN file (games begin at a tag section that follows move text).
pub(crate) fn read_pgn_games(text: &str) -> Result<Vec<Record>, RecordError> {
    let toks = tokens(text);
    let mut games: Vec<Vec<(Tok, usize)>> = vec![Vec::new()];
    let mut in_moves = false;
    for (tok, line) in toks {
        let is_tag = matches!(tok, Tok::Tag(..));
        if is_tag && in_moves {
            games.push(Vec::new());
            in_moves = false;
        }
        in_moves |= !is_tag;
        games
            .last_mut()
            .expect("one game at least")
            .push((tok, line));
    }
    let mut records = Vec::new();
    for game in games {
        if game.is_empty() {
            continue;
        }
        records.push(read_game(Format::Pgn, &game, None)?);
    }
    if records.is_empty() {
        return Err(RecordError::new(Format::Pgn, At::Whole, Why::NoGame));
    }
    Ok(records)
}

/// Reads one game's tokens. `start` is the start position a WXF header gave, if any.
pub(crate) fn read_game(
    format: Format,
    toks: &[(Tok, usize)],
    start: Option<(Position, usize)>,
) -> Result<Record, RecordError> {
    let mut tags = Vec::new();
    let mut result = None;
    let mut fen_given = start.is_some();
    let mut position = start.map(|(p, _)| p);
    for (tok, line) in toks {
        if let Tok::Tag(k, v) = tok {
            if k.eq_ignore_ascii_case("FEN") {
                let pos = Position::from_fen(v)
                    .map_err(|e| RecordError::new(format, At::Line(*line), Why::Fen(e)))?;
                position = Some(pos);
                fen_given = true;
            } else if k.eq_ignore_ascii_case("Result") {
                result = v.parse().ok().or_else(|| result_word(v));
            } else if !OWN_TAGS.iter().any(|own| own.eq_ignore_ascii_case(k)) {
                tags.push((k.clone(), v.clone()));
            }
        }
    }
    let mut tree = GameTree::new(position.unwrap_or_else(Position::start));
    tree.tags = tags;
    tree.result = result;
    let mut b = Builder::new(tree);
    let mut first_fault_line = None;
    for (tok, line) in toks {
        match tok {
            Tok::Tag(..) => {}
            Tok::Open => b.open(),
            Tok::Close => b.close(),
            Tok::Comment(c) => b.comment(c),
            Tok::Ellipsis if !fen_given => b.black_first(),
            Tok::Ellipsis => {}
            Tok::Result(r) if !b.in_variation() => {
                // `*` says nothing the Result tag did not (or its absence).
                if *r != GameResult::Unknown {
                    b.tree.result = Some(*r);
                }
                break;
            }
            Tok::Result(_) => {}
            Tok::Move(m) => {
                let before = b.faults.len();
                b.play_text(m);
                if b.faults.len() > before && first_fault_line.is_none() {
                    first_fault_line = Some(*line);
                }
            }
        }
    }
    let (tree, faults) = b.finish();
    let untagged = tree.tags.is_empty() && tree.result.is_none() && !fen_given;
    if let (true, true, Some(line), Some(f)) =
        (untagged, tree.is_empty(), first_fault_line, faults.first())
    {
        // Nothing in the text reads as a record: say so rather than give an empty game.
        let why = Why::Form(format!("\"{}\" is not a move: {}", f.text, f.error));
        return Err(RecordError::new(format, At::Line(line), why));
    }
    Ok(Record {
        format,
        tree,
        faults,
    })
}
