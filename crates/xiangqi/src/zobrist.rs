//! Zobrist keys: one random 64-bit key per (piece, point) and one for Black to move.
//!
//! The keys are fixed (SplitMix64 from a constant seed), so hashes are the same on every
//! platform and in every build, native or wasm. The piece keys are generated once, on first
//! use, rather than stored in the binary: 11.5 KB of random bytes would not compress, and the
//! browser downloads the engine twice (page and search worker).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Keys indexed by the board's piece code (1..=15; unused codes are zero) and square.
type Keys = [[u64; 90]; 16];

fn generate() -> Keys {
    let mut keys = [[0u64; 90]; 16];
    let mut state = 0x5869_616e_6771_6921u64; // "Xiangqi!"
    let mut code = 0;
    while code < 16 {
        let kind = code & 7;
        if kind != 0 {
            let mut sq = 0;
            while sq < 90 {
                let (s, k) = splitmix(state);
                state = s;
                keys[code][sq] = k;
                sq += 1;
            }
        }
        code += 1;
    }
    keys
}

static PIECE_KEYS: std::sync::OnceLock<Box<Keys>> = std::sync::OnceLock::new();

/// The piece keys, generated on first use.
#[inline(always)]
fn piece_keys() -> &'static Keys {
    PIECE_KEYS.get_or_init(|| Box::new(generate()))
}

/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0x1234_5678_9abc_def0).1;

/// The key of piece code `code` on square `sq`.
#[inline(always)]
pub(crate) fn piece_key(code: u8, sq: usize) -> u64 {
    // SAFETY: code < 16 and sq < 90 for every caller (board codes and squares).
    unsafe { *piece_keys().get_unchecked(code as usize).get_unchecked(sq) }
}
