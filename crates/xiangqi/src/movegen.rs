//! Move generation and the legality tests.
//!
//! Pseudo-legal moves follow each piece's rule (horse legs, elephant eyes, the river, the
//! palace, cannon screens). A pseudo-legal move is legal when it leaves the mover's general
//! unattacked, the flying-general rule included. Most moves cannot change that: unless the
//! side is in check, only a general move, a move from or to the general's file or rank (a
//! chariot or cannon line, or a cannon screen) or a move from a point diagonally next to the
//! general (a horse leg) is tried on a scratch board.

use crate::m::{Move, MoveList};
use crate::position::Position;
use crate::position::{attacked, code};
use crate::tables::{
    Step, ADVISOR_STEPS, BLACK_SOLDIER, ELEPHANT_STEPS, GENERAL, HORSE_STEPS, RAYS, RED_SOLDIER,
};

/// Calls `f` with the index of every set bit of `bits`, lowest first.
#[inline(always)]
fn for_each_bit(bits: u128, mut f: impl FnMut(usize)) {
    let mut lo = bits as u64;
    while lo != 0 {
        f(lo.trailing_zeros() as usize);
        lo &= lo - 1;
    }
    let mut hi = (bits >> 64) as u64;
    while hi != 0 {
        f(64 + hi.trailing_zeros() as usize);
        hi &= hi - 1;
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends all legal moves to `list`.
    #[inline]
    pub fn generate_legal(&self, list: &mut MoveList) {
        let start = list.len();
        self.generate_pseudo::<false>(list);
        self.keep_legal(list, start);
    }

    /// Appends the legal captures to `list`.
    #[inline]
    pub fn generate_legal_captures(&self, list: &mut MoveList) {
        let start = list.len();
        self.generate_pseudo::<true>(list);
        self.keep_legal(list, start);
    }

    /// Removes from `list[start..]` the moves that leave the mover's general attacked.
    fn keep_legal(&self, list: &mut MoveList, start: usize) {
        let us = self.turn.index();
        let king = self.generals[us] as usize;
        let (kf, kr) = (king % 9, king / 9);
        let check = self.in_check();
        let (sliders, horses) = self.attacker_sets(us ^ 1);
        let mut scratch = self.board;
        let mut i = 0;
        list.retain(|m| {
            i += 1;
            if i <= start {
                return true;
            }
            let from = m.from().index();
            let to = m.to().index();
            !may_expose(check, from, to, kf, kr)
                || safe_after(&mut scratch, from, to, king, us, sliders, horses)
        });
    }

    /// True if the pseudo-legal move `m` is legal; `in_check` must say whether the side to
    /// move is in check. Cheap for most moves (those that cannot expose the general are not
    /// played out), so searches can generate pseudo-legal moves and test only those they try.
    #[inline]
    pub fn is_legal_pseudo(&self, m: Move, in_check: bool) -> bool {
        let king = self.generals[self.turn.index()] as usize;
        !may_expose(
            in_check,
            m.from().index(),
            m.to().index(),
            king % 9,
            king / 9,
        ) || self.leaves_general_safe(m)
    }

    /// Appends the pseudo-legal moves (only captures when `CAPTURES`) to `list`.
    pub fn generate_pseudo<const CAPTURES: bool>(&self, list: &mut MoveList) {
        let us = self.turn.index();
        let b = &self.board;
        // A target is enemy when occupied and of the other colour; colour is bit 3.
        let them_bit = ((us ^ 1) as u8) << 3;
        let enemy = |c: u8| c != code::EMPTY && (c & 8) == them_bit;
        let open = |c: u8| {
            if CAPTURES {
                enemy(c)
            } else {
                c == code::EMPTY || (c & 8) == them_bit
            }
        };
        let push_steps = |list: &mut MoveList, from: usize, steps: &[Step], blockable: bool| {
            for s in steps {
                if blockable && b[s.via as usize] != code::EMPTY {
                    continue;
                }
                if open(b[s.to as usize]) {
                    list.push(Move::from_indices(from, s.to as usize));
                }
            }
        };

        for_each_bit(self.by_code[code::chariot(us) as usize], |from| {
            let f = from;
            for dir in 0..4 {
                for &t in RAYS.get(from, dir) {
                    let c = b[t as usize];
                    if c == code::EMPTY {
                        if !CAPTURES {
                            list.push(Move::from_indices(f, t as usize));
                        }
                    } else {
                        if enemy(c) {
                            list.push(Move::from_indices(f, t as usize));
                        }
                        break;
                    }
                }
            }
        });
        for_each_bit(self.by_code[code::cannon(us) as usize], |from| {
            let f = from;
            for dir in 0..4 {
                let ray = RAYS.get(from, dir);
                let mut i = 0;
                while i < ray.len() {
                    let t = ray[i] as usize;
                    i += 1;
                    if b[t] != code::EMPTY {
                        break;
                    }
                    if !CAPTURES {
                        list.push(Move::from_indices(f, t));
                    }
                }
                while i < ray.len() {
                    let t = ray[i] as usize;
                    i += 1;
                    let c = b[t];
                    if c != code::EMPTY {
                        if enemy(c) {
                            list.push(Move::from_indices(f, t));
                        }
                        break;
                    }
                }
            }
        });
        for_each_bit(self.by_code[code::horse(us) as usize], |from| {
            push_steps(list, from, HORSE_STEPS.get(from), true)
        });
        let soldiers = if us == 0 {
            &RED_SOLDIER
        } else {
            &BLACK_SOLDIER
        };
        for_each_bit(self.by_code[code::soldier(us) as usize], |from| {
            push_steps(list, from, soldiers.get(from), false)
        });
        for_each_bit(self.by_code[code::advisor(us) as usize], |from| {
            push_steps(list, from, ADVISOR_STEPS[us].get(from), false)
        });
        for_each_bit(self.by_code[code::elephant(us) as usize], |from| {
            push_steps(list, from, ELEPHANT_STEPS[us].get(from), true)
        });
        let g = self.generals[us] as usize;
        push_steps(list, g, GENERAL.get(g), false);
    }

    /// True if `m` is a legal move here: the single-move test for moves typed by a user or
    /// read from a table. It checks the piece's rule directly, not by generating moves.
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_pseudo_legal(m) && self.leaves_general_safe(m)
    }

    /// True if `m` follows the moving piece's rule (ignoring the general's safety).
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let b = &self.board;
        let us = self.turn.index();
        let piece = b[from.index()];
        if from == to || piece == code::EMPTY || code::color(piece) != us {
            return false;
        }
        let target = b[to.index()];
        if target != code::EMPTY && code::color(target) == us {
            return false;
        }
        let df = to.file() as i32 - from.file() as i32;
        let dr = to.rank() as i32 - from.rank() as i32;
        let empty_between = || -> u32 {
            let (sf, sr) = (df.signum(), dr.signum());
            let n = df.abs().max(dr.abs());
            (1..n)
                .filter(|k| {
                    let i = (from.rank() as i32 + sr * k) * 9 + from.file() as i32 + sf * k;
                    b[i as usize] != code::EMPTY
                })
                .count() as u32
        };
        let color = self.turn;
        match code::kind(piece) {
            0 => df.abs() + dr.abs() == 1 && to.in_palace_of(color),
            1 => df.abs() == 1 && dr.abs() == 1 && to.in_palace_of(color),
            2 => {
                df.abs() == 2
                    && dr.abs() == 2
                    && to.on_side_of(color)
                    && b[(from.index() + to.index()) / 2] == code::EMPTY
            }
            3 => {
                let leg = match (df.abs(), dr.abs()) {
                    (1, 2) => from.offset(0, dr.signum() as i8),
                    (2, 1) => from.offset(df.signum() as i8, 0),
                    _ => None,
                };
                leg.is_some_and(|l| b[l.index()] == code::EMPTY)
            }
            4 => (df == 0 || dr == 0) && empty_between() == 0,
            5 => {
                (df == 0 || dr == 0) && empty_between() == if target == code::EMPTY { 0 } else { 1 }
            }
            _ => {
                let forward = color.forward() as i32;
                (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !from.on_side_of(color))
            }
        }
    }

    /// True if the pseudo-legal move `m` leaves the mover's general unattacked.
    pub fn leaves_general_safe(&self, m: Move) -> bool {
        let us = self.turn.index();
        let (sliders, horses) = self.attacker_sets(us ^ 1);
        let mut scratch = self.board;
        safe_after(
            &mut scratch,
            m.from().index(),
            m.to().index(),
            self.generals[us] as usize,
            us,
            sliders,
            horses,
        )
    }

    /// True if the pseudo-legal move `m` attacks the opponent's general.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn.index();
        let mut b = self.board;
        let (from, to) = (m.from().index(), m.to().index());
        b[to] = b[from];
        b[from] = code::EMPTY;
        let (mut sliders, mut horses) = self.attacker_sets(us);
        // The moving piece may become an attacker from its new point.
        sliders |= crate::tables::bit(to);
        horses |= crate::tables::bit(to);
        attacked::<true>(&b, self.generals[us ^ 1] as usize, us, sliders, horses)
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }
}

