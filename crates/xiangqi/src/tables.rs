//! Move and attack tables, computed at compile time: what the move generator reads, public for
//! engines (evaluation, exchange analysis) that walk the same steps and rays.
//!
//! Every table is indexed by square (`rank * 9 + file`). A [`Step`] is a destination and the
//! point that must be empty for the step to be possible: the horse's leg (马腿) or the
//! elephant's eye (象眼); for pieces that cannot be blocked `via` equals `to`.

/// One step of a piece: its destination and the point that must be empty on the way.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The destination point.
    pub to: u8,
    /// The point that must be empty (the destination itself when nothing can block).
    pub via: u8,
}

/// Rows in the tables: the 90 points padded to a power of two, so that a lookup masks its
/// index instead of checking it (the padding rows are empty).
const ROWS: usize = 128;

/// Up to `N` steps from every square.
pub struct StepTable<const N: usize> {
    steps: [[Step; N]; ROWS],
    len: [u8; ROWS],
}

impl<const N: usize> StepTable<N> {
    /// The steps from point `sq`, which must be below 90 (checked in debug builds; in
    /// release builds a larger value reads some other row, never outside the table).
    #[inline(always)]
    pub fn get(&self, sq: usize) -> &[Step] {
        debug_assert!(sq < 90, "point {sq} is off the board");
        let sq = sq & (ROWS - 1);
        // SAFETY: sq < ROWS after the mask, and every len is at most N, the row's length.
        unsafe {
            let row = self.steps.get_unchecked(sq);
            row.get_unchecked(..*self.len.get_unchecked(sq) as usize)
        }
    }
}

const fn at(f: i32, r: i32) -> i32 {
    if f < 0 || f > 8 || r < 0 || r > 9 {
        -1
    } else {
        r * 9 + f
    }
}

const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7) && r >= 0 && r <= 9
}

const EMPTY_STEP: Step = Step { to: 0, via: 0 };

/// Builds a table from a list of `(df, dr, via_df, via_dr)` patterns and a filter on
/// `(from_file, from_rank, to_file, to_rank)`, written out as a macro because const fns
/// cannot take closures.
macro_rules! step_table {
    ($n:expr, $pats:expr, |$f:ident, $r:ident, $tf:ident, $tr:ident| $keep:expr) => {{
        let pats = $pats;
        let mut steps = [[EMPTY_STEP; $n]; ROWS];
        let mut len = [0u8; ROWS];
        let mut sq = 0;
        while sq < 90 {
            let $f = (sq % 9) as i32;
            let $r = (sq / 9) as i32;
            let mut i = 0;
            while i < pats.len() {
                let (df, dr, vf, vr) = pats[i];
                let $tf = $f + df;
                let $tr = $r + dr;
                let to = at($tf, $tr);
                if to >= 0 && $keep {
                    let via = at($f + vf, $r + vr);
                    steps[sq][len[sq] as usize] = Step {
                        to: to as u8,
                        via: via as u8,
                    };
                    len[sq] += 1;
                }
                i += 1;
            }
            sq += 1;
        }
        StepTable { steps, len }
    }};
}

const ORTHO: [(i32, i32, i32, i32); 4] =
    [(0, 1, 0, 1), (0, -1, 0, -1), (1, 0, 1, 0), (-1, 0, -1, 0)];
const DIAG: [(i32, i32, i32, i32); 4] = [
    (1, 1, 1, 1),
    (1, -1, 1, -1),
    (-1, 1, -1, 1),
    (-1, -1, -1, -1),
];
const ELEPHANT: [(i32, i32, i32, i32); 4] = [
    (2, 2, 1, 1),
    (2, -2, 1, -1),
    (-2, 2, -1, 1),
    (-2, -2, -1, -1),
];
/// Horse jumps with their leg: the orthogonal neighbour in the direction of the long leg.
const HORSE: [(i32, i32, i32, i32); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];
/// Where a horse must stand to attack a square, and its leg, which is then the point
/// diagonally next to the attacked square.
const HORSE_FROM: [(i32, i32, i32, i32); 8] = [
    (1, 2, 1, 1),
    (-1, 2, -1, 1),
    (1, -2, 1, -1),
    (-1, -2, -1, -1),
    (2, 1, 1, 1),
    (2, -1, 1, -1),
    (-2, 1, -1, 1),
    (-2, -1, -1, -1),
];

/// General steps: one point orthogonally, inside the palace.
pub static GENERAL: StepTable<4> = step_table!(4, ORTHO, |f, r, tf, tr| in_palace(f, r)
    && in_palace(tf, tr)
    && (r <= 2) == (tr <= 2));

const fn in_red_palace(f: i32, r: i32) -> bool {
    in_palace(f, r) && r <= 2
}

