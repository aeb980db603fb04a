//! Links to a position or game: reading the address's parameters (fen, moves, mode, side,
//! level, flip, lang) into the state, and writing them for the share button. Pure, tested
//! natively. A bad value is ignored and named in a notice; it never stops the page.

use crate::ai::MAX_LEVEL;
use crate::i18n::Lang;
use crate::state::{Mode, Notice, Problem, State};
use xiangqi::notation::parse_any;
use xiangqi::records::move_number;
use xiangqi::{Color, Game, Move, Position, START_FEN};

/// The parameters this page reads.
pub const NAMES: [&str; 7] = ["fen", "moves", "mode", "side", "level", "flip", "lang"];

/// True if the address carries a position or game (which then replaces the saved one).
pub fn has_game(params: &[(String, String)]) -> bool {
    params.iter().any(|(k, _)| k == "fen" || k == "moves")
}

fn side_from(v: &str) -> Option<Color> {
    match v {
        "red" | "r" | "w" => Some(Color::Red),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Applies the address's parameters to `state`; the ones that cannot be used are named in a
/// notice.
pub fn apply(state: &mut State, params: &[(String, String)]) {
    let get = |name: &str| {
        params
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
    };
    let mut bad: Vec<(String, String, Problem)> = Vec::new();
    let mut start = None;
    if let Some(fen) = get("fen") {
        match Position::from_fen(&fen) {
            Ok(pos) => start = Some(pos),
            Err(e) => bad.push(("fen".into(), fen, Problem::Fen(e))),
        }
    }
    let moves_text = get("moves");
    if start.is_some() || moves_text.is_some() {
        let start = start.unwrap_or_else(Position::start);
        let mut game = Game::from_position(start.clone());
        if let Some(text) = &moves_text {
            let toks = text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty());
            for tok in toks {
                let played = parse_any(game.position(), tok)
                    .ok()
                    .filter(|&m| game.play(m).is_ok());
                if played.is_none() {
                    let (number, side) = move_number(&start, game.len());
                    bad.push(("moves".into(), tok.into(), Problem::Move { number, side }));
                    break;
                }
            }
        }
        state.human = start.turn();
        state.orientation = state.human;
        state.set_game(game);
    }
    if let Some(v) = get("mode") {
        match Mode::from_param(&v) {
            Some(m) => state.mode = m,
            None => bad.push(("mode".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("side") {
        match side_from(&v) {
            Some(c) => {
                state.human = c;
                state.orientation = c;
            }
            None => bad.push(("side".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("level") {
        match v.parse::<u8>() {
            Ok(l) if (1..=MAX_LEVEL).contains(&l) => state.level = l,
            _ => bad.push(("level".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("flip") {
        match v.as_str() {
            "1" | "true" | "yes" | "" => state.orientation = !state.orientation,
            "0" | "false" | "no" => {}
            _ => bad.push(("flip".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("lang") {
        match Lang::from_key(&v) {
            Some(l) => state.lang = l,
            None => bad.push(("lang".into(), v, Problem::Value)),
        }
    }
    if !bad.is_empty() {
        state.notice = Some(Notice::BadParams(bad));
    }
    // The state was changed from outside the reducer: let it start the computer if needed.
    state.apply(crate::state::Action::Deselect);
}

/// `text` escaped for a query value, spaces as '+'.
fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The query (from '?') of a link that opens this game as it is now.
pub fn query(state: &State) -> String {
    let mut parts: Vec<(&str, String)> = Vec::new();
    let fen = state.start_fen();
    if fen != START_FEN {
        parts.push(("fen", fen));
    }
    let moves: Vec<String> = state.game.moves().iter().map(Move::to_string).collect();
    if !moves.is_empty() {
        parts.push(("moves", moves.join(" ")));
    }
    parts.push(("mode", state.mode.param().into()));
    let natural = if state.mode == Mode::Computer {
        parts.push(("side", state.human.name().into()));
        state.human
    } else {
        Color::Red
    };
    if state.mode != Mode::TwoPlayers {
        parts.push(("level", state.level.to_string()));
    }
    if state.orientation != natural {
        parts.push(("flip", "1".into()));
    }
    parts.push(("lang", state.lang.key().into()));
    let body: Vec<String> = parts
        .into_iter()
        .map(|(k, v)| format!("{k}={}", encode(&v)))
        .collect();
    format!("?{}", body.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Action;

    fn params(q: &str) -> Vec<(String, String)> {
        q.trim_start_matches('?')
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| {
                // Enough decoding for these tests: '+' and the few escapes `encode` writes.
                let mut out = Vec::new();
                let b = v.as_bytes();
                let mut i = 0;
                while i < b.len() {
                    match b[i] {
                        b'+' => out.push(b' '),
                        b'%' => {
                            out.push(u8::from_str_radix(&v[i + 1..i + 3], 16).unwrap());
                            i += 2;
                        }
                        c => out.push(c),
                    }
                    i += 1;
                }
                (k.to_string(), String::from_utf8(out).unwrap())
            })
            .collect()
    }

    #[test]
    fn a_shared_link_opens_the_same_game() {
        let mut s = State::default();
        s.apply(Action::SetMode(Mode::TwoPlayers));
        for m in ["h2e2", "h9g7"] {
            let m: Move = xiangqi::notation::parse_uci(m).unwrap();
            s.apply(Action::Click(m.from()));
            s.apply(Action::Click(m.to()));
        }
        s.apply(Action::Flip);
        s.lang = Lang::Zh;
        let q = query(&s);
        assert_eq!(q, "?moves=h2e2+h9g7&mode=pvp&flip=1&lang=zh");
        let mut t = State::default();
        apply(&mut t, &params(&q));
        assert_eq!(t.game.moves(), s.game.moves());
        assert_eq!(
            (t.mode, t.orientation, t.lang),
            (Mode::TwoPlayers, Color::Black, Lang::Zh)
        );
        assert!(t.notice.is_none());
    }

    #[test]
    fn bad_values_are_ignored_and_named() {
        let mut s = State::default();
        let p =
            params("?fen=nonsense&mode=chess&level=99&side=green&moves=h2e2+h9h0&lang=fr&flip=2");
        apply(&mut s, &p);
        assert_eq!(
            s.game.moves().len(),
            1,
            "the moves before the bad one are kept"
        );
        assert_eq!((s.mode, s.level, s.lang), (Mode::Computer, 3, Lang::En));
        let Some(Notice::BadParams(list)) = &s.notice else {
            panic!("a notice")
        };
        let names: Vec<&str> = list.iter().map(|(k, _, _)| k.as_str()).collect();
        assert_eq!(
            names,
            ["fen", "moves", "mode", "side", "level", "flip", "lang"]
        );
        let text = s.notice.as_ref().unwrap().text(Lang::En);
        assert!(text.contains("move 1 (Black)"), "{text}");
    }

    #[test]
    fn a_position_with_a_side_and_level() {
        let mut s = State::default();
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        apply(
            &mut s,
            &params(&format!("?fen={}&side=black&level=2&mode=ai", encode(fen))),
        );
        assert_eq!(s.start_fen(), fen);
        assert_eq!((s.human, s.level), (Color::Black, 2));
        assert!(s.thinking(), "Red is the computer's and to move");
    }
}
