//! The move picker every search orders its moves with, written once.
//!
//! The main searches of both alpha-beta players try, in stages: the hash move, captures that
//! do not lose material by static exchange (most valuable victim first, least valuable
//! attacker as tie-break: MVV/LVA), the two killers of the ply, the quiet moves by the
//! searcher's own history, and last the captures that lose material. Quiescence tries its
//! captures by MVV/LVA alone.
//!
//! Each stage is a band of one ordering key, so the picker keys every move once and then
//! picks the highest key left at each step (a selection sort: a cutoff after few moves sorts
//! no more). Equal keys come in the order the generator gave them, as far as the earlier
//! picks' swaps leave it: the searches' node counts (the bench signature) depend on it.
//!
//! A capture whose attacker is worth more than its victim is keyed among the good captures
//! by MVV/LVA alone, and its static exchange is worked out only when it is picked: one that
//! loses material then goes down among the bad captures and the pick is made again. The order
//! is the one all the exchanges worked out first would give, but a node cut off before its
//! captures are reached never pays for them.

use crate::eval::psq::VALUE;
use crate::see::see;
use xiangqi::code;
use xiangqi::{Move, MoveList, Position};

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

/// The moves of one node, in the order a search tries them (see the module doc).
pub(crate) struct MovePicker {
    list: MoveList,
    /// The ordering key of each move of `list`, at the same index.
    keys: [i32; 128],
    /// Index of the next move to hand out: those before it were handed out.
    next: usize,
    /// False once the caller needs no more order: the rest come as they stand.
    sorting: bool,
}

impl MovePicker {
    /// The moves of `list` (generated in `pos`) for a main search: the hash move, captures
    /// by MVV/LVA (those that lose material by static exchange last of all), the two
    /// `killers` of the ply, then the other quiet moves by their `history` score.
    #[inline(always)]
    pub fn new(
        pos: &Position,
        list: MoveList,
        hash_move: Move,
        killers: &[Move; 2],
        mut history: impl FnMut(Move) -> i32,
    ) -> MovePicker {
        let mut keys = [0i32; 128];
        for (k, &m) in keys.iter_mut().zip(list.iter()) {
            *k = tactical_key(pos, m, hash_move, killers).unwrap_or_else(|| history(m));
        }
        MovePicker::keyed(list, keys)
    }

    /// The moves of `list` (captures, or evasions, generated in `pos`) for quiescence: by
    /// MVV/LVA.
    #[inline(always)]
    pub fn captures(pos: &Position, list: MoveList) -> MovePicker {
        let mut keys = [0i32; 128];
        for (k, &m) in keys.iter_mut().zip(list.iter()) {
            *k = mvv_lva(pos, m);
        }
        MovePicker::keyed(list, keys)
    }

    #[inline(always)]
    fn keyed(list: MoveList, keys: [i32; 128]) -> MovePicker {
        MovePicker {
            list,
            keys,
            next: 0,
            sorting: true,
        }
    }

    /// The next move and its key: the one with the highest key among those left (the
    /// earliest of equals), or simply the next one once [`MovePicker::stop_sorting`] was
    /// called. `pos` is the position the moves were generated in, where a capture's static
    /// exchange is worked out when it is picked.
    #[inline]
    pub fn next(&mut self, pos: &Position) -> Option<(Move, i32)> {
        let i = self.next;
        if i >= self.list.len() {
            return None;
        }
        if self.sorting {
            loop {
                // The best key so far stays in a local and the keys left are one slice: no
                // reload and no bounds check in the loop: the whole search some 5% faster in
                // wasm (scripts/wasm-bench), and natively too.
                let keys = &self.keys[i..self.list.len()];
                let (mut best, mut best_key) = (0, keys[0]);
                for (j, &k) in keys.iter().enumerate().skip(1) {
                    if k > best_key {
                        best = j;
                        best_key = k;
                    }
                }
                // Not swapped when it goes down, so the pick made again sees the list as if
                // it had been keyed a bad capture from the start.
                if self.loses_material(pos, i + best) {
                    continue;
                }
                self.keys.swap(i, i + best);
                self.list.as_mut_slice().swap(i, i + best);
                break;
            }
        } else {
            self.loses_material(pos, i);
        }
        self.next = i + 1;
        Some((self.list[i], self.keys[i]))
    }

    /// True if the move at `i`, keyed a good capture on MVV/LVA alone, loses material by
    /// static exchange in `pos`: then it is keyed a bad capture.
    #[inline(always)]
    fn loses_material(&mut self, pos: &Position, i: usize) -> bool {
        let key = self.keys[i];
        if !(GOOD_CAPTURE_KEY..HASH_MOVE_KEY).contains(&key) {
            return false;
        }
        let m = self.list[i];
        let attacker = VALUE[code::kind(pos.code_at(m.from().index()))];
        let victim = VALUE[code::kind(pos.code_at(m.to().index()))];
        if attacker <= victim || see(pos, m) >= 0 {
            // Worked out once: the key stays, and nothing asks again (it is handed out now).
            return false;
        }
        self.keys[i] = key - GOOD_CAPTURE_KEY + BAD_CAPTURE_KEY;
        true
    }

