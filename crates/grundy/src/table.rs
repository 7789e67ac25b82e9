//! Tables of a game's positions, for `grundy table`: g(0..N) and P/N for one heap
//! of a heap game (by the heap-sequence engine for take-and-break games, saved as
//! it goes and resumable), the period of such a sequence, and the tables a family
//! makes of its own ([`Family::table`](crate::games::Family::table): every vertex of
//! a graph, the P-positions of Chomp with a few rows), and the misère quotient of a
//! take-and-break game. This module knows no game:
//! it asks the registry.

use crate::games::Family;
use crate::solve::quotient::{self, Quotient};
use crate::solve::sequence::period::{self, Period};
use crate::solve::sequence::store::Writer;
use crate::solve::sequence::{Method, Sequence, HEAP_BYTES};
use crate::solve::{Solver, Sum, Value};
use crate::{invalid, spec, Budget, Error, Gamma, Nimber, Outcome, Play, Result};

/// The most values computed between saves and progress reports: a run reports
/// after 1,024 values, then after as many again as it has, up to this.
const CHUNK: usize = 1 << 16;

/// What a table is asked for, beside the game.
pub struct TableRequest<'a> {
    /// The largest heap size (heap games), or the widest bottom row (Chomp).
    pub to: Option<u64>,
    /// The most rows (Chomp).
    pub rows: Option<usize>,
    /// Normal or misère play.
    pub play: Play,
    /// The budget of the computation.
    pub budget: Budget,
    /// Where a long sequence keeps its values.
    pub save: Save<'a>,
    /// How a take-and-break sequence is computed.
    pub method: Method,
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

/// The values of a heap table: two bytes a heap from the heap-sequence engine (a
/// long table is never held as anything larger), or the solver's values.
pub enum Column {
    /// Nimbers from the sequence engine.
    Nimbers(Vec<u16>),
    /// Values (outcomes, nimbers where defined) from the solver.
    Values(Vec<Value>),
}

