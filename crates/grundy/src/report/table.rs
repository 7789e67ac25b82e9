//! The tables of `grundy table` (one heap of a heap game, every vertex of a graph
//! game, the P-positions of Chomp with a few rows) and the period of `grundy
//! period`. A heap table's JSON is written from its column as it is serialised,
//! and its text row by row, so that a long table is never held as text.

use std::fmt::{self, Display, Formatter};

use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use super::play_words;
use crate::notation::{shorten, LABEL};
use crate::solve::sequence::period::Period;
use crate::solve::sequence::statistics::Statistics;
use crate::solve::Value;
use crate::table::{Column, GraphTable, Table};
use crate::{Gamma, Outcome, Play};

/// Any table under a rule of play.
pub struct TableReport<'a> {
    table: &'a Table,
    play: Play,
}

impl<'a> TableReport<'a> {
    /// The report of `table`, made under `play`.
    pub fn new(table: &'a Table, play: Play) -> Self {
        TableReport { table, play }
    }

    /// The table as CSV: a heading line, then one line a heap (`n,g,outcome`, g
    /// empty where a heap has no nimber), a vertex (`vertex,outcome,value`) or a
    /// P-position (`position`, its rows bottom first).
    pub fn csv(&self) -> Csv<'_> {
        Csv(self.table)
    }

    /// The text after the first `printed` rows of a heap table, which were printed
    /// (with the heading) as they came; all of it for any other table.
    pub fn rest(&self, printed: usize) -> Rest<'_> {
        Rest {
            report: self,
            printed,
        }
    }
}

/// The heading of a heap table.
pub struct HeapHeading<'a> {
    /// The game.
    pub game: &'a str,
    /// Normal or misère play.
    pub play: Play,
}

impl Display for HeapHeading<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}, one heap, {} play", self.game, play_words(self.play))?;
        match self.play {
            Play::Normal => write!(f, "{:>8}  {:>5}  outcome", "n", "g(n)"),
            Play::Misere => write!(f, "{:>8}  outcome", "n"),
        }
    }
}

/// One row of a heap table: the heap, its nimber (where defined) and outcome.
pub struct HeapRow {
    /// The heap size.
    pub n: usize,
    /// Its value.
    pub value: Value,
    /// Normal or misère play.
    pub play: Play,
}

impl Display for HeapRow {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (n, outcome) = (self.n, self.value.outcome.letter());
        match (self.value.nimber, self.play) {
            (Some(g), _) => write!(f, "{n:>8}  {g:>5}  {outcome}"),
            (None, Play::Normal) => write!(f, "{n:>8}  {:>5}  {outcome}", "-"),
            (None, Play::Misere) => write!(f, "{n:>8}  {outcome}"),
        }
    }
}

/// What is left to print of a table (see [`TableReport::rest`]).
pub struct Rest<'a> {
    report: &'a TableReport<'a>,
    printed: usize,
}

impl Display for TableReport<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.rest(0).fmt(f)
    }
}

impl Display for Rest<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let play = self.report.play;
        match self.report.table {
            Table::Heaps {
                game,
                values,
                saved: Some(path),
            } => write!(
                f,
                "{game}: g(0..={}) computed and saved in {path}",
                values.len() - 1
            ),
            Table::Heaps { game, values, .. } => {
                if self.printed == 0 {
                    writeln!(f, "{}", HeapHeading { game, play })?;
                }
                for n in self.printed..values.len() {
                    let value = values.get(n);
                    writeln!(f, "{}", HeapRow { n, value, play })?;
                }
                write!(f, "P-positions: ")?;
                let p_positions =
                    (0..values.len()).filter(|&n| values.get(n).outcome == Outcome::P);
                for (i, n) in p_positions.enumerate() {
                    write!(f, "{}{n}", if i == 0 { "" } else { ", " })?;
                }
                Ok(())
            }
            Table::Vertices(t) => graph_text(f, t, play),
            Table::PPositions {
                game,
                rows,
                to,
                positions,
            } => {
                write!(
                    f,
                    "{game}, at most {rows} rows, bottom row at most {to}: {} P-positions (rows bottom first)",
                    positions.len()
                )?;
                for p in positions {
                    let rows: Vec<String> = p.iter().map(u32::to_string).collect();
                    write!(f, "\n  {}", rows.join(","))?;
                }
                Ok(())
            }
        }
    }
}

