//! The network's hot loops, written once as plain loops over slices that the compiler turns
//! into vector instructions (SSE2 on any x86-64, AVX2 where the processor has it, chosen at
//! run time), and by hand for wasm's `simd128` (`kernels/simd128.rs`), where the compiler's loops
//! fall short.
//!
//! - [`moved`] and [`captured`]: one side's accumulator after a move, from the one before it
//!   (the rows of the inputs that change added and subtracted in one pass).
//! - [`screlu_dot`]: the output layer's sum over one accumulator, a squared clipped ReLU
//!   times the output weights.

/// The largest output weight a network may have: it keeps the output layer's partial sums
/// within an `i32`.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// The largest clip [`screlu_dot`] takes.
pub const MAX_CLIP: i32 = 255;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn moved(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
        super::plain::moved(dst, src, add, sub)
    }

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn captured(
        dst: &mut [i16],
        src: &[i16],
        add: &[i16],
        sub: &[i16],
        gone: &[i16],
    ) {
        super::plain::captured(dst, src, add, sub, gone)
    }

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn screlu_dot(acc: &[i16], weights: &[i16], clip: i32) -> i64 {
        super::plain::screlu_dot(acc, weights, clip)
    }
}

mod plain;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;

/// The kernels used where no run-time choice is made: by hand in wasm with `simd128`, the
/// plain loops elsewhere.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
use plain as fixed;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use simd128 as fixed;

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// `dst = src + add - sub`, lane by lane: a piece moved from the `sub` row's input to the
/// `add` row's.
#[inline]
pub fn moved(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { avx2::moved(dst, src, add, sub) };
    }
    fixed::moved(dst, src, add, sub)
}

/// `dst = src + add - sub - gone`: a move that took the piece of the `gone` row.
#[inline]
pub fn captured(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16], gone: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { avx2::captured(dst, src, add, sub, gone) };
    }
    fixed::captured(dst, src, add, sub, gone)
}

/// `Σ clamp(acc, 0, clip)² × weight`, with `clip` at most [`MAX_CLIP`] and every weight
/// within ±[`MAX_OUTPUT_WEIGHT`].
#[inline]
pub fn screlu_dot(acc: &[i16], weights: &[i16], clip: i32) -> i64 {
    debug_assert!((0..=MAX_CLIP).contains(&clip));
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { avx2::screlu_dot(acc, weights, clip) };
    }
    fixed::screlu_dot(acc, weights, clip)
}

/// The kernels against plain sums written out here, on vectors of every length from 0 to
/// 300 (so every tail of the vector loops is met) and at the largest values the file allows:
/// the number of results that differ (0 when all agree). The unit tests run it natively and
/// `crates/bench-wasm/check.mjs` in wasm, where the `simd128` kernels are the ones checked.
pub fn disagreements() -> u32 {
    let mut wrong = 0;
    let v = |n: usize, k: i64| -> Vec<i16> {
        (0..n as i64)
            .map(|i| ((i * k + 3) % 701 - 350) as i16)
            .collect()
    };
    for n in 0..=300 {
        let (src, add, sub, gone) = (v(n, 7), v(n, 13), v(n, 29), v(n, 31));
        let mut dst = vec![0; n];
        moved(&mut dst, &src, &add, &sub);
        wrong += (0..n)
            .filter(|&i| dst[i] != src[i] + add[i] - sub[i])
            .count() as u32;
        captured(&mut dst, &src, &add, &sub, &gone);
        let sum = |i: usize| src[i] + add[i] - sub[i] - gone[i];
        wrong += (0..n).filter(|&i| dst[i] != sum(i)).count() as u32;
        let w: Vec<i16> = (0..n as i64)
            .map(|i| ((i * 5) % 255 - 127) as i16)
            .collect();
        for clip in [0, 1, 100, MAX_CLIP] {
            let plain: i64 = src
                .iter()
                .zip(&w)
                .map(|(&a, &w)| {
                    let c = i64::from(a).clamp(0, i64::from(clip));
                    c * c * i64::from(w)
                })
                .sum();
            wrong += u32::from(screlu_dot(&src, &w, clip) != plain);
        }
        for top in [MAX_OUTPUT_WEIGHT, -MAX_OUTPUT_WEIGHT] {
            let full = vec![i16::MAX; n];
            let weights = vec![top; n];
            let most = i64::from(MAX_CLIP * MAX_CLIP) * i64::from(top) * n as i64;
            wrong += u32::from(screlu_dot(&full, &weights, MAX_CLIP) != most);
        }
    }
    wrong
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_agree_with_plain_sums() {
        assert_eq!(disagreements(), 0);
    }
}
