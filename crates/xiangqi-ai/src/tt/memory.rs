//! The memory of a table's own entries: zeroed, and on Linux laid out for the processor's
//! 2 MB pages. A table of many megabytes is probed at random; with 4 KB pages most probes
//! (and the prefetch before them) also miss the processor's cache of page addresses, and
//! walk the page tables first. Aligned to 2 MB and marked with `madvise(MADV_HUGEPAGE)`
//! before it is first written, such memory is given 2 MB pages where the system allows
//! it (transparent huge pages set to `madvise` or `always`); elsewhere it is plain memory.

use core::ops::Deref;
use core::ptr::NonNull;
use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};

/// The size of a huge page on the systems that have them here (x86-64 and AArch64 Linux).
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// `len` values of `T`, all bytes zero, which must be a valid `T` (the table's entries are
/// atomic integers).
pub struct Zeroed<T> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// The values are only reached through shared references to `T`, as a `Box<[T]>`'s would be.
unsafe impl<T: Sync> Sync for Zeroed<T> {}
unsafe impl<T: Send> Send for Zeroed<T> {}

impl<T> Zeroed<T> {
    /// `len` zeroed values (at least one); huge pages asked for when they are at least one
    /// huge page in all.
    pub fn new(len: usize) -> Zeroed<T> {
        let len = len.max(1);
        let bytes = len * size_of::<T>();
        let align = if huge_pages() && bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            align_of::<T>()
        };
        let layout = Layout::from_size_align(bytes, align).expect("a table's size fits memory");
        // SAFETY: the layout's size is not zero (`len` and `T` are not).
        let raw = unsafe { alloc(layout) };
        let Some(ptr) = NonNull::new(raw.cast::<T>()) else {
            handle_alloc_error(layout)
        };
        if align == HUGE_PAGE {
            advise_huge(raw, bytes);
        }
        // SAFETY: `raw` holds `bytes` bytes; all-zero bytes are a valid `T` (see above). The
        // pages are first written here, after the advice, so they come as huge pages.
        unsafe { raw.write_bytes(0, bytes) };
        Zeroed { ptr, len, layout }
    }
}

impl<T> Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised values for as long as `self` lives.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for Zeroed<T> {
    fn drop(&mut self) {
        // SAFETY: allocated with this layout in `new`; `T` needs no drop of its own here
        // (atomic integers).
        unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) }
    }
}

/// Whether this system may give huge pages to memory that asks for them.
fn huge_pages() -> bool {
    cfg!(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))
}

/// Asks the system for huge pages over `bytes` bytes from `addr` (2 MB aligned). Advice only:
/// refused (an older kernel, huge pages off), the memory is plain.
#[allow(unused_variables)]
fn advise_huge(addr: *mut u8, bytes: usize) {
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    {
        // SAFETY: the range is memory this program owns; the advice changes no contents.
        unsafe { libc::madvise(addr.cast(), bytes, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[test]
    fn values_are_zero_and_writable_small_and_huge() {
        for len in [1, 1000, 3 * HUGE_PAGE / 8 + 5] {
            let z = Zeroed::<AtomicU64>::new(len);
            assert_eq!(z.len(), len);
            assert!(z.iter().all(|v| v.load(Relaxed) == 0));
            z[len - 1].store(7, Relaxed);
            assert_eq!(z[len - 1].load(Relaxed), 7);
        }
    }

    #[test]
    fn large_tables_are_aligned_to_huge_pages_where_the_system_has_them() {
        let z = Zeroed::<AtomicU64>::new(HUGE_PAGE / 8);
        let at = z.as_ptr() as usize;
        if huge_pages() {
            assert_eq!(at % HUGE_PAGE, 0);
        }
    }
}
