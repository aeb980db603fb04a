//! Game records: Xiangqi PGN out and in, and the Chinese text record. Pure, tested natively.
//!
//! Reading accepts a PGN or a plain list of moves in any of the four notations (UCI, ICCS, WXF,
//! Chinese), mixed if need be: tag pairs, move numbers, comments, variations and the result are
//! skipped, and each move is read with the engine's `parse_any` in the position it is played.

use crate::i18n::Lang;
use xiangqi::notation::{format, parse_any, Notation};
use xiangqi::{Color, FenError, Game, Move, Outcome, Position, START_FEN};

/// The tags a PGN export carries besides Result and FEN.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tags {
    /// The Event tag.
    pub event: String,
    /// The Site tag.
    pub site: String,
    /// The Date tag, "YYYY.MM.DD".
    pub date: String,
    /// Who played Red.
    pub red: String,
    /// Who played Black.
    pub black: String,
}

/// The name a record gives the player of `color`: "Computer (level 3)" for the computer
/// (`computer_level`), else "Red" or "Black".
pub fn player(color: Color, computer_level: Option<u8>) -> String {
    match (computer_level, color) {
        (Some(level), _) => format!("Computer (level {level})"),
        (None, Color::Red) => "Red".into(),
        (None, Color::Black) => "Black".into(),
    }
}

/// The move number and side of ply `i` (0-based) from `start`.
pub fn move_number(start: &Position, i: usize) -> (u32, Color) {
    let offset = usize::from(start.turn() == Color::Black);
    let n = start.fullmoves() + ((i + offset) / 2) as u32;
    let side = if (i + offset) % 2 == 0 {
        Color::Red
    } else {
        Color::Black
    };
    (n, side)
}

/// The moves numbered two to a line's worth: "1. 炮二平五 马8进7 2. ...", with "1. ..." when
/// Black moves first.
fn numbered(start: &Position, moves: &[Move], notation: Notation) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        let (n, side) = move_number(start, i);
        if side == Color::Red {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{n}."));
        } else if i == 0 {
            out.push_str(&format!("{n}. ..."));
        }
        out.push(' ');
        out.push_str(&format(&pos, m, notation));
        pos.make_move(m);
    }
    out
}