const fn in_black_palace(f: i32, r: i32) -> bool {
    in_palace(f, r) && r >= 7
}

/// Advisor steps of each colour (index: [`crate::Color::index`]): one point diagonally,
/// ending inside its own palace. From the advisor points these stay on them; an advisor
/// placed elsewhere in a composed position moves by the same rule.
pub static ADVISOR_STEPS: [StepTable<4>; 2] = [
    step_table!(4, DIAG, |f, r, tf, tr| in_red_palace(tf, tr)),
    step_table!(4, DIAG, |f, r, tf, tr| in_black_palace(tf, tr)),
];

/// For a target point: where an advisor of each colour stands to attack it (every diagonal
/// neighbour, if the point is in that colour's palace).
pub static ADVISOR_ATTACKS: [StepTable<4>; 2] = [
    step_table!(4, DIAG, |f, r, tf, tr| in_red_palace(f, r)),
    step_table!(4, DIAG, |f, r, tf, tr| in_black_palace(f, r)),
];

/// Elephant steps of each colour: two points diagonally, ending on its own side of the river;
/// `via` is the eye. An elephant placed off its points in a composed position (even across
/// the river) moves by the same rule.
pub static ELEPHANT_STEPS: [StepTable<4>; 2] = [
    step_table!(4, ELEPHANT, |f, r, tf, tr| tr <= 4),
    step_table!(4, ELEPHANT, |f, r, tf, tr| tr >= 5),
];

/// For a target point: where an elephant of each colour stands to attack it (every point two
/// diagonal steps away, if the target is on that colour's side), and the eye between.
pub static ELEPHANT_ATTACKS: [StepTable<4>; 2] = [
    step_table!(4, ELEPHANT, |f, r, tf, tr| r <= 4),
    step_table!(4, ELEPHANT, |f, r, tf, tr| r >= 5),
];

/// Horse jumps; `via` is the leg.
pub static HORSE_STEPS: StepTable<8> = step_table!(8, HORSE, |f, r, tf, tr| true);

/// For a target square: where an attacking horse stands (`to`) and its leg (`via`).
pub static HORSE_ATTACKS: StepTable<8> = step_table!(8, HORSE_FROM, |f, r, tf, tr| true);

/// Red soldier steps: forward, and sideways once across the river (rank 5 and up).
pub static RED_SOLDIER: StepTable<3> = step_table!(
    3,
    [(0, 1, 0, 1), (1, 0, 1, 0), (-1, 0, -1, 0)],
    |f, r, tf, tr| tr > r || r >= 5
);

/// Black soldier steps: forward (down), and sideways once across the river (rank 4 and down).
pub static BLACK_SOLDIER: StepTable<3> = step_table!(
    3,
    [(0, -1, 0, -1), (1, 0, 1, 0), (-1, 0, -1, 0)],
    |f, r, tf, tr| tr < r || r <= 4
);

/// Rays in the four orthogonal directions (north = toward rank 9, south, east = toward
/// file i, west), nearest point first.
pub struct Rays {
    sq: [[[u8; 9]; 4]; ROWS],
    len: [[u8; 4]; ROWS],
}

impl Rays {
    /// The points from `sq` outward in direction `dir` (an index into [`DIRS`]). `sq` must
    /// be below 90 and `dir` below 4 (checked in debug builds; in release builds larger
    /// values read some other ray, never outside the table).
    #[inline(always)]
    pub fn get(&self, sq: usize, dir: usize) -> &[u8] {
        debug_assert!(sq < 90 && dir < 4, "no ray {dir} from point {sq}");
        let (sq, dir) = (sq & (ROWS - 1), dir & 3);
        // SAFETY: sq < ROWS and dir < 4 after the masks, and every len is at most 9.
        unsafe {
            let row = self.sq.get_unchecked(sq).get_unchecked(dir);
            row.get_unchecked(..*self.len.get_unchecked(sq).get_unchecked(dir) as usize)
        }
    }
}

/// North, south, east, west.
pub const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The rays from every point in the four [`DIRS`].
pub static RAYS: Rays = {
    let mut sq_tab = [[[0u8; 9]; 4]; ROWS];
    let mut len = [[0u8; 4]; ROWS];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let mut f = (sq % 9) as i32 + df;
            let mut r = (sq / 9) as i32 + dr;
            while at(f, r) >= 0 {
                sq_tab[sq][d][len[sq][d] as usize] = at(f, r) as u8;
                len[sq][d] += 1;
                f += df;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    Rays { sq: sq_tab, len }
};

/// The one-point set of each square. A table load is cheaper than a variable 128-bit shift,
/// which wasm32 has no instruction for.
pub static BIT: [u128; 90] = {
    let mut bits = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        bits[sq] = 1u128 << sq;
        sq += 1;
    }
    bits
};

