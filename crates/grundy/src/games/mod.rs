//! The game families, one file each. A family implements [`Game`](crate::Game) and
//! reads and writes its own positions; families never import one another (they
//! share only helpers: `heaps` for heap syntax, `grid` for pictures of boards).

pub mod chomp;
pub mod divisors;
pub mod graph;
pub mod grid;
pub mod hackenbush;
pub mod heaps;
pub mod nim;
pub mod placement;
pub mod subtraction;

pub use chomp::Chomp;
pub use divisors::DivisorGame;
pub use graph::Graph;
pub use hackenbush::Hackenbush;
pub use nim::Nim;
pub use placement::Placement;
pub use subtraction::Subtraction;
