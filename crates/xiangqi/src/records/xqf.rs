//! XQF, XQStudio's binary record, every version: 1.0 (byte 2 below 11) as published, and
//! the later versions whose start position, moves and comments are scrambled with keys
//! kept in the header.
//!
//! The header is 1024 bytes: `XQ`, the version, the keys (bytes 3 and 8-15), the 32 pieces'
//! points at 0x10 (chariot, horse, elephant, advisor, general, advisor, elephant, horse,
//! chariot, two cannons, five soldiers, Red's then Black's; a point is `column * 10 + row`
//! from Red's bottom left, anything above 89 off the board), the result at 0x33 (1 Red
//! wins, 2 Black wins, 3 or 4 a draw), the kind of record at 0x40 (3 an endgame setup), and
//! strings of one length byte and GBK text: title 0x50, event 0xD0, date 0x110, place
//! 0x120, Red 0x130, Black 0x140, annotator 0x1D0, author 0x1E0.
//!
//! From 0x400 come the moves, each `from + 24`, `to + 32`, flags and a spare byte, the
//! first record being an empty move that carries the comment before the game. The moves
//! form a tree in pre-order: after a move come its replies if its "next" flag is set, then
//! its next alternative if its "variation" flag is set. Version 1.0 writes the flags as
//! 0xF0 (next) and 0x0F (variation) and a 32-bit comment length after every move; later
//! versions use 0x80, 0x40 and 0x20 (a comment follows, its length first).
//!
//! Version 11 and later subtract a key stream from every byte after the header (32 bytes
//! made from the keys and the text `[(C) Copyright Mr. Dong Shiwei.]`), an offset from
//! the points of the pieces and moves and from comment lengths, and from version 12 also
//! rotate the pieces' slots. The side to move is the first move's.

use super::build::{placed, Builder};
use super::dhtml::SLOTS;
use super::record::{At, Format, Record, RecordError, Why};
use super::result::GameResult;
use super::tree::{tag, GameTree};
use crate::board::Board;
use crate::color::Color;
use crate::m::Move;
use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;

/// Where the moves begin.
const MOVES_AT: usize = 0x400;

/// The header's strings: offset, tag.
const STRINGS: [(usize, &str); 8] = [
    (0x50, tag::TITLE),
    (0xD0, tag::EVENT),
    (0x110, tag::DATE),
    (0x120, tag::SITE),
    (0x130, tag::RED),
    (0x140, tag::BLACK),
    (0x1D0, "Annotator"),
    (0x1E0, "Author"),
];

/// The keys of an encrypted file (all zero for version 1.0).
struct Keys {
    pieces: u8,
    from: u8,
    to: u8,
    comment: u32,
    stream: [u8; 32],
}

