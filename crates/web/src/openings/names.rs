//! The openings of the recent games ("My games"). The page's script (www/explorer.js) sends
//! the saved texts of the games the list shows (`records::saved`, read here as the page reads
//! them), all at once:
//!
//! `names|LANG|TEXT␞TEXT␞…` (LANG the document's `lang`; ␞ the record separator, U+001E),
//! answered with `names|LANG` and then one line per text, in the order sent:
//! `NAME\tCODE\tOPENING\tVARIATION`, NAME as the list shows it ("B10 · 中炮对屏风马", in the
//! language asked) and the rest the opening as a record's tags; a line of empty fields for a
//! game from a set-up position, with no opening, or that cannot be read.

use super::answer::Named;
use super::html::name;
use crate::records::saved::game::read_opening;
use crate::text::i18n::Lang;
use xiangqi::records::ecco::classify;
use xiangqi::Position;

/// The first word of an ask for names and of its answer.
pub const NAMES: &str = "names";
/// What separates the saved texts in an ask.
pub const SEPARATOR: char = '\u{1e}';

/// The opening of the game saved as `text`, if it has one.
fn opening(text: &str) -> Option<Named> {
    let game = read_opening(text).ok()?.game;
    let standard = game.start_position().hash() == Position::start().hash();
    standard.then(|| classify(&game.moves()).map(Named::from))?
}

/// The answer to `text` if it asks for names (`None` for any other message).
pub fn answer_names(text: &str) -> Option<String> {
    let rest = text.strip_prefix(NAMES)?.strip_prefix('|')?;
    let (asked, games) = rest.split_once('|')?;
    let lang = Lang::from_key(asked).unwrap_or(Lang::En);
    let mut out = format!("{NAMES}|{}", asked.replace(['\n', '|'], ""));
    if games.is_empty() {
        return Some(out);
    }
    // A line for every text, an empty one too (a game the page could not read).
    for game in games.split(SEPARATOR) {
        out.push('\n');
        out.push_str(&match opening(game) {
            Some(n) => format!("{}\t{}", name(&n, lang), n.tags().join("\t")),
            None => "\t\t\t".into(),
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::game::Action;
    use crate::model::settings::Action as Set;
    use crate::model::{Mode, State};
    use crate::records::saved::game::write;

    /// The saved text of a game between two players of `moves` (UCI) from `fen`.
    fn saved(fen: Option<&str>, moves: &str) -> String {
        let mut s = State::default();
        s.apply(Set::SetMode(Mode::TwoPlayers).into(), 0);
        if let Some(fen) = fen {
            s.apply(Action::LoadFen(fen.into()).into(), 0);
        }
        for m in moves.split_whitespace() {
            let m = xiangqi::notation::parse_uci(m).unwrap();
            s.apply(crate::model::Action::Click(m.from()), 0);
            s.apply(crate::model::Action::Click(m.to()), 0);
        }
        assert_eq!(s.game().len(), moves.split_whitespace().count());
        write(&s)
    }

    fn ask(lang: &str, texts: &[String]) -> String {
        format!("names|{lang}|{}", texts.join(&SEPARATOR.to_string()))
    }

    #[test]
    fn each_game_is_named_in_the_language_asked_in_the_order_asked() {
        let c00 = saved(None, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
        let e00 = saved(None, "c3c4");
        let zh = answer_names(&ask("zh-CN", &[c00.clone(), e00])).unwrap();
        let lines: Vec<&str> = zh.lines().collect();
        assert_eq!(lines.len(), 3, "{zh}");
        assert_eq!(lines[0], "names|zh-CN");
        let first: Vec<&str> = lines[1].split('\t').collect();
        assert!(first[0].starts_with("C00 · "), "{}", first[0]);
        assert_eq!(first[1], "C00");
        assert!(first[0].contains(first[2]), "{lines:?}");
        assert!(lines[2].starts_with("E00 · 仙人指路"), "{}", lines[2]);
        let en = answer_names(&ask("en", &[c00])).unwrap();
        assert!(
            en.lines().nth(1).unwrap().contains("C00 · Central Cannon"),
            "{en}"
        );
    }

    #[test]
    fn a_set_up_game_an_empty_one_and_text_that_is_no_game_give_empty_fields() {
        // The start position with Black to move: set up, so no opening.
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        let texts = [
            saved(Some(fen), "h9g7"),
            saved(None, ""),
            "not a saved game".to_string(),
            String::new(),
        ];
        let a = answer_names(&ask("en", &texts)).unwrap();
        assert_eq!(a, "names|en\n\t\t\t\n\t\t\t\n\t\t\t\n\t\t\t");
        assert_eq!(answer_names("names|en|").as_deref(), Some("names|en"));
        assert_eq!(answer_names("7|h2e2|h2e2|en|wxf|"), None);
        assert_eq!(answer_names("namesake|en|x"), None);
        assert_eq!(answer_names("names|en"), None);
    }
}
