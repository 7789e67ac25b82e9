//! The game families, one file each. A family implements [`Game`](crate::Game) and
//! reads and writes its own positions; families never import one another. Shared
//! by heap games: [`heaps`] (the text of heap lists) and [`take_break`] (a game
//! given by take-and-break rules, for octal codes, Grundy's game and subtraction
//! sets).

pub mod graph;
pub mod heaps;
pub mod nim;
pub mod octal;
pub mod subtraction;
pub mod take_break;

pub use graph::Graph;
pub use nim::Nim;
pub use take_break::TakeBreak;