/// A PGN of the game: the seven tags (FEN only when the game did not begin at the start) and
/// the moves in `notation` (WXF or Chinese), ending with the result.
pub fn export(game: &Game, tags: &Tags, notation: Notation) -> String {
    let start = game.start_position();
    let result = game.outcome().map_or("*", |o| o.result_tag());
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    };
    tag("Game", "Chinese Chess");
    tag("Event", &tags.event);
    tag("Site", &tags.site);
    tag("Date", &tags.date);
    tag("Red", &tags.red);
    tag("Black", &tags.black);
    tag("Result", result);
    let fen = start.to_fen();
    if fen != START_FEN {
        tag("FEN", &fen);
    }
    tag(
        "Format",
        if notation == Notation::Chinese {
            "Chinese"
        } else {
            "WXF"
        },
    );
    out.push('\n');
    let moves = numbered(start, &game.moves(), notation);
    if !moves.is_empty() {
        out.push_str(&moves);
        out.push(' ');
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// The standard Chinese text record: "1. 炮二平五 马8进7 2. 马二进三 ...", with the result
/// in words at the end when the game is over.
pub fn chinese_record(game: &Game) -> String {
    let mut out = numbered(game.start_position(), &game.moves(), Notation::Chinese);
    if let Some(o) = game.outcome() {
        out.push_str(&format!(" {}", o.chinese()));
    }
    out
}

/// A game read from a record.
#[derive(Clone, Debug)]
pub struct Imported {
    /// Where it starts (the FEN tag, or the initial position).
    pub start: Position,
    /// The moves, each legal.
    pub moves: Vec<Move>,
    /// The result token, if the record has one.
    pub result: Option<String>,
    /// How the game ended by the rules after these moves.
    pub outcome: Option<Outcome>,
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// The FEN tag is wrong.
    Fen(FenError),
    /// A move cannot be read, or is not legal where it is played.
    Move {
        /// Its move number.
        number: u32,
        /// Who was to play it.
        side: Color,
        /// The text as written.
        text: String,
    },
    /// There are no moves and no position.
    Empty,
}

impl ImportError {
    /// What went wrong, in words.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (ImportError::Fen(e), _) => format!(
                "{} {}",
                lang.t("The FEN tag cannot be used:", "FEN 标签无法使用："),
                lang.fen_error(e)
            ),
            (ImportError::Move { number, side, text }, Lang::En) => format!(
                "Move {number} ({}), “{text}”, cannot be read or is not legal.",
                lang.side(*side)
            ),
            (ImportError::Move { number, side, text }, Lang::Zh) => format!(
                "第 {number} 回合{}的着法“{text}”无法读取或不合法。",
                lang.side(*side)
            ),
            (ImportError::Empty, _) => lang
                .t("There are no moves to load.", "没有可载入的着法。")
                .into(),
        }
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The move tokens and tags of a record, without comments, variations and move numbers.
fn tokens(text: &str) -> (Vec<(String, String)>, Vec<String>) {
    let mut tags = Vec::new();
    let mut body = String::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && t.ends_with(']') {
            let inner = &t[1..t.len() - 1];
            if let Some((k, v)) = inner.split_once(char::is_whitespace) {
                let v = v.trim().trim_matches('"').replace("\\\"", "\"");
                tags.push((k.to_string(), v));
            }
            continue;
        }
        // A ';' starts a comment to the end of the line (not inside braces, which we drop next).
        let line = line.split(';').next().unwrap_or("");
        body.push_str(line);
        body.push('\n');
    }
    // Drop {comments} and (variations), which may nest.
    let mut clean = String::new();
    let (mut braces, mut parens) = (0usize, 0usize);
    for c in body.chars() {
        match c {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '(' if braces == 0 => parens += 1,
            ')' if braces == 0 => parens = parens.saturating_sub(1),
            _ if braces == 0 && parens == 0 => clean.push(c),
            _ => {}
        }
    }
    let mut moves = Vec::new();
    for raw in clean.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、' | '；'))
    {
        let mut tok = raw.trim();
        // Move numbers: "12." "12..." "12…" "12、", alone or glued to the move.
        let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 {
            let rest = &tok[digits..];
            let after = rest.trim_start_matches(['.', '…', '。']);
            if after.len() < rest.len() {
                tok = after;
            }
        }
        let tok = tok.trim_start_matches(['.', '…']);
        if tok.is_empty() || tok.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        moves.push(tok.to_string());
    }
    (tags, moves)
}

