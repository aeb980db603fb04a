//! Comments in a link's `notes` parameter (and a saved game's `comment` lines): one per line,
//! `PLY:TEXT`.

use xiangqi::records::Comment;

pub use crate::model::read_errors::NotesError;

/// The comments of a `notes` value for a game of `len` plies: one per line, `PLY:TEXT`.
pub fn read_notes(text: &str, len: usize) -> Result<Vec<Comment>, NotesError> {
    let mut comments = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (ply, text) = line.split_once(':').ok_or(NotesError::NotPlyText)?;
        let ply: usize = ply.trim().parse().map_err(|_| NotesError::NotPlyText)?;
        if ply > len {
            return Err(NotesError::PastTheEnd);
        }
        // Kept in order of their ply, each after those of the same ply (no sort linked in).
        let at = comments
            .iter()
            .take_while(|c: &&Comment| c.ply <= ply)
            .count();
        comments.insert(
            at,
            Comment {
                ply,
                text: text.trim().to_string(),
            },
        );
    }
    Ok(comments)
}

/// The `notes` value for `comments`: one per line, `PLY:TEXT`, line breaks in a text written
/// as spaces.
pub fn write_notes(comments: &[Comment]) -> String {
    comments
        .iter()
        .map(|c| format!("{}:{}", c.ply, c.text.replace(['\r', '\n'], " ")))
        .collect::<Vec<_>>()
        .join("\n")
}
