//! Stopping a long computation from outside, and watching it go: a front end hands
//! a [`StopFlag`] to the thread that computes ([`with_stop`]), and raises it from
//! elsewhere (Ctrl-C, a wall-clock limit); the searches look at it as they go, end
//! with [`Error::Stopped`](crate::Error::Stopped), and count their steps on it
//! ([`StopFlag::steps`]) for a progress line. The same looks enforce a memory
//! budget in real bytes, where the program counts them ([`CountingAllocator`],
//! [`set_memory_limit`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use crate::{Error, Result};

/// A flag that stops the computations it was handed to, and counts their steps.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    raised: Arc<AtomicBool>,
    steps: Arc<AtomicU64>,
    /// The flag of a [`StopFlag::child`]'s parent: raising it raises the child.
    parent: Option<Arc<AtomicBool>>,
}

impl StopFlag {
    /// A flag not yet raised.
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// Raises the flag: the computations watching it stop soon after.
    pub fn stop(&self) {
        self.raised.store(true, Ordering::Relaxed);
    }

    /// Whether the flag (or its parent's) was raised.
    pub fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
            || self
                .parent
                .as_ref()
                .is_some_and(|p| p.load(Ordering::Relaxed))
    }

    /// A flag raised with this one, or alone (to stop the threads of one part of a
    /// computation), that counts its steps here.
    pub fn child(&self) -> StopFlag {
        StopFlag {
            raised: Arc::default(),
            steps: self.steps.clone(),
            parent: Some(self.raised.clone()),
        }
    }

    /// About how many steps the searches watching the flag have made (counted in
    /// rounds of [`LOOK`]).
    pub fn steps(&self) -> u64 {
        self.steps.load(Ordering::Relaxed)
    }
}

thread_local! {
    static WATCHED: RefCell<Option<StopFlag>> = const { RefCell::new(None) };
}

/// The flag this thread's searches watch, if any.
pub fn watched() -> Option<StopFlag> {
    WATCHED.with(|w| w.borrow().clone())
}

/// Runs `f` on this thread with the searches watching `flag`.
pub fn with_stop<T>(flag: &StopFlag, f: impl FnOnce() -> T) -> T {
    let before = WATCHED.with(|w| w.replace(Some(flag.clone())));
    let result = f();
    WATCHED.with(|w| *w.borrow_mut() = before);
    result
}

/// The bytes the program holds, where it counts them.
static HELD: AtomicUsize = AtomicUsize::new(0);

/// The most bytes the program may hold before a computation stops.
static MEMORY_LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// The system allocator, counting the bytes it hands out: a program that installs
/// it (`#[global_allocator] static A: CountingAllocator = CountingAllocator;`) gets
/// a memory budget ([`set_memory_limit`]) that every search honours at its next look
/// at the stop flag. Without it nothing is counted and no memory budget applies.
pub struct CountingAllocator;

// SAFETY: every call is passed to the system allocator unchanged; only a counter
// of the bytes handed out is kept beside.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            HELD.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            HELD.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let moved = System.realloc(p, layout, size);
        if !moved.is_null() {
            HELD.fetch_add(size, Ordering::Relaxed);
            HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        moved
    }
}

/// Sets the memory budget: past `bytes` held (as counted by [`CountingAllocator`]),
/// searches stop with [`Error::Memory`].
pub fn set_memory_limit(bytes: usize) {
    MEMORY_LIMIT.store(bytes, Ordering::Relaxed);
}

/// The memory budget in bytes (`usize::MAX`: none set).
pub fn memory_limit() -> usize {
    MEMORY_LIMIT.load(Ordering::Relaxed)
}

/// The bytes the program holds now (0 without a [`CountingAllocator`]).
pub fn memory_held() -> usize {
    HELD.load(Ordering::Relaxed)
}

/// [`Error::Stopped`] when the flag this thread watches was raised, and
/// [`Error::Memory`] when the program holds more than its memory budget.
pub fn check() -> Result<()> {
    if WATCHED.with(|w| w.borrow().as_ref().is_some_and(StopFlag::is_raised)) {
        return Err(Error::Stopped);
    }
    let limit = MEMORY_LIMIT.load(Ordering::Relaxed);
    match HELD.load(Ordering::Relaxed) > limit {
        true => Err(Error::Memory { limit }),
        false => Ok(()),
    }
}

/// [`check`], after counting `steps` more steps on the watched flag.
fn check_after(steps: u64) -> Result<()> {
    WATCHED.with(|w| {
        if let Some(flag) = w.borrow().as_ref() {
            flag.steps.fetch_add(steps, Ordering::Relaxed);
        }
    });
    check()
}

/// How many steps of a hot loop go by between two looks at the flag.
pub const LOOK: u32 = 4096;

/// A counter that looks at the flag once every [`LOOK`] steps of a hot loop, the
/// first step included, and counts those steps on it.
#[derive(Default)]
pub(crate) struct Every(u32);

impl Every {
    /// One step; the first and every 4096th after it look at the flag.
    pub(crate) fn step(&mut self) -> Result<()> {
        let look = self.0 % LOOK == 0;
        self.0 = self.0.wrapping_add(1);
        if look {
            check_after(LOOK.into())
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_stops_only_the_thread_that_watches_it() {
        let flag = StopFlag::new();
        assert_eq!(with_stop(&flag, check), Ok(()));
        flag.stop();
        assert_eq!(with_stop(&flag, check), Err(Error::Stopped));
        assert_eq!(check(), Ok(()));
        let mut every = Every::default();
        let stopped = with_stop(&flag, || {
            (0..5000).map(|_| every.step()).find(Result::is_err)
        });
        assert_eq!(stopped, Some(Err(Error::Stopped)));

        let counted = StopFlag::new();
        let mut every = Every::default();
        with_stop(&counted, || (0..3 * LOOK).try_for_each(|_| every.step())).unwrap();
        assert_eq!(counted.steps(), 3 * u64::from(LOOK));
    }
}
