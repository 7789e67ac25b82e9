//! The JSON objects of `grundy table` and `grundy period`, shared by the command
//! line (`--json`) and the web API, so that both print the same fields. The
//! objects of `value`, `moves` and `explain` come from the library
//! ([`grundy::Analysis::value_report`] and its siblings).

use grundy::solve::sequence::period::Period;
use grundy::table::{Column, GraphTable, Table};
use grundy::{Gamma, Play};
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

/// g(0..N) and the outcomes of one heap of a heap game, read from the table's
/// column as they are written (a long table is held as its two bytes a heap only).
#[derive(Serialize)]
pub struct HeapTableJson<'a> {
    game: String,
    play: &'static str,
    values: Nimbers<'a>,
    outcomes: Outcomes<'a>,
}

/// A heap table's nimbers (null where there is none), as a JSON list.
pub struct Nimbers<'a>(&'a Column);

/// A heap table's outcomes, "P", "N" or "D", as a JSON list.
pub struct Outcomes<'a>(&'a Column);

impl Serialize for Nimbers<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut list = serializer.serialize_seq(Some(self.0.len()))?;
        for n in 0..self.0.len() {
            list.serialize_element(&self.0.get(n).nimber)?;
        }
        list.end()
    }
}

impl Serialize for Outcomes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut list = serializer.serialize_seq(Some(self.0.len()))?;
        for n in 0..self.0.len() {
            list.serialize_element(self.0.get(n).outcome.letter())?;
        }
        list.end()
    }
}

/// Every vertex of a graph game, labelled.
#[derive(Serialize)]
pub struct GraphTableJson<'a> {
    game: &'a str,
    play: &'static str,
    vertices: &'a [String],
    values: Option<&'a [u64]>,
    gamma: Option<&'a [Gamma]>,
    outcomes: Vec<&'static str>,
    kernel: &'a [String],
}

/// The P-positions of Chomp with a few rows.
#[derive(Serialize)]
pub struct PPositionsJson<'a> {
    game: &'a str,
    rows: usize,
    to: u32,
    p_positions: &'a [Vec<u32>],
}

/// Any table, as `grundy table --json` prints it.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TableJson<'a> {
    /// One heap of 0, 1, …, N chips.
    Heaps(HeapTableJson<'a>),
    /// Every vertex of a graph.
    Vertices(GraphTableJson<'a>),
    /// The P-positions of Chomp.
    PPositions(PPositionsJson<'a>),
}

/// The heap table of `game`.
pub fn heap_table<'a>(game: &str, play: Play, column: &'a Column) -> HeapTableJson<'a> {
    HeapTableJson {
        game: game.to_string(),
        play: play.name(),
        values: Nimbers(column),
        outcomes: Outcomes(column),
    }
}

/// The vertex table of a graph game.
pub fn graph_table(t: &GraphTable, play: Play) -> GraphTableJson<'_> {
    GraphTableJson {
        game: &t.game,
        play: play.name(),
        vertices: &t.vertices,
        values: t.nimbers.as_deref(),
        gamma: t.gammas.as_deref(),
        outcomes: t.outcomes.iter().map(|o| o.letter()).collect(),
        kernel: &t.kernel,
    }
}

/// The P-positions of Chomp with at most `rows` rows, bottom row at most `to`.
pub fn p_positions<'a>(
    game: &'a str,
    rows: usize,
    to: u32,
    positions: &'a [Vec<u32>],
) -> PPositionsJson<'a> {
    PPositionsJson {
        game,
        rows,
        to,
        p_positions: positions,
    }
}

/// Any table under `play`.
pub fn table(table: &Table, play: Play) -> TableJson<'_> {
    match table {
        Table::Heaps { game, values, .. } => TableJson::Heaps(heap_table(game, play, values)),
        Table::Vertices(t) => TableJson::Vertices(graph_table(t, play)),
        Table::PPositions {
            game,
            rows,
            to,
            positions,
        } => TableJson::PPositions(p_positions(game, *rows, *to, positions)),
    }
}

/// The period of a heap game, as `grundy period --json` prints it.
#[derive(Serialize)]
pub struct PeriodJson {
    game: String,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<i64>,
    proved: bool,
    checked_to: Option<u64>,
}

/// The period found for `game`, if any.
pub fn period(game: String, period: Option<Period>) -> PeriodJson {
    PeriodJson {
        game,
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        saltus: period.map(|p| p.saltus),
        proved: period.is_some_and(|p| p.proved),
        checked_to: period.map(|p| p.checked_to),
    }
}
