//! The opening's name and the explorer as HTML, written in the openings' worker for the page
//! to show as it is (see the module above). The hooks the page's tests and scripts read:
//! `data-testid="opening"` with `data-ecco` (and `data-tag` where a record's own tag
//! differs), and in the explorer one `button[data-book-move]` per book move, carrying the
//! move in UCI (and `data-raw`, its number, which the page's click handler reads).

use super::answer::{Answer, Named};
use crate::text::i18n::Lang;
use crate::text::scores::{for_red, label};
use xiangqi::notation::{format, format_uci, Notation};
use xiangqi::Position;
use xiangqi_ai::Score;

/// `text` with the characters HTML gives a meaning to written as entities.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The name alone in `lang`.
fn in_lang(o: &Named, lang: Lang) -> &str {
    match lang {
        Lang::En => &o.english,
        Lang::Zh => &o.chinese,
    }
}

/// The code and the name in `lang`: "C00 · Central Cannon …".
pub(super) fn name(o: &Named, lang: Lang) -> String {
    format!("{} · {}", o.code, in_lang(o, lang))
}

/// The line's opening, with the record's own `tag` beside it where it differs; empty when
/// the line has no opening.
pub fn opening_line(opening: Option<&Named>, tag: Option<&str>, lang: Lang) -> String {
    let Some(o) = opening else {
        return String::new();
    };
    let other = in_lang(o, if lang == Lang::En { Lang::Zh } else { Lang::En });
    let differs = tag
        .map(str::trim)
        .filter(|t| !t.eq_ignore_ascii_case(&o.code));
    let tag_attr = differs.map_or(String::new(), |t| format!(" data-tag=\"{}\"", escape(t)));
    let tag_text = differs.map_or(String::new(), |t| {
        format!(
            " <span class=\"tag\">({} {})</span>",
            lang.t("the record says", "棋谱标注"),
            escape(t)
        )
    });
    format!(
        "<p class=\"opening-name\" data-testid=\"opening\" data-ecco=\"{}\"{tag_attr} title=\"{}\"><span class=\"label\">{}</span> {}{tag_text}</p>",
        escape(&o.code),
        escape(other),
        lang.t("Opening:", "开局："),
        escape(&name(o, lang)),
    )
}

/// The explorer's content for `position`: its heading, then the book's moves (or why there
/// are none).
pub fn explorer(answer: &Answer, position: &Position, notation: Notation, lang: Lang) -> String {
    let title = lang.t("Opening book", "开局库");
    let body = if !answer.book_loaded {
        format!(
            "<p class=\"waiting\">{}</p>",
            lang.t("Opening the book…", "正在打开开局库…")
        )
    } else if answer.book.is_empty() {
        format!(
            "<p class=\"out\">{}</p>",
            lang.t(
                "Out of book: no book moves here.",
                "已出开局库：此处没有库着。"
            )
        )
    } else {
        let head = format!(
            "<li class=\"head\" aria-hidden=\"true\"><span>{}</span><span>{}</span><span>{}</span><span>{}</span></li>",
            lang.t("Move", "着法"),
            lang.t("Score", "评分"),
            lang.t("Played", "比例"),
            lang.t("Leads to", "开局"),
        );
        let rows: String = answer
            .book
            .iter()
            .map(|l| {
                let text = escape(&format(position, l.mv, notation));
                let red = label(for_red(Score::Cp(l.score), position.turn()));
                let leads = l.next.as_ref().map_or(String::new(), |o| escape(&name(o, lang)));
                let aria = format!(
                    "{text}, {red}, {}% {}{}",
                    l.share,
                    lang.t("of book games", "库中比例"),
                    if leads.is_empty() { String::new() } else { format!(", {leads}") }
                );
                format!(
                    "<li><button type=\"button\" data-book-move=\"{}\" data-raw=\"{}\" aria-label=\"{aria}\"><span class=\"move\">{text}</span><span class=\"score\">{red}</span><span class=\"share\">{}%</span><span class=\"leads\" title=\"{leads}\">{leads}</span></button></li>",
                    format_uci(l.mv),
                    l.mv.raw(),
                    l.share,
                )
            })
            .collect();
        format!("<ol>{head}{rows}</ol>")
    };
    format!("<h2>{title}</h2>{body}")
}
