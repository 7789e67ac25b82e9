//! Tables of a game's positions: g(0..N) and P/N for one heap of a heap game (by
//! the heap-sequence engine for take-and-break games, saved as it goes and
//! resumable), the period of such a sequence, every vertex of a graph labelled by
//! Ferguson's algorithm, with its kernel, and the P-positions of Chomp with a few
//! rows.

use crate::games::chomp::{self, Rectangle};
use crate::games::Graph;
use crate::solve::sequence::period::{self, Period};
use crate::solve::sequence::store::Writer;
use crate::solve::sequence::{Method, Sequence};
use crate::solve::{retrograde, Solver, Sum, Value};
use crate::{spec, Error, Nimber, Outcome, Play, Result};

/// How many values are computed between saves and progress reports.
const CHUNK: usize = 1 << 16;

/// Refuses a table of heaps 0..=`to` longer than the position budget.
fn within_budget(to: u64, limit: usize) -> Result<()> {
    if to >= limit as u64 {
        return Err(Error::Budget { limit });
    }
    Ok(())
}

/// The value of a single heap of 0, 1, …, `to` chips of the heap game `game`; a
/// table longer than the position budget is refused.
pub fn heaps(solver: &mut Solver, game: &str, to: u64, play: Play) -> Result<Vec<Value>> {
    let g = spec::game(game, solver)?;
    within_budget(to, solver.max_positions())?;
    let mut values = Vec::new();
    for n in 0..=to {
        let part = solver.parse_part(g, &n.to_string())?;
        values.push(solver.value(&Sum(vec![part]), play)?);
    }
    Ok(values)
}

/// Every vertex of a graph game, labelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphTable {
    /// The vertices' names, in the order of the file.
    pub vertices: Vec<String>,
    /// P, N or D for each vertex.
    pub outcomes: Vec<Outcome>,
    /// The nimber of each vertex, when the graph has no cycle and play is normal.
    pub nimbers: Option<Vec<Nimber>>,
    /// The kernel: the P-positions.
    pub kernel: Vec<String>,
}

/// Labels every vertex of the graph in `path` (Ferguson's labelling algorithm).
pub fn graph(path: &str, play: Play) -> Result<GraphTable> {
    let graph = Graph::from_file(path)?;
    let outcomes = retrograde::label(graph.successors(), play);
    let nimbers = match play {
        Play::Normal => retrograde::nimbers(graph.successors()),
        Play::Misere => None,
    };
    let vertices = graph.names().to_vec();
    let kernel = vertices
        .iter()
        .zip(&outcomes)
        .filter(|(_, &o)| o == Outcome::P)
        .map(|(v, _)| v.clone())
        .collect();
    Ok(GraphTable {
        vertices,
        outcomes,
        nimbers,
        kernel,
    })
}

/// Where a long sequence run keeps its values: a new file, or one to resume.
pub enum Save<'a> {
    /// Nowhere.
    No,
    /// A new file, written as the run goes.
    To(&'a str),
    /// A file from an earlier run, read back and continued.
    Resume(&'a str),
}

/// g(0..=to) of the take-and-break game `game` by the heap-sequence engine, with
/// `progress(done)` called as the run goes; the game's normalised name and values.
pub fn sequence(
    game: &str,
    to: u64,
    method: Method,
    save: Save,
    max_positions: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(String, Vec<u16>)> {
    let (name, rules) = spec::heap_rules(game)?;
    within_budget(to, max_positions)?;
    let len = to as usize + 1;
    let (mut sequence, mut writer) = match save {
        Save::No => (Sequence::new(rules, method), None),
        Save::To(path) => (
            Sequence::new(rules, method),
            Some(Writer::create(path, &name)?),
        ),
        Save::Resume(path) => {
            let (values, writer) = Writer::resume(path, &name)?;
            (Sequence::resume(rules, method, values), Some(writer))
        }
    };
    while sequence.values().len() < len {
        sequence.extend(len.min(sequence.values().len() + CHUNK))?;
        if let Some(writer) = &mut writer {
            writer.save(sequence.values())?;
        }
        progress(sequence.values().len() as u64);
    }
    let mut values = sequence.into_values();
    values.truncate(len);
    Ok((name, values))
}

/// The period of the take-and-break game `game`: values are computed in doubling
/// runs, up to heap `to` (or until they no longer fit in two bytes), until a period
/// is proved. The game's normalised name and
/// the shortest period seen (proved or not), if any.
pub fn period(
    game: &str,
    to: u64,
    method: Method,
    max_positions: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(String, Option<Period>)> {
    let (name, rules) = spec::heap_rules(game)?;
    within_budget(to, max_positions)?;
    let mut sequence = Sequence::new(rules, method);
    let mut len = 1024.min(to as usize + 1);
    loop {
        if let Err(too_large) = sequence.extend(len) {
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

/// The P-positions of Chomp with at most `rows` rows and at most `to` squares in the
/// bottom row, each as its rows (bottom first), in increasing order; three rows or
/// fewer by the fast recursion, more by the dense table of the whole box.
pub fn chomp_p_positions(rows: usize, to: u32, limit: usize) -> Result<Vec<Vec<u32>>> {
    if rows == 0 || to == 0 {
        return Err(crate::invalid!(
            "a Chomp table needs at least 1 row and a width of at least 1"
        ));
    }
    let mut found: Vec<Vec<u32>> = if rows <= 3 {
        chomp::three_row_p_positions(to, limit)?
            .into_iter()
            .filter(|p| p[rows..].iter().all(|&r| r == 0))
            .map(|p| p.into_iter().filter(|&r| r > 0).collect())
            .collect()
    } else {
        let b = Rectangle::new(rows, to);
        let nimbers = chomp::nimbers_in_rectangle(&b, limit)?;
        (1..b.len())
            .filter(|&rank| nimbers[rank as usize] == 0)
            .map(|rank| b.unrank(rank).to_vec())
            .collect()
    };
    found.sort_unstable();
    Ok(found)
}