/// Plays `from`-`to` on the scratch board, tests the general of colour `us` (standing on
/// `king` before the move), and restores the board. `sliders` and `horses` are the enemy's
/// attacker sets before the move (a capture only removes attackers, so they stay supersets).
#[inline(always)]
fn safe_after(
    b: &mut [u8; 90],
    from: usize,
    to: usize,
    king: usize,
    us: usize,
    sliders: u128,
    horses: u128,
) -> bool {
    let piece = b[from];
    let captured = b[to];
    b[to] = piece;
    b[from] = code::EMPTY;
    let k = if from == king { to } else { king };
    let safe = !attacked::<true>(b, k, us ^ 1, sliders, horses);
    b[from] = piece;
    b[to] = captured;
    safe
}

/// False when a move from `from` to `to` cannot leave the mover's general (on file `kf`,
/// rank `kr`) attacked: the side is not in check, and the move neither starts nor ends on
/// the general's file or rank nor starts diagonally next to it (where it may block a
/// horse's leg). Such a move can only expose the general along a line through `from`.
#[inline(always)]
fn may_expose(in_check: bool, from: usize, to: usize, kf: usize, kr: usize) -> bool {
    let (ff, fr) = (from % 9, from / 9);
    in_check
        || ff == kf
        || fr == kr
        || to % 9 == kf
        || to / 9 == kr
        || (ff.abs_diff(kf) == 1 && fr.abs_diff(kr) == 1)
}
