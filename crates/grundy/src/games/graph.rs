//! Games on a directed graph: tokens sit on vertices, and a move slides one token
//! along an edge. The graph is read from a file with one line per vertex,
//! `a -> b c d` (the followers of `a`), `#` starting a comment; a vertex with no
//! followers is written `a ->` (or just `a`). Cycles are allowed: such a game may be
//! drawn.

use rustc_hash::FxHashMap;

use super::Family;
use crate::drawing::{colours, Anchor, Shape};
use crate::solve::loopy::{self, Builder, Digraph};
use crate::solve::{retrograde, GameBox};
use crate::table::{GraphTable, Save, Table, TableRequest};
use crate::{
    files, invalid, notation, too_large, Budget, Capabilities, Drawing, Error, Game, Gamma,
    Outcome, Picture, Play, Result, Size,
};

/// A directed graph of positions with named vertices.
#[derive(Clone, Debug)]
pub struct Graph {
    source: String,
    names: Vec<String>,
    index: FxHashMap<String, u32>,
    successors: Digraph,
    acyclic: bool,
}

/// Tokens on vertices, in the order written: each token is an independent part.
pub type Tokens = Vec<u32>;

impl Graph {
    /// Reads the graph file at `path`, refusing one of more than `limit` vertices and
    /// edges together, or of more than [`files::MAX_TEXT_FILE`] bytes, or that is not
    /// a regular file.
    pub fn from_file(path: &str, limit: usize) -> Result<Self> {
        let bytes = files::read(path, files::MAX_TEXT_FILE, "a graph file")
            .map_err(|e| Error::io(path, e))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| invalid!("graph file '{path}' is not UTF-8 text"))?;
        Self::parse(&text, path, limit)
    }

    /// Reads a graph from text; `source` names it in messages. More than `limit`
    /// vertices and edges together are refused with a budget error. Linear time:
    /// each name is looked up once, and the followers are laid out in arrays by a
    /// counting sort.
    pub fn parse(text: &str, source: &str, limit: usize) -> Result<Self> {
        let mut names: Vec<String> = Vec::new();
        let mut index: FxHashMap<String, u32> = FxHashMap::default();
        let mut defined_on: Vec<Option<usize>> = Vec::new();
        // Each line's vertex and the range of its followers in `written`.
        let mut lines: Vec<(usize, u32, usize, usize)> = Vec::new();
        let mut written: Vec<u32> = Vec::new();
        let mut vertex = |name: &str, names: &mut Vec<String>| -> u32 {
            if let Some(&v) = index.get(name) {
                return v;
            }
            names.push(name.to_string());
            let v = names.len() as u32 - 1;
            index.insert(name.to_string(), v);
            v
        };
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            let line = line.split('#').next().unwrap_or_default();
            let (head, tail) = match line.split_once("->") {
                Some((head, tail)) => (head, tail),
                None => (line, ""),
            };
            let mut heads = head.split_whitespace();
            let first = heads.next();
            let mut followers = tail.split_whitespace().peekable();
            let head = match (first, heads.next()) {
                (None, _) if followers.peek().is_none() => continue,
                (None, _) => return Err(invalid!("{source} line {n}: '->' needs a vertex before it")),
                (Some(_), Some(second)) => {
                    return Err(invalid!(
                        "{source} line {n}: unexpected '{second}': write one vertex, then '->', then its followers"
                    ))
                }
                (Some(head), None) => head,
            };
            let v = named(head, source, n).map(|name| vertex(name, &mut names))?;
            defined_on.resize(names.len(), None);
            if let Some(first) = defined_on[v as usize] {
                return Err(invalid!(
                    "{source} line {n}: vertex '{head}' already has its line (line {first})"
                ));
            }
            defined_on[v as usize] = Some(n);
            let start = written.len();
            for name in followers {
                written.push(named(name, source, n).map(|name| vertex(name, &mut names))?);
            }
            if names.len() + written.len() > limit {
                return Err(Error::budget(limit));
            }
            lines.push((n, v, start, written.len()));
        }
        defined_on.resize(names.len(), None);
        if names.is_empty() {
            return Err(invalid!("graph file '{source}' has no vertices"));
        }
        let mut line_of = vec![usize::MAX; names.len()];
        for (i, &(n, v, start, end)) in lines.iter().enumerate() {
            if let Some(&w) = written[start..end]
                .iter()
                .find(|&&w| defined_on[w as usize].is_none())
            {
                let name = &names[w as usize];
                return Err(invalid!(
                    "{source} line {n}: vertex '{name}' has no line of its own (write '{name} ->' if it has no moves)"
                ));
            }
            line_of[v as usize] = i;
        }
        let mut builder = Builder::with_capacity(names.len(), written.len())?;
        for &i in &line_of {
            let (_, _, start, end) = lines[i];
            builder.push_vertex(&written[start..end]);
        }
        let successors = builder.finish();
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
    pub fn successors(&self) -> &Digraph {
        &self.successors
    }

    fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }
}

