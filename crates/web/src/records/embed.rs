//! Embedding the board in another page. With `embed=1` in its address the app shows the board,
//! a compact toolbar and the status only, sized to its frame; the other parameters of the
//! address apply as usual. [`snippet`] writes the `<iframe>` element that embeds a game to
//! play, or (with `view=replay`) a game to replay. Pure, tested natively.
//!
//! ```
//! use xiangqi_web::records::embed::{embed_value, snippet};
//! use xiangqi_web::records::link::Layout;
//! assert!(embed_value(Some("1")));
//! assert_eq!(
//!     snippet("https://example.org/xiangqi/", Layout::Play, &[("level", "3")]),
//!     "<iframe src=\"https://example.org/xiangqi/?embed=1&amp;level=3\" title=\"Xiangqi\" \
//!      loading=\"lazy\" style=\"width:100%;max-width:480px;aspect-ratio:2/3;border:0\"></iframe>"
//! );
//! ```

use super::link::codec::encode;
use super::link::layout::Layout;
use super::link::names::EMBED;

/// True if the value of the `embed` parameter (`None`: absent) asks for the embedded layout:
/// `1`, `true`, `yes`, or empty (a bare `embed`). The value is read as every parameter of the
/// address is (`browser::url_params`: decoded, the first if it is given twice). The page's
/// script (`www/page.js`) does not read it again: it asks the app, which marks itself
/// `data-embed`.
pub fn embed_value(value: Option<&str>) -> bool {
    matches!(value, Some("1" | "true" | "yes" | ""))
}

/// `text` escaped for an HTML attribute value in double quotes.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The address of the app at `page` (its address without query or fragment) in the embedded
/// layout, with the parameters `params` (names and unescaped values).
pub fn url(page: &str, params: &[(&str, &str)]) -> String {
    let mut url = format!("{page}?{EMBED}=1");
    for (name, value) in params {
        url.push_str(&format!("&{name}={}", encode(value)));
    }
    url
}

/// The `<iframe>` element that embeds the app at `page` in `layout` with `params` (the
/// replay's `view=replay` among them). It takes the width of its column up to 480 px, and a
/// height of 3/2 of that for a board to play: room for the board (9 by 11.1 units), the toolbar
/// and the status at every width from 300 to 700 px; a replay is taller (5/3), for the
/// move list and the comments under the board, and a diagram has its image's shape (472 by
/// 560).
pub fn snippet(page: &str, layout: Layout, params: &[(&str, &str)]) -> String {
    let (title, ratio) = match layout {
        Layout::Replay => ("Xiangqi game", "3/5"),
        Layout::Diagram => ("Xiangqi diagram", "59/70"),
        Layout::Play => ("Xiangqi", "2/3"),
        Layout::Practice => ("Xiangqi puzzle", "3/5"),
    };
    format!(
        "<iframe src=\"{}\" title=\"{title}\" loading=\"lazy\" \
         style=\"width:100%;max-width:480px;aspect-ratio:{ratio};border:0\"></iframe>",
        attribute(&url(page, params))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embed_is_asked_for_by_the_parameter_only() {
        // Which parameter and which of its values count is the address's one rule
        // (`browser::url_params`, checked in the browser by tests/embed.test.mjs).
        assert!(embed_value(Some("1")));
        assert!(embed_value(Some("true")));
        assert!(embed_value(Some("yes")));
        assert!(embed_value(Some("")), "a bare embed");
        assert!(!embed_value(None));
        assert!(!embed_value(Some("0")));
        assert!(!embed_value(Some("no")));
    }

    #[test]
    fn the_snippet_escapes_the_position_for_the_address_and_the_attribute() {
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let s = snippet("http://127.0.0.1:8080/", Layout::Play, &[("fen", fen)]);
        assert!(
            s.contains("src=\"http://127.0.0.1:8080/?embed=1&amp;fen=4k4/R8/9/9/9/9/9/9/9/1R1K5+w+-+-+0+1\""),
            "{s}"
        );
        assert!(s.starts_with("<iframe ") && s.ends_with("></iframe>"));
        assert_eq!(url("p", &[("x", "a&b\"")]), "p?embed=1&x=a%26b%22");
        let r = snippet("p", Layout::Replay, &[("view", "replay"), ("line", "epJ")]);
        assert!(
            r.contains("src=\"p?embed=1&amp;view=replay&amp;line=epJ\""),
            "{r}"
        );
        assert!(r.contains("aspect-ratio:3/5"), "{r}");
    }
}