impl Keys {
    fn of(h: &[u8]) -> Keys {
        let version = h[2];
        if version < 11 {
            return Keys {
                pieces: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let square = |k: u8| (u32::from(k) * u32::from(k) * 54 + 221) as u8;
        let pieces = square(h[13]).wrapping_mul(h[13]);
        let from = square(h[14]).wrapping_mul(pieces);
        let to = square(h[15]).wrapping_mul(from);
        let comment = (u32::from(h[12]) * 256 + u32::from(h[13])) % 32000 + 767;
        let mut stream = [0; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            let key = h[8 + i % 4] | (h[12 + i % 4] & h[3]);
            *s = key & b"[(C) Copyright Mr. Dong Shiwei.]"[i];
        }
        Keys {
            pieces,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// One move record as stored, before it is played.
struct Step {
    from: u8,
    to: u8,
    next: bool,
    variation: bool,
    comment: String,
    at: usize,
}

/// Reads the move records from 0x400 on, decrypting as it goes.
struct Steps<'a> {
    bytes: &'a [u8],
    pos: usize,
    keys: Keys,
    old: bool,
}

impl Steps<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<Vec<u8>, RecordError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            let why = Why::Truncated {
                what,
                needed: n - (self.bytes.len() - self.pos),
            };
            return Err(RecordError::new(Format::Xqf, At::Byte(self.pos), why));
        };
        let out = (self.pos..end)
            .map(|i| self.bytes[i].wrapping_sub(self.keys.stream[(i - MOVES_AT) % 32]))
            .collect();
        self.pos = end;
        Ok(out)
    }

    fn step(&mut self) -> Result<Step, RecordError> {
        let at = self.pos;
        let b = self.take(4, "a move record")?;
        let (next, variation, has_comment) = if self.old {
            (b[2] & 0xF0 != 0, b[2] & 0x0F != 0, true)
        } else {
            (b[2] & 0x80 != 0, b[2] & 0x40 != 0, b[2] & 0x20 != 0)
        };
        let mut comment = String::new();
        if has_comment {
            let at_len = self.pos;
            let l = self.take(4, "a comment's length")?;
            let raw = u32::from_le_bytes([l[0], l[1], l[2], l[3]]);
            let len = raw.wrapping_sub(self.keys.comment) as i32;
            if len < 0 || len as usize > self.bytes.len() - self.pos {
                let why = Why::Form(format!(
                    "a comment of {len} bytes does not fit in the {} bytes left",
                    self.bytes.len() - self.pos
                ));
                return Err(RecordError::new(Format::Xqf, At::Byte(at_len), why));
            }
            let text = self.take(len as usize, "a comment")?;
            comment = gbk(&text);
        }
        Ok(Step {
            from: b[0].wrapping_sub(24).wrapping_sub(self.keys.from),
            to: b[1].wrapping_sub(32).wrapping_sub(self.keys.to),
            next,
            variation,
            comment,
            at,
        })
    }
}

/// GBK text as a string, with anything unreadable replaced; NULs and the spaces around
/// it trimmed.
fn gbk(bytes: &[u8]) -> String {
    let (text, _) = encoding_rs::GB18030.decode_without_bom_handling(bytes);
    text.trim_matches(|c: char| c == '\0' || c.is_whitespace())
        .replace('\r', "")
}

/// A point as XQF stores it, `column * 10 + row`.
fn point(v: u8) -> Option<Square> {
    (v < 90).then(|| Square::new(v / 10, v % 10)).flatten()
}

/// Reads an XQF file.
pub(crate) fn read_xqf(bytes: &[u8]) -> Result<Record, RecordError> {
    if bytes.len() < MOVES_AT {
        let why = Why::Truncated {
            what: "the 1024-byte header",
            needed: MOVES_AT - bytes.len(),
        };
        return Err(RecordError::new(Format::Xqf, At::Byte(bytes.len()), why));
    }
    let h = &bytes[..MOVES_AT];
    let version = h[2];
    let keys = Keys::of(h);
    let mut slots = [0u8; 32];
    for (i, &b) in h[0x10..0x30].iter().enumerate() {
        let slot = if version >= 12 {
            (usize::from(keys.pieces) + 1 + i) % 32
        } else {
            i
        };
        slots[slot] = b.wrapping_sub(keys.pieces);
    }
    // Stage one: the records as stored.
    let mut steps = Steps {
        bytes,
        pos: MOVES_AT,
        keys,
        old: version < 11,
    };
    let root = steps.step()?;
    let mut records = Vec::new();
    let mut pending = 0usize;
    let mut more = root.next;
    while more {
        let s = steps.step()?;
        pending += usize::from(s.variation);
        more = s.next;
        if !more && pending > 0 {
            pending -= 1;
            more = true;
        }
        records.push(s);
    }
    // Stage two: the tags, the start and the moves on it.
    let mut tree = GameTree::new(Position::start());
    for (at, name) in STRINGS {
        let len = usize::from(h[at]).min(if at == 0x50 || at == 0xD0 { 63 } else { 15 });
        let value = gbk(&h[at + 1..at + 1 + len]).replace('\n', " ");
        if !value.is_empty() {
            tree.tags.push((name.to_string(), value));
        }
    }
    tree.result = match h[0x33] {
        1 => Some(GameResult::RedWins),
        2 => Some(GameResult::BlackWins),
        3 | 4 => Some(GameResult::Draw),
        _ => None,
    };
    tree.start = start(&slots, h[0x40], records.first())?;
    tree.comment = root.comment;
    Ok(play(tree, &records))
}

/// The start position: the pieces as placed, or the initial position for a full game or
/// an opening whose placement cannot be played.
fn start(slots: &[u8; 32], kind: u8, first: Option<&Step>) -> Result<Position, RecordError> {
    let mut board = Board::empty();
    for (i, &v) in slots.iter().enumerate() {
        let color = if i < 16 { Color::Red } else { Color::Black };
        if let Some(sq) = point(v) {
            if board
                .set(sq, Some(Piece::new(color, SLOTS[i % 16])))
                .is_some()
            {
                if kind < 2 {
                    return Ok(Position::start());
                }
                return Err(RecordError::new(
                    Format::Xqf,
                    At::Byte(0x10),
                    Why::SamePoint(sq),
                ));
            }
        }
    }
    let mover = first
        .and_then(|s| point(s.from))
        .and_then(|sq| board.get(sq))
        .map(|p| p.color);
    match (kind < 2, placed(board, mover)) {
        (_, Ok(pos)) => Ok(pos),
        (true, Err(_)) => Ok(Position::start()),
        (false, Err(e)) => Err(RecordError::new(
            Format::Xqf,
            At::Byte(0x10),
            Why::Position(e),
        )),
    }
}

/// Plays the records in pre-order: a move's replies follow it when its "next" flag is
/// set, and its next alternative follows them when its "variation" flag is set.
fn play(tree: GameTree, records: &[Step]) -> Record {
    let mut b = Builder::new(tree);
    // Where the next record goes (`None`: below a move that could not be played), and the
    // parents still owed an alternative.
    let mut parent: Option<Vec<usize>> = Some(Vec::new());
    let mut owed: Vec<Option<Vec<usize>>> = Vec::new();
    for s in records {
        let mut placed = None;
        if let Some(p) = &parent {
            if b.goto(p) {
                let text = match (point(s.from), point(s.to)) {
                    (Some(f), Some(t)) => Ok(Move::new(f, t)),
                    _ => Err(format!("byte {}", s.at)),
                };
                match text {
                    Ok(m) => b.play_move(m, &m.to_string()),
                    Err(t) => b.unreadable(&t),
                }
                if !b.is_dead() && b.path().len() == p.len() + 1 {
                    b.comment(&s.comment);
                    placed = Some(b.path().to_vec());
                }
            }
        }
        if s.variation {
            owed.push(parent.clone());
        }
        if s.next {
            parent = placed;
        } else if let Some(p) = owed.pop() {
            parent = p;
        }
    }
    let (tree, faults) = b.finish();
    Record {
        format: Format::Xqf,
        tree,
        faults,
    }
}
