//! The Sprague–Grundy function on a directed graph without cycles (section 3.2 of
//! the notes): each vertex's value is the mex of its followers' values, found
//! backwards from the vertices with no followers. A graph of at most
//! [`MOST_VERTICES`] is valued in time linear in its size: no budget applies.

use super::{Hints, MOST_VERTICES};
use crate::games::Graph;
use crate::solve::retrograde;
use crate::{invalid, Result};

/// The graph of an exercise, checked to be small and without cycles, with the value
/// of each vertex.
pub(super) fn read(text: &str) -> Result<(Graph, Vec<u64>)> {
    let graph = Graph::parse(text, "the graph", 100 * MOST_VERTICES)?;
    if graph.names().len() > MOST_VERTICES {
        return Err(invalid!(
            "the graph has {} vertices: at most {MOST_VERTICES} are valued by hand",
            graph.names().len()
        ));
    }
    let values = retrograde::nimbers(graph.successors()).ok_or_else(|| {
        invalid!("the graph has a cycle: this exercise is for graphs without cycles, where every vertex has a value")
    })?;
    Ok((graph, values))
}

/// The graph as the question writes it: `a -> b c; b -> c; c ->`.
pub(super) fn written(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines.join("; ")
}

/// One step of valuing a graph: a vertex whose followers all have their values.
pub struct Step {
    /// The vertex.
    pub vertex: String,
    /// Its followers and their values.
    pub followers: Vec<(String, u64)>,
    /// Its value, the mex of theirs.
    pub value: u64,
}

impl Step {
    /// The step in words: `g(c) = mex{g(d) = 1, g(e) = 0} = 2`.
    pub fn said(&self) -> String {
        let v = &self.vertex;
        match self.followers.is_empty() {
            true => format!("{v} has no followers: g({v}) = 0"),
            false => {
                let of: Vec<String> = self
                    .followers
                    .iter()
                    .map(|(w, g)| format!("g({w}) = {g}"))
                    .collect();
                format!("g({v}) = mex{{{}}} = {}", of.join(", "), self.value)
            }
        }
    }
}

/// The vertices in an order that values each after its followers (the vertices
/// with no followers first), each with its followers' values.
pub fn steps(graph: &Graph, values: &[u64]) -> Vec<Step> {
    let names = graph.names();
    let followers = |v: usize| graph.successors().followers(v as u32);
    let mut done = vec![false; names.len()];
    let mut steps = Vec::new();
    while steps.len() < names.len() {
        let before = steps.len();
        for v in 0..names.len() {
            if done[v] || !followers(v).iter().all(|&w| done[w as usize]) {
                continue;
            }
            done[v] = true;
            steps.push(Step {
                vertex: names[v].clone(),
                followers: followers(v)
                    .iter()
                    .map(|&w| (names[w as usize].clone(), values[w as usize]))
                    .collect(),
                value: values[v],
            });
        }
        assert!(steps.len() > before, "a graph without cycles is valued");
    }
    steps
}

/// The student's values: `a=2, b=0` (or `g(a) = 2`), or the values in the order
/// the vertices are written; a vertex not named has none.
fn given(graph: &Graph, answer: &str) -> Result<Vec<Option<u64>>> {
    let names = graph.names();
    let mut given = vec![None; names.len()];
    if !answer.contains('=') {
        let values = super::numbers(answer)?;
        if values.len() > names.len() {
            return Err(invalid!(
                "'{}' gives {} values, and the graph has {} vertices",
                answer.trim(),
                values.len(),
                names.len()
            ));
        }
        for (slot, v) in given.iter_mut().zip(values) {
            *slot = Some(v);
        }
        return Ok(given);
    }
    for item in answer.split([',', ';', '\n']).map(str::trim) {
        if item.is_empty() {
            continue;
        }
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| invalid!("'{item}' is not VERTEX=VALUE, e.g. a=2"))?;
        let name = name.trim();
        let name = name
            .strip_prefix("g(")
            .and_then(|n| n.strip_suffix(')'))
            .unwrap_or(name)
            .trim();
        let v = names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| invalid!("'{name}' is no vertex of the graph"))?;
        given[v] = Some(super::number(value)?);
    }
    Ok(given)
}

pub(super) fn check_values(text: &str, answer: &str) -> Result<Vec<String>> {
    let (graph, values) = read(text)?;
    let given = given(&graph, answer)?;
    let mut mistakes = Vec::new();
    for step in steps(&graph, &values) {
        let v = graph.names().iter().position(|n| *n == step.vertex);
        let vertex = &step.vertex;
        match v.and_then(|v| given[v]) {
            Some(g) if g == step.value => {}
            Some(g) if step.followers.is_empty() => mistakes.push(format!(
                "{vertex} has no followers, so g({vertex}) = 0, not {g}"
            )),
            Some(g) => {
                let of: Vec<String> = step
                    .followers
                    .iter()
                    .map(|(w, value)| format!("{w} has {value}"))
                    .collect();
                mistakes.push(format!(
                    "g({vertex}) is the mex of its followers' values ({}), which is {}, not {g}",
                    of.join(", "),
                    step.value
                ));
            }
            None => {}
        }
    }
    let missing: Vec<&str> = graph
        .names()
        .iter()
        .zip(&given)
        .filter(|(_, g)| g.is_none())
        .map(|(n, _)| n.as_str())
        .collect();
    if !missing.is_empty() {
        mistakes.push(format!("no value is given for {}", missing.join(", ")));
    }
    Ok(mistakes)
}

pub(super) fn values_hints(text: &str) -> Result<Hints> {
    let (graph, values) = read(text)?;
    let all: Vec<String> = graph
        .names()
        .iter()
        .zip(&values)
        .map(|(v, g)| format!("{v}={g}"))
        .collect();
    let said: Vec<String> = steps(&graph, &values).iter().map(Step::said).collect();
    Ok(Hints::new(
        "Start at the vertices with no followers: a player there cannot move, and their value is 0.",
        "Work backwards: once every follower of a vertex has its value, the vertex's value is their mex, the least number not among them.",
        format!("{}:\n{}", all.join(", "), said.join("\n")),
    ))
}
