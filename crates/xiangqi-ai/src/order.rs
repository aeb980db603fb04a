//! Move ordering shared by the searches: most valuable victim / least valuable attacker, and
//! static exchange evaluation (SEE) of a capture.

use crate::eval::psq::VALUE;
use crate::quiesce::DELTA_MARGIN;
use xiangqi::code;
use xiangqi::tables::{ADVISOR_ATTACKS, ELEPHANT_ATTACKS, GENERAL, HORSE_ATTACKS, RAYS};
use xiangqi::{Move, MoveList, Position};

/// MVV/LVA key of a capture: the victim's value first, the attacker's as tie-break.
#[inline]
pub(crate) fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.code_at(m.to().index());
    let attacker = pos.code_at(m.from().index());
    if victim == code::EMPTY {
        return 0;
    }
    VALUE[code::kind(victim)] * 16 - VALUE[code::kind(attacker)] / 16
}

/// Sorts `v` by `key`, keeping equal elements in their order: an insertion sort, for the root's
/// move lists (at most some 120 entries, sorted a few times an iteration). The standard
/// library's stable sort is no faster at that size and links 6 to 8 KB of code per element type
/// into the browser's search worker, which the page's first-load budget has no room for.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Ordering key of the hash move: first.
pub(crate) const HASH_MOVE_KEY: i32 = 2_000_000;
/// Captures that do not lose material by static exchange: after the hash move.
pub(crate) const GOOD_CAPTURE_KEY: i32 = 1_000_000;
/// The first killer move of the ply (the second gets [`KILLER_KEY`]).
pub(crate) const FIRST_KILLER_KEY: i32 = 900_000;
/// The second killer: quiet moves with a key below it are ordered by history alone.
pub(crate) const KILLER_KEY: i32 = 800_000;
/// Captures that lose material by static exchange: after every quiet move.
pub(crate) const BAD_CAPTURE_KEY: i32 = -1_000_000;

/// The ordering key of `m` in the main searches of both alpha-beta players: the hash move,
/// captures by MVV/LVA (those that lose material by static exchange last of all), the two
/// killers of the ply, then quiet moves by `history` (indexed by piece code and point).
#[inline(always)]
pub(crate) fn key(
    pos: &Position,
    m: Move,
    hash_move: Move,
    killers: &[Move; 2],
    history: &[[i32; 90]; 16],
) -> i32 {
    tactical_key(pos, m, hash_move, killers)
        .unwrap_or_else(|| history[pos.code_at(m.from().index()) as usize][m.to().index()])
}

/// The key of `m` if it is the hash move, a capture or a killer; `None` for the other quiet
/// moves, which the caller orders by its own history.
#[inline(always)]
pub(crate) fn tactical_key(
    pos: &Position,
    m: Move,
    hash_move: Move,
    killers: &[Move; 2],
) -> Option<i32> {
    Some(if m == hash_move {
        HASH_MOVE_KEY
    } else if is_capture(pos, m) {
        let v = mvv_lva(pos, m);
        let attacker = VALUE[code::kind(pos.code_at(m.from().index()))];
        let victim = VALUE[code::kind(pos.code_at(m.to().index()))];
        if attacker <= victim || see(pos, m) >= 0 {
            GOOD_CAPTURE_KEY + v
        } else {
            BAD_CAPTURE_KEY + v
        }
    } else if m == killers[0] {
        FIRST_KILLER_KEY
    } else if m == killers[1] {
        KILLER_KEY
    } else {
        return None;
    })
}

/// Moves the move with the highest key among `list[i..]` to position `i` and returns it:
/// one step of a selection sort, so that a cutoff after few moves sorts no more.
#[inline]
pub(crate) fn pick(list: &mut MoveList, keys: &mut [i32; 128], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..list.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    keys.swap(i, best);
    list.as_mut_slice().swap(i, best);
    list[i]
}

/// In quiescence, with `stand` the static score: false for a capture that cannot matter,
/// because even winning the victim outright stays below `alpha` by the delta margin, or
/// because it loses material by static exchange.
#[inline]
pub(crate) fn capture_may_matter(pos: &Position, m: Move, stand: i32, alpha: i32) -> bool {
    let victim = VALUE[code::kind(pos.code_at(m.to().index()))];
    if stand + victim + DELTA_MARGIN <= alpha {
        return false;
    }
    let attacker = VALUE[code::kind(pos.code_at(m.from().index()))];
    attacker <= victim || see(pos, m) >= 0
}

/// True if `m` captures.
#[inline(always)]
pub(crate) fn is_capture(pos: &Position, m: Move) -> bool {
    pos.code_at(m.to().index()) != code::EMPTY
}

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
    #[test]
    fn the_insertion_sort_agrees_with_the_standard_stable_sort() {
        // Pairs (key, original index): equal keys must keep their order.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for len in 0..130 {
            let mut v: Vec<(i32, usize)> = (0..len)
                .map(|i| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    ((state % 9) as i32 - 4, i)
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_by_key(|e| -e.0);
            sort_by_key(&mut v, |e| -e.0);
            assert_eq!(v, expected, "length {len}");
        }
    }

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