/// The one-point set of square `sq` (below 90).
#[inline(always)]
pub fn bit(sq: usize) -> u128 {
    // SAFETY: every caller passes a board square, below 90.
    unsafe { *BIT.get_unchecked(sq) }
}

/// For each square and direction, the set of points on that ray.
pub static RAY_MASKS: [[u128; 4]; 90] = {
    let mut masks = [[0u128; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let mut i = 0;
            while i < RAYS.len[sq][d] as usize {
                masks[sq][d] |= 1u128 << RAYS.sq[sq][d][i];
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    masks
};

/// For each square, the set of points from which a horse could attack it.
pub static HORSE_ATTACK_MASKS: [u128; 90] = {
    let mut masks = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut i = 0;
        while i < HORSE_ATTACKS.len[sq] as usize {
            masks[sq] |= 1u128 << HORSE_ATTACKS.steps[sq][i].to;
            i += 1;
        }
        sq += 1;
    }
    masks
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_the_rules() {
        // The general on e0 steps to d0, f0 and e1.
        assert_eq!(GENERAL.get(4).len(), 3);
        // From the palace centre e1 the advisor reaches all four corners.
        assert_eq!(ADVISOR_STEPS[0].get(13).len(), 4);
        // From d0 only e1; a red advisor composed on c3 steps into the palace at d2 only,
        // and one in Black's palace cannot move at all.
        assert_eq!(ADVISOR_STEPS[0].get(3).len(), 1);
        assert_eq!(ADVISOR_STEPS[0].get(3 * 9 + 2).len(), 1);
        assert_eq!(ADVISOR_STEPS[0].get(8 * 9 + 4).len(), 0);
        // An elephant on e2 reaches c0, g0, c4, g4.
        assert_eq!(ELEPHANT_STEPS[0].get(22).len(), 4);
        // An elephant on c4 cannot cross to the far side: only a2 and e2.
        assert_eq!(ELEPHANT_STEPS[0].get(4 * 9 + 2).len(), 2);
        // A red elephant composed on e6 may only come back: c4 and g4.
        assert_eq!(ELEPHANT_STEPS[0].get(6 * 9 + 4).len(), 2);
        // A horse in the middle has eight jumps, one in the corner two.
        assert_eq!(HORSE_STEPS.get(4 * 9 + 4).len(), 8);
        assert_eq!(HORSE_STEPS.get(0).len(), 2);
        // An unmoved red soldier only steps forward; a crossed one also sideways.
        assert_eq!(RED_SOLDIER.get(3 * 9).len(), 1);
        assert_eq!(RED_SOLDIER.get(5 * 9 + 4).len(), 3);
        assert_eq!(RED_SOLDIER.get(9 * 9 + 4).len(), 2);
        assert_eq!(BLACK_SOLDIER.get(6 * 9).len(), 1);
        assert_eq!(BLACK_SOLDIER.get(4 * 9 + 4).len(), 3);
        // Rays from a0: 9 north, 0 south, 8 east, 0 west.
        assert_eq!(RAYS.get(0, 0).len(), 9);
        assert_eq!(RAYS.get(0, 1).len(), 0);
        assert_eq!(RAYS.get(0, 2).len(), 8);
    }

    #[test]
    fn advisor_and_elephant_attack_tables_are_the_inverse_of_their_steps() {
        for color in 0..2 {
            // An advisor cannot be blocked, so only the elephant's eye is compared.
            for (steps, attacks, eye) in [
                (&ADVISOR_STEPS[color], &ADVISOR_ATTACKS[color], false),
                (&ELEPHANT_STEPS[color], &ELEPHANT_ATTACKS[color], true),
            ] {
                for from in 0..90 {
                    for s in steps.get(from) {
                        let back = attacks
                            .get(s.to as usize)
                            .iter()
                            .find(|a| a.to as usize == from)
                            .expect("every step is listed as an attack");
                        if eye {
                            assert_eq!(back.via, s.via, "same eye seen from both ends");
                        }
                    }
                }
                let listed: usize = (0..90).map(|sq| attacks.get(sq).len()).sum();
                let stepped: usize = (0..90).map(|sq| steps.get(sq).len()).sum();
                assert_eq!(listed, stepped, "and nothing more");
            }
        }
    }

    #[test]
    fn horse_attack_table_is_the_inverse_of_the_jump_table() {
        for from in 0..90 {
            for s in HORSE_STEPS.get(from) {
                let back = HORSE_ATTACKS
                    .get(s.to as usize)
                    .iter()
                    .find(|a| a.to as usize == from)
                    .expect("every jump is listed as an attack");
                assert_eq!(back.via, s.via, "same leg seen from both ends");
            }
        }
    }
}
