//! Generalised Sprague–Grundy values of games with cycles (C. A. B. Smith, "Graphs
//! and composite games", J. Combin. Theory 1, 1966; A. S. Fraenkel and Y. Yesha,
//! "The generalized Sprague–Grundy function and its invariance under certain
//! mappings", J. Combin. Theory A 43, 1986).
//!
//! Every position of a finite graph game has a value γ: a finite nimber m, or ∞(K)
//! with K the set of finite values among its options. γ(u) = m when u has no option
//! of value m, options of every value below m, and every option of larger or
//! infinite value has itself an option of value m (it is reversible through m); a
//! finite value is reached in finitely many rounds of the labelling below, and
//! whatever no round labels is infinite.
//!
//! Round m is Ferguson's labelling restricted to the vertices still in the running
//! (unlabelled, with options of every value below m): one with no option left but
//! values below m, or whose every other option has an option of value m, gets m;
//! its predecessors are then marked as having an option of value m, and the marks
//! are counted down at their own predecessors. The vertices of round m that were
//! not marked cannot reach a larger value and are infinite. The graph is held as
//! two arrays (offsets and targets, [`Digraph`]), and each round costs time linear
//! in the edges, with no recursion.
//!
//! Smith's theorem values a sum from its parts: the finite parts XOR to s; with no
//! infinite part the sum is s, with one part ∞(K) it is ∞(K ⊕ s), with two or more it
//! is ∞(∅) ([`sum`]). A position of value γ is P when γ = 0, N when γ is finite and
//! not 0 or ∞(K) with 0 in K, and a draw otherwise ([`Gamma::outcome`]).

use crate::sorting::sort;
use std::fmt;

use serde::Serialize;

use crate::{too_large, Budget, Nimber, Outcome, Result};

/// A generalised Sprague–Grundy value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Gamma {
    /// A finite value: the position plays like a Nim heap of this size, in a sum
    /// with any games, loopy or not.
    Finite(Nimber),
    /// ∞(K): play can go on forever; `infinite` is K, the finite values among the
    /// options, in increasing order.
    Infinite {
        /// The set K.
        infinite: Vec<Nimber>,
    },
}

impl Gamma {
    /// Who wins the position played alone under normal play: P for 0, N for another
    /// finite value or ∞(K) with 0 in K (a move to a P-position), else a draw.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite { infinite } if infinite.contains(&0) => Outcome::N,
            Gamma::Infinite { .. } => Outcome::D,
        }
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Gamma::Finite(m) => Some(*m),
            Gamma::Infinite { .. } => None,
        }
    }
}

impl fmt::Display for Gamma {
    /// `3`, `∞(0,2)`, or `∞(∅)` for an empty K.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(m) => write!(f, "{m}"),
            Gamma::Infinite { infinite } if infinite.is_empty() => write!(f, "∞(∅)"),
            Gamma::Infinite { infinite } => {
                let k: Vec<String> = infinite.iter().map(Nimber::to_string).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// The value of a sum by Smith's theorem: finite parts XOR to s; no infinite part
/// gives s, one part ∞(K) gives ∞(K ⊕ s), two or more give ∞(∅).
pub fn sum<'a>(parts: impl IntoIterator<Item = &'a Gamma>) -> Gamma {
    let mut s = 0;
    let mut infinite: Vec<&[Nimber]> = Vec::new();
    for part in parts {
        match part {
            Gamma::Finite(m) => s ^= m,
            Gamma::Infinite { infinite: k } => infinite.push(k),
        }
    }
    match infinite[..] {
        [] => Gamma::Finite(s),
        [k] => {
            let mut shifted: Vec<Nimber> = k.iter().map(|v| v ^ s).collect();
            sort(&mut shifted);
            Gamma::Infinite { infinite: shifted }
        }
        _ => Gamma::Infinite {
            infinite: Vec::new(),
        },
    }
}

/// A directed graph in two arrays: the followers of vertex `v` are
/// `targets[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Digraph {
    /// The graph whose vertex `v` has the followers `lists[v]`.
    pub fn from_lists(lists: &[Vec<u32>]) -> Result<Self> {
        let mut builder = Builder::with_capacity(lists.len(), lists.iter().map(Vec::len).sum())?;
        for list in lists {
            builder.push_vertex(list);
        }
        Ok(builder.finish())
    }

    /// How many vertices.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// True for a graph of no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many edges.
    pub fn edges(&self) -> usize {
        self.targets.len()
    }

