//! Openings in the page: the ECCO name of the line on the board and the opening book's moves
//! in its position (the analysis board's explorer). The ECCO table and the book are large, so
//! they live in a worker of their own (`bin/openings.rs`, its end in `serve.rs`) that the page
//! starts when a game first has a move: the first load carries neither. The page (its script,
//! www/explorer.js) asks with an [`Ask`] and hears a [`Reply`], both as short texts: the
//! worker finds the [`Answer`] and writes the opening's name and the explorer as HTML
//! (`html.rs`) in the page's language and notation, so the first load carries neither their
//! text nor the code that lays them out. Pure and tested natively, but for the worker's end.

mod answer;
mod ask;
mod html;
pub mod names;

pub use answer::{answer, Answer, BookLine, Named};
pub use ask::Ask;
#[cfg(target_arch = "wasm32")]
pub mod serve;

use xiangqi::{Game, Position};

/// What the page hears: the number of the ask it answers, the main line's opening as a
/// record's tags (`ECCO`, `Opening`, `Variation`), and the opening line and the explorer as
/// HTML, written by the worker in the page's language and notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The number of the ask answered ([`Ask::id`]).
    pub id: u32,
    /// The main line's opening as PGN tags: the code, the opening and the variation (empty
    /// when the name has none); `None` when the main line has no opening.
    pub tags: Option<[String; 3]>,
    /// The line's opening as HTML (`data-testid="opening"`), empty when it has none.
    pub line: String,
    /// The explorer's content as HTML: its heading and the book's moves.
    pub explorer: String,
}

impl Reply {
    /// The reply to `ask` with `answer`, written as the ask wants.
    pub fn new(ask: &Ask, answer: &Answer) -> Reply {
        let position = Game::replay(Position::start(), &ask.moves)
            .map(|g| g.position().clone())
            .unwrap_or_else(|_| Position::start());
        Reply {
            id: ask.id,
            tags: answer.main_opening.as_ref().map(Named::tags),
            line: html::opening_line(answer.opening.as_ref(), ask.tag.as_deref(), ask.lang),
            explorer: html::explorer(answer, &position, ask.notation, ask.lang),
        }
    }

    /// The reply as the page reads it, a line each (the HTML has no line breaks): the ask's
    /// number, the tags (split by tabs; an empty line for none), the opening line, the
    /// explorer.
    pub fn encode(&self) -> String {
        let one = |t: &str| t.replace(['\n', '\t'], " ");
        let tags = self.tags.as_ref().map_or(String::new(), |t| {
            t.iter().map(|v| one(v)).collect::<Vec<_>>().join("\t")
        });
        format!(
            "{}\n{tags}\n{}\n{}",
            self.id,
            one(&self.line),
            one(&self.explorer)
        )
    }

    /// The reply in `text`, if it is one.
    pub fn decode(text: &str) -> Option<Reply> {
        let mut lines = text.split('\n');
        let id = lines.next()?.parse().ok()?;
        let mut tags = lines.next()?.split('\t').map(String::from);
        let tags = match (tags.next(), tags.next(), tags.next()) {
            (Some(code), Some(opening), Some(variation)) if !code.is_empty() => {
                Some([code, opening, variation])
            }
            _ => None,
        };
        Some(Reply {
            id,
            tags,
            line: lines.next()?.into(),
            explorer: lines.next()?.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::i18n::Lang;
    use xiangqi::notation::parse_uci;
    use xiangqi::notation::Notation;
    use xiangqi::Move;
    use xiangqi_ai::book::Book;

    fn uci(t: &str) -> Vec<Move> {
        t.split_whitespace()
            .map(|w| parse_uci(w).unwrap())
            .collect()
    }

    fn ask(moves: &str, main: &str) -> Ask {
        Ask {
            moves: uci(moves),
            main: uci(main),
            lang: Lang::En,
            notation: Notation::Wxf,
            tag: None,
            id: 7,
        }
    }

    const BOOK: &str = "; h2e2 +20 3 b2e2 +20 1\nh2e2 ; h9g7 -20 1 b9c7 -22 1\n";

    #[test]
    fn an_answer_names_the_line_and_lists_the_book_moves_with_their_openings() {
        let book = Book::parse(BOOK).unwrap();
        let a = answer(&ask("h2e2", "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"), Some(&book));
        assert_eq!(
            a.main_opening.as_ref().map(|o| o.code.as_str()),
            Some("C00")
        );
        assert!(a.book_loaded);
        assert_eq!(a.opening.as_ref().map(|o| o.code.as_str()), Some("B00"));
        assert_eq!(a.book.len(), 2);
        assert_eq!(a.book.iter().map(|l| l.share).sum::<u32>(), 100);
        assert!(a.book.iter().all(|l| l.next.is_some()));
        let start = answer(&ask("", ""), Some(&book));
        assert_eq!((start.opening, start.book[0].share), (None, 75));
        let none = answer(&ask("h2e2", ""), None);
        assert!(!none.book_loaded && none.book.is_empty() && none.opening.is_some());
    }

    #[test]
    fn asks_and_replies_read_back_and_bad_text_is_refused() {
        let book = Book::parse(BOOK).unwrap();
        let mut q = ask("h2e2", "h2e2 h9g7");
        q.tag = Some("A00".into());
        q.lang = Lang::Zh;
        assert_eq!(Ask::decode(&q.encode()), Some(q.clone()));
        let reply = Reply::new(&q, &answer(&q, Some(&book)));
        assert_eq!(Reply::decode(&reply.encode()), Some(reply.clone()));
        assert_eq!(reply.id, 7);
        let b05 = ["B05", "中炮对进左马(其他)", ""].map(String::from);
        assert_eq!(reply.tags, Some(b05), "a name with no variation");
        let q2 = ask("h2e2", "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
        let tagged = Reply::new(&q2, &answer(&q2, None));
        assert_eq!(tagged.tags.as_ref().map(|t| t[0].as_str()), Some("C00"));
        assert_eq!(Reply::decode(&tagged.encode()), Some(tagged.clone()));
        assert!(
            reply.line.contains("data-ecco=\"B00\"") && reply.line.contains("data-tag=\"A00\"")
        );
        assert!(reply.explorer.contains("data-book-move=\"h9g7\""));
        for bad in ["", "x|y", "1 2|3|fr|wxf|", "garbage"] {
            assert_eq!(Ask::decode(bad), None, "{bad}");
        }
        assert_eq!(Reply::decode("x\n\n\n"), None);
        assert_eq!(Reply::decode("1\n"), None);
    }
}
