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
    /// called.
    #[inline]
    pub fn next(&mut self) -> Option<(Move, i32)> {
        let i = self.next;
        if i >= self.list.len() {
            return None;
        }
        if self.sorting {
            // The best key so far stays in a local and the keys left are one slice: no
            // reload and no bounds check in the loop: the whole search some 5% faster in wasm
            // (scripts/wasm-bench), and natively too.
            let keys = &self.keys[i..self.list.len()];
            let (mut best, mut best_key) = (0, keys[0]);
            for (j, &k) in keys.iter().enumerate().skip(1) {
                if k > best_key {
                    best = j;
                    best_key = k;
                }
            }
            self.keys.swap(i, i + best);
            self.list.as_mut_slice().swap(i, i + best);
        }
        self.next = i + 1;
        Some((self.list[i], self.keys[i]))
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
