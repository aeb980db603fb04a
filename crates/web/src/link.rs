//! Links to a position or game: reading the address's parameters into the game and settings
//! the page opens with, and writing them for the share button and the embed code. Pure, tested
//! natively. A bad value is ignored and named in a notice; it never stops the page.
//!
//! The game comes from `pgn` (a record, with its comments), or from `fen` (the start position,
//! else the initial one) with `line` (the moves in the compact text of
//! [`xiangqi::records::compact`]) or `moves` (moves in any notation, separated by spaces or
//! commas); `notes` adds comments, one per line as `PLY:TEXT`; `ply` shows the position after
//! that many plies. Then `mode`, `side`, `level`, `flip`, `lang`, `pieces` (`traditional` or
//! `international`) and `tc` (a time control, "3+2": minutes and seconds added a move, or
//! `none`) change the settings, and
//! `view` ([`Layout`]) says what the page is: the game, a replay viewer, or a diagram.

use crate::ai::MAX_LEVEL;
use crate::i18n::Lang;
use crate::model::settings::Action as Set;
use crate::model::{Mode, Notice, Opening, PieceSet, Problem, State, TimeControl};
use crate::pgn::ImportError;
use xiangqi::notation::parse_any;
use xiangqi::records::{compact, move_number, read_pgn, Comment};
use xiangqi::{Color, Game, Position, START_FEN};

/// The parameters this page reads.
pub const NAMES: [&str; 15] = [
    "fen", "moves", "line", "pgn", "notes", "ply", "mode", "side", "level", "flip", "lang", "view",
    "embed", "pieces", "tc",
];

/// What the page is: the game to play (the usual page), a replay viewer of a game with no
/// computer, or a still diagram of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// The game, with the computer or a friend.
    #[default]
    Play,
    /// Step through a game: first, back, forward, last; no computer, no dialogs, no sound.
    Replay,
    /// The position as a still picture.
    Diagram,
}

impl Layout {
    /// The `view` parameter's value.
    pub fn param(self) -> &'static str {
        match self {
            Layout::Play => "play",
            Layout::Replay => "replay",
            Layout::Diagram => "diagram",
        }
    }

    /// The layout the `view` parameter names, if any.
    pub fn from_param(v: &str) -> Option<Layout> {
        [Layout::Play, Layout::Replay, Layout::Diagram]
            .into_iter()
            .find(|l| l.param() == v)
    }

    /// The layout `params` ask for (the usual page if `view` is missing or unknown: the
    /// unknown value is named by [`apply`]).
    pub fn of(params: &[(String, String)]) -> Layout {
        first(params, "view")
            .and_then(|v| Layout::from_param(&v))
            .unwrap_or_default()
    }
}

/// True if the address carries a position or game (which then replaces the saved one).
pub fn has_game(params: &[(String, String)]) -> bool {
    params
        .iter()
        .any(|(k, _)| matches!(k.as_str(), "fen" | "moves" | "line" | "pgn"))
}

/// The value of the parameter `name`, trimmed: its first, if it is given twice (the rule of
/// `URLSearchParams.get`, by which the page reads its address and `embed`).
fn first(params: &[(String, String)], name: &str) -> Option<String> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim().to_string())
}

