//! A compact text for a game's moves, short enough that a game of 150 moves fits a link.
//!
//! Each move is written as its index in the list of legal moves of the position where it is
//! played, those moves sorted by their from point and then their to point (in
//! [`Square::index`](crate::Square::index) order). An index below 48 takes one character; a
//! larger one two: the first says which block of 64 (from 48 on), the second the place in it.
//! The characters are the 64 of base64url (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`), which need no
//! escaping in an address. A Xiangqi position has far fewer than 48 legal moves but in rare
//! cases, so a game takes about one character a ply, against five for `h2e2` and a separator.
//!
//! ```
//! use xiangqi::records::compact;
//! use xiangqi::notation::parse_uci;
//! use xiangqi::Position;
//! let moves = ["h2e2", "h9g7", "h0g2"].map(|t| parse_uci(t).unwrap());
//! let text = compact::encode(&Position::start(), &moves).unwrap();
//! assert_eq!(text, "epJ");
//! assert_eq!(compact::decode(&Position::start(), &text).unwrap(), moves);
//! ```

use crate::m::Move;
use crate::position::Position;
use core::fmt;

/// The 64 characters, by value.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Values below this are an index on their own; from it on, a value starts a two-character
/// index.
const ONE: usize = 48;

/// The largest index the encoding can hold.
const MAX_INDEX: usize = ONE + (64 - ONE) * 64 - 1;

/// Why a compact text could not be read, or a move list could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompactError {
    /// A character that is not one of the 64, at this byte offset of the text.
    Character {
        /// The byte offset.
        offset: usize,
    },
    /// The text ends in the middle of a two-character move.
    Truncated {
        /// The ply (0 for the first move) whose move is cut short.
        ply: usize,
    },
    /// The index is past the end of the legal moves (or, writing, the move is not legal).
    NoSuchMove {
        /// The ply (0 for the first move) of the move.
        ply: usize,
    },
}

impl CompactError {
    /// The ply (0 for the first move) of the move that could not be read or written, where
    /// that is known.
    pub fn ply(self) -> Option<usize> {
        match self {
            CompactError::Character { .. } => None,
            CompactError::Truncated { ply } | CompactError::NoSuchMove { ply } => Some(ply),
        }
    }
}

impl fmt::Display for CompactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompactError::Character { offset } => {
                write!(f, "character {} is not a move character", offset + 1)
            }
            CompactError::Truncated { ply } => write!(f, "the text ends inside move {}", ply + 1),
            CompactError::NoSuchMove { ply } => write!(f, "move {} is not legal", ply + 1),
        }
    }
}

impl std::error::Error for CompactError {}

/// A move's place in the encoding's order.
fn key(m: Move) -> (usize, usize) {
    (m.from().index(), m.to().index())
}

/// The index of `m` among the legal moves of `pos` in the encoding's order, if it is one.
/// Counted rather than sorted: a position has some 40 moves, and the page's wasm stays free
/// of a sort.
fn index_of(pos: &Position, m: Move) -> Option<usize> {
    let legal = pos.legal_moves();
    legal
        .contains(m)
        .then(|| legal.iter().filter(|&&l| key(l) < key(m)).count())
}

/// The legal move of `pos` at `index` in the encoding's order.
fn move_at(pos: &Position, index: usize) -> Option<Move> {
    let legal = pos.legal_moves();
    legal
        .iter()
        .copied()
        .find(|&m| legal.iter().filter(|&&l| key(l) < key(m)).count() == index)
}

fn value(c: u8) -> Option<usize> {
    ALPHABET.iter().position(|&a| a == c)
}

/// Writes index `i` (at most [`MAX_INDEX`]) as one character or two.
fn write_index(i: usize, out: &mut String) {
    if i < ONE {
        out.push(ALPHABET[i] as char);
    } else {
        out.push(ALPHABET[ONE + (i - ONE) / 64] as char);
        out.push(ALPHABET[(i - ONE) % 64] as char);
    }
}

/// The index of the character values `first` and, when `first` starts a two-character index,
/// `second`.
fn read_index(first: usize, second: Option<usize>) -> usize {
    match second {
        None => first,
        Some(second) => ONE + (first - ONE) * 64 + second,
    }
}

/// Writes `m`, played in `pos` at ply `ply` (from 0), to `out`; the error if it is not legal
/// there. The one writer of a move, for lines and trees ([`super::compact_tree`]).
pub(super) fn write_move(
    pos: &Position,
    m: Move,
    ply: usize,
    out: &mut String,
) -> Result<(), CompactError> {
    let i = index_of(pos, m)
        .filter(|&i| i <= MAX_INDEX)
        .ok_or(CompactError::NoSuchMove { ply })?;
    write_index(i, out);
    Ok(())
}

/// Reads the move that starts at byte `offset` of `bytes`, played in `pos` at ply `ply` (from
/// 0): the move and the offset after it. The one reader of a move, for lines and trees.
pub(super) fn read_move(
    bytes: &[u8],
    offset: usize,
    pos: &Position,
    ply: usize,
) -> Result<(Move, usize), CompactError> {
    let read = |at: usize| {
        bytes
            .get(at)
            .ok_or(CompactError::Truncated { ply })
            .and_then(|&c| value(c).ok_or(CompactError::Character { offset: at }))
    };
    let first = read(offset)?;
    let second = if first < ONE {
        None
    } else {
        Some(read(offset + 1)?)
    };
    let m = move_at(pos, read_index(first, second)).ok_or(CompactError::NoSuchMove { ply })?;
    Ok((m, offset + 1 + usize::from(second.is_some())))
}

