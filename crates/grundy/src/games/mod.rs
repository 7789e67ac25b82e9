//! The game families, one file each. A family implements [`Game`](crate::Game) and
//! reads and writes its own positions; families never import one another. They
//! share only helpers: [`heaps`] (the text of heap lists), [`grid`] (pictures of
//! boards) and [`take_break`] (a game given by take-and-break rules, for octal
//! codes, Grundy's game and subtraction sets).

pub mod chomp;
pub mod divisors;
pub mod dynamic;
pub mod empty_divide;
pub mod graph;
pub mod grid;
pub mod hackenbush;
pub mod heaps;
pub mod moore;
pub mod nim;
pub mod northcott;
pub mod octal;
pub mod placement;
pub mod sos;
pub mod staircase;
pub mod subtraction;
pub mod take_break;
pub mod thirty_one;
pub mod turtles;
pub mod wythoff;

pub use chomp::Chomp;
pub use divisors::DivisorGame;
pub use dynamic::Dynamic;
pub use empty_divide::EmptyDivide;
pub use graph::Graph;
pub use hackenbush::Hackenbush;
pub use moore::Moore;
pub use nim::Nim;
pub use northcott::Northcott;
pub use placement::Placement;
pub use sos::Sos;
pub use staircase::Staircase;
pub use take_break::TakeBreak;
pub use thirty_one::ThirtyOne;
pub use turtles::CoinTurning;
pub use wythoff::Wythoff;