/// `name`, checked to be a vertex name (no ',' or '+', which separate tokens and
/// parts, and nothing a terminal acts on) on line `n` of `source`.
fn named<'a>(name: &'a str, source: &str, n: usize) -> Result<&'a str> {
    if let Some(bad) = name.chars().find(|c| matches!(c, ',' | '+')) {
        return Err(invalid!(
            "{source} line {n}: vertex name '{name}' may not contain '{bad}'"
        ));
    }
    if name.chars().any(notation::unsafe_to_print) {
        // Names are printed: one could move a terminal's cursor or reorder its text.
        return Err(invalid!(
            "{source} line {n}: vertex name '{name}' may not contain a control or bidirectional character"
        ));
    }
    Ok(name)
}

impl Game for Graph {
    type Position = Tokens;

    fn moves(&self, p: &Tokens, out: &mut Vec<Tokens>) -> Result<()> {
        for (i, &v) in p.iter().enumerate() {
            for &w in self.successors.followers(v) {
                let mut next = p.clone();
                next[i] = w;
                out.push(next);
            }
        }
        Ok(())
    }

    fn components(&self, p: &Tokens, out: &mut Vec<Tokens>) -> Result<()> {
        let live = p
            .iter()
            .filter(|&&v| !self.successors.followers(v).is_empty());
        out.extend(live.map(|&v| vec![v]));
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Tokens> {
        if text.trim().is_empty() {
            // No token: the graph alone (to draw it), a position with no move.
            return Ok(Vec::new());
        }
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

    fn describe_move(&self, from: &Tokens, to: &Tokens) -> Result<String> {
        Ok(match (0..from.len()).find(|&i| from[i] != to[i]) {
            Some(i) => format!("move from {} to {}", self.name(from[i]), self.name(to[i])),
            None => "stay".into(),
        })
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
            picture: Some(self),
            size: Some(self),
            ..Capabilities::default()
        }
    }
}

/// Each token stands on some vertex: vertices to the power of the tokens.
impl Size<Tokens> for Graph {
    fn count_positions(&self, p: &Tokens) -> Option<u64> {
        let tokens = u32::try_from(p.len()).unwrap_or(u32::MAX);
        Some((self.names.len() as u64).saturating_pow(tokens))
    }
}

/// The most vertices a picture shows: past that a layered drawing is no longer read.
pub const MAX_DRAWN: usize = 60;

/// A drawing of a graph, and where each vertex is in it.
type Layered = (Drawing<Tokens>, Vec<(f64, f64)>);

impl Graph {
    /// The graph drawn in layers, from the vertices no move reaches (or the first
    /// vertex) downward by distance, each vertex with its name and `label` under it;
    /// an edge to a lower layer is straight, any other edge curved. The drawing, and
    /// where each vertex is.
    fn layered(&self, label: &dyn Fn(usize) -> String) -> Result<Layered> {
        const STEP: f64 = 90.0;
        const RADIUS: f64 = 20.0;
        let n = self.names.len();
        if n > MAX_DRAWN {
            return Err(too_large!(
                "'{}' has {n} vertices, more than the {MAX_DRAWN} a drawing shows: use 'grundy table' for its values",
                self.source
            ));
        }
        let predecessors = self.successors.reversed();
        let mut layer = vec![usize::MAX; n];
        let mut order = Vec::with_capacity(n);
        let sources = (0..n).filter(|&v| predecessors.followers(v as u32).is_empty());
        for start in sources.chain(0..n) {
            if layer[start] != usize::MAX {
                continue;
            }
            layer[start] = 0;
            order.push(start);
            let mut next = order.len() - 1;
            while next < order.len() {
                let v = order[next];
                next += 1;
                for &w in self.successors.followers(v as u32) {
                    if layer[w as usize] == usize::MAX {
                        layer[w as usize] = layer[v] + 1;
                        order.push(w as usize);
                    }
                }
            }
        }
        let depth = layer.iter().copied().max().unwrap_or(0);
        let mut rows = vec![Vec::new(); depth + 1];
        for &v in &order {
            rows[layer[v]].push(v);
        }
        let widest = rows.iter().map(Vec::len).max().unwrap_or(1);
        let width = STEP * (widest as f64 + 1.0);
        let height = STEP * (depth as f64 + 1.5);
        let mut at = vec![(0.0, 0.0); n];
        for (d, row) in rows.iter().enumerate() {
            for (i, &v) in row.iter().enumerate() {
                let x = width * (i as f64 + 1.0) / (row.len() as f64 + 1.0);
                at[v] = (x, STEP * (d as f64 + 0.75));
            }
        }
        let mut d = Drawing::new(
            width,
            height,
            "",
            "click a token, then a vertex it may move to",
        );
        for v in 0..n {
            let (x1, y1) = at[v];
            for &w in self.successors.followers(v as u32) {
                let (x2, y2) = at[w as usize];
                if w as usize == v {
                    let loop_path = format!(
                        "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                        x1 - 8.0,
                        y1 - RADIUS + 2.0,
                        x1 - 30.0,
                        y1 - 60.0,
                        x1 + 30.0,
                        y1 - 60.0,
                        x1 + 8.0,
                        y1 - RADIUS + 2.0
                    );
                    d.add(Shape::path(loop_path, colours::ARC, "arc"));
                    continue;
                }
                let (dx, dy) = (x2 - x1, y2 - y1);
                let length = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / length, dy / length);
                let (ax, ay) = (x1 + ux * RADIUS, y1 + uy * RADIUS);
                let (bx, by) = (x2 - ux * RADIUS, y2 - uy * RADIUS);
                if layer[w as usize] > layer[v] {
                    d.add(Shape::line((ax, ay), (bx, by), true, colours::ARC, "arc"));
                } else {
                    // Bend to the left of the direction of travel, so that the two
                    // edges of a 2-cycle part.
                    let (cx, cy) = ((ax + bx) / 2.0 + uy * 30.0, (ay + by) / 2.0 - ux * 30.0);
                    let bent = format!("M{ax:.1},{ay:.1} Q{cx:.1},{cy:.1} {bx:.1},{by:.1}");
                    d.add(Shape::path(bent, colours::ARC, "arc").arrowed());
                }
            }
        }
        for (v, &(x, y)) in at.iter().enumerate() {
            let name = &self.names[v];
            d.add(
                Shape::circle(x, y, RADIUS, colours::VERTEX, "vertex")
                    .named(format!("v{v}"), format!("move a token to {name}"))
                    .with("vertex", name),
            );
            d.add(
                Shape::text(x, y + 4.5, name.clone(), Anchor::Middle, 13.0)
                    .styled(colours::DARK_INK, "vertex-label"),
            );
            d.add(Shape::text(x, y + RADIUS + 15.0, label(v), Anchor::Middle, 12.0).also("gamma"));
        }
        Ok((d, at))
    }

