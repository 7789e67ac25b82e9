//! Generic solvers: they know the [`Game`](crate::Game) interface and nothing of any
//! particular game.
//!
//! - [`memo`]: values of one game's positions (nimbers, heights) by memoised search
//!   of indivisible parts, bottom-up with an explicit stack;
//! - [`retrograde`]: Ferguson's labelling algorithm on an explicit graph, with draws;
//! - [`loopy`]: generalised Sprague–Grundy values (γ, finite or ∞(K)) of graphs with
//!   cycles, in arrays, and Smith's rule for their sums;
//! - [`sum`]: sums of parts from different games, normal and misère play;
//! - [`sequence`]: the Grundy sequence of one heap of a take-and-break game, fast,
//!   and its period;
//! - [`quotient`]: the misère quotient of a take-and-break heap game, which answers
//!   misère sums of many heaps by multiplying monoid elements.

pub mod loopy;
pub mod memo;
pub mod quotient;
pub mod retrograde;
pub mod sequence;
pub mod sum;

pub use sum::{GameBox, Part, Solver, Sum, Value, CHEAP};

use std::sync::atomic::{AtomicUsize, Ordering};

/// The default position budget of a search (`--max-positions`).
pub const DEFAULT_MAX_POSITIONS: usize = 10_000_000;

/// The most threads a search is given: four a core, and at least 16. More gain
/// nothing, and tens of thousands cannot all be started.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.saturating_mul(4).max(16)
}

/// The thread count that [`set_default_threads`] chose (0: none chosen yet).
static THREADS: AtomicUsize = AtomicUsize::new(0);

/// How many threads heap sequences and board searches use unless told: what
/// [`set_default_threads`] chose, else `GRUNDY_THREADS` if set to a number (at most
/// [`max_threads`]), else every core (read once: finding the cores reads files).
pub fn default_threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => {
            let threads = std::env::var("GRUNDY_THREADS")
                .ok()
                .and_then(|threads| threads.parse::<usize>().ok())
                .map(|threads| threads.min(max_threads()))
                .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
                .unwrap_or(1)
                .max(1);
            set_default_threads(threads);
            threads
        }
        threads => threads,
    }
}

/// Makes the searches and sequences of this program use `threads` threads (at
/// least one) unless told otherwise (the command line's `--threads`).
pub fn set_default_threads(threads: usize) {
    THREADS.store(threads.max(1), Ordering::Relaxed);
}
