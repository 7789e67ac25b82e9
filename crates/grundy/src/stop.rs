//! Stopping a long computation from outside, and watching it go: a front end puts a
//! [`StopFlag`] in the computation's [`Budget`] and raises it from elsewhere
//! (Ctrl-C, a wall-clock limit); the searches look at the budget as they go
//! ([`Every`]), end with [`Error::Stopped`](crate::Error::Stopped), and count their
//! steps on the flag ([`StopFlag::steps`]) for a progress line, with how far the
//! question at the top has got ([`StopFlag::question`]) and what the last checkpoint
//! kept ([`StopFlag::saved`]). The same looks
//! enforce the budget's memory in real bytes, where the program counts them
//! ([`CountingAllocator`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use crate::{Budget, Result};

/// A flag that stops the computations it was handed to, and counts their steps.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    raised: Arc<AtomicBool>,
    /// What the computations say of how far they are, shared with the children.
    watch: Arc<Watch>,
    /// The flags of a [`StopFlag::child`]'s parents: raising one raises the child.
    parents: Vec<Arc<AtomicBool>>,
}

/// How far the computations watching a flag are, for a progress line.
#[derive(Debug, Default)]
struct Watch {
    steps: AtomicU64,
    /// The positions the searches keep, as they last said ([`Budget::keep`]), and
    /// the most they may keep.
    kept: AtomicU64,
    most_kept: AtomicU64,
    /// The question at the top, packed ([`Question::packed`]); 0 before there is one.
    question: AtomicU64,
    /// How many checkpoints were written, and what the last one kept.
    saves: AtomicU64,
    saved: AtomicU64,
}

/// How far a search of a whole position has got: a board search asks whether the
/// position plus a nim heap is a P-position, one question after another (its
/// winning moves, then its nimber), and answers each by settling the position's
/// options one by one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// Which question of the computation this is, counting from 1.
    pub number: u32,
    /// The cells of the position asked about.
    pub cells: u32,
    /// The heap beside it (shown up to 255).
    pub heap: u32,
    /// Its options searched so far, of [`Question::options`].
    pub settled: u32,
    /// How many options there are to search beside this heap: those not valued
    /// from the table at once (twins under the board's symmetries once, where the
    /// threads share them).
    pub options: u32,
}

impl Question {
    /// The question in one word: 16 bits each for its number and options
    /// settled and to settle, 8 each for its cells and heap (each capped).
    fn packed(self) -> u64 {
        let cap = |v: u32, bits: u32| u64::from(v.min((1 << bits) - 1));
        cap(self.number, 16) << 48
            | cap(self.cells, 8) << 40
            | cap(self.heap, 8) << 32
            | cap(self.settled, 16) << 16
            | cap(self.options, 16)
    }

    fn unpacked(word: u64) -> Question {
        let field = |at: u32, bits: u32| (word >> at) as u32 & ((1 << bits) - 1);
        Question {
            number: field(48, 16),
            cells: field(40, 8),
            heap: field(32, 8),
            settled: field(16, 16),
            options: field(0, 16),
        }
    }
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

    /// Whether the flag (or a parent's) was raised.
    pub fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
            || self.parents.iter().any(|p| p.load(Ordering::Relaxed))
    }

    /// A flag raised with this one, or alone (to stop the threads of one part of a
    /// computation), that counts its steps here.
    pub fn child(&self) -> StopFlag {
        let mut parents = self.parents.clone();
        parents.push(self.raised.clone());
        StopFlag {
            raised: Arc::default(),
            watch: self.watch.clone(),
            parents,
        }
    }

    /// About how many steps the searches watching the flag have made (counted in
    /// rounds of [`LOOK`]).
    pub fn steps(&self) -> u64 {
        self.watch.steps.load(Ordering::Relaxed)
    }

    /// About how many positions the searches watching the flag keep (to within
    /// 4096), for a progress line.
    pub fn kept(&self) -> u64 {
        self.watch.kept.load(Ordering::Relaxed)
    }

    /// The most positions the searches watching the flag may keep, as they last
    /// said (0 before they do).
    pub fn most_kept(&self) -> u64 {
        self.watch.most_kept.load(Ordering::Relaxed)
    }

    /// The question a board search is at, once it has begun one.
    pub fn question(&self) -> Option<Question> {
        match self.watch.question.load(Ordering::Relaxed) {
            0 => None,
            word => Some(Question::unpacked(word)),
        }
    }

    /// How many checkpoints the computations watching the flag have written, and
    /// the positions the last one kept.
    pub fn saved(&self) -> (u64, u64) {
        let saves = self.watch.saves.load(Ordering::Acquire);
        (saves, self.watch.saved.load(Ordering::Relaxed))
    }

    /// Notes that a new question begins: the question after the last, about a
    /// position of `cells` cells beside `heap`, its options not yet listed.
    pub(crate) fn note_question(&self, cells: u32, heap: crate::Nimber) {
        let number = self.question().map_or(0, |q| q.number) + 1;
        let question = Question {
            number,
            cells,
            heap: saturated(heap),
            settled: 0,
            options: 0,
        };
        self.watch
            .question
            .store(question.packed(), Ordering::Relaxed);
    }

    /// Notes that the question's position is searched beside `heap`, `settled`
    /// of its `options` settled.
    pub(crate) fn note_options(&self, heap: crate::Nimber, settled: usize, options: usize) {
        if let Some(question) = self.question() {
            let question = Question {
                heap: saturated(heap),
                settled: settled as u32,
                options: options as u32,
                ..question
            };
            self.watch
                .question
                .store(question.packed(), Ordering::Relaxed);
        }
    }

    /// Notes that a checkpoint was written, keeping `positions`.
    pub(crate) fn note_saved(&self, positions: usize) {
        self.watch.saved.store(positions as u64, Ordering::Relaxed);
        self.watch.saves.fetch_add(1, Ordering::Release);
    }

    /// Notes that a search keeps `kept` positions of the `most` it may (written
    /// when it has moved by 4096 or more, so that threads rarely write the flag's
    /// line).
    pub(crate) fn note_kept(&self, kept: usize, most: usize) {
        let kept = kept as u64;
        if kept.abs_diff(self.kept()) >= 4096 {
            self.watch.kept.store(kept, Ordering::Relaxed);
            self.watch.most_kept.store(most as u64, Ordering::Relaxed);
        }
    }
}

