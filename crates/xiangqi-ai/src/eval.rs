//! Static evaluation in centipawns from the side to move's point of view.
//!
//! Terms, each computed for both sides and subtracted:
//! - material and piece-square tables, one pair (opening/middlegame `MG`, endgame `EG`) per
//!   kind, blended by the phase (how many chariots, horses and cannons remain);
//! - mobility of chariots, horses and cannons;
//! - general safety: missing advisors and elephants weighed by the attackers facing them, an
//!   "empty-head" cannon (空头炮) or two cannons (重炮) on the general's file, a chariot on it;
//! - the discovered-check pattern: a piece standing between its own chariot or cannon and
//!   the enemy general, ready to move away with check;
//! - a small bonus for the side to move.
//!
//! Tables are written from Red's side, rank 0 (Red's back rank) first, and are symmetric
//! left to right; Black reads them with the ranks mirrored.

use crate::node::Node;
use xiangqi::code;
use xiangqi::tables::{HORSE_STEPS, RAYS, RAY_MASKS};
use xiangqi::{Color, Kind, Position};

/// Material values (middlegame, endgame) by kind index.
pub const MATERIAL: [(i32, i32); 7] = [
    (0, 0),     // general: never captured
    (200, 200), // advisor
    (200, 200), // elephant
    (400, 460), // horse
    (900, 950), // chariot
    (450, 420), // cannon
    (90, 140),  // soldier (crossing the river adds its table bonus)
];

/// The usual exchange values, for move ordering and exchange evaluation.
pub const VALUE: [i32; 7] = [10_000, 200, 200, 430, 920, 440, 110];

/// Phase weight of each kind (only chariots, horses and cannons count).
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];
/// The phase of the full starting material: 2 sides x (2x6 + 2x3 + 2x3).
const MAX_PHASE: i32 = 48;

