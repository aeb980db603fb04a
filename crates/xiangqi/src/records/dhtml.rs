//! DhtmlXQ, the record of Chinese web pages and forums (UBB): fields written
//! `[DhtmlXQ_name]value[/DhtmlXQ_name]`, usually inside `[DhtmlXQ]` … `[/DhtmlXQ]`.
//!
//! - Points are two digits, the column 0-8 from Red's left, then the row 0-9 from Black's
//!   side (the top of the board): `79` is h0, Red's right horse.
//! - `binit` places the 32 pieces, Red's then Black's, each in the order chariot, horse,
//!   elephant, advisor, general, advisor, elephant, horse, chariot, cannon, cannon and five
//!   soldiers; `99` marks a piece off the board. Without it the game starts at the initial
//!   position; the side to move is that of the first move's piece.
//! - `movelist` is the main line, four digits a move (from, to).
//! - `move_A_B_C` is variation C: an alternative to the move at ply B (counted from 1 at
//!   the start) of line A (0 for the main line), continuing as far as it goes.
//! - `commentN` follows the main line's move at ply N (`comment0` comes before the first
//!   move); `commentC_N` follows variation C's move at ply N. `||` stands for a line break.
//! - `title`, `event`, `date`, `place`, `round`, `red`, `black`, `open` and `result` (红胜,
//!   黑胜, 和棋 or a PGN token) give the tags; other fields are kept under their own name.
//!
//! This crate also writes `fen` when the start is not the initial position, since `binit`
//! cannot say whose turn it is, and reads it back.

use super::build::{placed, Builder};
use super::record::{At, Format, Record, RecordError, Why};
use super::result::GameResult;
use super::tree::GameTree;
use crate::board::Board;
use crate::color::Color;
use crate::m::Move;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// The kinds of the 16 pieces of a side, in `binit` order.
pub(crate) const SLOTS: [Kind; 16] = [
    Kind::Chariot,
    Kind::Horse,
    Kind::Elephant,
    Kind::Advisor,
    Kind::General,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Horse,
    Kind::Chariot,
    Kind::Cannon,
    Kind::Cannon,
    Kind::Soldier,
    Kind::Soldier,
    Kind::Soldier,
    Kind::Soldier,
    Kind::Soldier,
];

/// The tags with a DhtmlXQ name of their own: (PGN name, DhtmlXQ name).
pub(crate) const NAMES: [(&str, &str); 9] = [
    ("Title", "title"),
    ("Event", "event"),
    ("Date", "date"),
    ("Site", "place"),
    ("Round", "round"),
    ("Red", "red"),
    ("Black", "black"),
    ("Opening", "open"),
    ("ECCO", "ecco"),
];

/// Fields about the viewer, not the game: skipped.
pub(crate) const VIEWER: [&str; 3] = ["ver", "init", "pver"];

/// One `[DhtmlXQ_name]value[/DhtmlXQ_name]` field, with the line it starts on.
struct Field {
    name: String,
    value: String,
    line: usize,
}

/// The fields of `text` in order.
fn fields(text: &str) -> Vec<Field> {
    const OPEN: &str = "[dhtmlxq_";
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = lower[at..].find(OPEN) {
        let start = at + i + OPEN.len();
        let Some(close) = lower[start..].find(']') else {
            break;
        };
        let name = &text[start..start + close];
        let body = start + close + 1;
        at = body;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let end_tag = format!("[/dhtmlxq_{}]", name.to_ascii_lowercase());
        let Some(end) = lower[body..].find(&end_tag) else {
            continue;
        };
        out.push(Field {
            name: name.to_string(),
            value: text[body..body + end].to_string(),
            line: 1 + text[..start].matches('\n').count(),
        });
        at = body + end + end_tag.len();
    }
    out
}

