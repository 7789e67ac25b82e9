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

pub use sum::{GameBox, Part, Solver, Sum, Valuation, Value};