#[rustfmt::skip]
const GENERAL_MG: [i32; 90] = [
    0,  0,  0,   0,  6,   0,  0,  0,  0,
    0,  0,  0,  -8, -6,  -8,  0,  0,  0,
    0,  0,  0, -16,-14, -16,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
];
#[rustfmt::skip]
const GENERAL_EG: [i32; 90] = [
    0,  0,  0,   0,  4,   0,  0,  0,  0,
    0,  0,  0,   0,  4,   0,  0,  0,  0,
    0,  0,  0,  -6, -4,  -6,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
];
#[rustfmt::skip]
const ADVISOR_PST: [i32; 90] = [
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  6,   0,  0,  0,  0,
    0,  0,  0,  -4,  0,  -4,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
];
#[rustfmt::skip]
const ELEPHANT_PST: [i32; 90] = [
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
   -4,  0,  0,   0,  6,   0,  0,  0, -4,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0, -4,   0,  0,   0, -4,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
    0,  0,  0,   0,  0,   0,  0,  0,  0,
];
#[rustfmt::skip]
const HORSE_MG: [i32; 90] = [
   -8,-10, -4, -6,-12, -6, -4,-10, -8,
   -6, -2,  2,  0,-18,  0,  2, -2, -6,
   -4,  2,  8,  6,  2,  6,  8,  2, -4,
   -2,  4,  8, 10,  6, 10,  8,  4, -2,
    0,  6, 12, 14, 12, 14, 12,  6,  0,
    2, 10, 16, 18, 14, 18, 16, 10,  2,
    4, 14, 20, 20, 18, 20, 20, 14,  4,
    4, 16, 24, 26, 18, 26, 24, 16,  4,
    2, 10, 22, 20,  8, 20, 22, 10,  2,
    0,  2,  6, 12,  0, 12,  6,  2,  0,
];
#[rustfmt::skip]
const HORSE_EG: [i32; 90] = [
  -10, -8, -4, -4, -6, -4, -4, -8,-10,
   -8, -2,  2,  2,  0,  2,  2, -2, -8,
   -4,  2,  6,  8,  8,  8,  6,  2, -4,
   -2,  4,  8, 10, 10, 10,  8,  4, -2,
    0,  6, 10, 14, 14, 14, 10,  6,  0,
    0,  6, 12, 16, 16, 16, 12,  6,  0,
    0,  8, 14, 18, 18, 18, 14,  8,  0,
    0,  8, 16, 20, 20, 20, 16,  8,  0,
   -2,  6, 14, 16, 14, 16, 14,  6, -2,
   -6,  0,  6,  8,  4,  8,  6,  0, -6,
];
#[rustfmt::skip]
const CHARIOT_MG: [i32; 90] = [
   -6,  4,  2,  8,  0,  8,  2,  4, -6,
    0,  6,  4, 10,  2, 10,  4,  6,  0,
    0,  6,  6, 10,  6, 10,  6,  6,  0,
    4, 10,  8, 12, 10, 12,  8, 10,  4,
    6, 12, 10, 14, 12, 14, 10, 12,  6,
    8, 14, 12, 16, 14, 16, 12, 14,  8,
    8, 14, 12, 18, 18, 18, 12, 14,  8,
    8, 14, 14, 22, 20, 22, 14, 14,  8,
    8, 16, 14, 22, 22, 22, 14, 16,  8,
    6, 12, 10, 16, 12, 16, 10, 12,  6,
];
#[rustfmt::skip]
const CHARIOT_EG: [i32; 90] = [
    0,  2,  2,  4,  4,  4,  2,  2,  0,
    2,  4,  4,  6,  6,  6,  4,  4,  2,
    2,  4,  4,  6,  6,  6,  4,  4,  2,
    2,  4,  6,  8,  8,  8,  6,  4,  2,
    4,  6,  8, 10, 10, 10,  8,  6,  4,
    4,  6,  8, 10, 10, 10,  8,  6,  4,
    4,  8, 10, 12, 12, 12, 10,  8,  4,
    4,  8, 10, 14, 14, 14, 10,  8,  4,
    4,  8, 10, 14, 14, 14, 10,  8,  4,
    2,  6,  8, 10, 10, 10,  8,  6,  2,
];
#[rustfmt::skip]
const CANNON_MG: [i32; 90] = [
    0,  0,  2,  6,  6,  6,  2,  0,  0,
    0,  2,  4,  6,  6,  6,  4,  2,  0,
    2,  2,  2,  4, 14,  4,  2,  2,  2,
    0,  0,  0,  2,  8,  2,  0,  0,  0,
    0,  2,  2,  2,  8,  2,  2,  2,  0,
    0,  2,  2,  4, 10,  4,  2,  2,  0,
    0,  0,  0,  2, 10,  2,  0,  0,  0,
    2,  2,  0, -4,  6, -4,  0,  2,  2,
    4,  4,  0, -6, -2, -6,  0,  4,  4,
    8,  8,  2, -4, -6, -4,  2,  8,  8,
];
#[rustfmt::skip]
const CANNON_EG: [i32; 90] = [
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    0,  0,  0,  2,  6,  2,  0,  0,  0,
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    0,  0,  0,  0,  2,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const SOLDIER_MG: [i32; 90] = [
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0, -2,  0,  4,  0, -2,  0,  0,
    2,  0,  8,  0, 10,  0,  8,  0,  2,
   10, 18, 22, 35, 40, 35, 22, 18, 10,
   20, 27, 30, 40, 42, 40, 30, 27, 20,
   20, 30, 45, 55, 55, 55, 45, 30, 20,
   20, 30, 50, 65, 70, 65, 50, 30, 20,
    0,  3,  6,  9, 12,  9,  6,  3,  0,
];
#[rustfmt::skip]
const SOLDIER_EG: [i32; 90] = [
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  4,  0,  0,  0,  0,
    4,  0,  8,  0, 12,  0,  8,  0,  4,
   40, 45, 50, 60, 65, 60, 50, 45, 40,
   45, 50, 60, 70, 75, 70, 60, 50, 45,
   50, 55, 70, 85, 90, 85, 70, 55, 50,
   45, 55, 70, 90, 95, 90, 70, 55, 45,
   10, 15, 20, 30, 30, 30, 20, 15, 10,
];

const TABLES: [(&[i32; 90], &[i32; 90]); 7] = [
    (&GENERAL_MG, &GENERAL_EG),
    (&ADVISOR_PST, &ADVISOR_PST),
    (&ELEPHANT_PST, &ELEPHANT_PST),
    (&HORSE_MG, &HORSE_EG),
    (&CHARIOT_MG, &CHARIOT_EG),
    (&CANNON_MG, &CANNON_EG),
    (&SOLDIER_MG, &SOLDIER_EG),
];

/// Material plus table value `(mg, eg)` of every (piece code, square), from the piece's own
/// side, precomputed so the evaluation is one lookup per piece.
static PIECE_SQUARE: [[(i16, i16); 90]; 16] = {
    let mut t = [[(0i16, 0i16); 90]; 16];
    let mut color = 0;
    while color < 2 {
        let mut kind = 0;
        while kind < 7 {
            let c = (color << 3) | (kind + 1);
            let mut sq = 0;
            while sq < 90 {
                // Black reads the table with ranks mirrored (files are symmetric).
                let rel = if color == 0 {
                    sq
                } else {
                    (9 - sq / 9) * 9 + sq % 9
                };
                t[c][sq] = (
                    (MATERIAL[kind].0 + TABLES[kind].0[rel]) as i16,
                    (MATERIAL[kind].1 + TABLES[kind].1[rel]) as i16,
                );
                sq += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    t
};

/// Weights of the terms other than material and tables (see the module doc).
mod weight {
    pub const TEMPO: i32 = 10;
    pub const CHARIOT_MOBILITY: i32 = 3;
    pub const HORSE_MOBILITY: i32 = 6;
    pub const HORSE_TRAPPED: i32 = 20;
    pub const CANNON_MOBILITY: i32 = 1;
    pub const MISSING_ADVISOR: i32 = 14;
    pub const MISSING_ELEPHANT: i32 = 10;
    pub const EMPTY_HEAD_CANNON: i32 = 70;
    pub const CANNON_ON_FILE: i32 = 12;
    pub const DOUBLE_CANNON: i32 = 50;
    pub const CHARIOT_ON_FILE: i32 = 20;
    pub const DISCOVERY: i32 = 30;
}

/// The game phase: 48 with all chariots, horses and cannons on the board, 0 with none.
#[inline]
pub fn phase(pos: &Position) -> i32 {
    let count = |kind: Kind| (pos.count(Color::Red, kind) + pos.count(Color::Black, kind)) as i32;
    let p = count(Kind::Horse) * PHASE_WEIGHT[Kind::Horse.index()]
        + count(Kind::Chariot) * PHASE_WEIGHT[Kind::Chariot.index()]
        + count(Kind::Cannon) * PHASE_WEIGHT[Kind::Cannon.index()];
    p.min(MAX_PHASE)
}

/// The material-and-table value `(mg, eg)` of the piece `code` on `sq`, from its own side.
#[inline(always)]
pub fn piece_square(code: u8, sq: usize) -> (i32, i32) {
    let (mg, eg) = PIECE_SQUARE[code as usize][sq];
    (mg as i32, eg as i32)
}

/// Material and piece-square value blended by phase, for the side to move: the part of the
/// evaluation kept incrementally, cheap enough for a lazy cutoff in quiescence.
#[inline]
pub fn material(pos: &Node) -> i32 {
    let phase = phase(pos);
    let [mg, eg] = pos.psq();
    let score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    if pos.turn() == Color::Red {
        score
    } else {
        -score
    }
}

/// The evaluation of `pos` for the side to move (for one position outside a search; the
/// searches keep a [`Node`] and call [`evaluate`]).
pub fn evaluate_position(pos: &Position) -> i32 {
    evaluate(&Node::new(pos.clone()))
}

/// The evaluation of the search node `pos` for the side to move.
pub fn evaluate(pos: &Node) -> i32 {
    let phase = phase(pos);
    let [mg, eg] = pos.psq();
    let mut score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    score += side_terms(pos, 0, phase) - side_terms(pos, 1, phase);
    let score = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    score + weight::TEMPO
}

/// Mobility, general safety and patterns for colour `us` (0 red, 1 black).
fn side_terms(pos: &Position, us: usize, phase: i32) -> i32 {
    let board = pos.codes();
    // SAFETY: every index below comes from the step and ray tables, which hold only board
    // points (below 90).
    let b = |t: u8| unsafe { *board.get_unchecked(t as usize) };
    let them = us ^ 1;
    let own = |c: u8| c != code::EMPTY && code::color(c) == us;
    let mut score = 0;

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
    score += chariot_mob * weight::CHARIOT_MOBILITY;
    let mut bits = pos.code_bits(code::horse(us));
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let mob = HORSE_STEPS
            .get(sq)
            .iter()
            .filter(|s| b(s.via) == code::EMPTY && !own(b(s.to)))
            .count() as i32;
        score += mob * weight::HORSE_MOBILITY;
        if mob == 0 {
            score -= weight::HORSE_TRAPPED;
        }
    }
    let mut bits = pos.code_bits(code::cannon(us));
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        for dir in 0..4 {
            for &t in RAYS.get(sq, dir) {
                if b(t) != code::EMPTY {
                    break;
                }
                score += weight::CANNON_MOBILITY;
            }
        }
    }

    // Safety of our general against the enemy's attackers (weighs less as pieces leave).
    let general = pos.general(Color::ALL[us]).index();
    let attackers = (pos.code_bits(code::chariot(them)).count_ones() * 2
        + pos.code_bits(code::horse(them)).count_ones()
        + pos.code_bits(code::cannon(them)).count_ones()) as i32;
    let missing_advisors = 2 - pos.code_bits(code::advisor(us)).count_ones() as i32;
    let missing_elephants = 2 - pos.code_bits(code::elephant(us)).count_ones() as i32;
    score -= (missing_advisors * weight::MISSING_ADVISOR
        + missing_elephants * weight::MISSING_ELEPHANT)
        * attackers
        / 4;
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
                score -= weight::EMPTY_HEAD_CANNON * phase / MAX_PHASE;
            } else if cannons_seen == 2 {
                score -= weight::DOUBLE_CANNON;
            } else {
                score -= weight::CANNON_ON_FILE;
            }
        } else if c == code::chariot(them) && screens <= 1 {
            score -= weight::CHARIOT_ON_FILE;
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
                        score += weight::DISCOVERY;
                    }
                }
                3 => {
                    if c == code::cannon(us) && first.is_some_and(own) {
                        score += weight::DISCOVERY / 2;
                    }
                    break;
                }
                _ => break,
            }
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_balanced() {
        let pos = Position::start();
        assert_eq!(evaluate_position(&pos), weight::TEMPO);
        let black = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        assert_eq!(evaluate_position(&black), weight::TEMPO);
    }

    /// The same position seen from the other side: ranks reversed, colours swapped.
    fn mirrored(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let board: Vec<String> = fields
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        format!("{} {side}", board.join("/"))
    }

    #[test]
    fn mirrored_positions_evaluate_the_same() {
        for fen in [
            "3akab2/9/4b4/p3p1R1p/2n6/9/P3P3P/4B4/4A4/2BAK4 w",
            "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b",
        ] {
            let a = Position::from_fen(fen).unwrap();
            let b = Position::from_fen(&mirrored(fen)).unwrap();
            assert_eq!(evaluate_position(&a), evaluate_position(&b), "{fen}");
        }
    }

    #[test]
    fn a_chariot_up_is_winning() {
        let pos =
            Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
                .unwrap();
        assert!(evaluate_position(&pos) > 700);
    }
}