/// A table as CSV (see [`TableReport::csv`]), written row by row.
pub struct Csv<'a>(&'a Table);

/// `field` as a CSV field: quoted where it holds a comma, a quote or a line break.
fn csv_field(field: &str) -> String {
    match field.contains([',', '"', '\n', '\r']) {
        true => format!("\"{}\"", field.replace('"', "\"\"")),
        false => field.to_string(),
    }
}

impl Display for Csv<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Table::Heaps { values, .. } => {
                write!(f, "n,g,outcome")?;
                for n in 0..values.len() {
                    let value = values.get(n);
                    let g = value.nimber.map_or(String::new(), |g| g.to_string());
                    write!(f, "\n{n},{g},{}", value.outcome.letter())?;
                }
            }
            Table::Vertices(t) => {
                write!(f, "vertex,outcome,value")?;
                for (i, name) in t.vertices.iter().enumerate() {
                    let g = t
                        .gammas
                        .as_ref()
                        .map_or(String::new(), |g| g[i].to_string());
                    let outcome = t.outcomes[i].letter();
                    write!(f, "\n{},{outcome},{}", csv_field(name), csv_field(&g))?;
                }
            }
            Table::PPositions { positions, .. } => {
                write!(f, "position")?;
                for p in positions {
                    let rows: Vec<String> = p.iter().map(u32::to_string).collect();
                    write!(f, "\n{}", csv_field(&rows.join(",")))?;
                }
            }
        }
        Ok(())
    }
}

/// Every vertex of a graph game, its outcome and value, and the kernel.
fn graph_text(f: &mut Formatter<'_>, t: &GraphTable, play: Play) -> fmt::Result {
    let count = t.vertices.len();
    writeln!(f, "{}, {} play, {count} vertices", t.game, play_words(play))?;
    let width = t.vertices.iter().map(|v| v.chars().count());
    let width = width.max().unwrap_or(6).clamp(6, LABEL);
    writeln!(f, "  {:<width$}  outcome  value", "vertex")?;
    for (i, name) in t.vertices.iter().enumerate() {
        let g = t.gammas.as_ref().map_or("-".into(), |g| g[i].to_string());
        let name = shorten(name, LABEL);
        writeln!(f, "  {name:<width$}  {:<7}  {g}", t.outcomes[i].letter())?;
    }
    let draws = t.outcomes.iter().filter(|&&o| o == Outcome::D).count();
    if draws > 0 {
        writeln!(f, "{draws} vertices are draws (D): play can cycle forever.")?;
    }
    if t.gammas.is_some() && t.nimbers.is_none() {
        writeln!(f, "value: the generalised Sprague–Grundy value γ (Smith; Fraenkel–Yesha), a nimber or ∞(K), K the finite values among the moves.")?;
    }
    write!(f, "P-positions (the kernel): {}", t.kernel.join(" "))
}

impl Serialize for TableReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let play = self.play.name();
        match self.table {
            Table::Heaps { game, values, .. } => HeapTableJson {
                game,
                play,
                values: Nimbers(values),
                outcomes: Outcomes(values),
            }
            .serialize(serializer),
            Table::Vertices(t) => GraphTableJson {
                game: &t.game,
                play,
                vertices: &t.vertices,
                values: t.nimbers.as_deref(),
                gamma: t.gammas.as_deref(),
                outcomes: t.outcomes.iter().map(|o| o.letter()).collect(),
                kernel: &t.kernel,
            }
            .serialize(serializer),
            Table::PPositions {
                game,
                rows,
                to,
                positions,
            } => PPositionsJson {
                game,
                rows: *rows,
                to: *to,
                p_positions: positions,
            }
            .serialize(serializer),
        }
    }
}

