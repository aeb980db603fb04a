//! Static evaluation in centipawns from the side to move's point of view.
//!
//! Terms, each computed for both sides and subtracted, each weight a pair (middlegame,
//! endgame) blended by the phase (how many chariots, horses and cannons remain):
//! - material and piece-square tables;
//! - mobility of chariots, horses and cannons, and a horse with no move;
//! - general safety: missing advisors and elephants weighed by the attackers facing them, an
//!   "empty-head" cannon (空头炮) or two cannons (重炮) on the general's file, a chariot on it;
//! - the discovered-check pattern: a piece standing between its own chariot or cannon and
//!   the enemy general, ready to move away with check;
//! - a bonus for the side to move.
//!
//! The weights live in `weights.rs`, written by the tuner (`xiangqi tune`); `layout.rs`
//! numbers them as one vector, and [`features`] gives, for a position, how much each weight
//! counts in its evaluation: the evaluation is exactly the sum of weight times feature
//! (checked by a test), which is what tuning needs.

pub mod layout;
mod weights;

use crate::node::Node;
use layout::Term;
use weights::{MATERIAL, PST, TERMS};
use xiangqi::code;
use xiangqi::tables::{HORSE_STEPS, RAYS, RAY_MASKS};
use xiangqi::{Color, Kind, Position};

/// The usual exchange values, for move ordering and exchange evaluation.
pub const VALUE: [i32; 7] = [10_000, 200, 200, 430, 920, 440, 110];

/// Phase weight of each kind (only chariots, horses and cannons count).
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];
/// The phase of the full starting material: 2 sides x (2x6 + 2x3 + 2x3).
pub const MAX_PHASE: i32 = 48;

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
                t[c][sq] = (
                    (MATERIAL[kind][0] + PST[kind][0][relative(color, sq)]) as i16,
                    (MATERIAL[kind][1] + PST[kind][1][relative(color, sq)]) as i16,
                );
                sq += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    t
};

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

/// The point `sq` as its owner `color` (0 red, 1 black) sees it: Black's ranks mirrored.
const fn relative(color: usize, sq: usize) -> usize {
    if color == 0 {
        sq
    } else {
        (9 - sq / 9) * 9 + sq % 9
    }
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

/// `(mg, eg)` blended by `phase`.
#[inline(always)]
fn blend(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Material and piece-square value blended by phase, for the side to move: the part of the
/// evaluation kept incrementally, cheap enough for a lazy cutoff in quiescence.
#[inline]
pub fn material(pos: &Node) -> i32 {
    let [mg, eg] = pos.psq();
    let score = blend(mg, eg, phase(pos));
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

/// Where the terms go: added up with the weights, or recorded as features.
trait Sink {
    /// `term` counts `n` times for the side being evaluated.
    fn add(&mut self, term: Term, n: i32);
}

/// Adds the weights up, middlegame and endgame apart.
#[derive(Default)]
struct Sum {
    mg: i32,
    eg: i32,
}

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, term: Term, n: i32) {
        let [mg, eg] = TERMS[term as usize];
        self.mg += mg * n;
        self.eg += eg * n;
    }
}

/// The evaluation of the search node `pos` for the side to move.
pub fn evaluate(pos: &Node) -> i32 {
    let phase = phase(pos);
    let [mg, eg] = pos.psq();
    let (mut red, mut black) = (Sum::default(), Sum::default());
    side_terms(pos, 0, &mut red);
    side_terms(pos, 1, &mut black);
    let score = blend(mg + red.mg - black.mg, eg + red.eg - black.eg, phase);
    let score = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    let [tempo_mg, tempo_eg] = TERMS[Term::Tempo as usize];
    score + blend(tempo_mg, tempo_eg, phase)
}

/// How much each weight counts in a position's evaluation, from Red's side: the evaluation
/// for Red is the sum over `counts` of weight times count, blended by `phase` (the
/// middlegame weight at index `2i` weighs `phase / 48`, the endgame one `(48 - phase) / 48`),
/// up to the rounding of that blend.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The phase, 0 to 48.
    pub phase: i32,
    /// (pair index in [`layout`], count), each pair at most once.
    pub counts: Vec<(u16, i16)>,
}

/// Records the features of one side.
struct Record<'a> {
    counts: &'a mut Vec<(u16, i16)>,
    sign: i16,
}

impl Record<'_> {
    fn add_pair(&mut self, pair: usize, n: i16) {
        match self.counts.iter_mut().find(|(p, _)| *p as usize == pair) {
            Some((_, c)) => *c += n,
            None => self.counts.push((pair as u16, n)),
        }
    }
}

impl Sink for Record<'_> {
    fn add(&mut self, term: Term, n: i32) {
        let sign = self.sign;
        self.add_pair(layout::term(term), sign * n as i16);
    }
}

/// The features of `pos` (see [`Features`]).
pub fn features(pos: &Position) -> Features {
    let mut counts = Vec::with_capacity(64);
    for color in 0..2 {
        let mut r = Record {
            counts: &mut counts,
            sign: if color == 0 { 1 } else { -1 },
        };
        for (sq, &c) in pos.codes().iter().enumerate() {
            if c != code::EMPTY && code::color(c) == color {
                let kind = code::kind(c);
                r.add_pair(layout::material(kind), r.sign);
                r.add_pair(layout::pst(kind, relative(color, sq)), r.sign);
            }
        }
        side_terms(pos, color, &mut r);
    }
    let sign = if pos.turn() == Color::Red { 1 } else { -1 };
    let mut r = Record {
        counts: &mut counts,
        sign,
    };
    r.add(Term::Tempo, 1);
    counts.retain(|&(_, n)| n != 0);
    Features {
        phase: phase(pos),
        counts,
    }
}

/// Mobility, general safety and patterns for colour `us` (0 red, 1 black).
#[inline(always)]
fn side_terms<S: Sink>(pos: &Position, us: usize, out: &mut S) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_balanced() {
        let pos = Position::start();
        assert_eq!(evaluate_position(&pos), TERMS[Term::Tempo as usize][0]);
        let black = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        assert_eq!(evaluate_position(&black), TERMS[Term::Tempo as usize][0]);
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

    /// Positions of every kind: the start, middlegames, endgames, both sides to move.
    const SAMPLES: [&str; 6] = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "3akab2/9/4b4/p3p1R1p/2n6/9/P3P3P/4B4/4A4/2BAK4 w",
        "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b",
        "2bak4/4a4/4b4/4C4/9/2n6/9/4C4/4A4/3AK4 b",
        "4k4/9/9/9/9/9/9/9/4c4/3K5 w",
        "3k5/4a4/4c4/9/9/9/9/4C4/4R4/2C1K4 w",
    ];

    #[test]
    fn the_evaluation_is_its_weights_times_its_features() {
        let w = layout::current();
        for fen in SAMPLES {
            let pos = Position::from_fen(fen).unwrap();
            let f = features(&pos);
            let (mut mg, mut eg) = (0.0, 0.0);
            for &(pair, n) in &f.counts {
                mg += w[2 * pair as usize] * n as f64;
                eg += w[2 * pair as usize + 1] * n as f64;
            }
            let red = (mg * f.phase as f64 + eg * (48 - f.phase) as f64) / 48.0;
            let red_eval = if pos.turn() == Color::Red {
                evaluate_position(&pos)
            } else {
                -evaluate_position(&pos)
            };
            // Two roundings of a blend (the score's and the tempo's).
            assert!(
                (red - red_eval as f64).abs() <= 2.0,
                "{fen}: {red} vs {red_eval}"
            );
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