    /// The followers of `v`.
    pub fn followers(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The graph with every edge turned round (each vertex's predecessors), by
    /// counting sort: linear time.
    pub fn reversed(&self) -> Digraph {
        let n = self.len();
        let mut offsets = vec![0u32; n + 1];
        for &w in &self.targets {
            offsets[w as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for v in 0..n as u32 {
            for &w in self.followers(v) {
                targets[next[w as usize] as usize] = v;
                next[w as usize] += 1;
            }
        }
        Digraph { offsets, targets }
    }
}

/// Builds a [`Digraph`] vertex by vertex, in order.
pub struct Builder {
    graph: Digraph,
}

impl Builder {
    /// A builder for about `vertices` vertices and `edges` edges, refused when the
    /// edges do not fit the arrays' 32-bit indices.
    pub fn with_capacity(vertices: usize, edges: usize) -> Result<Self> {
        if vertices >= u32::MAX as usize || edges >= u32::MAX as usize {
            return Err(too_large!(
                "a graph of {vertices} vertices and {edges} edges is larger than grundy holds (fewer than 2^32 of each)"
            ));
        }
        let mut offsets = Vec::with_capacity(vertices + 1);
        offsets.push(0);
        Ok(Builder {
            graph: Digraph {
                offsets,
                targets: Vec::with_capacity(edges),
            },
        })
    }

    /// Adds the next vertex, with its followers.
    pub fn push_vertex(&mut self, followers: &[u32]) {
        self.graph.targets.extend_from_slice(followers);
        self.graph.offsets.push(self.graph.targets.len() as u32);
    }

    /// The graph built.
    pub fn finish(self) -> Digraph {
        self.graph
    }
}

/// The γ value of every vertex of a graph, one word a vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    values: Vec<u32>,
}

/// The label of an infinite vertex.
const INFINITE: u32 = u32::MAX;

impl Labels {
    /// The finite value of `v`, if it has one.
    pub fn finite(&self, v: u32) -> Option<Nimber> {
        let value = self.values[v as usize];
        (value != INFINITE).then_some(value as Nimber)
    }

    /// The value of `v` in `graph` (the graph labelled): ∞(K) lists the finite values
    /// of its followers.
    pub fn gamma(&self, graph: &Digraph, v: u32) -> Gamma {
        match self.finite(v) {
            Some(m) => Gamma::Finite(m),
            None => {
                let mut k: Vec<Nimber> = graph
                    .followers(v)
                    .iter()
                    .filter_map(|&w| self.finite(w))
                    .collect();
                sort(&mut k);
                k.dedup();
                Gamma::Infinite { infinite: k }
            }
        }
    }

    /// Every vertex's value, in order.
    pub fn all(&self, graph: &Digraph) -> Vec<Gamma> {
        (0..graph.len() as u32)
            .map(|v| self.gamma(graph, v))
            .collect()
    }
}

/// The γ value of every vertex of `graph`, by the rounds of the module's
/// documentation. Stops when `budget` says so.
pub fn label(graph: &Digraph, budget: &Budget) -> Result<Labels> {
    let n = graph.len();
    let predecessors = graph.reversed();
    let mut value = vec![INFINITE; n];
    // The round in which a vertex was in the running, and the round in which it was
    // found to have an option of that round's value.
    let mut running_in = vec![INFINITE; n];
    let mut marked_in = vec![INFINITE; n];
    // Of a vertex in the running: its options not yet known to be below the round's
    // value, and not yet marked.
    let mut unsettled = vec![0u32; n];
    let mut running: Vec<u32> = (0..n as u32).collect();
    let mut queue: Vec<u32> = Vec::new();
    let mut m: u32 = 0;
    while !running.is_empty() {
        budget.check()?;
        for &u in &running {
            running_in[u as usize] = m;
        }
        for &u in &running {
            let count = graph
                .followers(u)
                .iter()
                .filter(|&&w| value[w as usize] >= m)
                .count();
            unsettled[u as usize] = count as u32;
            if count == 0 {
                value[u as usize] = m;
                queue.push(u);
            }
        }
        while let Some(u) = queue.pop() {
            for &p in predecessors.followers(u) {
                let p = p as usize;
                if value[p] < m || marked_in[p] == m {
                    continue;
                }
                marked_in[p] = m;
                for &q in predecessors.followers(p as u32) {
                    let q = q as usize;
                    if running_in[q] != m || value[q] != INFINITE || marked_in[q] == m {
                        continue;
                    }
                    unsettled[q] -= 1;
                    if unsettled[q] == 0 {
                        value[q] = m;
                        queue.push(q as u32);
                    }
                }
            }
        }
        running.retain(|&u| value[u as usize] == INFINITE && marked_in[u as usize] == m);
        m += 1;
    }
    Ok(Labels { values: value })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gammas(lists: &[Vec<u32>]) -> Vec<String> {
        let graph = Digraph::from_lists(lists).unwrap();
        let labels = label(&graph, &Budget::unlimited()).unwrap();
        labels.all(&graph).iter().map(Gamma::to_string).collect()
    }

    #[test]
    fn a_path_has_its_nimbers() {
        assert_eq!(gammas(&[vec![1, 2], vec![2], vec![]]), ["2", "1", "0"]);
    }

    #[test]
    fn a_two_cycle_with_an_exit_is_reversible_and_a_closed_one_is_infinite() {
        // x <-> y, y -> z; u <-> v; w -> u z (examples/cycle.txt): y has the option z
        // of value 0, and x's only option y is reversible through 0, so x is 0; y is 1.
        let g = [vec![1], vec![0, 2], vec![], vec![4], vec![3], vec![3, 2]];
        assert_eq!(gammas(&g), ["0", "1", "0", "∞(∅)", "∞(∅)", "∞(0)"]);
    }

    #[test]
    fn a_self_loop_is_infinite() {
        // Fraenkel and Yesha's rule (a): a vertex is never its own option of its value.
        assert_eq!(gammas(&[vec![0, 1], vec![]]), ["∞(0)", "0"]);
    }

    #[test]
    fn sums_follow_smiths_theorem() {
        let inf = |k: &[Nimber]| Gamma::Infinite {
            infinite: k.to_vec(),
        };
        assert_eq!(sum(&[Gamma::Finite(3), Gamma::Finite(5)]), Gamma::Finite(6));
        assert_eq!(sum(&[inf(&[0, 2]), Gamma::Finite(2)]), inf(&[0, 2]));
        assert_eq!(sum(&[inf(&[0, 2]), Gamma::Finite(1)]), inf(&[1, 3]));
        assert_eq!(sum(&[inf(&[0, 2]), Gamma::Finite(1)]).outcome(), Outcome::D);
        assert_eq!(sum(&[inf(&[0]), inf(&[0])]), inf(&[]));
        assert_eq!(inf(&[0, 2]).to_string(), "∞(0,2)");
        assert_eq!(
            serde_json::to_string(&[inf(&[0, 2]), Gamma::Finite(1)]).unwrap(),
            r#"[{"infinite":[0,2]},1]"#
        );
    }
}
