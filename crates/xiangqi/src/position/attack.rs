//! Attack and check detection: whether a point is attacked, the side to move in check, the
//! generals facing. [`attacked`] reads only the board array, so the legality test of the
//! move generator can call it on a scratch copy.

use super::code;
use super::state::Position;
use crate::color::Color;
use crate::square::Square;
use crate::tables::{HORSE_ATTACKS, HORSE_ATTACK_MASKS, RAYS, RAY_MASKS};

impl Position {
    /// True if the side to move's general is attacked.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_attacked_by(self.general(self.turn), !self.turn)
    }

    /// True if the generals stand on one file with nothing between them.
    pub fn generals_facing(&self) -> bool {
        let r = self.generals[0] as usize;
        let b = self.generals[1] as usize;
        r % 9 == b % 9
            && ((r + 9)..b)
                .step_by(9)
                .all(|i| self.board[i] == code::EMPTY)
    }

    /// True if a piece of `by` could capture on `sq` (ignoring whether that would leave its
    /// own general attacked); on the other general's point this includes the flying general.
    pub fn is_attacked_by(&self, sq: Square, by: Color) -> bool {
        let (sliders, horses) = self.attacker_sets(by.index());
        if sq.index() == self.generals[by.index() ^ 1] as usize {
            attacked::<true>(&self.board, sq.index(), by.index(), sliders, horses)
        } else {
            attacked::<false>(&self.board, sq.index(), by.index(), sliders, horses)
                || self.step_attacked(sq.index(), by.index())
        }
    }

    /// The points of `by`'s line pieces (chariots, cannons, general) and of its horses: the
    /// filters that let [`attacked`] skip rays and horse points with nothing to fear.
    #[inline(always)]
    pub(crate) fn attacker_sets(&self, by: usize) -> (u128, u128) {
        let sliders = self.by_code[code::chariot(by) as usize]
            | self.by_code[code::cannon(by) as usize]
            | self.by_code[code::general(by) as usize];
        (sliders, self.by_code[code::horse(by) as usize])
    }

    /// Attacks by the three pieces that never reach the enemy general (general steps,
    /// advisors, elephants): only needed for points other than a general's.
    fn step_attacked(&self, sq: usize, by: usize) -> bool {
        use crate::tables::{ADVISOR_ATTACKS, ELEPHANT_ATTACKS, GENERAL};
        let b = &self.board;
        GENERAL
            .get(sq)
            .iter()
            .any(|s| b[s.to as usize] == code::general(by))
            || ADVISOR_ATTACKS[by]
                .get(sq)
                .iter()
                .any(|s| b[s.to as usize] == code::advisor(by))
            || ELEPHANT_ATTACKS[by]
                .get(sq)
                .iter()
                .any(|s| b[s.to as usize] == code::elephant(by) && b[s.via as usize] == code::EMPTY)
    }
}

/// True if a piece of colour `by` attacks point `sq` on `board` with a chariot, cannon, horse
/// or soldier, and, when `FLYING` (the point is the other general's), with its general along
/// an open file: every way a general can be attacked. Reads only the array, so the legality
/// test can call it on a scratch copy.
///
/// `sliders` and `horses` are supersets of the points of `by`'s chariots, cannons and general,
/// and of its horses (see [`Position::attacker_sets`]): a ray or horse point outside them
/// cannot hold an attacker and is not looked at.
#[inline(always)]
pub(crate) fn attacked<const FLYING: bool>(
    board: &[u8; 90],
    sq: usize,
    by: usize,
    sliders: u128,
    horses: u128,
) -> bool {
    let chariot = code::chariot(by);
    let cannon = code::cannon(by);
    let general = if FLYING { code::general(by) } else { 0xff };
    for dir in 0..4 {
        if sliders & RAY_MASKS[sq][dir] == 0 {
            continue;
        }
        let ray = RAYS.get(sq, dir);
        let mut i = 0;
        // First piece on the ray: a chariot attacks, and so does the general (which can only
        // share a file with the other general).
        while i < ray.len() {
            let c = board[ray[i] as usize];
            i += 1;
            if c != code::EMPTY {
                if c == chariot || c == general {
                    return true;
                }
                break;
            }
        }
        // Second piece: a cannon attacks over the screen.
        while i < ray.len() {
            let c = board[ray[i] as usize];
            i += 1;
            if c != code::EMPTY {
                if c == cannon {
                    return true;
                }
                break;
            }
        }
    }
    let horse = code::horse(by);
    if horses & HORSE_ATTACK_MASKS[sq] != 0 {
        for s in HORSE_ATTACKS.get(sq) {
            if board[s.to as usize] == horse && board[s.via as usize] == code::EMPTY {
                return true;
            }
        }
    }
    let soldier = code::soldier(by);
    let rank = sq / 9;
    let file = sq % 9;
    if by == 0 {
        // A red soldier attacks from below, and from the side once across (rank >= 5).
        if rank >= 1 && board[sq - 9] == soldier {
            return true;
        }
        if rank >= 5
            && ((file > 0 && board[sq - 1] == soldier) || (file < 8 && board[sq + 1] == soldier))
        {
            return true;
        }
    } else {
        if rank <= 8 && board[sq + 9] == soldier {
            return true;
        }
        if rank <= 4
            && ((file > 0 && board[sq - 1] == soldier) || (file < 8 && board[sq + 1] == soldier))
        {
            return true;
        }
    }
    false
}
