//! The game families, one file each, and their registry. A family implements
//! [`Game`](crate::Game), reads and writes its own positions, and declares its entry
//! (a [`Family`]) beside its rules; [`FAMILIES`] lists the entries, one line each.
//! Families never import one another. They share only helpers: [`heaps`] (the text
//! of heap lists, and [`HeapGame`](heaps::HeapGame), the interface of the games whose
//! heaps are played each on its own), [`grid`] (pictures of boards) and [`take_break`] (a game given by
//! take-and-break rules, for octal codes, Grundy's game and subtraction sets).

pub mod aliquot;
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
pub mod square_but_one;
pub mod staircase;
pub mod subtraction;
pub mod take_add;
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

use crate::solve::GameBox;
use crate::table::{Table, TableRequest};
use crate::Result;
use take_break::HeapRules;

/// A family of games as a SPEC names it: `nim`, or `sub:S` with a parameter.
pub struct Family {
    /// The name, before any colon.
    pub name: &'static str,
    /// The parameter written after the colon, as a placeholder and an example, if the
    /// family takes one: `("S", "sub:1,3,4")`.
    pub parameter: Option<(&'static str, &'static str)>,
    /// What the game is, in one line.
    pub about: &'static str,
    /// How the game is made from the parameter (empty when it takes none).
    pub make: Make,
    /// A table of the family's own (`grundy table NAME`), where it has one; heap
    /// games have the heap table of the sequence engine.
    pub table: Option<fn(&str, &TableRequest) -> Result<Table>>,
    /// The heading the playground lists the family under ("Subtraction games").
    pub group: &'static str,
    /// A starting position to play, as a SPEC.
    pub start: &'static str,
    /// The graph the start is played on, as the lines of a graph file, where the
    /// start names the playground's posted graph (`graph:inline`).
    pub start_graph: Option<&'static str>,
    /// Whether a position is a list of heap sizes and one heap's values make a
    /// sequence (g(n) of a heap of n: the playground's sequence page).
    pub heap_game: bool,
}

/// How a family makes its game.
pub enum Make {
    /// A game of its own, ready for a solver.
    Game(fn(&str) -> Result<GameBox>),
    /// A take-and-break game played on heaps, by its rules: the heap-sequence engine
    /// computes its values.
    Heap(fn(&str) -> Result<HeapRules>),
}

/// Every family a SPEC can name, in the order of the notes: help, errors and the
/// playground list them so.
pub static FAMILIES: &[Family] = &[
    nim::FAMILY,
    subtraction::FINITE,
    subtraction::ALL_BUT,
    subtraction::POWERS_OF_2,
    subtraction::SQUARES,
    subtraction::PRIMES,
    octal::CODE,
    octal::KAYLES,
    octal::DAWSON_KAYLES,
    octal::DAWSON_CHESS,
    octal::TREBLECROSS,
    octal::GUILES,
    octal::OFFICERS,
    octal::GRUNDY_GAME,
    hackenbush::FAMILY,
    chomp::FAMILY,
    divisors::FAMILY,
    placement::CRAM,
    placement::PLACE,
    staircase::FAMILY,
    moore::FAMILY,
    moore::NIMBLE,
    moore::NIMBLE_K,
    turtles::TURTLES,
    turtles::MOCK_TURTLES,
    northcott::FAMILY,
    empty_divide::FAMILY,
    dynamic::DYNAMIC,
    dynamic::FIBONACCI,
    thirty_one::FAMILY,
    sos::FAMILY,
    wythoff::FAMILY,
    graph::FAMILY,
    aliquot::FAMILY,
    square_but_one::FAMILY,
    take_add::FAMILY,
];

impl Family {
    /// A family whose game has no parameter, made by `make`.
    pub const fn game(
        name: &'static str,
        about: &'static str,
        make: fn(&str) -> Result<GameBox>,
    ) -> Family {
        Family {
            name,
            parameter: None,
            about,
            make: Make::Game(make),
            table: None,
            group: "",
            start: "",
            start_graph: None,
            heap_game: false,
        }
    }

    /// The same family, taking a parameter after a colon.
    pub const fn with_parameter(self, placeholder: &'static str, example: &'static str) -> Family {
        Family {
            parameter: Some((placeholder, example)),
            ..self
        }
    }

    /// The same family, listed under `group` with `start` as its starting position
    /// (every family has them: a test checks that each start reads).
    pub const fn with_start(self, group: &'static str, start: &'static str) -> Family {
        Family {
            group,
            start,
            ..self
        }
    }

    /// The same family, its start played on the graph of `lines` (a graph file's).
    pub const fn with_start_graph(self, lines: &'static str) -> Family {
        Family {
            start_graph: Some(lines),
            ..self
        }
    }

    /// The same family, its positions heap sizes with a sequence of one heap's
    /// values, as every take-and-break family's are.
    pub const fn as_heap_game(self) -> Family {
        Family {
            heap_game: true,
            ..self
        }
    }

    /// The same family, with a table of its own.
    pub const fn with_table(self, table: fn(&str, &TableRequest) -> Result<Table>) -> Family {
        Family {
            table: Some(table),
            ..self
        }
    }

    /// A take-and-break heap family, made from its rules by `make`: a heap game.
    pub const fn heap(
        name: &'static str,
        about: &'static str,
        make: fn(&str) -> Result<HeapRules>,
    ) -> Family {
        Family {
            name,
            parameter: None,
            about,
            make: Make::Heap(make),
            table: None,
            group: "",
            start: "",
            start_graph: None,
            heap_game: true,
        }
    }

    /// How the family is written in a SPEC: `nim`, `sub:S`.
    pub fn syntax(&self) -> String {
        match self.parameter {
            Some((placeholder, _)) => format!("{}:{placeholder}", self.name),
            None => self.name.to_string(),
        }
    }
}
