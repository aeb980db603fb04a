//! The WXF file: header lines of a keyword and its value, then the moves between `START{`
//! and `}END`, numbered, in WXF (lower case for Black is common) or any other notation.
//!
//! ```text
//! FORMAT          WXF
//! GAME            Club championship
//! RED             Wang;6.0
//! BLACK           Li
//! DATE            2024.05.01
//! RESULT          1-0
//! START{
//!  1. C2.5   h8+7
//!  2. H2+3   r9.8
//! }END
//! ```
//!
//! `GAME` becomes the Event tag, `RED`, `BLACK`, `DATE`, `ROUND`, `SITE` theirs, `FEN`
//! the start; other keywords are kept as tags under their own name.

use super::pgn_tree::{read_game, tokens, Tok};
use super::record::{At, Format, Record, RecordError, Why};
use super::result::GameResult;
use super::tree::tag;
use crate::position::Position;

/// Reads a WXF file.
pub(crate) fn read_wxf_file(text: &str) -> Result<Record, RecordError> {
    let mut toks: Vec<(Tok, usize)> = Vec::new();
    let mut start = None;
    let mut moves = String::new();
    let mut moves_line = 0;
    let mut in_moves = false;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let t = line.trim();
        if in_moves {
            if let Some(before) = t.strip_suffix("}END").or_else(|| t.strip_prefix("}END")) {
                moves.push_str(before);
                in_moves = false;
                continue;
            }
            moves.push_str(line);
            moves.push('\n');
            continue;
        }
        if let Some(rest) = t.strip_prefix("START{") {
            in_moves = true;
            moves_line = number;
            match rest.find("}END") {
                Some(end) => {
                    moves.push_str(&rest[..end]);
                    in_moves = false;
                }
                None => {
                    moves.push_str(rest);
                    moves.push('\n');
                }
            }
            continue;
        }
        let Some((key, value)) = t.split_once(char::is_whitespace) else {
            continue;
        };
        // As every reader gives tag values: on one line, trimmed.
        let value = value.replace('\r', " ").trim().to_string();
        let key = key.to_ascii_uppercase();
        let name = match key.as_str() {
            "FORMAT" => continue,
            "FEN" => {
                let pos = Position::from_fen(&value)
                    .map_err(|e| RecordError::new(Format::Wxf, At::Line(number), Why::Fen(e)))?;
                start = Some((pos, number));
                continue;
            }
            "RESULT" => {
                if let Ok(r) = value.parse::<GameResult>() {
                    toks.push((Tok::Tag("Result".into(), r.as_str().into()), number));
                }
                continue;
            }
            "GAME" | "EVENT" => tag::EVENT.to_string(),
            "RED" => tag::RED.to_string(),
            "BLACK" => tag::BLACK.to_string(),
            "DATE" => tag::DATE.to_string(),
            "ROUND" => tag::ROUND.to_string(),
            "SITE" | "PLACE" => tag::SITE.to_string(),
            _ if super::pgn_tree::is_tag_name(&key) => key,
            _ => continue,
        };
        toks.push((Tok::Tag(name, value), number));
    }
    for (tok, line) in tokens(&moves) {
        toks.push((tok, line + moves_line.max(1) - 1));
    }
    read_game(Format::Wxf, &toks, start)
}
