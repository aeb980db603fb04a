//! Reading move text against a position: in one named notation, or in whichever of the four
//! it is written.

use super::chinese::parse_chinese;
use super::choice::Notation;
use super::error::{IllegalReason, MoveTextError};
use super::excerpt::excerpt;
use super::iccs::{parse_iccs, IccsError};
use super::uci::{parse_uci, UciMoveError};
use super::wxf::parse_wxf;
use crate::m::Move;
use crate::piece::Kind;
use crate::position::Position;

/// Reads `text` (surrounding whitespace ignored) in `notation` as a legal move in `pos`.
pub fn parse(pos: &Position, text: &str, notation: Notation) -> Result<Move, MoveTextError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let legal = |m: Move| {
        if pos.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveTextError::Illegal {
                text: excerpt(text),
                notation,
                m,
                reason: IllegalReason::of(pos, m),
            })
        }
    };
    match notation {
        // UCI names at most four bytes; checking first keeps a huge input from being copied
        // into the error.
        Notation::Uci if text.len() > 4 => Err(MoveTextError::Uci(UciMoveError(excerpt(text)))),
        Notation::Uci => parse_uci(text).map_err(MoveTextError::Uci).and_then(legal),
        Notation::Iccs => parse_iccs(text)
            .map_err(MoveTextError::Iccs)
            .and_then(legal),
        Notation::Wxf => parse_wxf(pos, text).map_err(MoveTextError::Descriptive),
        Notation::Chinese => parse_chinese(pos, text).map_err(MoveTextError::Descriptive),
    }
}

/// Reads `text` (surrounding whitespace ignored) as a legal move in `pos`, in whichever of
/// the four notations it is written. The notations cannot be mistaken for each other (a
/// lower-case ICCS move without hyphen is the same move in UCI), so the first that reads
/// the text decides: a well-formed move that is illegal or unclear here is reported as
/// such. Text no notation reads gets the error of the notation it looks most like.
pub fn parse_any(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let results = Notation::ALL.map(|notation| parse(pos, text, notation));
    for result in &results {
        match result {
            Ok(m) => return Ok(*m),
            Err(e) if !e.is_malformed() => return Err(e.clone()),
            Err(_) => {}
        }
    }
    let [uci, iccs, wxf, chinese] = results.map(|r| r.err().unwrap_or(MoveTextError::Empty));
    let c: Vec<char> = text.chars().take(6).collect();
    let wxf_like = c.len() == 4
        && (matches!(c[0], '+' | '-')
            || matches!(c[2], '+' | '-' | '.' | '=')
            || (Kind::from_letter(c[0]).is_some()
                && matches!(c[1], '1'..='9' | '+' | '-' | 'a'..='e' | 'A'..='E')
                && !c[2].is_ascii_alphabetic()));
    Err(if !text.is_ascii() {
        chinese
    } else if c.len() == 5 && c[2] == '-' {
        iccs
    } else if wxf_like {
        wxf
    } else if c.len() == 4 && c[0].is_ascii_alphabetic() && c[1].is_ascii_digit() {
        match iccs {
            // The same point twice has its own message in ICCS.
            MoveTextError::Iccs(IccsError::SamePoint { .. }) => iccs,
            _ => uci,
        }
    } else {
        MoveTextError::Unrecognized {
            text: excerpt(text),
        }
    })
}
