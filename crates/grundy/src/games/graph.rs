//! Games on a directed graph: tokens sit on vertices, and a move slides one token
//! along an edge. The graph is read from a file with one line per vertex,
//! `a -> b c d` (the followers of `a`), `#` starting a comment; a vertex with no
//! followers is written `a ->` (or just `a`). Cycles are allowed: such a game may be
//! drawn.

use std::collections::HashMap;

use super::Family;
use crate::solve::{retrograde, GameBox};
use crate::table::{GraphTable, Save, Table, TableRequest};
use crate::{invalid, Capabilities, Error, Game, Outcome, Play, Result};

/// A directed graph of positions with named vertices.
#[derive(Clone, Debug)]
pub struct Graph {
    source: String,
    names: Vec<String>,
    index: HashMap<String, u32>,
    successors: Vec<Vec<u32>>,
    acyclic: bool,
}

/// Tokens on vertices, in the order written: each token is an independent part.
pub type Tokens = Vec<u32>;

impl Graph {
    /// Reads the graph file at `path`.
    pub fn from_file(path: &str) -> Result<Self> {
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| invalid!("graph file '{path}' is not UTF-8 text"))?;
        Self::parse(&text, path)
    }

    /// Reads a graph from text; `source` names it in messages.
    pub fn parse(text: &str, source: &str) -> Result<Self> {
        let mut names = Vec::new();
        let mut index = HashMap::new();
        let mut defined_on = Vec::new();
        let mut lines = Vec::new();
        let mut vertex = |name: &str, names: &mut Vec<String>| -> u32 {
            *index.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                names.len() as u32 - 1
            })
        };
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            let line = line.split('#').next().unwrap_or_default();
            let (head, tail) = match line.split_once("->") {
                Some((head, tail)) => (head, tail),
                None => (line, ""),
            };
            let heads: Vec<&str> = head.split_whitespace().collect();
            let followers: Vec<&str> = tail.split_whitespace().collect();
            match heads[..] {
                [] if followers.is_empty() => continue,
                [] => return Err(invalid!("{source} line {n}: '->' needs a vertex before it")),
                [_, second, ..] => {
                    return Err(invalid!(
                        "{source} line {n}: unexpected '{second}': write one vertex, then '->', then its followers"
                    ))
                }
                [_] => {}
            }
            for name in heads.iter().chain(&followers) {
                if let Some(bad) = name.chars().find(|c| matches!(c, ',' | '+')) {
                    return Err(invalid!(
                        "{source} line {n}: vertex name '{name}' may not contain '{bad}'"
                    ));
                }
            }
            let v = vertex(heads[0], &mut names);
            defined_on.resize(names.len(), None);
            if let Some(first) = defined_on[v as usize] {
                return Err(invalid!(
                    "{source} line {n}: vertex '{}' already has its line (line {first})",
                    heads[0]
                ));
            }
            defined_on[v as usize] = Some(n);
            let moves: Vec<u32> = followers.iter().map(|f| vertex(f, &mut names)).collect();
            lines.push((n, v, moves));
        }
        defined_on.resize(names.len(), None);
        if names.is_empty() {
            return Err(invalid!("graph file '{source}' has no vertices"));
        }
        let mut successors = vec![Vec::new(); names.len()];
        for (n, v, moves) in lines {
            if let Some(&w) = moves.iter().find(|&&w| defined_on[w as usize].is_none()) {
                return Err(invalid!(
                    "{source} line {n}: vertex '{}' has no line of its own (write '{} ->' if it has no moves)",
                    names[w as usize],
                    names[w as usize]
                ));
            }
            successors[v as usize] = moves;
        }
        let acyclic = retrograde::nimbers(&successors).is_some();
        Ok(Graph {
            source: source.to_string(),
            names,
            index,
            successors,
            acyclic,
        })
    }

    /// The vertices' names, in the order of their first appearance.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The followers of each vertex.
    pub fn successors(&self) -> &[Vec<u32>] {
        &self.successors
    }

    fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }
}

impl Game for Graph {
    type Position = Tokens;

    fn moves(&self, p: &Tokens, out: &mut Vec<Tokens>) {
        for (i, &v) in p.iter().enumerate() {
            for &w in &self.successors[v as usize] {
                let mut next = p.clone();
                next[i] = w;
                out.push(next);
            }
        }
    }