    /// The graph with each vertex's Sprague–Grundy value where `values` gives it (`?`
    /// where not yet), an SVG document: a worked example of the mex.
    pub fn values_picture(&self, values: &[Option<u64>]) -> Result<String> {
        let label = |v: usize| match values.get(v).copied().flatten() {
            Some(g) => format!("g = {g}"),
            None => "g = ?".to_string(),
        };
        Ok(self.layered(&label)?.0.svg())
    }
}

impl Picture<Tokens> for Graph {
    /// The graph in layers ([`Graph::layered`]), each vertex with its γ value, the
    /// tokens on their vertices.
    fn draw(&self, tokens: &Tokens, _history: &[Tokens]) -> Result<Drawing<Tokens>> {
        // A drawing is of a few vertices: labelling them is bounded work.
        let gammas = loopy::label(&self.successors, &Budget::unlimited())?.all(&self.successors);
        let n = self.names.len();
        let (mut d, at) = self.layered(&|v| format!("γ = {}", gammas[v]))?;
        // The tokens, side by side on their vertices.
        let mut on = vec![0usize; n];
        for (i, &v) in tokens.iter().enumerate() {
            let (x, y) = at[v as usize];
            let k = on[v as usize];
            on[v as usize] += 1;
            d.add(
                Shape::circle(
                    x - 10.0 + 10.0 * (k % 3) as f64,
                    y + 9.0 - 8.0 * (k / 3) as f64,
                    6.0,
                    colours::CHIP,
                    "token",
                )
                .named(
                    format!("t{i}"),
                    format!("the token on {}", self.names[v as usize]),
                ),
            );
        }
        d.offer_moves(self, tokens, |to| {
            let i = (0..tokens.len()).find(|&i| tokens[i] != to[i])?;
            let target = format!("v{}", to[i]);
            Some((vec![format!("t{i}"), target.clone()], vec![target]))
        })?;
        Ok(d)
    }
}

