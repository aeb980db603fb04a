//! Move text round trips: every legal move of many positions (the perft positions, seeded
//! random playouts and positions crowded with soldiers and doubled pieces) gets a text of its
//! own in each notation, reads back to the same move, and is described the same way by the
//! other side in the mirrored position.

mod common;

use common::*;
use std::collections::HashSet;
use xiangqi::notation::{format, format_chinese, format_wxf, parse, parse_any, Notation};
use xiangqi::{Board, Color, Kind, Move, Piece, Position, Setup, Square};

/// A tiny xorshift generator so the playouts are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn perft_positions() -> Vec<Position> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| pos(l.split('|').nth(1).unwrap()))
        .collect()
}

/// Positions reached by seeded random playouts from the start, every one along the way.
fn playout_positions(seeds: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 1..=seeds {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut p = Position::start();
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.make_move(moves[rng.below(moves.len())]);
            out.push(p.clone());
        }
    }
    out
}

/// Random legal positions crowded with soldiers and doubled pieces, to exercise every
/// labelling rule (front/rear, 前中后, letters and numbers) for both sides.
fn crowded_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = Board::empty();
        for color in Color::ALL {
            // Files chosen so doubled pieces and soldier stacks are common.
            let files = [rng.below(9) as u8, rng.below(9) as u8, rng.below(9) as u8];
            let own =
                |sq: Option<Square>| sq.map(|s| if color == Color::Red { s } else { s.flip() });
            let g = Square::new(3 + rng.below(3) as u8, rng.below(3) as u8);
            put(&mut board, own(g), Piece::new(color, Kind::General));
            for _ in 0..rng.below(6) {
                let file = files[rng.below(3)];
                let rank = 5 + rng.below(5) as u8;
                put(
                    &mut board,
                    own(Square::new(file, rank)),
                    Piece::new(color, Kind::Soldier),
                );
            }
            for kind in [Kind::Chariot, Kind::Horse, Kind::Cannon] {
                for _ in 0..rng.below(3) {
                    let file = if rng.below(2) == 0 {
                        files[0]
                    } else {
                        rng.below(9) as u8
                    };
                    let sq = Square::new(file, rng.below(10) as u8);
                    put(&mut board, sq, Piece::new(color, kind));
                }
            }
            let advisors = ["d0", "f0", "e1", "d2", "f2"];
            let elephants = ["c0", "g0", "a2", "e2", "i2", "c4", "g4"];
            for _ in 0..rng.below(3) {
                let sq = advisors[rng.below(5)].parse().ok();
                put(&mut board, own(sq), Piece::new(color, Kind::Advisor));
            }
            for _ in 0..rng.below(3) {
                let sq = elephants[rng.below(7)].parse().ok();
                put(&mut board, own(sq), Piece::new(color, Kind::Elephant));
            }
        }
        let turn = Color::ALL[rng.below(2)];
        let setup = Setup {
            board,
            turn,
            halfmoves: 0,
            fullmoves: 1,
        };
        if let Ok(p) = Position::from_setup(&setup) {
            if !p.legal_moves().is_empty() {
                out.push(p);
            }
        }
    }
    out
}

/// Puts `p` on `sq` unless it is off the board or taken.
fn put(board: &mut Board, sq: Option<Square>, p: Piece) {
    if let Some(sq) = sq {
        if board.get(sq).is_none() {
            board.set(sq, Some(p));
        }
    }
}

/// The position turned half a circle with the colours swapped: the same game seen from
/// the other side, so every move must be described the same way.
fn mirror(p: &Position) -> Position {
    let mut board = Board::empty();
    for (sq, piece) in p.board().pieces() {
        board.set(sq.flip(), Some(Piece::new(!piece.color, piece.kind)));
    }
    let setup = Setup {
        board,
        turn: !p.turn(),
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(&setup).unwrap()
}

fn mirror_move(m: Move) -> Move {
    Move::new(m.from().flip(), m.to().flip())
}

/// Red's Chinese text rewritten as Black writes the same description: Black's characters
/// and digits for files and numbers, but soldier numbers (一卒) stay Chinese.
fn as_black_text(red: &str) -> String {
    let chars: Vec<char> = red.chars().collect();
    let numerals = "一二三四五六七八九";
    let is_piece = |c: char| "车马相仕帅炮兵".contains(c);
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| match numerals.chars().position(|n| n == c) {
            Some(_) if i == 0 && chars.get(1).is_some_and(|&n| is_piece(n)) => c,
            Some(k) => char::from(b'1' + k as u8),
            None => match c {
                '相' => '象',
                '仕' => '士',
                '帅' => '将',
                '兵' => '卒',
                c => c,
            },
        })
        .collect()
}

/// Every legal move formats to a text unique among the position's moves, which reads back
/// to the move in its own notation and through `parse_any`.
fn check_round_trip(p: &Position) {
    let moves = p.legal_moves();
    for notation in Notation::ALL {
        let mut seen = HashSet::new();
        for &m in moves.iter() {
            let text = format(p, m, notation);
            assert!(
                seen.insert(text.clone()),
                "{notation} {text} given twice in {p:?}"
            );
            assert_eq!(
                parse(p, &text, notation),
                Ok(m),
                "{notation} {text} in {p:?}"
            );
            assert_eq!(parse_any(p, &text), Ok(m), "any {text} in {p:?}");
        }
    }
}

/// The mirrored position describes every mirrored move identically.
fn check_mirror(p: &Position) {
    let q = mirror(p);
    for &m in p.legal_moves().iter() {
        let n = mirror_move(m);
        assert_eq!(format_wxf(p, m), format_wxf(&q, n), "{m} in {p:?}");
        let (red, black) = match p.turn() {
            Color::Red => (format_chinese(p, m), format_chinese(&q, n)),
            Color::Black => (format_chinese(&q, n), format_chinese(p, m)),
        };
        assert_eq!(as_black_text(&red), black, "{m} in {p:?}");
    }
}

#[test]
fn round_trip_start_and_perft_positions() {
    let mut positions = vec![Position::start()];
    positions.extend(perft_positions());
    assert_eq!(positions.len(), 12);
    for p in &positions {
        check_round_trip(p);
        check_mirror(p);
    }
}

#[test]
fn round_trip_random_playouts() {
    let positions = playout_positions(24, 160);
    assert!(positions.len() > 2000, "{} positions", positions.len());
    for p in &positions {
        check_round_trip(p);
    }
    for p in positions.iter().step_by(7) {
        check_mirror(p);
    }
}

#[test]
fn round_trip_crowded_positions() {
    let positions = crowded_positions(1500, 0x5EED_1234_ABCD_0001);
    // The generator must actually produce the crowded cases the labels exist for.
    let stacked = |p: &Position, n: usize| {
        (0..9).any(|f| {
            (0..10)
                .filter(|&r| {
                    p.piece_at(Square::new(f, r).unwrap())
                        == Some(Piece::new(p.turn(), Kind::Soldier))
                })
                .count()
                >= n
        })
    };
    assert!(positions.iter().filter(|p| stacked(p, 3)).count() > 50);
    assert!(positions.iter().filter(|p| stacked(p, 4)).count() > 5);
    for p in &positions {
        check_round_trip(p);
        check_mirror(p);
    }
}
