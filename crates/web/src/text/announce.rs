//! The game said in words for the screen reader's live region (`components/announcer.rs`):
//! each move with its piece, destination point, capture and check, in the page's language.

use crate::text::i18n::{kind_en, kind_zh, Lang};
use xiangqi::game::PlyView;
use xiangqi::{Color, Game, Kind};

/// Ply `p`'s move in words: the side, its piece, the destination point (as the board's points
/// are named), the piece it takes and whether it checks. "Red: cannon to e7, captures
/// soldier, check" / "红方：炮走到 e7，吃卒，将军".
pub fn move_words(p: &PlyView, lang: Lang) -> String {
    let name = |c: Color, k: Kind| match lang {
        Lang::En => kind_en(k),
        Lang::Zh => kind_zh(c, k),
    };
    let mover = p.before.turn();
    let kind = p
        .after
        .piece_at(p.mv.to())
        .map_or(Kind::Soldier, |x| x.kind);
    let mut s = format!(
        "{}{}{}{}{}",
        lang.side(mover),
        lang.t(": ", "："),
        name(mover, kind),
        lang.t(" to ", "走到 "),
        p.mv.to()
    );
    if let Some(c) = p.captured {
        s.push_str(lang.t(", captures ", "，吃"));
        s.push_str(name(c.color, c.kind));
    }
    if p.check {
        s.push_str(lang.t(", check", "，将军"));
    }
    s
}

/// What the live region says about the position after `ply` plies of `game`: `viewing` (the
/// status's "Viewing move 3 of 8" while browsing back), the move that led there, and `ending`
/// (the result banner's text), each a sentence.
pub fn announcement(
    game: &Game,
    ply: usize,
    viewing: Option<String>,
    ending: Option<String>,
    lang: Lang,
) -> String {
    let played = ply.checked_sub(1).and_then(|i| game.plies().nth(i));
    let parts: Vec<String> = viewing
        .into_iter()
        .chain(played.map(|p| move_words(&p, lang)))
        .chain(ending)
        .collect();
    parts.join(lang.t(". ", "。"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;

    fn game(fen: Option<&str>, moves: &str) -> Game {
        let start = fen.map_or_else(Position::start, |f| Position::from_fen(f).unwrap());
        let moves: Vec<_> = moves
            .split_whitespace()
            .map(|m| parse_uci(m).unwrap())
            .collect();
        Game::replay(start, &moves).unwrap()
    }

    #[test]
    fn a_move_is_said_with_its_piece_point_capture_and_check() {
        // 1. C2.5 H8+7 2. C5+4 (the cannon takes the centre soldier).
        let g = game(None, "h2e2 h9g7 e2e6");
        assert_eq!(
            announcement(&g, 1, None, None, Lang::En),
            "Red: cannon to e2"
        );
        assert_eq!(
            announcement(&g, 2, None, None, Lang::En),
            "Black: horse to g7"
        );
        assert_eq!(announcement(&g, 2, None, None, Lang::Zh), "黑方：马走到 g7");
        assert_eq!(
            announcement(&g, 3, None, None, Lang::En),
            "Red: cannon to e6, captures soldier"
        );
        assert_eq!(
            announcement(&g, 3, None, None, Lang::Zh),
            "红方：炮走到 e6，吃卒"
        );
        assert_eq!(announcement(&g, 0, None, None, Lang::En), "");
        // The chariot takes the horse on b9 with check (and mate).
        let g = game(Some("1n2k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"), "b0b9");
        assert_eq!(
            announcement(&g, 1, None, None, Lang::En),
            "Red: chariot to b9, captures horse, check"
        );
        assert_eq!(
            announcement(&g, 1, None, None, Lang::Zh),
            "红方：车走到 b9，吃马，将军"
        );
    }

    #[test]
    fn browsing_and_the_end_are_sentences_around_the_move() {
        let g = game(None, "h2e2 h9g7");
        let viewing = Some("Viewing move 1 of 2".to_string());
        assert_eq!(
            announcement(&g, 1, viewing, None, Lang::En),
            "Viewing move 1 of 2. Red: cannon to e2"
        );
        let ending = Some("红方胜 — 黑方超时".to_string());
        assert_eq!(
            announcement(&g, 2, None, ending, Lang::Zh),
            "黑方：马走到 g7。红方胜 — 黑方超时"
        );
    }
}
