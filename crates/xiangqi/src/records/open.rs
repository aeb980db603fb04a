//! Reading the records players keep, whatever their form: [`read_records`] tells XQF,
//! DhtmlXQ, a WXF file and PGN (or a bare list of moves) apart by their content, and
//! gives each game found as a [`GameTree`] with the faults met on the way.
//!
//! Reading is in two stages, as for single moves: the file's form first (a header, tags,
//! the tree's encoding), where an error is fatal and says where (byte or line) and why;
//! then each move on its position, where a move that cannot be played ends its line only:
//! the tree keeps what was legal before it, and a [`MoveFault`] says which move it was.
//!
//! ```
//! use xiangqi::records::{read_records, Format};
//! let text = "[Event \"Club\"]\n1. 炮二平五 马8进7 (1... 炮8平5) 2. 马二进三 *";
//! let records = read_records(text.as_bytes()).unwrap();
//! let first = &records[0];
//! assert_eq!(first.format, Format::Pgn);
//! assert!(first.faults.is_empty());
//! assert_eq!(first.tree.tag("Event"), Some("Club"));
//! assert_eq!(first.tree.main_line().len(), 3);
//! assert_eq!(first.tree.len(), 4);
//! ```

use super::dhtml::read_dhtml;
use super::pgn_tree::read_pgn_games;
use super::record::{decode_text, At, Record, RecordError, Why};
use super::wxf_file::read_wxf_file;
use super::xqf::read_xqf;

/// Reads every game of a record, telling its form by the content: XQF by its `XQ`
/// signature, PGN by a tag on its first line, DhtmlXQ by its `[DhtmlXQ` tags, a WXF file
/// by `FORMAT WXF` or `START{`, and anything else as PGN (a bare list of moves). Text may be UTF-8 (with or without a byte-order mark) or GBK.
pub fn read_records(bytes: &[u8]) -> Result<Vec<Record>, RecordError> {
    if bytes.starts_with(b"XQ") {
        return read_xqf(bytes).map(|r| vec![r]);
    }
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(RecordError {
            format: None,
            at: At::Whole,
            why: Why::Empty,
        });
    }
    let text = decode_text(bytes).ok_or(RecordError {
        format: None,
        at: At::Whole,
        why: Why::Encoding,
    })?;
    // A PGN's tags come first, so a comment that quotes another form cannot mislead.
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let pgn_first = first.starts_with('[') && !first.to_ascii_lowercase().starts_with("[dhtmlxq");
    if !pgn_first && text.to_ascii_lowercase().contains("[dhtmlxq") {
        return read_dhtml(&text);
    }
    if !pgn_first && is_wxf_file(&text) {
        return read_wxf_file(&text).map(|r| vec![r]);
    }
    read_pgn_games(&text)
}

/// The first game of a record: [`read_records`] for callers that open one game.
pub fn read_record(bytes: &[u8]) -> Result<Record, RecordError> {
    let mut all = read_records(bytes)?;
    Ok(all.swap_remove(0))
}

/// True for a WXF file: a `FORMAT WXF` line or a `START{` marker.
fn is_wxf_file(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim();
        (t.get(..6).is_some_and(|k| k.eq_ignore_ascii_case("FORMAT")) && t.contains("WXF"))
            || t.starts_with("START{")
    })
}
