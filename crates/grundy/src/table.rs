//! Tables of a game's positions: g(0..N) and P/N for one heap of a heap game, every
//! vertex of a graph labelled by Ferguson's algorithm, with its kernel, and the
//! P-positions of Chomp with a few rows.

use crate::games::chomp::{self, Rectangle};
use crate::games::Graph;
use crate::solve::{retrograde, Solver, Sum, Value};
use crate::{spec, Error, Nimber, Outcome, Play, Result};

/// The value of a single heap of 0, 1, …, `to` chips of the heap game `game`; a
/// table longer than the position budget is refused.
pub fn heaps(solver: &mut Solver, game: &str, to: u64, play: Play) -> Result<Vec<Value>> {
    let g = spec::game(game, solver)?;
    let limit = solver.max_positions();
    if to >= limit as u64 {
        return Err(Error::Budget { limit });
    }
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
