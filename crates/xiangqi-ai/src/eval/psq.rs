//! The evaluation's lookup tables and the game phase: the exchange values ([`VALUE`]), the
//! material-and-table value of every piece on every point (which `node.rs` keeps summed as
//! the search plays), and the blend of middlegame and endgame weights by phase.

use super::weights::{MATERIAL, PST};
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

/// The point `sq` as its owner `color` (0 red, 1 black) sees it: Black's ranks mirrored.
pub(super) const fn relative(color: usize, sq: usize) -> usize {
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
pub(super) fn blend(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}
