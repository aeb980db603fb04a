//! The evaluation's terms beyond material and tables, for one side: mobility, general
//! safety and patterns. Each is handed to a [`Sink`], which adds its weight up (the
//! evaluation) or records it as a feature (tuning), so the terms are written once.

use super::term::Term;
use xiangqi::code;
use xiangqi::tables::{HORSE_STEPS, RAYS, RAY_MASKS};
use xiangqi::{Color, Position};

/// Red's half of the board (ranks 0-4) and Black's, as point sets.
const HALF: [u128; 2] = [(1 << 45) - 1, ((1 << 90) - 1) ^ ((1 << 45) - 1)];

/// Every point but those on file 8 (so that `bits >> 1` pairs points of one rank).
const NOT_LAST_FILE: u128 = {
    let mut m = 0u128;
    let mut sq = 0;
    while sq < 90 {
        if sq % 9 != 8 {
            m |= 1 << sq;
        }
        sq += 1;
    }
    m
};

/// Where the terms go: added up with the weights, or recorded as features.
pub(super) trait Sink {
    /// `term` counts `n` times for the side being evaluated.
    fn add(&mut self, term: Term, n: i32);
}

/// Mobility, general safety and patterns for colour `us` (0 red, 1 black).
#[inline(always)]
pub(super) fn side_terms<S: Sink>(pos: &Position, us: usize, out: &mut S) {
    let board = pos.codes();
    // SAFETY: every index below comes from the step and ray tables, which hold only board
    // points (below 90).
    let b = |t: u8| unsafe { *board.get_unchecked(t as usize) };
    let them = us ^ 1;
    let own = |c: u8| c != code::EMPTY && code::color(c) == us;

    // Mobility.
    let mut chariot_mob = 0;
    let mut bits = pos.code_bits(code::chariot(us));
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        for dir in 0..4 {
            for &t in RAYS.get(sq, dir) {
                let c = b(t);
                if c == code::EMPTY {
                    chariot_mob += 1;
                } else {
                    if !own(c) {
                        chariot_mob += 1;
                    }
                    break;
                }
            }
        }
    }
    out.add(Term::ChariotMobility, chariot_mob);
    let mut bits = pos.code_bits(code::horse(us));
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let mob = HORSE_STEPS
            .get(sq)
            .iter()
            .filter(|s| b(s.via) == code::EMPTY && !own(b(s.to)))
            .count() as i32;
        out.add(Term::HorseMobility, mob);
        if mob == 0 {
            out.add(Term::HorseTrapped, -1);
        }
    }
    let mut cannon_mob = 0;
    let mut bits = pos.code_bits(code::cannon(us));
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        for dir in 0..4 {
            for &t in RAYS.get(sq, dir) {
                if b(t) != code::EMPTY {
                    break;
                }
                cannon_mob += 1;
            }
        }
    }
    out.add(Term::CannonMobility, cannon_mob);

    // Safety of our general against the enemy's attackers (weighs less as pieces leave).
    let general = pos.general(Color::ALL[us]).index();
    let attackers = (pos.code_bits(code::chariot(them)).count_ones() * 2
        + pos.code_bits(code::horse(them)).count_ones()
        + pos.code_bits(code::cannon(them)).count_ones()) as i32;
    let missing_advisors = 2 - pos.code_bits(code::advisor(us)).count_ones() as i32;
    let missing_elephants = 2 - pos.code_bits(code::elephant(us)).count_ones() as i32;
    out.add(Term::MissingAdvisor, -missing_advisors * attackers);
    out.add(Term::MissingElephant, -missing_elephants * attackers);
    let near = ((pos.code_bits(code::chariot(them))
        | pos.code_bits(code::horse(them))
        | pos.code_bits(code::cannon(them)))
        & HALF[us])
        .count_ones() as i32;
    out.add(Term::MissingAdvisorNear, -missing_advisors * near);
    out.add(Term::MissingElephantNear, -missing_elephants * near);
    let crossed = pos.code_bits(code::soldier(us)) & HALF[them];
    let pairs = (crossed & (crossed >> 1) & NOT_LAST_FILE).count_ones() as i32;
    out.add(Term::ConnectedSoldiers, pairs);
    // Look up the general's file toward the enemy (north for Red, south for Black).
    let dir = if us == 0 { 0 } else { 1 };
    let file_attackers = pos.code_bits(code::cannon(them)) | pos.code_bits(code::chariot(them));
    let mut screens = 0;
    let mut cannons_seen = 0;
    let ray = if file_attackers & RAY_MASKS[general][dir] == 0 {
        &[][..]
    } else {
        RAYS.get(general, dir)
    };
    for &t in ray {
        let c = b(t);
        if c == code::EMPTY {
            continue;
        }
        if c == code::cannon(them) {
            cannons_seen += 1;
            if screens == 0 {
                out.add(Term::EmptyHeadCannon, -1);
            } else if cannons_seen == 2 {
                out.add(Term::DoubleCannon, -1);
            } else {
                out.add(Term::CannonOnFile, -1);
            }
        } else if c == code::chariot(them) && screens <= 1 {
            out.add(Term::ChariotOnFile, -1);
        }
        screens += 1;
        if screens > 3 {
            break;
        }
    }

    // Discovered check: one of our pieces is the only thing between our chariot and the
    // enemy general, or the screen of our cannon with another piece of ours in front of it.
    let enemy_general = pos.general(Color::ALL[them]).index();
    let sliders = pos.code_bits(code::chariot(us)) | pos.code_bits(code::cannon(us));
    for dir in 0..4 {
        if sliders & RAY_MASKS[enemy_general][dir] == 0 {
            continue;
        }
        let mut first: Option<u8> = None;
        let mut count = 0;
        for &t in RAYS.get(enemy_general, dir) {
            let c = b(t);
            if c == code::EMPTY {
                continue;
            }
            count += 1;
            match count {
                1 => first = Some(c),
                2 => {
                    if first.is_some_and(own) && c == code::chariot(us) {
                        out.add(Term::ChariotDiscovery, 1);
                    }
                }
                3 => {
                    if c == code::cannon(us) && first.is_some_and(own) {
                        out.add(Term::CannonDiscovery, 1);
                    }
                    break;
                }
                _ => break,
            }
        }
    }
}
