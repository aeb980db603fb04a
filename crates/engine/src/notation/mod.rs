//! Moves as text: UCI coordinates (`h2e2`), ICCS (`H2-E2`), WXF (`C2.5`) and Chinese
//! (`炮二平五`). Each notation has a parse function returning a typed error and a format
//! function; [`parse_any`] accepts any of the four.

mod uci;

pub use uci::{format_uci, parse_uci, UciMoveError};