/// The most vertices and edges a graph file named in a SPEC may have: its file is
/// read when the SPEC is, before any budget of a computation applies.
pub const MOST_VERTICES: usize = 10_000_000;

/// The registry entry of `graph`.
pub const FAMILY: Family = Family::game(
    "graph",
    "tokens on the directed graph in FILE (lines 'a -> b c')",
    |path| {
        Ok(GameBox::new(
            format!("graph:{path}"),
            Graph::from_file(path, MOST_VERTICES)?,
        ))
    },
)
.with_parameter("FILE", "graph:moves.txt")
.with_table(vertex_table)
.with_start("Graph games", "graph:inline f")
.with_start_graph("a -> b c\nb -> d\nc -> d e\nd -> e\ne ->\nf -> a c\n");

/// Every vertex of the graph in `path`: its outcome by Ferguson's labelling and,
/// under normal play, its generalised Sprague–Grundy value γ.
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
    let graph = Graph::from_file(path, request.budget.positions())?;
    Ok(Table::Vertices(label(
        &graph,
        &format!("graph:{path}"),
        request.play,
        &request.budget,
    )?))
}

/// Every vertex of `graph` (called `game` in the table): its outcome by Ferguson's
/// labelling, and under normal play its γ value (the nimber, where the graph has no
/// cycle): the table of a graph file, or of a graph posted to the web playground.
pub fn label(graph: &Graph, game: &str, play: Play, budget: &Budget) -> Result<GraphTable> {
    let outcomes = retrograde::label(graph.successors(), play);
    let gammas = match play {
        Play::Normal => Some(loopy::label(graph.successors(), budget)?.all(graph.successors())),
        Play::Misere => None,
    };
    let nimbers = match (&gammas, graph.acyclic) {
        (Some(gammas), true) => gammas.iter().map(Gamma::finite).collect(),
        _ => None,
    };
    let vertices = graph.names().to_vec();
    let kernel = vertices
        .iter()
        .zip(&outcomes)
        .filter(|(_, &o)| o == Outcome::P)
        .map(|(v, _)| v.clone())
        .collect();
    Ok(GraphTable {
        game: game.to_string(),
        vertices,
        outcomes,
        nimbers,
        gammas,
        kernel,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_file_is_read_with_comments_and_terminals() {
        let g = Graph::parse("# a path\na -> b c\nb -> c # note\nc ->\n\n", "t", 100).unwrap();
        assert_eq!(g.names(), ["a", "b", "c"]);
        assert_eq!(
            g.successors(),
            &Digraph::from_lists(&[vec![1, 2], vec![2], vec![]]).unwrap()
        );
        assert!(!g.capabilities().cycles);
    }

    #[test]
    fn bad_graph_files_are_refused_with_the_token() {
        let dangling = Graph::parse("a -> b\n", "t", 100).unwrap_err().to_string();
        assert!(dangling.contains("'b' has no line"), "{dangling}");
        let two = Graph::parse("a b -> c\nc\n", "t", 100)
            .unwrap_err()
            .to_string();
        assert!(two.contains("unexpected 'b'"), "{two}");
        assert!(Graph::parse("a ->\na -> a\n", "t", 100)
            .unwrap_err()
            .to_string()
            .contains("already"));
        assert!(Graph::parse("# nothing\n", "t", 100).is_err());
        assert!(Graph::parse("-> a\n", "t", 100).is_err());
    }
}
