//! Links to a position or game: reading the address's parameters (fen, moves, mode, side,
//! level, flip, lang) into the game and settings the page opens with, and writing them for
//! the share button. Pure, tested natively. A bad value is ignored and named in a notice; it
//! never stops the page.

use crate::ai::MAX_LEVEL;
use crate::i18n::Lang;
use crate::model::settings::Action as Set;
use crate::model::{Mode, Notice, Opening, Problem, State};
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

/// Opens `base` (the saved game, or a new one) with the address's parameters: a `fen` or
/// `moves` replaces the game (the person then plays the side to move of its start), the others
/// change the settings. The parameters that cannot be used are named in the notice.
pub fn apply(base: Opening, params: &[(String, String)]) -> Opening {
    let Opening {
        mut game,
        mut settings,
        mut notice,
    } = base;
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
        game = Game::from_position(start.clone());
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
        settings.apply(Set::SetSide(start.turn()));
    }
    if let Some(v) = get("mode") {
        match Mode::from_param(&v) {
            Some(m) => settings.apply(Set::SetMode(m)),
            None => bad.push(("mode".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("side") {
        match side_from(&v) {
            Some(c) => settings.apply(Set::SetSide(c)),
            None => bad.push(("side".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("level") {
        match v.parse::<u8>() {
            Ok(l) if (1..=MAX_LEVEL).contains(&l) => settings.apply(Set::SetLevel(l)),
            _ => bad.push(("level".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("flip") {
        match v.as_str() {
            "1" | "true" | "yes" | "" => settings.apply(Set::Flip),
            "0" | "false" | "no" => {}
            _ => bad.push(("flip".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("lang") {
        match Lang::from_key(&v) {
            Some(l) => settings.apply(Set::SetLang(l)),
            None => bad.push(("lang".into(), v, Problem::Value)),
        }
    }
    if !bad.is_empty() {
        notice = Some(Notice::BadParams(bad));
    }
    Opening {
        game,
        settings,
        notice,
    }
}

/// `text` escaped for a query value: RFC 3986 unreserved characters and '/' as they are,
/// spaces as '+', every other byte as `%XX`. The one encoder for links and embed addresses.
pub fn encode(text: &str) -> String {
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
    let moves: Vec<String> = state.game().moves().iter().map(Move::to_string).collect();
    if !moves.is_empty() {
        parts.push(("moves", moves.join(" ")));
    }
    let settings = state.settings();
    parts.push(("mode", settings.mode().param().into()));
    let natural = if settings.mode() == Mode::Computer {
        parts.push(("side", settings.human().name().into()));
        settings.human()
    } else {
        Color::Red
    };
    if settings.mode() != Mode::TwoPlayers {
        parts.push(("level", settings.level().to_string()));
    }
    if settings.orientation() != natural {
        parts.push(("flip", "1".into()));
    }
    parts.push(("lang", settings.lang().key().into()));
    let body: Vec<String> = parts
        .into_iter()
        .map(|(k, v)| format!("{k}={}", encode(&v)))
        .collect();
    format!("?{}", body.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Settings;

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

    fn open(q: &str) -> State {
        State::new(apply(Opening::default(), &params(q)))
    }

    #[test]
    fn a_shared_link_opens_the_same_game() {
        let settings = Settings::default()
            .with(Set::SetMode(Mode::TwoPlayers))
            .with(Set::Flip)
            .with(Set::SetLang(Lang::Zh));
        let mut game = Game::new();
        for m in ["h2e2", "h9g7"] {
            game.play(xiangqi::notation::parse_uci(m).unwrap()).unwrap();
        }
        let s = State::new(Opening {
            game,
            settings,
            notice: None,
        });
        let q = query(&s);
        assert_eq!(q, "?moves=h2e2+h9g7&mode=pvp&flip=1&lang=zh");
        let t = open(&q);
        assert_eq!(t.game().moves(), s.game().moves());
        assert_eq!(t.settings(), s.settings());
        assert!(t.notice().is_none());
    }

    #[test]
    fn bad_values_are_ignored_and_named() {
        let s = open("?fen=nonsense&mode=chess&level=99&side=green&moves=h2e2+h9h0&lang=fr&flip=2");
        assert_eq!(s.game().len(), 1, "the moves before the bad one are kept");
        let settings = s.settings();
        assert_eq!(
            (settings.mode(), settings.level(), settings.lang()),
            (Mode::Computer, 3, Lang::En)
        );
        let Some(Notice::BadParams(list)) = s.notice() else {
            panic!("a notice")
        };
        let names: Vec<&str> = list.iter().map(|(k, _, _)| k.as_str()).collect();
        assert_eq!(
            names,
            ["fen", "moves", "mode", "side", "level", "flip", "lang"]
        );
        let text = Lang::En.notice(s.notice().unwrap());
        assert!(text.contains("move 1 (Black)"), "{text}");
    }

    #[test]
    fn a_bad_fen_gives_the_start_position_and_says_why() {
        let s = open("?fen=not+a+fen");
        assert!(s.standard_start());
        let text = Lang::En.notice(s.notice().unwrap());
        assert!(
            text.starts_with("Ignored in the address: fen=“not a fen”"),
            "{text}"
        );
    }

    #[test]
    fn a_position_with_a_side_and_level() {
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let s = open(&format!("?fen={}&side=black&level=2&mode=ai", encode(fen)));
        assert_eq!(s.start_fen(), fen);
        assert_eq!(
            (s.settings().human(), s.settings().level()),
            (Color::Black, 2)
        );
        assert!(s.thinking(), "Red is the computer's and to move");
    }

    #[test]
    fn a_position_alone_gives_the_person_its_side_to_move() {
        let s = open(&format!(
            "?fen={}",
            encode("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
        ));
        assert_eq!(s.settings().human(), Color::Black);
        assert_eq!(s.settings().orientation(), Color::Black);
        assert!(!s.thinking());
    }
}