/// Reads every `[DhtmlXQ]` block of the text (the whole text when it has none).
pub(crate) fn read_dhtml(text: &str) -> Result<Vec<Record>, RecordError> {
    let lower = text.to_ascii_lowercase();
    let starts: Vec<usize> = lower.match_indices("[dhtmlxq]").map(|(i, _)| i).collect();
    let mut records = Vec::new();
    if starts.len() < 2 {
        records.push(read_one(text, 0)?);
    } else {
        for (k, &s) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(text.len());
            let lines_before = text[..s].matches('\n').count();
            records.push(read_one(&text[s..end], lines_before)?);
        }
    }
    Ok(records)
}

/// A point in DhtmlXQ digits, `None` for `99` or anything off the board.
fn point(d: &[u8]) -> Option<Square> {
    let (x, y) = (d[0].wrapping_sub(b'0'), d[1].wrapping_sub(b'0'));
    (y <= 9).then(|| Square::new(x, 9 - y)).flatten()
}

/// The result a field names.
pub(crate) fn result_of(v: &str) -> Option<GameResult> {
    let v = v.trim();
    v.parse().ok().or(match v {
        "红胜" | "红先胜" | "紅勝" => Some(GameResult::RedWins),
        "黑胜" | "黑先胜" | "黑勝" | "红负" => Some(GameResult::BlackWins),
        "和棋" | "和局" | "红和" | "和" => Some(GameResult::Draw),
        "未知" => Some(GameResult::Unknown),
        _ => None,
    })
}

/// Digits of a move field, checked: an error names the field's line.
fn moves_of(f: &Field) -> Result<Vec<[u8; 4]>, RecordError> {
    let digits: Vec<u8> = f
        .value
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    let err = |why: String| RecordError::new(Format::DhtmlXq, At::Line(f.line), Why::Form(why));
    if let Some(bad) = digits.iter().find(|b| !b.is_ascii_digit()) {
        return Err(err(format!(
            "DhtmlXQ_{} holds '{}': moves are written in digits only",
            f.name,
            char::from(*bad).escape_default()
        )));
    }
    if digits.len() % 4 != 0 {
        return Err(err(format!(
            "DhtmlXQ_{} has {} digits: a move takes four",
            f.name,
            digits.len()
        )));
    }
    Ok(digits.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect())
}

/// The `binit` placement.
fn placement(f: &Field) -> Result<Board, RecordError> {
    let v = f.value.trim();
    let err = |why| RecordError::new(Format::DhtmlXq, At::Line(f.line), why);
    if v.len() != 64 || !v.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(Why::Form(format!(
            "DhtmlXQ_binit must be 64 digits, two for each of the 32 pieces, not {} characters",
            v.chars().count()
        ))));
    }
    let mut board = Board::empty();
    for (i, pair) in v.as_bytes().chunks(2).enumerate() {
        let color = if i < 16 { Color::Red } else { Color::Black };
        if let Some(sq) = point(pair) {
            if board
                .set(sq, Some(Piece::new(color, SLOTS[i % 16])))
                .is_some()
            {
                return Err(err(Why::SamePoint(sq)));
            }
        }
    }
    Ok(board)
}

