//! The network's hot loops, written once as plain loops over slices that the compiler turns
//! into vector instructions: SSE2 on any x86-64, AVX2 where the processor has it (chosen at
//! run time), `simd128` in wasm when the build enables it.
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

/// Terms summed in an `i32` before they are added to the `i64` total:
/// `255² × 127 × 64` is below `i32::MAX`.
const CHUNK: usize = 64;

#[inline(always)]
fn moved_body(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    for (((d, &s), &a), &b) in dst.iter_mut().zip(src).zip(add).zip(sub) {
        *d = s.wrapping_add(a).wrapping_sub(b);
    }
}

#[inline(always)]
fn captured_body(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16], gone: &[i16]) {
    for ((((d, &s), &a), &b), &c) in dst.iter_mut().zip(src).zip(add).zip(sub).zip(gone) {
        *d = s.wrapping_add(a).wrapping_sub(b).wrapping_sub(c);
    }
}

#[inline(always)]
fn screlu_dot_body(acc: &[i16], weights: &[i16], clip: i32) -> i64 {
    let mut total = 0i64;
    for (a, w) in acc.chunks(CHUNK).zip(weights.chunks(CHUNK)) {
        let mut sum = 0i32;
        for (&a, &w) in a.iter().zip(w) {
            let c = i32::from(a).clamp(0, clip);
            sum += c * i32::from(w) * c;
        }
        total += i64::from(sum);
    }
    total
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn moved(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
        super::moved_body(dst, src, add, sub)
    }

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn captured(
        dst: &mut [i16],
        src: &[i16],
        add: &[i16],
        sub: &[i16],
        gone: &[i16],
    ) {
        super::captured_body(dst, src, add, sub, gone)
    }

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn screlu_dot(acc: &[i16], weights: &[i16], clip: i32) -> i64 {
        super::screlu_dot_body(acc, weights, clip)
    }
}

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
    moved_body(dst, src, add, sub)
}

/// `dst = src + add - sub - gone`: a move that took the piece of the `gone` row.
#[inline]
pub fn captured(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16], gone: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { avx2::captured(dst, src, add, sub, gone) };
    }
    captured_body(dst, src, add, sub, gone)
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
    screlu_dot_body(acc, weights, clip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_agree_with_a_plain_sum() {
        let n = 200;
        let v = |k: i32| -> Vec<i16> { (0..n).map(|i| ((i * k) % 701 - 350) as i16).collect() };
        let (src, add, sub, gone) = (v(7), v(13), v(29), v(31));
        let mut dst = vec![0; n as usize];
        moved(&mut dst, &src, &add, &sub);
        for i in 0..n as usize {
            assert_eq!(dst[i], src[i] + add[i] - sub[i]);
        }
        captured(&mut dst, &src, &add, &sub, &gone);
        for i in 0..n as usize {
            assert_eq!(dst[i], src[i] + add[i] - sub[i] - gone[i]);
        }
        let w: Vec<i16> = (0..n).map(|i| (i % 255 - 127) as i16).collect();
        let plain: i64 = src
            .iter()
            .zip(&w)
            .map(|(&a, &w)| {
                let c = i64::from(a).clamp(0, 255);
                c * c * i64::from(w)
            })
            .sum();
        assert_eq!(screlu_dot(&src, &w, 255), plain);
        let full = vec![MAX_CLIP as i16; n as usize];
        let top = vec![MAX_OUTPUT_WEIGHT; n as usize];
        assert_eq!(
            screlu_dot(&full, &top, MAX_CLIP),
            i64::from(MAX_CLIP * MAX_CLIP) * i64::from(MAX_OUTPUT_WEIGHT) * i64::from(n)
        );
    }
}
