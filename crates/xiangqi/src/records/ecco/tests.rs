//! The table against its own definitions: every code is given to a game that plays its
//! defining moves, each transposition rule has its test, and the classifier agrees with the
//! `ECCO` tags of published games (see `games_tagged`).

use super::*;
use crate::notation::{format_uci, parse_uci, parse_wxf};

fn uci(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|t| parse_uci(t).unwrap())
        .collect()
}

fn code(text: &str) -> &'static str {
    classify(&uci(text)).map_or("none", |o| o.code)
}

#[test]
fn the_table_reads_and_has_every_published_code_once() {
    let entries = read(TABLE).unwrap_or_else(|e| panic!("ecco.txt line {}: {}", e.line, e.why));
    assert_eq!(entries.len(), 260, "the ECCO 2004 system defines 260 codes");
    let mut codes: Vec<&str> = entries.iter().map(|e| e.opening.code).collect();
    let sorted = {
        let mut s = codes.clone();
        s.sort_unstable();
        s
    };
    assert_eq!(codes, sorted, "the table is in the order of the codes");
    codes.dedup();
    assert_eq!(codes.len(), 260);
    for e in &entries {
        assert!(
            !e.opening.chinese.is_empty() && !e.opening.english.is_empty(),
            "{}",
            e.opening.code
        );
    }
}

/// Neutral moves for the `*` of a pattern: the first legal one not already played is taken.
const FILLERS: [&str; 8] = [
    "K5+1", "K5-1", "P9+1", "P1+1", "A4+5", "A5-4", "A6+5", "A5-6",
];

/// A game that plays `entry`'s first red and black patterns, each `*` a neutral move, or why
/// none could be made.
fn example(entry: &Entry) -> Result<Vec<Move>, String> {
    let side = |p: &SidePattern| p.example(&mut || "*".to_string());
    let (red, black) = (side(&entry.red[0]), side(&entry.black[0]));
    let mut position = Position::start();
    let mut moves = Vec::new();
    let plies = (red.len() * 2).max(black.len() * 2) - usize::from(black.len() < red.len());
    for ply in 0..plies.min(PLIES) {
        let wanted = if ply % 2 == 0 {
            red.get(ply / 2)
        } else {
            black.get(ply / 2)
        };
        let m = match wanted.map(String::as_str) {
            Some(token) if token != "*" => {
                parse_wxf(&position, token).map_err(|e| format!("ply {} {token}: {e}", ply + 1))?
            }
            _ => FILLERS
                .iter()
                .filter_map(|f| parse_wxf(&position, f).ok())
                .find(|m| position.is_legal(*m))
                .ok_or_else(|| format!("ply {}: no neutral move", ply + 1))?,
        };
        if !position.is_legal(m) {
            return Err(format!("ply {}: {} is not legal", ply + 1, format_uci(m)));
        }
        position = position.after(m);
        moves.push(m);
    }
    Ok(moves)
}

/// Games for the codes whose defining moves cannot be played in the order their first
/// patterns list them (a rook that needs its horse moved first, a horse its pawn).
const EXAMPLES: [(&str, &str); 8] = [
    ("B33", "h2e2 b9c7 h0g2 h7f7 i0h0 h9g7 h0h6"),
    ("C02", "h2e2 h9g7 b0c2 b9c7 c3c4 i9h9 c2d4"),
    ("C11", "h2e2 h9g7 i0i1 b9c7 b0c2 i9h9 c3c4 g6g5 c2d4"),
    ("D42", "h2e2 h9g7 b0c2 i9h9 a0b0 h7i7 e0e1 b7e7"),
    ("D52", "h2e2 h9g7 h0g2 b7e7 i0h0"),
    ("D53", "h2e2 h9g7 h0g2 b7e7 i0h0 e9e8 h0h6"),
    ("D54", "h2e2 h9g7 b0c2 b7e7 a0b0"),
    ("D55", "h2e2 h9g7 b0c2 b7e7 a0b0 e9e8 h0g2 e8e9 i0h0"),
];

