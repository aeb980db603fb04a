//! Static exchange evaluation (SEE): what a capture wins or loses when both sides keep
//! recapturing on its target point with their least valuable attacker. The searches use it
//! to order captures that lose material last, and to skip them in quiescence.

use crate::eval::psq::VALUE;
use xiangqi::code;
use xiangqi::tables::{ADVISOR_ATTACKS, ELEPHANT_ATTACKS, GENERAL, HORSE_ATTACKS, RAYS};
use xiangqi::{Move, Position};

/// The least valuable piece of colour `side` that attacks `sq` on `b` (pins ignored), as its
/// point and exchange value.
fn least_attacker(b: &[u8; 90], sq: usize, side: usize) -> Option<(usize, i32)> {
    let rank = sq / 9;
    let file = sq % 9;
    let soldier = code::soldier(side);
    let (behind, crossed) = if side == 0 {
        (sq.checked_sub(9), rank >= 5)
    } else {
        ((sq + 9 < 90).then_some(sq + 9), rank <= 4)
    };
    if let Some(s) = behind.filter(|&s| b[s] == soldier) {
        return Some((s, VALUE[6]));
    }
    if crossed {
        if file > 0 && b[sq - 1] == soldier {
            return Some((sq - 1, VALUE[6]));
        }
        if file < 8 && b[sq + 1] == soldier {
            return Some((sq + 1, VALUE[6]));
        }
    }
    if let Some(s) = ADVISOR_ATTACKS[side]
        .get(sq)
        .iter()
        .find(|s| b[s.to as usize] == code::advisor(side))
    {
        return Some((s.to as usize, VALUE[1]));
    }
    if let Some(s) = ELEPHANT_ATTACKS[side]
        .get(sq)
        .iter()
        .find(|s| b[s.to as usize] == code::elephant(side) && b[s.via as usize] == code::EMPTY)
    {
        return Some((s.to as usize, VALUE[2]));
    }
    if let Some(s) = HORSE_ATTACKS
        .get(sq)
        .iter()
        .find(|s| b[s.to as usize] == code::horse(side) && b[s.via as usize] == code::EMPTY)
    {
        return Some((s.to as usize, VALUE[3]));
    }
    let mut chariot = None;
    for dir in 0..4 {
        let ray = RAYS.get(sq, dir);
        let mut i = 0;
        while i < ray.len() && b[ray[i] as usize] == code::EMPTY {
            i += 1;
        }
        if i < ray.len() && b[ray[i] as usize] == code::chariot(side) {
            chariot = Some(ray[i] as usize);
        }
        i += 1;
        while i < ray.len() && b[ray[i] as usize] == code::EMPTY {
            i += 1;
        }
        if i < ray.len() && b[ray[i] as usize] == code::cannon(side) {
            return Some((ray[i] as usize, VALUE[5]));
        }
    }
    if let Some(c) = chariot {
        return Some((c, VALUE[4]));
    }
    GENERAL
        .get(sq)
        .iter()
        .find(|s| b[s.to as usize] == code::general(side))
        .map(|s| (s.to as usize, VALUE[0]))
}

/// The material balance, for the side making the capture `m`, of the exchange it starts on
/// the target point when both sides keep recapturing with their least valuable attacker
/// (and stop when that would lose more).
pub(crate) fn see(pos: &Position, m: Move) -> i32 {
    let mut b = *pos.codes();
    let sq = m.to().index();
    let mut gain = [0i32; 32];
    let mut depth = 0;
    let mut piece_value = VALUE[code::kind(b[m.from().index()])];
    gain[0] = if b[sq] == code::EMPTY {
        0
    } else {
        VALUE[code::kind(b[sq])]
    };
    b[sq] = b[m.from().index()];
    b[m.from().index()] = code::EMPTY;
    let mut side = pos.turn().index() ^ 1;
    while let Some((from, value)) = least_attacker(&b, sq, side) {
        depth += 1;
        if depth >= gain.len() {
            break;
        }
        gain[depth] = piece_value - gain[depth - 1];
        if gain[depth].max(-gain[depth - 1]) < 0 {
            break;
        }
        piece_value = value;
        b[sq] = b[from];
        b[from] = code::EMPTY;
        side ^= 1;
    }
    // Each side may stop capturing: fold the speculative gains back to the first capture.
    while depth > 0 {
        gain[depth - 1] = -(gain[depth].max(-gain[depth - 1]));
        depth -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn see_of(fen: &str, mv: &str) -> i32 {
        see(&Position::from_fen(fen).unwrap(), parse_uci(mv).unwrap())
    }

    #[test]
    fn exchanges() {
        // A chariot takes an unprotected horse: wins the horse.
        assert_eq!(see_of("4k4/9/9/9/R3n4/9/9/9/9/3K5 w", "a5e5"), VALUE[3]);
        // The horse is guarded by a soldier: the chariot is lost for the horse.
        assert_eq!(
            see_of("4k4/9/9/4p4/R3n4/9/9/9/9/3K5 w", "a5e5"),
            VALUE[3] - VALUE[4]
        );
        // A soldier takes the guarded horse: a horse for a soldier.
        assert_eq!(
            see_of("4k4/9/9/4p4/4n4/4P4/9/9/9/3K5 w", "e4e5"),
            VALUE[3] - VALUE[6]
        );
        // A cannon's capture over a screen, recaptured by a chariot behind the target.
        assert_eq!(
            see_of("4k4/9/4r4/9/4n4/9/4P4/9/4C4/3K5 w", "e1e5"),
            VALUE[3] - VALUE[5]
        );
    }
}
