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

/// The default position budget of a search (`--max-positions`).
pub const DEFAULT_MAX_POSITIONS: usize = 10_000_000;

/// How many threads heap sequences and board searches use unless told:
/// `GRUNDY_THREADS` if set to a number, else every core (read once: finding the
/// cores reads files).
pub fn default_threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| {
        std::env::var("GRUNDY_THREADS")
            .ok()
            .and_then(|threads| threads.parse().ok())
            .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
            .unwrap_or(1)
            .max(1)
    })
}
