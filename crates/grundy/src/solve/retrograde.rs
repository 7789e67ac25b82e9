//! Ferguson's labelling algorithm on an explicit graph of positions.
//!
//! Label the terminal positions (P under normal play, N under misère play); label N
//! every position with a move to a P-position; label P every position all of whose
//! moves lead to N-positions; repeat until nothing changes. Done with a queue and a
//! count of unlabelled moves per position (retrograde analysis), this takes time
//! linear in the number of edges, and it also answers for graphs with cycles: what
//! is still unlabelled at the end is a draw (D).

use std::collections::VecDeque;

use super::loopy::Digraph;
use crate::{mex, Nimber, Outcome, Play};

/// The outcome of every vertex of `graph`.
pub fn label(graph: &Digraph, play: Play) -> Vec<Outcome> {
    let n = graph.len();
    let predecessors = graph.reversed();
    let mut unlabelled_moves: Vec<usize> =
        (0..n as u32).map(|v| graph.followers(v).len()).collect();
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    let mut queue = VecDeque::new();
    let terminal = play.terminal();
    for v in 0..n {
        if unlabelled_moves[v] == 0 {
            outcome[v] = Some(terminal);
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        let labelled = outcome[v];
        for &u in predecessors.followers(v as u32) {
            let u = u as usize;
            if outcome[u].is_some() {
                continue;
            }
            if labelled == Some(Outcome::P) {
                outcome[u] = Some(Outcome::N);
                queue.push_back(u);
            } else {
                unlabelled_moves[u] -= 1;
                if unlabelled_moves[u] == 0 {
                    outcome[u] = Some(Outcome::P);
                    queue.push_back(u);
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::D))
        .collect()
}

/// The Sprague–Grundy value of every vertex, or `None` when the graph has a cycle.
pub fn nimbers(graph: &Digraph) -> Option<Vec<Nimber>> {
    let order = reverse_topological_order(graph)?;
    let mut values = vec![0; graph.len()];
    for v in order {
        values[v] = mex(graph
            .followers(v as u32)
            .iter()
            .map(|&w| values[w as usize]));
    }
    Some(values)
}

/// Vertices ordered so that every move goes to an earlier vertex; `None` on a cycle.
fn reverse_topological_order(graph: &Digraph) -> Option<Vec<usize>> {
    let n = graph.len();
    let predecessors = graph.reversed();
    let mut remaining: Vec<usize> = (0..n as u32).map(|v| graph.followers(v).len()).collect();
    let mut order: Vec<usize> = (0..n).filter(|&v| remaining[v] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &u in predecessors.followers(v as u32) {
            let u = u as usize;
            remaining[u] -= 1;
            if remaining[u] == 0 {
                order.push(u);
            }
        }
    }
    (order.len() == n).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    #[test]
    fn a_path_alternates_from_its_end() {
        // 0 -> 1 -> 2 -> 3
        let g = Digraph::from_lists(&[vec![1], vec![2], vec![3], vec![]]).unwrap();
        assert_eq!(label(&g, Play::Normal), vec![N, P, N, P]);
        assert_eq!(label(&g, Play::Misere), vec![P, N, P, N]);
        assert_eq!(nimbers(&g), Some(vec![1, 0, 1, 0]));
    }

    #[test]
    fn a_cycle_with_no_exit_is_drawn_and_an_exit_wins() {
        // 0 <-> 1, 2 -> 0 and 2 -> 3 (terminal)
        let g = Digraph::from_lists(&[vec![1], vec![0], vec![0, 3], vec![]]).unwrap();
        assert_eq!(label(&g, Play::Normal), vec![D, D, N, P]);
        assert_eq!(nimbers(&g), None);
    }
}
