//! The game families, one file each. A family implements [`Game`](crate::Game) and
//! reads and writes its own positions; families never import one another.

pub mod dynamic;
pub mod empty_divide;
pub mod graph;
pub mod heaps;
pub mod moore;
pub mod nim;
pub mod northcott;
pub mod powers_of_two;
pub mod sos;
pub mod staircase;
pub mod subtraction;
pub mod thirty_one;
pub mod turtles;
pub mod wythoff;

pub use dynamic::Dynamic;
pub use empty_divide::EmptyDivide;
pub use graph::Graph;
pub use moore::Moore;
pub use nim::Nim;
pub use northcott::Northcott;
pub use powers_of_two::PowersOfTwo;
pub use sos::Sos;
pub use staircase::Staircase;
pub use subtraction::Subtraction;
pub use thirty_one::ThirtyOne;
pub use turtles::CoinTurning;
pub use wythoff::Wythoff;
