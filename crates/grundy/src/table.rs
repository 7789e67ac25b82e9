//! Tables of a game's positions, for `grundy table`: what a table is asked for
//! ([`TableRequest`]) and what it holds ([`Table`]): g(0..N) and P/N for one heap of
//! a heap game, every vertex of a graph, the P-positions of Chomp with a few rows.
//! A family that makes a table of its own
//! ([`Family::table`](crate::games::Family::table)) makes one of these;
//! [`tabulate`](crate::tabulate) computes them.

use crate::solve::sequence::period::Period;
use crate::solve::sequence::statistics::Statistics;
use crate::solve::sequence::Algorithm;
use crate::solve::Value;
use crate::{Budget, Gamma, Nimber, Outcome, Play};

/// What a table is asked for, beside the game.
pub struct TableRequest<'a> {
    /// The largest heap size (heap games), or the widest bottom row (Chomp).
    pub to: Option<u64>,
    /// The most rows (Chomp).
    pub rows: Option<usize>,
    /// Normal or misère play.
    pub play: Play,
    /// The budget of the computation; a take-and-break sequence uses exactly its
    /// threads where it names them, else up to every core, as measured fastest.
    pub budget: Budget,
    /// Where a long sequence keeps its values.
    pub save: Save<'a>,
    /// How a take-and-break sequence is computed.
    pub algorithm: Algorithm,
}

impl TableRequest<'static> {
    /// The values of heaps 0 to `to` under `play`, within `budget`, by the default
    /// method, not saved.
    pub fn heaps(to: u64, play: Play, budget: Budget) -> Self {
        TableRequest {
            to: Some(to),
            rows: None,
            play,
            budget,
            save: Save::No,
            algorithm: Algorithm::default(),
        }
    }
}

/// A table, of one of the kinds grundy makes.
pub enum Table {
    /// One heap of 0, 1, …, N chips.
    Heaps {
        /// The game's normalised name.
        game: String,
        /// The values, heap by heap.
        values: Column,
        /// Where the values were saved, if they were.
        saved: Option<String>,
    },
    /// Every vertex of a graph game.
    Vertices(GraphTable),
    /// The P-positions of a family, each as a list of numbers (Chomp's rows).
    PPositions {
        /// The game.
        game: String,
        /// The most rows.
        rows: usize,
        /// The widest bottom row.
        to: u32,
        /// Each P-position.
        positions: Vec<Vec<u32>>,
    },
}

impl Table {
    /// Of a heap table whose every heap has a nimber (normal play), the game and
    /// the statistics of its values; `None` for any other table (misère play,
    /// draws, a graph, Chomp's P-positions).
    pub fn statistics(&self) -> Option<(&str, Statistics)> {
        match self {
            Table::Heaps { game, values, .. } => Some((game, values.statistics()?)),
            _ => None,
        }
    }
}

/// The values of a heap table: two bytes a heap from the heap-sequence engine (a
/// long table is never held as anything larger), up to a proved period and read
/// from it after, or the solver's values.
pub enum Column {
    /// Nimbers from the sequence engine.
    Nimbers(Vec<u16>),
    /// Nimbers from the sequence engine up to a proved period…
    Periodic {
        /// … the values computed, at least up to the end of its first lap…
        values: Vec<u16>,
        /// … the period, a pure one…
        period: Period,
        /// … and how many heaps the table has.
        len: usize,
    },
    /// Values (outcomes, nimbers where defined) from the solver.
    Values(Vec<Value>),
}

impl Column {
    /// How many heaps.
    pub fn len(&self) -> usize {
        match self {
            Column::Nimbers(values) => values.len(),
            Column::Periodic { len, .. } => *len,
            Column::Values(values) => values.len(),
        }
    }

    /// The statistics of the values ([`Statistics`]), where every heap has a
    /// nimber (normal play); `None` for a table with outcomes only, or no heap.
    pub fn statistics(&self) -> Option<Statistics> {
        let nimbers = (0..self.len()).all(|n| self.get(n).nimber.is_some());
        let value = |n: u64| self.get(n as usize).nimber.unwrap_or_default();
        (nimbers && !self.is_empty()).then(|| Statistics::of(self.len() as u64, value))
    }

    /// Every heap's nimber, for a table of the sequence engine (a periodic one's
    /// read from its period); `None` for the solver's values.
    pub fn into_nimbers(self) -> Option<Vec<u16>> {
        match self {
            Column::Nimbers(values) => Some(values),
            Column::Periodic {
                values,
                period,
                len,
            } => {
                let mut all = Vec::with_capacity(len);
                period.read_into(&values, 0..len, &mut all);
                Some(all)
            }
            Column::Values(_) => None,
        }
    }

    /// True for a table of no heap.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `n`.
    pub fn get(&self, n: usize) -> Value {
        match self {
            Column::Nimbers(values) => Value::of_nimber(values[n] as u64),
            Column::Periodic { values, period, .. } => {
                Value::of_nimber(period.value_at(values, n as u64))
            }
            Column::Values(values) => values[n],
        }
    }
}

/// Every vertex of a graph game, labelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphTable {
    /// The game's name (`graph:FILE`).
    pub game: String,
    /// The vertices' names, in the order of the file.
    pub vertices: Vec<String>,
    /// P, N or D for each vertex.
    pub outcomes: Vec<Outcome>,
    /// The nimber of each vertex, when the graph has no cycle and play is normal.
    pub nimbers: Option<Vec<Nimber>>,
    /// The generalised Sprague–Grundy value of each vertex, under normal play.
    pub gammas: Option<Vec<Gamma>>,
    /// The kernel: the P-positions.
    pub kernel: Vec<String>,
}

/// Where a long sequence run keeps its values: a new file, or one to resume.
#[derive(Clone, Copy)]
pub enum Save<'a> {
    /// Nowhere.
    No,
    /// A new file, written as the run goes.
    To(&'a str),
    /// A file from an earlier run, read back and continued.
    Resume(&'a str),
}