    fn components(&self, p: &Tokens, out: &mut Vec<Tokens>) {
        let live = p
            .iter()
            .filter(|&&v| !self.successors[v as usize].is_empty());
        out.extend(live.map(|&v| vec![v]));
    }

    fn parse_position(&self, text: &str) -> Result<Tokens> {
        text.split(',')
            .map(|name| {
                let name = name.trim();
                self.index.get(name).copied().ok_or_else(|| {
                    invalid!("'{name}' is not a vertex of the graph in '{}'", self.source)
                })
            })
            .collect()
    }

    fn format_position(&self, p: &Tokens) -> String {
        p.iter()
            .map(|&v| self.name(v))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn describe_move(&self, from: &Tokens, to: &Tokens) -> String {
        match (0..from.len()).find(|&i| from[i] != to[i]) {
            Some(i) => format!("move from {} to {}", self.name(from[i]), self.name(to[i])),
            None => "stay".into(),
        }
    }

    fn why_illegal(&self, from: &Tokens, to: &Tokens) -> String {
        if from.len() != to.len() {
            return format!("the number of tokens must stay {}", from.len());
        }
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        match changed[..] {
            [] => "a move must slide a token along an edge".into(),
            [i] => format!(
                "there is no edge from {} to {} in '{}'",
                self.name(from[i]),
                self.name(to[i]),
                self.source
            ),
            _ => "a move slides one token only".into(),
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Tokens> {
        Capabilities {
            cycles: !self.acyclic,
            ..Capabilities::default()
        }
    }
}

/// The registry entry of `graph`.
pub const FAMILY: Family = Family::game(
    "graph",
    "tokens on the directed graph in FILE (lines 'a -> b c')",
    |path| {
        Ok(GameBox::new(
            format!("graph:{path}"),
            Graph::from_file(path)?,
        ))
    },
)
.with_parameter("FILE", "graph:moves.txt")
.with_table(vertex_table);

/// Every vertex of the graph in `path`, labelled by Ferguson's algorithm, with its
/// nimber where the graph has no cycle and play is normal.
fn vertex_table(path: &str, request: &TableRequest) -> Result<Table> {
    if request.to.is_some() || request.rows.is_some() {
        return Err(invalid!(
            "a graph table lists every vertex of '{path}': it takes no largest heap or rows"
        ));
    }
    if !matches!(request.save, Save::No) {
        return Err(invalid!(
            "only take-and-break heap games under normal play are saved and resumed"
        ));
    }
    let graph = Graph::from_file(path)?;
    Ok(Table::Vertices(label(
        &graph,
        &format!("graph:{path}"),
        request.play,
    )))
}

/// Every vertex of `graph` (called `game` in the table), labelled by Ferguson's
/// algorithm, with its nimber where the graph has no cycle and play is normal: the
/// table of a graph that did not come from a file (one posted to the web playground).
pub fn label(graph: &Graph, game: &str, play: Play) -> GraphTable {
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
    GraphTable {
        game: game.to_string(),
        vertices,
        outcomes,
        nimbers,
        kernel,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_file_is_read_with_comments_and_terminals() {
        let g = Graph::parse("# a path\na -> b c\nb -> c # note\nc ->\n\n", "t").unwrap();
        assert_eq!(g.names(), ["a", "b", "c"]);
        assert_eq!(g.successors(), [vec![1, 2], vec![2], vec![]]);
        assert!(!g.capabilities().cycles);
    }

    #[test]
    fn bad_graph_files_are_refused_with_the_token() {
        let dangling = Graph::parse("a -> b\n", "t").unwrap_err().to_string();
        assert!(dangling.contains("'b' has no line"), "{dangling}");
        let two = Graph::parse("a b -> c\nc\n", "t").unwrap_err().to_string();
        assert!(two.contains("unexpected 'b'"), "{two}");
        assert!(Graph::parse("a ->\na -> a\n", "t")
            .unwrap_err()
            .to_string()
            .contains("already"));
        assert!(Graph::parse("# nothing\n", "t").is_err());
        assert!(Graph::parse("-> a\n", "t").is_err());
    }
}
