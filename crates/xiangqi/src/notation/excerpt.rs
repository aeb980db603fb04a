//! A bounded copy of input text, for errors that quote what was typed.

/// At most 32 characters of `text`, for keeping in an error without copying a huge input.
pub(crate) fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut s: String = chars.by_ref().take(32).collect();
    if chars.next().is_some() {
        s.push('…');
    }
    s
}
