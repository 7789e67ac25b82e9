//! Arrays of atomics, all zero at first, for the table of known regions and its
//! filter ([`super::known`]). An array of 2 MiB or more asks the system to back it
//! with huge pages (Linux, transparent huge pages): each lookup in a table of
//! gigabytes is a trip to memory at a random place, and on pages of 4 KiB it also
//! misses the processor's cache of pages (TLB), which on pages of 2 MiB it mostly
//! does not. On 6x7 Cram the search gets through its first 60 M regions about 11 %
//! faster. Such an array's pages are taken only as they are first written, and
//! parts of it can be handed back while it lives, so that a table that grows holds
//! little more than the new table's memory.

use std::alloc::{self, Layout};
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::atomic::AtomicU64;

/// A type whose every value may be all zero bytes: atomic integers, and arrays of
/// them.
///
/// # Safety
/// All-zero bytes must be a valid value of the type.
pub unsafe trait Zeroable {}

// SAFETY: an `AtomicU64` has the layout of a `u64`.
unsafe impl Zeroable for AtomicU64 {}
// SAFETY: an array of zeroable values is zeroable.
unsafe impl<T: Zeroable, const N: usize> Zeroable for [T; N] {}

/// The size and alignment of a huge page.
const HUGE_PAGE: usize = 2 << 20;

/// A fixed number of values, each zero at first.
pub struct Zeroed<T: Zeroable> {
    first: NonNull<T>,
    len: usize,
}

// SAFETY: `Zeroed` owns its values, as a `Box<[T]>` does.
unsafe impl<T: Zeroable + Send> Send for Zeroed<T> {}
// SAFETY: as above.
unsafe impl<T: Zeroable + Sync> Sync for Zeroed<T> {}

impl<T: Zeroable> Zeroed<T> {
    /// `len` zero values.
    pub fn new(len: usize) -> Zeroed<T> {
        let layout = layout::<T>(len);
        if layout.size() == 0 {
            return Zeroed {
                first: NonNull::dangling(),
                len,
            };
        }
        // SAFETY: the layout's size is not zero.
        let bytes = unsafe { alloc::alloc(layout) };
        let Some(bytes) = NonNull::new(bytes) else {
            alloc::handle_alloc_error(layout)
        };
        // Pages handed back to the system read as zeros: the memory is only taken
        // as it is first written, so that a table growing can let go of the old
        // one's pages as it moves their entries ([`Zeroed::release`]).
        let paged = layout.align() == HUGE_PAGE;
        if paged {
            ask_for_huge_pages(bytes, layout.size());
        }
        if !(paged && give_back(bytes, layout.size())) {
            // SAFETY: the memory is ours, `layout.size()` bytes, and all zeros is a
            // `T`. It is written after the advice, so that the pages are made huge
            // as they are first touched.
            unsafe { bytes.as_ptr().write_bytes(0, layout.size()) };
        }
        Zeroed {
            first: bytes.cast(),
            len,
        }
    }

    /// Lets the system take back the whole huge pages among values `from..to`,
    /// which are not read again (where it cannot, nothing changes): the memory of
    /// an old table is let go as its entries are moved to the new one.
    pub fn release(&mut self, from: usize, to: usize) {
        if layout::<T>(self.len).align() != HUGE_PAGE {
            return;
        }
        let start = (from * size_of::<T>()).next_multiple_of(HUGE_PAGE);
        let end = to * size_of::<T>() / HUGE_PAGE * HUGE_PAGE;
        if start < end {
            // SAFETY: within the memory this array holds, at an offset that keeps
            // the alignment of huge pages.
            let bytes = unsafe { self.first.cast::<u8>().add(start) };
            give_back(bytes, end - start);
        }
    }
}

/// The memory of `len` values: aligned to a huge page once it fills one.
fn layout<T>(len: usize) -> Layout {
    let size = len
        .checked_mul(size_of::<T>())
        .expect("an array's size fits in memory");
    let align = match size >= HUGE_PAGE {
        true => HUGE_PAGE,
        false => align_of::<T>(),
    };
    Layout::from_size_align(size, align).expect("an array's size fits in memory")
}

/// Asks the system to back these bytes with huge pages (advice: where it cannot,
/// nothing changes).
#[cfg(target_os = "linux")]
fn ask_for_huge_pages(bytes: NonNull<u8>, size: usize) {
    // SAFETY: the range is memory this process holds; the advice changes no byte.
    unsafe { libc::madvise(bytes.as_ptr().cast(), size, libc::MADV_HUGEPAGE) };
}

/// Hands these bytes' pages back to the system, which gives them again, as
/// zeros, when they are next touched. Returns whether it did.
#[cfg(target_os = "linux")]
fn give_back(bytes: NonNull<u8>, size: usize) -> bool {
    // SAFETY: the range is whole pages of private memory this process holds, and
    // no value in it is borrowed: all zeros is a value of the type that lies there.
    unsafe { libc::madvise(bytes.as_ptr().cast(), size, libc::MADV_DONTNEED) == 0 }
}

#[cfg(not(target_os = "linux"))]
fn ask_for_huge_pages(_: NonNull<u8>, _: usize) {}

#[cfg(not(target_os = "linux"))]
fn give_back(_: NonNull<u8>, _: usize) -> bool {
    false
}

impl<T: Zeroable> Deref for Zeroed<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `first` points to `len` values that live as long as `self`.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for Zeroed<T> {
    fn drop(&mut self) {
        let layout = layout::<T>(self.len);
        if layout.size() != 0 {
            // SAFETY: allocated in `Zeroed::new` with this layout; atomics need no
            // drop of their own.
            unsafe { alloc::dealloc(self.first.as_ptr().cast(), layout) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn values_start_at_zero_and_keep_what_is_written_at_every_size() {
        for len in [0, 1, 64, HUGE_PAGE / 16 * 3] {
            let pairs = Zeroed::<[AtomicU64; 2]>::new(len);
            assert_eq!(pairs.len(), len);
            assert!(pairs.iter().flatten().all(|v| v.load(Relaxed) == 0));
            if let Some(last) = pairs.last() {
                last[1].store(7, Relaxed);
                assert_eq!(pairs[len - 1][1].load(Relaxed), 7);
                assert_eq!(pairs[len - 1][0].load(Relaxed), 0);
            }
        }
    }

    #[test]
    fn values_handed_back_read_zero_and_the_others_are_kept() {
        let len = 4 * HUGE_PAGE / 8;
        let mut values = Zeroed::<AtomicU64>::new(len);
        for (i, v) in values.iter().enumerate() {
            v.store(i as u64 + 1, Relaxed);
        }
        // The huge pages wholly within: the second and third.
        values.release(HUGE_PAGE / 8 - 1, 3 * HUGE_PAGE / 8 + 5);
        for (i, v) in values.iter().enumerate() {
            let within = (HUGE_PAGE / 8..3 * HUGE_PAGE / 8).contains(&i);
            let handed_back = cfg!(target_os = "linux") && within;
            assert_eq!(v.load(Relaxed), if handed_back { 0 } else { i as u64 + 1 });
        }
    }
}