    /// The moves left need no order (every later one is pruned unless it checks): hand them
    /// out as they stand, without the cost of picking.
    #[inline(always)]
    pub fn stop_sorting(&mut self) {
        self.sorting = false;
    }
}

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

/// True if `m` captures.
#[inline(always)]
pub(crate) fn is_capture(pos: &Position, m: Move) -> bool {
    pos.code_at(m.to().index()) != code::EMPTY
}

/// The key of `m` if it is the hash move, a capture or a killer; `None` for the other quiet
/// moves, which the searcher orders by its own history.
#[inline(always)]
fn tactical_key(pos: &Position, m: Move, hash_move: Move, killers: &[Move; 2]) -> Option<i32> {
    Some(if m == hash_move {
        HASH_MOVE_KEY
    } else if is_capture(pos, m) {
        // Among the good captures until it is picked (see `MovePicker::next`).
        GOOD_CAPTURE_KEY + mvv_lva(pos, m)
    } else if m == killers[0] {
        FIRST_KILLER_KEY
    } else if m == killers[1] {
        KILLER_KEY
    } else {
        return None;
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::POSITIONS;
    use xiangqi::notation::parse_uci;

    /// A made-up history with ties, so the order of equal keys is tested too.
    fn history(m: Move) -> i32 {
        (m.from().index() as i32 * 7 + m.to().index() as i32 * 13) % 9 - 4
    }

    /// The order the picker gave when every capture's static exchange was worked out before
    /// the first pick: all keys first, then a selection sort swapping each pick to the front.
    fn eager_order(
        pos: &Position,
        list: &MoveList,
        hash: Move,
        killers: &[Move; 2],
    ) -> Vec<(Move, i32)> {
        let mut moves: Vec<Move> = list.iter().copied().collect();
        let mut keys: Vec<i32> = moves
            .iter()
            .map(|&m| match tactical_key(pos, m, hash, killers) {
                Some(k) if (GOOD_CAPTURE_KEY..HASH_MOVE_KEY).contains(&k) => {
                    let attacker = VALUE[code::kind(pos.code_at(m.from().index()))];
                    let victim = VALUE[code::kind(pos.code_at(m.to().index()))];
                    match attacker <= victim || see(pos, m) >= 0 {
                        true => k,
                        false => k - GOOD_CAPTURE_KEY + BAD_CAPTURE_KEY,
                    }
                }
                Some(k) => k,
                None => history(m),
            })
            .collect();
        let mut order = Vec::new();
        for i in 0..moves.len() {
            let mut best = i;
            for j in i + 1..moves.len() {
                if keys[j] > keys[best] {
                    best = j;
                }
            }
            keys.swap(i, best);
            moves.swap(i, best);
            order.push((moves[i], keys[i]));
        }
        order
    }

    #[test]
    fn exchanges_worked_out_when_picked_give_the_order_of_all_worked_out_first() {
        let mut losing = 0;
        for (name, fen, moves) in POSITIONS {
            let mut pos = Position::from_fen(fen).unwrap();
            for m in moves.split_whitespace() {
                pos.make_move(parse_uci(m).unwrap());
            }
            let mut list = MoveList::new();
            pos.generate_pseudo::<false>(&mut list);
            let quiet: Vec<Move> = list
                .iter()
                .copied()
                .filter(|&m| !is_capture(&pos, m))
                .collect();
            // With and without a hash move, with killers among the quiet moves.
            for hash in [Move::NONE, list[list.len() / 2]] {
                let killers = [quiet[1], quiet[quiet.len() - 2]];
                let expected = eager_order(&pos, &list, hash, &killers);
                losing += expected
                    .iter()
                    .filter(|(_, k)| *k <= BAD_CAPTURE_KEY / 2)
                    .count();
                let mut picker = MovePicker::new(&pos, list.clone(), hash, &killers, history);
                let mut got = Vec::new();
                while let Some(next) = picker.next(&pos) {
                    got.push(next);
                }
                assert_eq!(got, expected, "{name}");
                // The rest handed out unsorted still come keyed as losing or not.
                let mut picker = MovePicker::new(&pos, list.clone(), hash, &killers, history);
                picker.stop_sorting();
                while let Some((m, key)) = picker.next(&pos) {
                    let eager = expected.iter().find(|(e, _)| *e == m).unwrap().1;
                    assert_eq!(key, eager, "{name}: {m}");
                }
            }
        }
        assert!(losing > 0, "the positions have captures that lose material");
    }
}
