//! The kernels in wasm's 128-bit vector instructions, eight `i16` lanes at a time, written by
//! hand: the compiler widens the output layer's products to `i32` lane by lane, where here
//! a clipped value times its weight stays within an `i16` (`255 × 127`) and one
//! `i32x4.dot_i16x8_s` multiplies it by the clipped value again and adds the pairs.
//! Lengths that are not a multiple of eight end in the plain loops.
//!
//! Each function gives exactly what its plain loop gives (the kernels' tests run in wasm
//! through `crates/bench-wasm`).

use core::arch::wasm32::{
    i16x8_add, i16x8_max, i16x8_min, i16x8_mul, i16x8_splat, i16x8_sub, i32x4_add, i32x4_dot_i16x8,
    i32x4_extract_lane, i32x4_splat, v128, v128_load, v128_store,
};

/// `i16` lanes in a vector.
const LANES: usize = 8;

/// Values summed into the four `i32` lanes before they are added to the `i64` total: each
/// lane then holds at most `256 / 4` products of `255² × 127`, below `i32::MAX`.
const CHUNK: usize = 256;

/// The vector at `slice[i..i + 8]`.
///
/// # Safety
/// `i + 8 <= slice.len()`.
#[inline(always)]
unsafe fn load(slice: &[i16], i: usize) -> v128 {
    // SAFETY: the caller keeps i + 8 within the slice; wasm's loads take any address.
    unsafe { v128_load(slice.as_ptr().add(i).cast()) }
}

/// Stores `v` at `slice[i..i + 8]`.
///
/// # Safety
/// `i + 8 <= slice.len()`.
#[inline(always)]
unsafe fn store(slice: &mut [i16], i: usize, v: v128) {
    // SAFETY: the caller keeps i + 8 within the slice; wasm's stores take any address.
    unsafe { v128_store(slice.as_mut_ptr().add(i).cast(), v) }
}

/// `moved`: `dst = src + add - sub`.
#[inline(always)]
pub(super) fn moved(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
    let n = dst.len().min(src.len()).min(add.len()).min(sub.len());
    let whole = n - n % LANES;
    for i in (0..whole).step_by(LANES) {
        // SAFETY: i + 8 <= whole <= every slice's length.
        unsafe {
            let v = i16x8_sub(i16x8_add(load(src, i), load(add, i)), load(sub, i));
            store(dst, i, v);
        }
    }
    super::plain::moved(
        &mut dst[whole..n],
        &src[whole..n],
        &add[whole..n],
        &sub[whole..n],
    );
}

/// `captured`: `dst = src + add - sub - gone`.
#[inline(always)]
pub(super) fn captured(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16], gone: &[i16]) {
    let n = dst
        .len()
        .min(src.len())
        .min(add.len())
        .min(sub.len())
        .min(gone.len());
    let whole = n - n % LANES;
    for i in (0..whole).step_by(LANES) {
        // SAFETY: i + 8 <= whole <= every slice's length.
        unsafe {
            let v = i16x8_add(load(src, i), load(add, i));
            let v = i16x8_sub(i16x8_sub(v, load(sub, i)), load(gone, i));
            store(dst, i, v);
        }
    }
    super::plain::captured(
        &mut dst[whole..n],
        &src[whole..n],
        &add[whole..n],
        &sub[whole..n],
        &gone[whole..n],
    );
}

/// `screlu_dot`: `Σ clamp(acc, 0, clip)² × weight`. The weights are within ±127 and `clip`
/// at most 255 (the kernels' bounds), so `clamp(a) × w` fits an `i16`.
#[inline(always)]
pub(super) fn screlu_dot(acc: &[i16], weights: &[i16], clip: i32) -> i64 {
    let n = acc.len().min(weights.len());
    let whole = n - n % LANES;
    let (zero, top) = (i16x8_splat(0), i16x8_splat(clip as i16));
    let mut total = 0i64;
    let mut start = 0;
    while start < whole {
        let end = (start + CHUNK).min(whole);
        let mut sum = i32x4_splat(0);
        for i in (start..end).step_by(LANES) {
            // SAFETY: i + 8 <= whole <= both slices' lengths.
            let (a, w) = unsafe { (load(acc, i), load(weights, i)) };
            let c = i16x8_min(i16x8_max(a, zero), top);
            sum = i32x4_add(sum, i32x4_dot_i16x8(i16x8_mul(c, w), c));
        }
        total += i64::from(i32x4_extract_lane::<0>(sum))
            + i64::from(i32x4_extract_lane::<1>(sum))
            + i64::from(i32x4_extract_lane::<2>(sum))
            + i64::from(i32x4_extract_lane::<3>(sum));
        start = end;
    }
    total + super::plain::screlu_dot(&acc[whole..n], &weights[whole..n], clip)
}
