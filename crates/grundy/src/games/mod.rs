//! The game families, one file each. A family implements [`Game`](crate::Game) and
//! reads and writes its own positions; families never import one another.

pub mod graph;
pub mod heaps;
pub mod nim;
pub mod subtraction;

pub use graph::Graph;
pub use nim::Nim;
pub use subtraction::Subtraction;