/// g(0..N) and the outcomes of one heap of a heap game.
#[derive(Serialize)]
struct HeapTableJson<'a> {
    game: &'a str,
    play: &'static str,
    values: Nimbers<'a>,
    outcomes: Outcomes<'a>,
}

/// A heap table's nimbers (null where there is none), as a JSON list.
struct Nimbers<'a>(&'a Column);

/// A heap table's outcomes, "P", "N" or "D", as a JSON list.
struct Outcomes<'a>(&'a Column);

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
struct GraphTableJson<'a> {
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
struct PPositionsJson<'a> {
    game: &'a str,
    rows: usize,
    to: u32,
    p_positions: &'a [Vec<u32>],
}

/// The period of a heap game, as far as the values were computed.
#[derive(Serialize)]
pub struct PeriodReport {
    game: String,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<i64>,
    proved: bool,
    checked_to: Option<u64>,
    #[serde(skip)]
    to: u64,
}

impl PeriodReport {
    /// The period found for `game` in the values of heaps up to `to`, if any.
    pub fn new(game: String, to: u64, period: Option<Period>) -> Self {
        PeriodReport {
            game,
            preperiod: period.map(|p| p.preperiod),
            period: period.map(|p| p.period),
            saltus: period.map(|p| p.saltus),
            proved: period.is_some_and(|p| p.proved),
            checked_to: Some(period.map_or(to, |p| p.checked_to)),
            to,
        }
    }
}

impl Display for PeriodReport {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let name = &self.game;
        let (Some(period), Some(preperiod), Some(saltus), Some(checked_to)) =
            (self.period, self.preperiod, self.saltus, self.checked_to)
        else {
            return write!(f, "{name}: no period seen up to heap {}", self.to);
        };
        let saltus = match saltus {
            0 => String::new(),
            s => format!(", saltus {s}"),
        };
        writeln!(
            f,
            "{name}: period {period} from heap {preperiod} (preperiod {preperiod}){saltus}"
        )?;
        match self.proved {
            true => write!(f, "proved: the values up to heap {checked_to} repeat long enough for the periodicity theorem"),
            false => write!(f, "not proved: seen in the values up to heap {checked_to}, but no theorem covers it yet"),
        }
    }
}

/// The statistics of a heap table's values, as the record tables publish them.
#[derive(Serialize)]
pub struct StatisticsReport<'a> {
    game: &'a str,
    #[serde(flatten)]
    statistics: &'a Statistics,
    /// What the mask means, in words.
    rare_means: &'static str,
}

impl<'a> StatisticsReport<'a> {
    /// The statistics of `game`'s values.
    pub fn new(game: &'a str, statistics: &'a Statistics) -> Self {
        StatisticsReport {
            game,
            statistics,
            rare_means: "a value is rare when it has an even number of 1s under the mask, and common otherwise; the mask is the one under which the fewest heaps are rare, which lets the rare/common search of Gangolli and Plambeck skip most candidates",
        }
    }
}

impl Display for StatisticsReport<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let s = self.statistics;
        writeln!(f, "{}, heaps 0 to {}", self.game, s.heaps - 1)?;
        writeln!(
            f,
            "mask: {} (binary {:b}): {}",
            s.mask, s.mask, self.rare_means
        )?;
        match s.last_rare {
            Some(last) => writeln!(f, "rare values: {} heaps, the last at heap {last}", s.rare)?,
            None => writeln!(f, "rare values: none")?,
        }
        writeln!(
            f,
            "largest value: {}, first at heap {}",
            s.largest, s.largest_first
        )?;
        write!(f, "how often each value occurs (value:count):")?;
        for h in &s.histograms {
            write!(f, "\n  below {}:", h.below)?;
            for (v, &c) in h.counts.iter().enumerate().filter(|(_, &c)| c > 0) {
                write!(f, " {v}:{c}")?;
            }
        }
        Ok(())
    }
}
