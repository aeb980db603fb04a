//! Moves as an external engine writes them: UCI coordinates whose ranks start at 0
//! (`h2e2`, as Pikafish) or at 1 (`h3e3`, as Fairy-Stockfish).

use xiangqi::{Move, Square};

/// The text of `m` for an engine whose ranks start at `offset` (0: `h2e2`, 1: `h3e3`).
pub fn to_engine_move(m: Move, offset: u8) -> String {
    let sq = |s: Square| format!("{}{}", (b'a' + s.file()) as char, s.rank() + offset);
    format!("{}{}", sq(m.from()), sq(m.to()))
}

/// The move for an engine's text, whose ranks start at `offset`; `None` if it names no
/// points on the board.
pub fn from_engine_move(text: &str, offset: u8) -> Option<Move> {
    let b = text.as_bytes();
    let file = |c: u8| (b'a'..=b'i').contains(&c).then(|| c - b'a');
    let mut i = 0;
    let mut square = || -> Option<Square> {
        let f = file(*b.get(i)?)?;
        i += 1;
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let n: u8 = text[i..i + digits].parse().ok()?;
        i += digits;
        Square::new(f, n.checked_sub(offset)?)
    };
    let from = square()?;
    let to = square()?;
    (i == b.len()).then(|| Move::new(from, to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;

    #[test]
    fn ranks_convert_both_ways() {
        let m = parse_uci("h2e2").unwrap();
        assert_eq!(to_engine_move(m, 0), "h2e2");
        assert_eq!(to_engine_move(m, 1), "h3e3");
        let top = parse_uci("b9c7").unwrap();
        assert_eq!(to_engine_move(top, 1), "b10c8");
        assert_eq!(from_engine_move("b10c8", 1), Some(top));
        assert_eq!(from_engine_move("h3e3", 1), Some(m));
        assert_eq!(from_engine_move("h2e2", 0), Some(m));
        for bad in [
            "", "h2", "h2e", "h0e2x", "j2e2", "h10e2", "a1a0", "(none)", "0000",
        ] {
            let offset = if bad == "a1a0" { 1 } else { 0 };
            assert_eq!(from_engine_move(bad, offset), None, "{bad}");
        }
        // Every move of the start position survives the round trip at either offset.
        for &m in Position::start().legal_moves().iter() {
            for offset in [0, 1] {
                assert_eq!(
                    from_engine_move(&to_engine_move(m, offset), offset),
                    Some(m)
                );
            }
        }
    }
}