/// `heap` as a question's field, whose packing caps it ([`Question::packed`]).
fn saturated(heap: crate::Nimber) -> u32 {
    u32::try_from(heap).unwrap_or(u32::MAX)
}

/// The bytes the program holds, where it counts them.
static HELD: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting the bytes it hands out: a program that installs
/// it (`#[global_allocator] static A: CountingAllocator = CountingAllocator;`) gets
/// a memory budget ([`Budget::memory`]) that every search honours at its next look
/// at its budget. Without it nothing is counted and no memory budget applies.
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

/// The bytes the program holds now (0 without a [`CountingAllocator`]).
pub fn memory_held() -> usize {
    HELD.load(Ordering::Relaxed)
}

/// Runs `f`, during which `bytes` the program holds, and hands back to the system as
/// `f` goes, are not counted (where the counting allocator counted them): a table
/// that grows in place of an old one is counted alone while the old one's memory is
/// handed back.
pub(crate) fn not_counted<R>(bytes: usize, f: impl FnOnce() -> R) -> R {
    let counted = bytes > 0 && memory_held() >= bytes;
    if counted {
        HELD.fetch_sub(bytes, Ordering::Relaxed);
    }
    let result = f();
    if counted {
        HELD.fetch_add(bytes, Ordering::Relaxed);
    }
    result
}

/// How many steps of a hot loop go by between two looks at the flag.
pub const LOOK: u32 = 4096;

/// A counter that looks at the budget once every [`LOOK`] steps of a hot loop, the
/// first step included, and counts those steps on its stop flag.
#[derive(Default)]
pub(crate) struct Every(u64);

impl Every {
    /// One step; the first and every 4096th after it look at the budget
    /// ([`Budget::check`]).
    pub(crate) fn step(&mut self, budget: &Budget) -> Result<()> {
        self.steps(1, budget)
    }

    /// `n` steps at once (a position whose options were just listed, each a step):
    /// the budget is looked at where they pass a multiple of [`LOOK`], so that a
    /// search of costly positions looks as often, in time, as one of cheap ones.
    pub(crate) fn steps(&mut self, n: usize, budget: &Budget) -> Result<()> {
        let before = self.0;
        self.0 = before.saturating_add(n.max(1) as u64);
        let look = u64::from(LOOK);
        if before != 0 && before / look == self.0 / look {
            return Ok(());
        }
        budget
            .stop_flag()
            .watch
            .steps
            .fetch_add(look, Ordering::Relaxed);
        budget.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;

    #[test]
    fn a_raised_flag_stops_the_loops_that_look_at_it_and_counts_their_steps() {
        let budget = Budget::default();
        let mut every = Every::default();
        assert_eq!((0..5000).try_for_each(|_| every.step(&budget)), Ok(()));
        assert_eq!(budget.stop_flag().steps(), 2 * u64::from(LOOK));
        budget.stop_flag().stop();
        let mut every = Every::default();
        assert_eq!(every.step(&budget), Err(Error::Stopped));
    }

    #[test]
    fn a_question_is_kept_in_one_word_each_field_capped() {
        let flag = StopFlag::new();
        assert_eq!(flag.question(), None);
        flag.note_question(54, 3);
        flag.note_options(3, 5, 38);
        let q = Question {
            number: 1,
            cells: 54,
            heap: 3,
            settled: 5,
            options: 38,
        };
        assert_eq!(flag.child().question(), Some(q));
        flag.note_question(300, 1 << 40);
        flag.note_options(1 << 40, 70_000, 80_000);
        let q = flag.question().unwrap();
        let fields = (q.number, q.cells, q.heap, q.settled, q.options);
        assert_eq!(fields, (2, 255, 255, 65_535, 65_535));
    }

    #[test]
    fn positions_with_many_options_look_as_often_as_their_options_say() {
        // Three positions of 3,000 options each pass 0, 4096 and 8192: three looks,
        // where three steps of one would make one.
        let budget = Budget::default();
        let mut every = Every::default();
        assert_eq!((0..3).try_for_each(|_| every.steps(3000, &budget)), Ok(()));
        assert_eq!(budget.stop_flag().steps(), 3 * u64::from(LOOK));
        let budget = Budget::default();
        let mut every = Every::default();
        assert_eq!((0..3).try_for_each(|_| every.step(&budget)), Ok(()));
        assert_eq!(budget.stop_flag().steps(), u64::from(LOOK));
    }
}