fn side_from(v: &str) -> Option<Color> {
    match v {
        "red" | "r" | "w" => Some(Color::Red),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// The comments of a `notes` value: one per line, `PLY:TEXT`. Lines that are not are named.
pub(crate) fn read_notes(text: &str, len: usize) -> Result<Vec<Comment>, ()> {
    let mut comments = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (ply, text) = line.split_once(':').ok_or(())?;
        let ply: usize = ply.trim().parse().map_err(|_| ())?;
        if ply > len {
            return Err(());
        }
        // Kept in order of their ply, each after those of the same ply (no sort linked in).
        let at = comments
            .iter()
            .take_while(|c: &&Comment| c.ply <= ply)
            .count();
        comments.insert(
            at,
            Comment {
                ply,
                text: text.trim().to_string(),
            },
        );
    }
    Ok(comments)
}

/// The `notes` value for `comments`: one per line, `PLY:TEXT`, line breaks in a text written
/// as spaces.
pub fn write_notes(comments: &[Comment]) -> String {
    comments
        .iter()
        .map(|c| format!("{}:{}", c.ply, c.text.replace(['\r', '\n'], " ")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Opens `base` (the saved game, or a new one) with the address's parameters: a game in
/// `pgn`, or `fen` with `line` or `moves`, replaces the game (the person then plays the side
/// to move of its start); the others change the settings or what is shown. The parameters
/// that cannot be used are named in the notice.
pub fn apply(base: Opening, params: &[(String, String)]) -> Opening {
    let Opening {
        mut game,
        mut comments,
        mut ply,
        mut settings,
        mut notice,
        review,
        clock,
    } = base;
    let get = |name: &str| first(params, name);
    let mut bad: Vec<(String, String, Problem)> = Vec::new();
    let mut replaced = false;
    if let Some(text) = get("pgn") {
        match read_pgn(&text) {
            Ok(record) => {
                game = record.game;
                comments = record.comments;
                replaced = true;
            }
            Err(e) => bad.push(("pgn".into(), text, Problem::Record(ImportError::from(e)))),
        }
    }
    let mut start = None;
    if let Some(fen) = get("fen").filter(|_| !replaced) {
        match Position::from_fen(&fen) {
            Ok(pos) => start = Some(pos),
            Err(e) => bad.push(("fen".into(), fen, Problem::Fen(e))),
        }
    }
    let line = get("line").filter(|_| !replaced);
    let moves_text = get("moves").filter(|_| !replaced && line.is_none());
    if !replaced && (start.is_some() || line.is_some() || moves_text.is_some()) {
        let start = start.unwrap_or_else(Position::start);
        game = Game::from_position(start.clone());
        comments = Vec::new();
        replaced = true;
        let stop = |game: &Game, name: &str, text: &str, bad: &mut Vec<_>| {
            let (number, side) = move_number(&start, game.len());
            bad.push((name.into(), text.into(), Problem::Move { number, side }));
        };
        if let Some(text) = &line {
            // The moves before a bad one are kept, as with `moves`.
            let (moves, error) = compact::decode_partial(&start, text);
            let played = moves.iter().take_while(|&&m| game.play(m).is_ok()).count();
            if error.is_some() || played < moves.len() {
                stop(&game, "line", text, &mut bad);
            }
        }
        if let Some(text) = &moves_text {
            let toks = text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty());
            for tok in toks {
                let played = parse_any(game.position(), tok)
                    .ok()
                    .filter(|&m| game.play(m).is_ok());
                if played.is_none() {
                    stop(&game, "moves", tok, &mut bad);
                    break;
                }
            }
        }
    }
    if replaced {
        ply = None;
        settings.apply(Set::SetSide(game.start_position().turn()));
    }
    if let Some(v) = get("notes") {
        match read_notes(&v, game.len()) {
            Ok(notes) => comments = notes,
            Err(()) => bad.push(("notes".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("ply") {
        match v.parse::<usize>() {
            Ok(n) if n <= game.len() => ply = (n < game.len()).then_some(n),
            _ => bad.push(("ply".into(), v, Problem::Value)),
        }
    }
    if let Some(v) = get("view") {
        if Layout::from_param(&v).is_none() {
            bad.push(("view".into(), v, Problem::Value));
        }
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
    if let Some(v) = get("pieces") {
        match PieceSet::from_key(&v) {
            Some(p) => settings.apply(Set::SetPieces(p)),
            None => bad.push(("pieces".into(), v, Problem::Value)),
        }
    }
    let old_tc = settings.time_control();
    if let Some(v) = get("tc") {
        match TimeControl::parse(&v) {
            Ok(tc) => settings.apply(Set::SetTimeControl(tc)),
            Err(_) => bad.push(("tc".into(), v, Problem::Value)),
        }
    }
    if !bad.is_empty() {
        notice = Some(Notice::BadParams(bad));
    }
    Opening {
        game,
        comments,
        ply,
        settings,
        notice,
        // A review belongs to the game it was of, and so do its clocks.
        review: if replaced { None } else { review },
        clock: clock.filter(|_| !replaced && settings.time_control() == old_tc),
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

/// The parameters that give `game` with its `comments`: `fen` if it did not begin at the
/// initial position, `line` with its moves, `notes` with the comments.
pub fn game_params(game: &Game, comments: &[Comment]) -> Vec<(&'static str, String)> {
    let mut parts: Vec<(&str, String)> = Vec::new();
    let fen = game.start_position().to_fen();
    if fen != START_FEN {
        parts.push(("fen", fen));
    }
    if !game.is_empty() {
        // The game's moves are legal, so they always have a compact text.
        let line = compact::encode(game.start_position(), &game.moves()).unwrap_or_default();
        parts.push(("line", line));
    }
    if !comments.is_empty() {
        parts.push(("notes", write_notes(comments)));
    }
    parts
}

/// The query (from '?') of a link that opens this game as it is now.
pub fn query(state: &State) -> String {
    let mut parts = game_params(state.game(), &state.history().comments());
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
    if settings.pieces() != PieceSet::default() {
        parts.push(("pieces", settings.pieces().key().into()));
    }
    if let Some(tc) = settings.time_control() {
        parts.push(("tc", tc.to_string()));
    }
    let body: Vec<String> = parts
        .into_iter()
        .map(|(k, v)| format!("{k}={}", encode(&v)))
        .collect();
    format!("?{}", body.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Action, Settings};

    /// The address's pairs, decoded as the browser decodes them.
    fn params(q: &str) -> Vec<(String, String)> {
        crate::fuzzing::query_pairs(q)
    }

    fn open(q: &str) -> State {
        State::new(apply(Opening::default(), &params(q)))
    }

    fn params_of(q: &str) -> Vec<(String, String)> {
        params(q)
    }

    #[test]
    fn a_parameter_given_twice_counts_with_its_first_value() {
        let s = open("?level=3&level=5&lang=zh&lang=en&moves=h2e2&moves=b2e2");
        assert_eq!(s.settings().level(), 3);
        assert_eq!(s.settings().lang(), Lang::Zh);
        assert_eq!(
            s.game().moves(),
            [xiangqi::notation::parse_uci("h2e2").unwrap()]
        );
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
            ..Opening::default()
        });
        let q = query(&s);
        assert_eq!(q, "?line=ep&mode=pvp&flip=1&lang=zh");
        let t = open(&q);
        assert_eq!(t.game().moves(), s.game().moves());
        assert_eq!(t.settings(), s.settings());
        assert!(t.notice().is_none());
    }

    #[test]
    fn a_long_game_fits_a_short_link() {
        // 200 plies of a deterministic game: about one character a ply in `line`.
        let mut s = State::new(Opening {
            settings: Settings::default().with(Set::SetMode(Mode::TwoPlayers)),
            ..Opening::default()
        });
        let mut seed: u64 = 7;
        while s.game().len() < 200 && s.game().outcome().is_none() {
            let legal = s.position().legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            s.apply(Action::Click(m.from()), 0);
            s.apply(Action::Click(m.to()), 0);
        }
        assert!(s.game().len() >= 150, "{} plies", s.game().len());
        let q = query(&s);
        assert!(q.len() < s.game().len() + 60, "{} characters: {q}", q.len());
        assert_eq!(open(&q).game().moves(), s.game().moves());
    }

    #[test]
    fn the_old_moves_form_and_the_line_give_the_same_game() {
        let a = open("?moves=h2e2+h9g7+h0g2&mode=pvp");
        let b = open("?line=epJ&mode=pvp");
        let c = open("?moves=C2.5,H8%2B7,马二进三&mode=pvp");
        assert_eq!(a.game().moves(), b.game().moves());
        assert_eq!(a.game().moves(), c.game().moves());
        assert!(a.notice().is_none() && b.notice().is_none() && c.notice().is_none());
    }

    #[test]
    fn a_record_with_comments_opens_at_the_ply_asked_for() {
        let pgn =
            "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\
                   1. C2.5 {the central cannon} H8+7 2. H2+3 {developing} *";
        let s = open(&format!("?pgn={}&ply=1&view=replay", encode(pgn)));
        assert!(s.notice().is_none(), "{:?}", s.notice());
        assert_eq!(s.game().len(), 3);
        assert_eq!(s.history().shown_ply(), 1);
        let texts: Vec<(usize, String)> = s
            .history()
            .comments()
            .into_iter()
            .map(|c| (c.ply, c.text))
            .collect();
        assert_eq!(
            texts,
            [(1, "the central cannon".into()), (3, "developing".into())]
        );
        // The same game through `line` and `notes`, as the embed code writes it.
        let params = game_params(s.game(), &s.history().comments());
        let q: Vec<String> = params
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect();
        let t = open(&format!("?{}&ply=3", q.join("&")));
        assert_eq!(t.game().moves(), s.game().moves());
        assert_eq!(t.history().comments(), s.history().comments());
        assert_eq!(
            t.history().browsing(),
            None,
            "ply 3 is the current position"
        );
        assert_eq!(
            Layout::of(&params_of("?view=replay&embed=1")),
            Layout::Replay
        );
        assert_eq!(Layout::of(&params_of("?view=diagram")), Layout::Diagram);
        assert_eq!(Layout::of(&params_of("?view=poster")), Layout::Play);
    }

    #[test]
    fn a_bad_line_record_ply_or_view_is_named() {
        let s = open("?line=ep*J&ply=9&view=poster&notes=x");
        assert_eq!(
            s.game().len(),
            2,
            "the moves before the bad character are kept"
        );
        let Some(Notice::BadParams(list)) = s.notice() else {
            panic!("a notice")
        };
        let names: Vec<&str> = list.iter().map(|(k, _, _)| k.as_str()).collect();
        assert_eq!(names, ["line", "notes", "ply", "view"]);
        let text = Lang::En.notice(s.notice().unwrap());
        assert!(text.contains("line=“ep*J”: move 2 (Red)"), "{text}");
        let s = open("?pgn=1.+C2.5+Z9");
        assert!(s.game().is_empty());
        let text = Lang::En.notice(s.notice().unwrap());
        assert!(text.contains("Move 1 (Black), “Z9”"), "{text}");
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