impl Column {
    /// How many heaps.
    pub fn len(&self) -> usize {
        match self {
            Column::Nimbers(values) => values.len(),
            Column::Values(values) => values.len(),
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

/// The table of `game`: the family's own, or g(0..=to) of one heap; `progress` is
/// handed the values computed so far as a long sequence goes (to show them as they
/// come).
pub fn table(
    game: &str,
    request: &TableRequest,
    progress: &mut dyn FnMut(&[u16]),
) -> Result<Table> {
    let (family, parameter) = spec::family(game)?;
    let saved = !matches!(request.save, Save::No);
    let heap_game = matches!(family.make, crate::games::Make::Heap(_));
    if saved && !(heap_game && request.play == Play::Normal) {
        return Err(invalid!(
            "only take-and-break heap games under normal play are saved and resumed, not '{game}'"
        ));
    }
    if let Some(own) = family.table {
        return own(parameter, request);
    }
    if request.rows.is_some() {
        return Err(invalid!(
            "'{game}' has no rows: a table by rows is for chomp"
        ));
    }
    let Some(to) = request.to else {
        return Err(invalid!(
            "'table {game}' needs the largest heap size to tabulate"
        ));
    };
    if heap_game && request.play == Play::Normal {
        let (_, values) = sequence(game, to, request, progress)?;
        let saved = match request.save {
            Save::To(path) | Save::Resume(path) => Some(path.to_string()),
            Save::No => None,
        };
        return Ok(Table::Heaps {
            game: game.to_string(),
            values: Column::Nimbers(values),
            saved,
        });
    }
    let mut solver = Solver::new(request.budget.clone());
    let values = heaps(&mut solver, family, game, to, request.play)?;
    Ok(Table::Heaps {
        game: game.to_string(),
        values: Column::Values(values),
        saved: None,
    })
}

/// Refuses at once a sequence of heaps 0..=`to` longer than the budget holds at
/// [`HEAP_BYTES`] a heap.
fn sequence_fits(to: u64, budget: &Budget) -> Result<()> {
    if to < budget.heaps(HEAP_BYTES) {
        return Ok(());
    }
    let needs = (to as usize).saturating_add(1).saturating_mul(HEAP_BYTES);
    match needs > budget.memory() {
        true => Err(Error::Memory {
            limit: budget.memory(),
            needs: Some(needs),
        }),
        false => budget.fits(to.saturating_add(1)),
    }
}

/// The value of a single heap of 0, 1, …, `to` chips of the heap game `game`; a
/// table longer than the position budget is refused.
fn heaps(
    solver: &mut Solver,
    family: &Family,
    game: &str,
    to: u64,
    play: Play,
) -> Result<Vec<Value>> {
    let g = spec::game(game, solver)?;
    solver.budget().fits(to.saturating_add(1))?;
    let mut values = Vec::new();
    for n in 0..=to {
        let part = solver.parse_part(g, &n.to_string()).map_err(|_| {
            invalid!(
                "'{game}' is not a heap game: its positions are not heap sizes ({})",
                family.about
            )
        })?;
        values.push(solver.value(&Sum(vec![part]), play)?);
    }
    Ok(values)
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

/// g(0..=to) of the take-and-break game `game` by the heap-sequence engine, with
/// `progress` handed the values so far as the run goes; the game's normalised name
/// and values.
pub fn sequence(
    game: &str,
    to: u64,
    request: &TableRequest,
    progress: &mut dyn FnMut(&[u16]),
) -> Result<(String, Vec<u16>)> {
    let heap = spec::heap_rules(game)?;
    let budget = &request.budget;
    sequence_fits(to, budget)?;
    let (name, rules, method) = (heap.name, heap.rules, request.method);
    let len = to as usize + 1;
    let (mut sequence, mut writer) = match request.save {
        Save::No => (Sequence::new(rules, method), None),
        Save::To(path) => (
            Sequence::new(rules, method),
            Some(Writer::create(path, &name, method)?),
        ),
        Save::Resume(path) => {
            let (values, writer) = Writer::resume(path, &name, budget.heaps(HEAP_BYTES) as usize)?;
            (Sequence::resume(rules, method, values), Some(writer))
        }
    };
    sequence.set_threads(budget.threads().unwrap_or_else(Budget::cores));
    while sequence.values().len() < len {
        let done = sequence.values().len();
        sequence.extend(len.min(done + done.clamp(1024, CHUNK)), budget)?;
        if let Some(writer) = &mut writer {
            writer.save(sequence.values())?;
        }
        progress(&sequence.values()[..len.min(sequence.values().len())]);
    }
    let mut values = sequence.into_values();
    values.truncate(len);
    Ok((name, values))
}

/// The misère quotient of the take-and-break game `game` for heaps up to `to`, with
/// at most `max_order` elements, within `budget`; the game's normalised name and
/// the quotient.
pub fn quotient(
    game: &str,
    to: u64,
    max_order: usize,
    budget: &Budget,
) -> Result<(String, Quotient)> {
    let heap = spec::heap_rules(game)?;
    Ok((
        heap.name,
        quotient::quotient(&heap.rules, to, max_order, u64::MAX, budget)?,
    ))
}

/// The period of the take-and-break game `game`: values are computed in doubling
/// runs, up to heap `to` (or until they no longer fit in two bytes), until a period
/// is proved. The game's normalised name and the shortest period seen (proved or
/// not), if any.
pub fn period(
    game: &str,
    to: u64,
    method: Method,
    budget: &Budget,
    progress: &mut dyn FnMut(u64),
) -> Result<(String, Option<Period>)> {
    let heap = spec::heap_rules(game)?;
    sequence_fits(to, budget)?;
    let name = heap.name;
    let mut sequence = Sequence::new(heap.rules, method);
    sequence.set_threads(budget.threads().unwrap_or_else(Budget::cores));
    let mut len = 1024.min(to as usize + 1);
    loop {
        if let Err(too_large) = sequence.extend(len, budget) {
            // Values beyond two bytes end the search; report what was seen.
            if sequence.values().len() < 1024 {
                return Err(too_large);
            }
            return Ok((name, period::find(sequence.values(), sequence.rules())));
        }
        progress(len as u64);
        let found = period::find(sequence.values(), sequence.rules());
        if found.is_some_and(|p| p.proved) || len > to as usize {
            return Ok((name, found));
        }
        len = (2 * len).min(to as usize + 1);
    }
}