#[test]
fn a_game_that_plays_a_codes_defining_moves_is_given_that_code() {
    let mut wrong = Vec::new();
    for entry in table() {
        let want = entry.opening.code;
        let given = EXAMPLES
            .iter()
            .find(|(c, _)| *c == want)
            .map(|(_, line)| Ok(uci(line)));
        match given.unwrap_or_else(|| example(entry)) {
            Err(why) => wrong.push(format!("{want}: no game ({why})")),
            Ok(moves) => {
                let got = classify(&moves).map_or("none", |o| o.code);
                if got != want {
                    let line: Vec<String> = moves.iter().map(|&m| format_uci(m)).collect();
                    wrong.push(format!("{want}: got {got} for {}", line.join(" ")));
                }
                // Mirrored, the same game has the same code.
                let mirrored: Vec<Move> = moves.iter().map(|&m| m.mirrored()).collect();
                let got = classify(&mirrored).map_or("none", |o| o.code);
                if got != want && moves.first().is_some_and(|m| m.from().file() != 4) {
                    wrong.push(format!("{want}: mirrored, got {got}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} codes:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn moves_played_in_any_order_reach_the_same_named_position() {
    // C20局面: Red's five moves and Black's five in two different orders, then 6. 车九进一.
    let a = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b0c2 c6c5";
    let b = "h2e2 b9c7 b0c2 c6c5 h0g2 h9g7 i0h0 i9h9 h0h6 g6g5";
    for line in [a, b] {
        assert_eq!(code(line), "C20", "{line}");
        assert_eq!(code(&format!("{line} a0a1")), "C21", "{line}");
    }
}

#[test]
fn moves_allowed_before_the_deciding_move_keep_the_code_and_others_do_not() {
    assert_eq!(code("h2e2 h9g7 h0g2 b9c7 b0c2"), "C01");
    // 兵三进一 is among the moves C01 allows before 马八进七.
    assert_eq!(code("h2e2 h9g7 g3g4 b9c7 b0c2"), "C01");
    // 车九进一 is not: the horse no longer decides.
    assert_eq!(code("h2e2 h9g7 a0a1 b9c7 b0c2"), "C00");
}

#[test]
fn either_published_alternative_gives_the_code() {
    // B45: 炮八平六 then 马八进九, or the other way round.
    assert_eq!(code("h2e2 b9c7 h0g2 h7f7 i0h0 h9g7 b2d2 i9h9 b0a2"), "B45");
    assert_eq!(code("h2e2 b9c7 h0g2 h7f7 i0h0 h9g7 b0a2 i9h9 b2d2"), "B45");
}

#[test]
fn a_game_opened_on_the_left_is_read_as_its_mirror_image() {
    let right = uci("h2e2 h9g7 h0g2 b9c7 b0c2");
    let left: Vec<Move> = right.iter().map(|&m| m.mirrored()).collect();
    assert_eq!(format_uci(left[0]), "b2e2");
    assert_eq!(classify(&left).map(|o| o.code), Some("C01"));
    // A first move on the central file is never mirrored.
    assert_eq!(code("e3e4"), "A00");
}

#[test]
fn only_the_first_ten_moves_of_each_side_count_and_bad_input_has_no_code() {
    let twenty = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 b0c2 c6c5 a0a1 a9a8 a1f1 a8d8 f1f6 d8d1 a3a4 d1d3 e0e1 d3d1";
    let code20 = code(twenty);
    assert_eq!(code(&format!("{twenty} e1e0 d1d2")), code20);
    assert_eq!(classify(&[]), None);
    assert_eq!(classify(&uci("h2e2 h2e3")), None, "an illegal move");
    let start = Position::start();
    let has = |_: &str| false;
    assert_eq!(pgn_tags(&start, &uci("h2e2"), &has)[0], ("ECCO", "B00"));
    let other = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    assert!(
        pgn_tags(&other, &[], &has).is_empty(),
        "a set-up position has no opening"
    );
    assert!(
        pgn_tags(&start, &uci("h2e2"), &|k| k == "ECCO").is_empty(),
        "a record's own tag is kept"
    );
}

#[test]
fn names_split_into_opening_and_variation() {
    let o = by_code("c46").unwrap();
    assert_eq!(o.opening(), "中炮过河车互进七兵对屏风马平炮兑车");
    assert_eq!(o.variation(), Some("红左边炮对黑退边炮上右士右直车"));
    assert_eq!(by_code("B05").unwrap().variation(), None);
    assert!(by_code("A09").is_none(), "an empty slot of the system");
    assert_eq!(openings().count(), 260);
}