/// Reads one game's fields. `line0` is the number of lines before the text.
fn read_one(text: &str, line0: usize) -> Result<Record, RecordError> {
    let mut fs = fields(text);
    for f in &mut fs {
        f.line += line0;
    }
    let mut tree = GameTree::new(Position::start());
    let mut board = None;
    let mut fen = None;
    let mut main: Vec<[u8; 4]> = Vec::new();
    let mut branches: Vec<(usize, usize, usize, Vec<[u8; 4]>)> = Vec::new();
    let mut comments: Vec<(usize, usize, String)> = Vec::new();
    for f in &fs {
        let lower = f.name.to_ascii_lowercase();
        let number = |s: &str| s.parse::<usize>().ok();
        if let Some(rest) = lower.strip_prefix("move_") {
            let n: Vec<Option<usize>> = rest.split('_').map(number).collect();
            if let [Some(a), Some(b), Some(c)] = n[..] {
                branches.push((c, a, b, moves_of(f)?));
            }
        } else if let Some(rest) = lower.strip_prefix("comment") {
            let text = f.value.replace('\r', "").replace("||", "\n");
            match rest.split_once('_') {
                None => comments.extend(number(rest).map(|n| (0, n, text))),
                Some((b, n)) => {
                    comments.extend(number(b).zip(number(n)).map(|(b, n)| (b, n, text)))
                }
            }
        } else {
            match lower.as_str() {
                "binit" => board = Some(placement(f)?),
                "movelist" => main = moves_of(f)?,
                "fen" => fen = Some(f),
                "result" => tree.result = result_of(&f.value),
                // The fields a PGN writer makes from the tree itself.
                "game" | "format" => {}
                l if VIEWER.contains(&l) => {}
                l => {
                    let key = match NAMES.iter().find(|(_, d)| *d == l) {
                        Some((pgn, _)) => pgn.to_string(),
                        None => f.name.strip_prefix("tag_").unwrap_or(&f.name).to_string(),
                    };
                    let value = f.value.replace(['\r', '\n'], " ").trim().to_string();
                    tree.tags.push((key, value));
                }
            }
        }
    }
    tree.start = match (fen, board) {
        (Some(f), _) => Position::from_fen(f.value.trim())
            .map_err(|e| RecordError::new(Format::DhtmlXq, At::Line(f.line), Why::Fen(e)))?,
        (None, Some(board)) => start_of(board, main.first()).map_err(|why| {
            let line = fs.iter().find(|f| f.name.eq_ignore_ascii_case("binit"));
            RecordError::new(Format::DhtmlXq, At::Line(line.map_or(1, |f| f.line)), why)
        })?,
        (None, None) => Position::start(),
    };
    let mut b = Builder::new(tree);
    let mut paths: Vec<(usize, Vec<usize>)> = Vec::new();
    play_line(&mut b, &main);
    paths.push((0, b.path().to_vec()));
    branches.sort_by_key(|br| br.0);
    for (id, parent, step, moves) in branches {
        let Some((_, from)) = paths.iter().find(|(p, _)| *p == parent) else {
            continue;
        };
        if step == 0 || step > from.len() + 1 || id == 0 {
            continue;
        }
        let from = from[..step - 1].to_vec();
        if b.goto(&from) {
            play_line(&mut b, &moves);
            paths.push((id, b.path().to_vec()));
        }
    }
    for (branch, ply, text) in comments {
        let Some((_, path)) = paths.iter().find(|(p, _)| *p == branch) else {
            continue;
        };
        if ply <= path.len() && (ply > 0 || branch == 0) && b.goto(&path[..ply]) {
            b.comment(&text);
        }
    }
    let (tree, faults) = b.finish();
    Ok(Record {
        format: Format::DhtmlXq,
        tree,
        faults,
    })
}

/// Plays DhtmlXQ moves from where the builder stands, as far as they are legal.
fn play_line(b: &mut Builder, moves: &[[u8; 4]]) {
    for d in moves {
        if b.is_dead() {
            break;
        }
        let text: String = d.iter().map(|&c| char::from(c)).collect();
        match (point(&d[..2]), point(&d[2..])) {
            (Some(from), Some(to)) => b.play_move(Move::new(from, to), &text),
            _ => b.unreadable(&text),
        }
    }
}

/// The start position of a placement: the side of the first move's piece to move, else
/// Red (or Black when only that is legal).
pub(crate) fn start_of(board: Board, first: Option<&[u8; 4]>) -> Result<Position, Why> {
    let mover = first
        .and_then(|d| point(&d[..2]))
        .and_then(|sq| board.get(sq))
        .map(|p| p.color);
    placed(board, mover).map_err(Why::Position)
}