/// The compact text of `moves` played from `start`; an error names the first move that is not
/// legal where it is played.
pub fn encode(start: &Position, moves: &[Move]) -> Result<String, CompactError> {
    let mut pos = start.clone();
    let mut out = String::with_capacity(moves.len() + 8);
    for (ply, &m) in moves.iter().enumerate() {
        write_move(&pos, m, ply, &mut out)?;
        pos.make_move(m);
    }
    Ok(out)
}

/// The moves of the compact `text`, played from `start`. Every move is legal where it is
/// played; the first character or move that cannot be read is the error.
pub fn decode(start: &Position, text: &str) -> Result<Vec<Move>, CompactError> {
    match decode_partial(start, text) {
        (moves, None) => Ok(moves),
        (_, Some(e)) => Err(e),
    }
}

/// The moves of the compact `text` up to the first that cannot be read, and why that one
/// cannot (`None` if all were read).
pub fn decode_partial(start: &Position, text: &str) -> (Vec<Move>, Option<CompactError>) {
    let bytes = text.as_bytes();
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(bytes.len());
    let mut offset = 0;
    while offset < bytes.len() {
        match read_move(bytes, offset, &pos, moves.len()) {
            Ok((m, next)) => {
                pos.make_move(m);
                moves.push(m);
                offset = next;
            }
            Err(e) => return (moves, Some(e)),
        }
    }
    (moves, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::notation::parse_uci;
    use proptest::prelude::*;

    #[test]
    fn every_index_the_encoding_holds_reads_back() {
        // Indexes are written alone below 48 and as two characters above: the boundary and
        // the extremes, through the functions encode and decode use.
        for i in [0, 1, 47, 48, 49, 111, 112, MAX_INDEX] {
            let mut text = String::new();
            write_index(i, &mut text);
            assert_eq!(text.len(), if i < ONE { 1 } else { 2 }, "{i}");
            let bytes = text.as_bytes();
            let first = value(bytes[0]).unwrap();
            let second = bytes.get(1).map(|&c| value(c).unwrap());
            assert_eq!(first < ONE, second.is_none(), "{text}");
            assert_eq!(read_index(first, second), i, "{text}");
        }
    }

    #[test]
    fn a_position_with_more_than_48_moves_uses_two_characters() {
        // The start position has 44 legal moves; two chariots, cannons and horses on an open
        // board have 52.
        let pos = Position::from_fen("3ak4/9/9/9/9/9/9/R1C1H1C1R/4A4/3AK4 w - - 0 1").unwrap();
        let legal = pos.legal_moves();
        assert!(legal.len() > ONE, "{} moves", legal.len());
        let last = *legal.iter().max_by_key(|&&m| key(m)).unwrap();
        let text = encode(&pos, &[last]).unwrap();
        assert_eq!(text.len(), 2, "{text}");
        assert_eq!(decode(&pos, &text).unwrap(), [last]);
    }

    #[test]
    fn bad_text_is_refused_with_its_place() {
        let start = Position::start();
        assert_eq!(
            decode(&start, "A*"),
            Err(CompactError::Character { offset: 1 })
        );
        assert_eq!(
            decode(&start, "A e"),
            Err(CompactError::Character { offset: 1 })
        );
        // '9' (61) starts a two-character index; 'v' (47) is past the start's 44 moves.
        assert_eq!(decode(&start, "9"), Err(CompactError::Truncated { ply: 0 }));
        assert_eq!(
            decode(&start, "AvA"),
            Err(CompactError::NoSuchMove { ply: 1 })
        );
        assert_eq!(
            decode(&start, "v"),
            Err(CompactError::NoSuchMove { ply: 0 })
        );
        assert_eq!(decode(&start, ""), Ok(vec![]));
        let (moves, error) = decode_partial(&start, "epJv");
        assert_eq!(
            (moves.len(), error),
            (3, Some(CompactError::NoSuchMove { ply: 3 }))
        );
        let illegal = parse_uci("h2h8").unwrap();
        assert_eq!(
            encode(&start, &[illegal]),
            Err(CompactError::NoSuchMove { ply: 0 })
        );
    }

    #[test]
    fn a_long_game_takes_about_one_character_a_ply() {
        // 300 plies of a deterministic pseudo-random game: each ply the move a simple linear
        // congruential choice picks, or the next after it that does not end the game.
        let mut game = Game::new();
        let mut seed: u64 = 12345;
        while game.len() < 300 {
            let legal = game.position().legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let first = (seed >> 33) as usize % legal.len();
            let next = (0..legal.len())
                .map(|i| legal[(first + i) % legal.len()])
                .find_map(|m| {
                    let mut after = game.clone();
                    after.play(m).unwrap();
                    after.outcome().is_none().then_some(after)
                })
                .expect("a move that goes on");
            game = next;
        }
        assert_eq!(game.len(), 300);
        let moves = game.moves();
        let text = encode(game.start_position(), &moves).unwrap();
        // The figure the docs give (`cargo test -p xiangqi long_game -- --nocapture`).
        println!(
            "{} plies in {} characters: {:.2} a ply",
            moves.len(),
            text.len(),
            text.len() as f64 / moves.len() as f64
        );
        assert!(
            text.len() <= moves.len() + moves.len() / 10,
            "{} for {}",
            text.len(),
            moves.len()
        );
        assert_eq!(decode(game.start_position(), &text).unwrap(), moves);
    }

    proptest! {
        #[test]
        fn any_game_round_trips(choices in proptest::collection::vec(any::<u16>(), 0..200)) {
            let start = Position::start();
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for c in choices {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[c as usize % legal.len()];
                pos.make_move(m);
                moves.push(m);
            }
            let text = encode(&start, &moves).unwrap();
            prop_assert!(text.bytes().all(|b| ALPHABET.contains(&b)));
            prop_assert_eq!(decode(&start, &text).unwrap(), moves);
        }
    }
}
