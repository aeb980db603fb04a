//! Moves as text: UCI coordinates (`h2e2`), ICCS (`H2-E2`), WXF (`C2.5`) and Chinese
//! (`炮二平五`). Each notation has a parse function returning a typed error and a format
//! function; [`parse_any`] accepts any of the four.

mod chinese;
mod descriptive;
mod iccs;
mod uci;
mod wxf;

pub use chinese::{format_chinese, parse_chinese, ChineseError};
pub use iccs::{format_iccs, parse_iccs, IccsError};
pub use uci::{format_uci, parse_uci, UciMoveError};
pub use wxf::{format_wxf, parse_wxf, WxfError};

/// At most 32 characters of `text`, for keeping in an error without copying a huge input.
fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut s: String = chars.by_ref().take(32).collect();
    if chars.next().is_some() {
        s.push('…');
    }
    s
}
