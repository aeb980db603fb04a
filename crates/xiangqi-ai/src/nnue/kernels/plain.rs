//! The kernels as plain loops over slices, which the compiler turns into vector
//! instructions where it can: the x86-64 kernels, and the tails of the `simd128` ones.

/// Terms summed in an `i32` before they are added to the `i64` total:
/// `255² × 127 × 64` is below `i32::MAX` (the largest clip and output weight).
const CHUNK: usize = 64;

/// `dst = src + add - sub`, lane by lane.
#[inline(always)]
pub(super) fn moved(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    for (((d, &s), &a), &b) in dst.iter_mut().zip(src).zip(add).zip(sub) {
        *d = s.wrapping_add(a).wrapping_sub(b);
    }
}

/// `dst = src + add - sub - gone`, lane by lane.
#[inline(always)]
pub(super) fn captured(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16], gone: &[i16]) {
    for ((((d, &s), &a), &b), &c) in dst.iter_mut().zip(src).zip(add).zip(sub).zip(gone) {
        *d = s.wrapping_add(a).wrapping_sub(b).wrapping_sub(c);
    }
}

/// `Σ clamp(acc, 0, clip)² × weight`.
#[inline(always)]
pub(super) fn screlu_dot(acc: &[i16], weights: &[i16], clip: i32) -> i64 {
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