/// Reads a PGN or a plain list of moves. Every move must be legal; the first that is not is
/// reported with its move number.
pub fn import(text: &str) -> Result<Imported, ImportError> {
    let (tags, toks) = tokens(text);
    let fen = tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
        .map(|(_, v)| v.clone());
    let start = match fen {
        Some(f) => Position::from_fen(&f).map_err(ImportError::Fen)?,
        None => Position::start(),
    };
    let mut game = Game::from_position(start.clone());
    let mut result = tags
        .iter()
        .find(|(k, _)| k == "Result")
        .map(|(_, v)| v.clone());
    let mut moves = Vec::new();
    let mut any = false;
    for tok in toks {
        if RESULTS.contains(&tok.as_str()) {
            result = Some(tok);
            continue;
        }
        any = true;
        let (number, side) = move_number(&start, moves.len());
        let err = || ImportError::Move {
            number,
            side,
            text: tok.clone(),
        };
        let m = parse_any(game.position(), &tok).map_err(|_| err())?;
        game.play(m).map_err(|_| err())?;
        moves.push(m);
    }
    if !any && tags.is_empty() {
        return Err(ImportError::Empty);
    }
    Ok(Imported {
        start,
        moves,
        result,
        outcome: game.outcome(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn game(fen: &str, moves: &[&str]) -> Game {
        let mut g = Game::from_position(Position::from_fen(fen).unwrap());
        for m in moves {
            g.play(parse_uci(m).unwrap()).unwrap();
        }
        g
    }

    fn tags() -> Tags {
        Tags {
            event: "Casual game".into(),
            site: "127.0.0.1".into(),
            date: "2026.11.21".into(),
            red: "Red".into(),
            black: "Black".into(),
        }
    }

    #[test]
    fn a_pgn_reads_back_to_the_same_moves_in_both_notations() {
        let g = game(START_FEN, &["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b3"]);
        for n in [Notation::Wxf, Notation::Chinese] {
            let pgn = export(&g, &tags(), n);
            assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
            assert!(!pgn.contains("[FEN"), "{pgn}");
            let back = import(&pgn).unwrap();
            assert_eq!(back.moves, g.moves(), "{pgn}");
            assert_eq!(back.result.as_deref(), Some("*"));
        }
        let pgn = export(&g, &tags(), Notation::Wxf);
        assert!(pgn.contains("1. C2.5 H8+7 2. H2+3"), "{pgn}");
    }

    #[test]
    fn a_finished_game_from_a_position_keeps_its_fen_and_result() {
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let g = game(fen, &["b0b9"]);
        let pgn = export(&g, &tags(), Notation::Chinese);
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        let back = import(&pgn).unwrap();
        assert_eq!(back.start.to_fen(), fen);
        assert_eq!(back.moves, g.moves());
        assert_eq!(back.result.as_deref(), Some("1-0"));
        assert_eq!(back.outcome, g.outcome());
    }

    #[test]
    fn the_chinese_record_numbers_moves_in_pairs() {
        let g = game(START_FEN, &["h2e2", "h9g7", "h0g2"]);
        assert_eq!(chinese_record(&g), "1. 炮二平五 马8进7 2. 马二进三");
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7";
        let g = game(black, &["h7e7", "h2e2"]);
        assert_eq!(chinese_record(&g), "7. ... 炮8平5 8. 炮二平五");
    }

    #[test]
    fn plain_lists_in_any_notation_with_numbers_and_comments() {
        for text in [
            "h2e2 h9g7 h0g2",
            "1. H2-E2 H9-G7 2. H0-G2",
            "1.C2.5 H8+7 2.H2+3 *",
            "1、炮二平五 马8进7 2、马二进三 {a comment} (1... 炮8平5)",
            "1. 炮二平五 h9g7; note\n2. H2+3",
        ] {
            let back = import(text).unwrap();
            assert_eq!(back.moves.len(), 3, "{text}");
            assert_eq!(back.moves[2], parse_uci("h0g2").unwrap(), "{text}");
        }
    }

    #[test]
    fn a_bad_move_is_reported_with_its_number() {
        let e = import("1. h2e2 h9g7 2. h0g2 a9a0").unwrap_err();
        assert_eq!(
            e,
            ImportError::Move {
                number: 2,
                side: Color::Black,
                text: "a9a0".into()
            }
        );
        assert!(e.text(Lang::En).contains("Move 2 (Black), “a9a0”"));
        assert!(e.text(Lang::Zh).contains("第 2 回合黑方"));
        let e = import("1. 炮二平五 nonsense").unwrap_err();
        assert!(matches!(
            e,
            ImportError::Move {
                number: 1,
                side: Color::Black,
                ..
            }
        ));
        assert_eq!(import("  ").unwrap_err(), ImportError::Empty);
        assert!(matches!(
            import("[FEN \"9/9 w\"]\n1. h2e2").unwrap_err(),
            ImportError::Fen(_)
        ));
    }
}
