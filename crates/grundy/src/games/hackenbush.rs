//! Green Hackenbush: a rooted graph of edges, the ground a vertex `g`; a move cuts one
//! edge, and every edge no longer joined to the ground falls away. Loops and multiple
//! edges are allowed.
//!
//! A position is written as edges `g-a,a-b,a-c,c-c`, as bamboo stalks `stalks:3,4,5`,
//! as a tree of nested parentheses `tree:(()(()))` (each pair is an edge, the
//! outermost ones stand on the ground), or as `@FILE`, a file holding any of these
//! (`#` starts a comment; lines are joined by commas).
//!
//! The theory of Ferguson's notes values any position without search: a stalk of n
//! edges is the Nim heap n; by the colon principle an edge with a subtree of nimber x
//! above it plays like a stalk of x + 1, and the branches at a vertex add by XOR; by
//! the fusion principle the vertices of a cycle may be fused into one, its edges
//! becoming loops, each a stalk of one edge. Fusing every 2-edge-connected piece
//! (found by one depth-first search for bridges) leaves a tree of bridges with loops,
//! valued bottom-up: linear time.

use super::Family;
use crate::drawing::{Anchor, Marked, Marking, Paint, Shape};
use crate::solve::GameBox;
use crate::sorting::{sort, sort_by};
use crate::{
    files, invalid, too_large, Capabilities, Error, Game, Nimber, Picture, Play, ReadingNotes,
    Result, Size, Theory, THEORY_LISTS,
};

/// The ground's name.
const GROUND: &str = "g";

/// A drawing: named vertices (the ground first) and edges between them, each edge
/// joined to the ground; kept in one canonical order (see `Drawing::rooted`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Drawing {
    names: Vec<String>,
    /// Edges as vertex indices, the smaller first, sorted.
    edges: Vec<(u32, u32)>,
}

/// The game of Green Hackenbush.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl Drawing {
    /// The drawing with edges `edges` between `names` (the ground first), keeping only
    /// the edges joined to the ground and the vertices they use. The work grows with
    /// the edges, not with `names`: a plant of a drawing of many is cut out of it in
    /// its own time.
    fn rooted(names: &[String], edges: impl Iterator<Item = (u32, u32)>) -> Drawing {
        let edges: Vec<(u32, u32)> = edges.collect();
        // The vertices the edges use, the ground first, numbered from 0.
        let mut touched: Vec<u32> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
        touched.push(0);
        sort(&mut touched);
        touched.dedup();
        let local = |v: u32| touched.binary_search(&v).expect("a vertex of the edges") as u32;
        let edges: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (local(u), local(v))).collect();
        let name = |i: usize| &names[touched[i] as usize];
        let reached = reached_from_ground(touched.len(), &edges);
        let mut renumber = vec![u32::MAX; touched.len()];
        let mut used = vec![false; touched.len()];
        used[0] = true;
        for &(u, v) in edges.iter().filter(|e| reached[e.0 as usize]) {
            used[u as usize] = true;
            used[v as usize] = true;
        }
        // The ground first, then the names shortest first and in alphabetical order,
        // so that one drawing has one form whatever order it was written in.
        let mut kept: Vec<usize> = (1..touched.len()).filter(|&i| used[i]).collect();
        sort_by(&mut kept, |&a, &b| {
            (name(a).len(), name(a)).cmp(&(name(b).len(), name(b)))
        });
        kept.insert(0, 0);
        for (new, &old) in kept.iter().enumerate() {
            renumber[old] = new as u32;
        }
        let mut edges: Vec<(u32, u32)> = edges
            .iter()
            .filter(|e| reached[e.0 as usize])
            .map(|&(u, v)| {
                let (a, b) = (renumber[u as usize], renumber[v as usize]);
                (a.min(b), a.max(b))
            })
            .collect();
        sort(&mut edges);
        let names = kept.into_iter().map(|i| name(i).clone()).collect();
        Drawing { names, edges }
    }

    /// The drawing after cutting edge `cut`.
    fn without(&self, cut: usize) -> Drawing {
        let rest = self.edges.iter().enumerate().filter(|&(i, _)| i != cut);
        Drawing::rooted(&self.names, rest.map(|(_, &e)| e))
    }

    fn edge_name(&self, (u, v): (u32, u32)) -> String {
        format!("{}-{}", self.names[u as usize], self.names[v as usize])
    }
}

/// Which vertices are joined to vertex 0 by `edges`.
fn reached_from_ground(vertices: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let adjacency = Adjacency::of(vertices, edges);
    let mut reached = vec![false; vertices];
    reached[0] = true;
    let mut stack = vec![0u32];
    while let Some(v) = stack.pop() {
        for &(w, _) in adjacency.of_vertex(v as usize) {
            if !reached[w as usize] {
                reached[w as usize] = true;
                stack.push(w);
            }
        }
    }
    reached
}

/// For each vertex, its neighbours with the index of the joining edge (loops left
/// out), all in one list: vertex v's run from `start[v]` to `start[v + 1]`.
struct Adjacency {
    start: Vec<u32>,
    list: Vec<(u32, u32)>,
}

impl Adjacency {
    fn of(vertices: usize, edges: &[(u32, u32)]) -> Adjacency {
        let mut start = vec![0u32; vertices + 1];
        for &(u, v) in edges.iter().filter(|e| e.0 != e.1) {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
        for v in 0..vertices {
            start[v + 1] += start[v];
        }
        let mut next = start.clone();
        let mut list = vec![(0, 0); start[vertices] as usize];
        for (i, &(u, v)) in edges.iter().enumerate().filter(|(_, e)| e.0 != e.1) {
            list[next[u as usize] as usize] = (v, i as u32);
            next[u as usize] += 1;
            list[next[v as usize] as usize] = (u, i as u32);
            next[v as usize] += 1;
        }
        Adjacency { start, list }
    }

    /// The neighbours of `v`, each with the joining edge.
    fn of_vertex(&self, v: usize) -> &[(u32, u32)] {
        &self.list[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// The drawing reduced by the fusion principle to a tree of fused vertices, with its
/// values by the colon principle.
struct Reduction {
    /// The vertices fused into each node; node 0 holds the ground.
    members: Vec<Vec<u32>>,
    /// How many loops each node has after fusion (edges inside it).
    loops: Vec<usize>,
    /// The node below each node and the bridge joining them (none for node 0).
    parent: Vec<Option<(usize, u32)>>,
    /// Nodes from the ground upward: every node after the node below it.
    order: Vec<usize>,
    /// The nimber of everything above each node, the node's loops included.
    value: Vec<Nimber>,
    /// Which edges are bridges.
    bridges: Vec<bool>,
    /// The node of each vertex.
    node_of: Vec<usize>,
    /// The edges inside each node (those fused into loops).
    inner: Vec<Vec<u32>>,
    /// The nodes just above each node, with the bridges to them.
    children: Vec<Vec<(usize, u32)>>,
}

impl Reduction {
    /// The reduction of the edges `edges` on `n` vertices, vertex 0 the ground;
    /// edges not joined to the ground take no part. `stalks[v]`, where given, is the
    /// nimber of stalks standing on vertex v besides the edges.
    fn of(n: usize, edges: &[(u32, u32)], stalks: &[Nimber]) -> Reduction {
        let bridges = bridges(n, edges);
        // Fuse along edges that are not bridges: the 2-edge-connected pieces.
        let adjacency = Adjacency::of(n, edges);
        let mut node_of = vec![usize::MAX; n];
        let mut members = Vec::new();
        for start in 0..n {
            if node_of[start] != usize::MAX {
                continue;
            }
            let node = members.len();
            node_of[start] = node;
            let mut group = vec![start as u32];
            let mut stack = vec![start as u32];
            while let Some(v) = stack.pop() {
                for &(w, e) in adjacency.of_vertex(v as usize) {
                    if !bridges[e as usize] && node_of[w as usize] == usize::MAX {
                        node_of[w as usize] = node;
                        group.push(w);
                        stack.push(w);
                    }
                }
            }
            sort(&mut group);
            members.push(group);
        }
        let nodes = members.len();
        let mut loops = vec![0; nodes];
        let mut inner = vec![Vec::new(); nodes];
        let mut tree = vec![Vec::new(); nodes];
        for (i, &(u, v)) in edges.iter().enumerate() {
            let (a, b) = (node_of[u as usize], node_of[v as usize]);
            if bridges[i] {
                tree[a].push((b, i as u32));
                tree[b].push((a, i as u32));
            } else {
                loops[a] += 1;
                inner[a].push(i as u32);
            }
        }
        let mut parent = vec![None; nodes];
        let mut seen = vec![false; nodes];
        let mut order = vec![0];
        seen[0] = true;
        let mut next = 0;
        while next < order.len() {
            let a = order[next];
            next += 1;
            for &(b, e) in &tree[a] {
                if !seen[b] {
                    seen[b] = true;
                    parent[b] = Some((a, e));
                    order.push(b);
                }
            }
        }
        let mut value: Vec<Nimber> = loops.iter().map(|&l| (l % 2) as Nimber).collect();
        for (v, &stalk) in stalks.iter().enumerate() {
            value[node_of[v]] ^= stalk;
        }
        let mut children = vec![Vec::new(); nodes];
        for &a in order.iter().rev() {
            if let Some((below, bridge)) = parent[a] {
                value[below] ^= value[a] + 1;
                children[below].push((a, bridge));
            }
        }
        Reduction {
            members,
            loops,
            parent,
            order,
            value,
            bridges,
            node_of,
            inner,
            children,
        }
    }

    fn nimber(&self) -> Nimber {
        self.value[0]
    }

    /// The value of node `a` after cutting each edge of its cycle, by edge, where the
    /// node is a single cycle (with loops, and nodes above hanging from its vertices);
    /// empty otherwise. Cutting the k-th edge along the cycle from its root v0 leaves
    /// two paths up from v0, v1 … vk and v(m−1) … v(k+1), each valued by the colon
    /// principle from its top; a run of vertices with nothing hanging from them adds
    /// its length, so a cut costs the vertices with something hanging, not the whole
    /// cycle (a bare cycle of a million edges is linear).
    fn cycle_cuts(&self, edges: &[(u32, u32)], a: usize) -> Vec<(u32, Nimber)> {
        let members = &self.members[a];
        let cycle: Vec<u32> = self.inner[a]
            .iter()
            .copied()
            .filter(|&i| edges[i as usize].0 != edges[i as usize].1)
            .collect();
        let m = members.len();
        if m < 2 || cycle.len() != m {
            return Vec::new();
        }
        let local = |v: u32| members.binary_search(&v).expect("a member of the node");
        // The two cycle edges at each vertex.
        let mut at = vec![Vec::with_capacity(2); m];
        for &i in &cycle {
            let (u, v) = edges[i as usize];
            at[local(u)].push(i);
            at[local(v)].push(i);
        }
        if at.iter().any(|e| e.len() != 2) {
            return Vec::new();
        }
        // What hangs from each vertex: loops (a stalk of one each) and the nodes
        // above, each a stalk of its value plus one.
        let mut hanging = vec![0 as Nimber; m];
        for &i in &self.inner[a] {
            let (u, v) = edges[i as usize];
            if u == v {
                hanging[local(u)] ^= 1;
            }
        }
        let in_a = |(x, y): (u32, u32)| if self.node_of[x as usize] == a { x } else { y };
        for &(child, bridge) in &self.children[a] {
            hanging[local(in_a(edges[bridge as usize]))] ^= self.value[child] + 1;
        }
        let root = self.parent[a].map_or(0, |(_, e)| in_a(edges[e as usize]));
        // Walk the cycle from the root: what hangs from vertex k, and the edge from
        // vertex k to vertex k + 1.
        let mut weight = Vec::with_capacity(m);
        let mut along = Vec::with_capacity(m);
        let (mut v, mut via) = (local(root), u32::MAX);
        for _ in 0..m {
            let e = if at[v][0] != via { at[v][0] } else { at[v][1] };
            weight.push(hanging[v]);
            along.push(e);
            let (x, y) = edges[e as usize];
            v = if local(x) == v { local(y) } else { local(x) };
            via = e;
        }
        let hung: Vec<usize> = (1..m).filter(|&k| weight[k] != 0).collect();
        along
            .iter()
            .enumerate()
            .map(|(k, &e)| {
                let split = hung.partition_point(|&i| i <= k);
                let forward = path_value(k, hung[..split].iter().rev().map(|&i| (i, weight[i])));
                let backward =
                    path_value(m - 1 - k, hung[split..].iter().map(|&i| (m - i, weight[i])));
                (e, weight[0] ^ forward ^ backward)
            })
            .collect()
    }

    /// For every edge, the one node whose value cutting it changes, and its new value.
    fn changes(&self, edges: &[(u32, u32)]) -> Vec<(usize, Nimber)> {
        let mut on_cycles = vec![None; edges.len()];
        for a in 0..self.members.len() {
            for (e, value) in self.cycle_cuts(edges, a) {
                on_cycles[e as usize] = Some((a, value));
            }
        }
        (0..edges.len())
            .map(|cut| on_cycles[cut].unwrap_or_else(|| self.change(edges, cut)))
            .collect()
    }

    /// The one node whose value cutting edge `cut` changes, and its new value.
    fn change(&self, edges: &[(u32, u32)], cut: usize) -> (usize, Nimber) {
        let (u, v) = edges[cut];
        let a = self.node_of[u as usize];
        if u == v {
            (a, self.value[a] ^ 1)
        } else if self.bridges[cut] {
            let b = self.node_of[v as usize];
            let above = if self.parent[a].is_some_and(|(_, e)| e as usize == cut) {
                a
            } else {
                b
            };
            let (below, _) = self.parent[above].expect("a bridge has a node above it");
            (below, self.value[below] ^ (self.value[above] + 1))
        } else {
            (a, self.node_without(edges, a, cut))
        }
    }

    /// For each node, the value it must take for the whole drawing to have nimber
    /// `target` when nothing else changes (`None`: no value will do), from the
    /// ground up: a node's value enters the one below as a stalk of one more.
    fn required(&self, target: Nimber) -> Vec<Option<Nimber>> {
        let mut required = vec![None; self.value.len()];
        required[0] = Some(target);
        for &node in &self.order[1..] {
            let (below, _) = self.parent[node].expect("every node but the ground's");
            required[node] = required[below]
                .and_then(|r| (r ^ self.value[below] ^ (self.value[node] + 1)).checked_sub(1));
        }
        required
    }

    /// The value of node `a` after cutting `cut`, one of its inner edges.
    fn node_without(&self, edges: &[(u32, u32)], a: usize, cut: usize) -> Nimber {
        let in_a = |(x, y): (u32, u32)| if self.node_of[x as usize] == a { x } else { y };
        let root = self.parent[a].map_or(0, |(_, e)| in_a(edges[e as usize]));
        let mut local: rustc_hash::FxHashMap<u32, u32> = Default::default();
        local.insert(root, 0);
        for &m in &self.members[a] {
            let next = local.len() as u32;
            local.entry(m).or_insert(next);
        }
        let rest: Vec<(u32, u32)> = self.inner[a]
            .iter()
            .filter(|&&i| i as usize != cut)
            .map(|&i| {
                let (x, y) = edges[i as usize];
                (local[&x], local[&y])
            })
            .collect();
        let mut stalks = vec![0; local.len()];
        for &(child, bridge) in &self.children[a] {
            stalks[local[&in_a(edges[bridge as usize])] as usize] ^= self.value[child] + 1;
        }
        Reduction::of(local.len(), &rest, &stalks).nimber()
    }
}

/// The value a path of `len` edges adds at the vertex it stands on, given what hangs
/// from its vertices as (height, value) pairs, highest first, the others bare: by the
/// colon principle from the top, a bare edge adding one.
fn path_value(len: usize, hanging: impl Iterator<Item = (usize, Nimber)>) -> Nimber {
    if len == 0 {
        return 0;
    }
    let (mut value, mut height) = (0, len);
    for (at, w) in hanging {
        value = w ^ (value + (height - at) as Nimber);
        height = at;
    }
    value + height as Nimber
}

/// Which edges are bridges (on no cycle), by one depth-first search from every
/// unvisited vertex with an explicit stack; parallel edges are not bridges.
fn bridges(vertices: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let adjacency = Adjacency::of(vertices, edges);
    let mut bridge = vec![false; edges.len()];
    let mut entered = vec![u32::MAX; vertices];
    let mut low = vec![0u32; vertices];
    let mut clock = 0;
    for root in 0..vertices {
        if entered[root] != u32::MAX {
            continue;
        }
        entered[root] = clock;
        low[root] = clock;
        clock += 1;
        // Each frame: vertex, the edge it was entered by, the next neighbour to try.
        let mut stack = vec![(root as u32, u32::MAX, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (v, via, cursor) = *top;
            if let Some(&(w, e)) = adjacency.of_vertex(v as usize).get(cursor) {
                top.2 += 1;
                if e == via {
                    continue;
                }
                if entered[w as usize] == u32::MAX {
                    entered[w as usize] = clock;
                    low[w as usize] = clock;
                    clock += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v as usize] = low[v as usize].min(entered[w as usize]);
                }
                continue;
            }
            stack.pop();
            if let Some(&(u, _, _)) = stack.last() {
                low[u as usize] = low[u as usize].min(low[v as usize]);
                if low[v as usize] > entered[u as usize] {
                    bridge[via as usize] = true;
                }
            }
        }
    }
    bridge
}

/// The nimber of a drawing by the fusion and colon principles.
pub fn nimber_by_fusion(drawing: &Drawing) -> Nimber {
    Reduction::of(drawing.names.len(), &drawing.edges, &[]).nimber()
}

/// The most edges a drawing may have: checked as it is read, before it is built.
pub const MAX_EDGES: usize = 1_000_000;

/// The error for a drawing of more than [`MAX_EDGES`] edges.
fn too_many_edges(what: &str) -> Error {
    too_large!("{what} has more than {MAX_EDGES} edges, more than a drawing may have")
}

/// Reads `g-a,a-b` (or `g` alone, the bare ground) into a drawing, with the edges
/// that have no path to the ground: by the rules they fall away at once, and the
/// drawing is the one without them.
fn parse_edges(text: &str) -> Result<(Drawing, Vec<String>)> {
    let mut names = vec![GROUND.to_string()];
    let mut index: rustc_hash::FxHashMap<String, u32> = rustc_hash::FxHashMap::default();
    index.insert(GROUND.to_string(), 0);
    let mut edges = Vec::new();
    let text = text.trim();
    if text == GROUND {
        return Ok((Drawing { names, edges }, Vec::new()));
    }
    if text.split(',').nth(MAX_EDGES).is_some() {
        return Err(too_many_edges("the drawing"));
    }
    for token in text.split(',').map(str::trim) {
        let Some((a, b)) = token.split_once('-') else {
            return Err(invalid!(
                "'{token}' is not an edge: write two vertices joined by '-', e.g. g-a"
            ));
        };
        let mut vertex = |name: &str| -> Result<u32> {
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return Err(invalid!(
                    "'{token}' is not an edge: vertex names are letters, digits and '_'"
                ));
            }
            Ok(match index.get(name) {
                Some(&i) => i,
                None => {
                    names.push(name.to_string());
                    index.insert(name.to_string(), names.len() as u32 - 1);
                    names.len() as u32 - 1
                }
            })
        };
        let (u, v) = (vertex(a)?, vertex(b)?);
        edges.push((u.min(v), u.max(v)));
    }
    let reached = reached_from_ground(names.len(), &edges);
    let fallen = edges
        .iter()
        .filter(|e| !reached[e.0 as usize])
        .map(|&(u, v)| format!("{}-{}", names[u as usize], names[v as usize]))
        .collect();
    Ok((Drawing::rooted(&names, edges.into_iter()), fallen))
}

/// Bamboo stalks `3,4,5`: numbered vertices, each stalk standing on the ground.
fn stalks(text: &str) -> Result<Drawing> {
    let mut edges = Vec::new();
    let mut vertices = 1u32;
    let mut total = 0usize;
    for token in text.split(',').map(str::trim) {
        let height: u32 = token.parse().map_err(|_| {
            invalid!("'{token}' is not a stalk height: expected a whole number such as 3")
        })?;
        total = total.saturating_add(height as usize);
        if total > MAX_EDGES {
            return Err(too_many_edges(&format!("'stalks:{text}'")));
        }
        let mut below = 0;
        for _ in 0..height {
            edges.push((below, vertices));
            below = vertices;
            vertices += 1;
        }
    }
    Ok(numbered(vertices, edges))
}

/// A tree of nested parentheses: each pair is an edge, with what it holds above it.
fn tree(text: &str) -> Result<Drawing> {
    let mut edges = Vec::new();
    let mut vertices = 1u32;
    let mut path = vec![0u32];
    if text.matches('(').nth(MAX_EDGES).is_some() {
        return Err(too_many_edges(&format!("'tree:{text}'")));
    }
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '(' => {
                edges.push((*path.last().expect("the ground stays"), vertices));
                path.push(vertices);
                vertices += 1;
            }
            ')' if path.len() > 1 => {
                path.pop();
            }
            ')' => return Err(invalid!("tree '{text}' closes a ')' that was never opened")),
            _ => {
                return Err(invalid!(
                    "tree '{text}' has '{c}': write edges as nested parentheses, e.g. tree:(()())"
                ))
            }
        }
    }
    if path.len() > 1 {
        return Err(invalid!("tree '{text}' leaves a '(' unclosed"));
    }
    Ok(numbered(vertices, edges))
}

/// A drawing with vertices named by number, the ground `g`.
fn numbered(vertices: u32, edges: Vec<(u32, u32)>) -> Drawing {
    let mut names = vec![GROUND.to_string()];
    names.extend((1..vertices).map(|v| v.to_string()));
    Drawing::rooted(&names, edges.into_iter())
}

/// Reads the file at `path` as a position, its comments dropped and lines joined.
fn from_file(path: &str) -> Result<(Drawing, Vec<String>)> {
    let bytes = files::read(path, files::MAX_TEXT_FILE, "a Hackenbush drawing")
        .map_err(|e| Error::io(path, e))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| invalid!("Hackenbush file '{path}' is not UTF-8 text"))?;
    let joined: Vec<&str> = text
        .lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
        .collect();
    if joined.is_empty() {
        return Err(invalid!("Hackenbush file '{path}' has no edges"));
    }
    let joined = joined.join(",");
    if joined.starts_with('@') {
        return Err(invalid!(
            "Hackenbush file '{path}' names another file: a file holds the drawing itself"
        ));
    }
    read(&joined)
}

fn parse_position(text: &str) -> Result<Drawing> {
    read(text).map(|(drawing, _)| drawing)
}

/// Reads a position in any of its forms, with the edges that fell away in reading
/// it (those not joined to the ground).
fn read(text: &str) -> Result<(Drawing, Vec<String>)> {
    let text = text.trim();
    if let Some(path) = text.strip_prefix('@') {
        from_file(path.trim())
    } else if let Some(heights) = text.strip_prefix("stalks:") {
        Ok((stalks(heights)?, Vec::new()))
    } else if let Some(shape) = text.strip_prefix("tree:") {
        Ok((tree(shape)?, Vec::new()))
    } else if text.is_empty() {
        Err(invalid!(
            "expected edges such as g-a,a-b (or stalks:3,4, tree:(()()), @FILE), found nothing"
        ))
    } else {
        parse_edges(text)
    }
}

impl Game for Hackenbush {
    type Position = Drawing;

    fn moves(&self, p: &Drawing, out: &mut Vec<Drawing>) -> Result<()> {
        let mut seen = rustc_hash::FxHashSet::default();
        for (i, &e) in p.edges.iter().enumerate() {
            if seen.insert(e) {
                out.push(p.without(i));
            }
        }
        Ok(())
    }

    /// The plants: the parts that meet only at the ground.
    fn components(&self, p: &Drawing, out: &mut Vec<Drawing>) -> Result<()> {
        let n = p.names.len();
        let mut plant = vec![usize::MAX; n];
        let mut plants = 0;
        let adjacency = Adjacency::of(n, &p.edges);
        for start in 1..n {
            if plant[start] != usize::MAX {
                continue;
            }
            plant[start] = plants;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for &(w, _) in adjacency.of_vertex(v) {
                    if w != 0 && plant[w as usize] == usize::MAX {
                        plant[w as usize] = plants;
                        stack.push(w as usize);
                    }
                }
            }
            plants += 1;
        }
        let mut parts: Vec<Vec<(u32, u32)>> = vec![Vec::new(); plants];
        for &e in &p.edges {
            match e {
                (0, 0) => out.push(Drawing::rooted(&p.names, std::iter::once(e))),
                (_, v) => parts[plant[v as usize]].push(e),
            }
        }
        out.extend(
            parts
                .into_iter()
                .map(|edges| Drawing::rooted(&p.names, edges.into_iter())),
        );
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Drawing> {
        parse_position(text)
    }

    fn format_position(&self, p: &Drawing) -> String {
        if p.edges.is_empty() {
            return GROUND.into();
        }
        let edges: Vec<String> = p.edges.iter().map(|&e| p.edge_name(e)).collect();
        edges.join(",")
    }

    fn describe_move(&self, from: &Drawing, to: &Drawing) -> Result<String> {
        // The cut edge is gone from `to` and touches the ground or a vertex left.
        let left: rustc_hash::FxHashSet<&str> = to.names.iter().map(String::as_str).collect();
        let mut remaining: rustc_hash::FxHashMap<String, usize> = Default::default();
        for &e in &to.edges {
            *remaining.entry(to.edge_name(e)).or_default() += 1;
        }
        let mut gone = Vec::new();
        for (i, &e) in from.edges.iter().enumerate() {
            match remaining.get_mut(&from.edge_name(e)) {
                Some(count) if *count > 0 => *count -= 1,
                _ => gone.push(i),
            }
        }
        let touches_what_is_left = |i: &usize| {
            let (u, v) = from.edges[*i];
            left.contains(from.names[u as usize].as_str())
                || left.contains(from.names[v as usize].as_str())
        };
        let cut = gone
            .into_iter()
            .filter(touches_what_is_left)
            .find(|&i| from.without(i) == *to);
        Ok(match cut {
            Some(i) => {
                let fallen = from.edges.len() - 1 - to.edges.len();
                let cut = from.edge_name(from.edges[i]);
                match fallen {
                    0 => format!("cut the edge {cut}"),
                    1 => format!("cut the edge {cut} (1 more edge falls)"),
                    n => format!("cut the edge {cut} ({n} more edges fall)"),
                }
            }
            None => format!("move to {}", self.format_position(to)),
        })
    }

    fn why_illegal(&self, from: &Drawing, to: &Drawing) -> String {
        if to.edges.len() >= from.edges.len() {
            return format!(
                "a move cuts an edge, so {} edges must become fewer",
                from.edges.len()
            );
        }
        format!(
            "cutting one edge of {} and dropping what falls never gives {}",
            self.format_position(from),
            self.format_position(to)
        )
    }

    fn capabilities(&self) -> Capabilities<'_, Drawing> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            notes: Some(self),
            ..Capabilities::default()
        }
    }
}

impl ReadingNotes for Hackenbush {
    fn notes(&self, text: &str) -> Vec<String> {
        let fallen = read(text).map(|(_, fallen)| fallen).unwrap_or_default();
        match fallen.len() {
            0 => Vec::new(),
            1 => vec![format!(
                "edge {} is not joined to the ground, so it falls away at once",
                fallen[0]
            )],
            _ => vec![format!(
                "edges {} are not joined to the ground, so they fall away at once",
                fallen.join(", ")
            )],
        }
    }
}

impl Theory<Drawing> for Hackenbush {
    fn theorem(&self, _play: Play) -> &'static str {
        "the colon and fusion principles"
    }

    fn nimber(&self, p: &Drawing) -> Option<Nimber> {
        Some(nimber_by_fusion(p))
    }
    fn nim_heap(&self, p: &Drawing) -> Option<u64> {
        // A single stalk: a path up from the ground, or nothing.
        let mut end = 0;
        for &(u, v) in &p.edges {
            if u != end || v == u {
                return None;
            }
            end = v;
        }
        let distinct = p.edges.windows(2).all(|w| w[0].1 < w[1].1);
        distinct.then_some(p.edges.len() as u64)
    }
    /// Every cut to nimber `target`, in linear time: the value each node must take
    /// is found from the ground up, and each cut changes one node's value.
    fn moves_to_nimber(&self, p: &Drawing, target: Nimber) -> Option<Vec<Drawing>> {
        let reduction = Reduction::of(p.names.len(), &p.edges, &[]);
        let required = reduction.required(target);
        let changes = reduction.changes(&p.edges);
        let mut seen = rustc_hash::FxHashSet::default();
        let mut cuts = Vec::new();
        for (i, &e) in p.edges.iter().enumerate() {
            if seen.insert(e) {
                let (node, new) = changes[i];
                if required[node] == Some(new) {
                    cuts.push(i);
                }
            }
        }
        if (cuts.len() as u64).saturating_mul(p.edges.len() as u64) > THEORY_LISTS {
            return None;
        }
        Some(cuts.into_iter().map(|i| p.without(i)).collect())
    }
    fn explain_nimber(&self, p: &Drawing) -> Option<Vec<String>> {
        Some(explain_reduction(p))
    }
}

impl Size<Drawing> for Hackenbush {
    fn weight(&self, p: &Drawing) -> u64 {
        p.edges.len() as u64
    }

    fn count_moves(&self, p: &Drawing) -> Option<u64> {
        Some(p.edges.len() as u64)
    }

    /// Each edge is kept or gone: 2 to the power of the edges.
    fn count_positions(&self, p: &Drawing) -> Option<u64> {
        Some(1u64.checked_shl(p.edges.len() as u32).unwrap_or(u64::MAX))
    }
}

impl Picture<Drawing> for Hackenbush {
    fn draw(&self, p: &Drawing, _history: &[Drawing]) -> Result<Picturing> {
        if p.edges.len() > DRAWN_EDGES {
            return Err(too_large!(
                "a drawing of {} edges is too large to draw: at most {} edges",
                crate::notation::count(p.edges.len() as u64),
                crate::notation::count(DRAWN_EDGES as u64)
            ));
        }
        Ok(draw(p, p.edges.len() <= LISTED_EDGES))
    }

    /// A click on an edge (`cut{i}`) cuts it.
    fn marking(&self, p: &Drawing, marks: &[String]) -> Result<Marking<Drawing>> {
        if p.edges.len() <= LISTED_EDGES {
            return Ok(self.draw(p, &[])?.marking(marks));
        }
        let cut = match marks {
            [id] => id.strip_prefix("cut").and_then(|i| i.parse::<usize>().ok()),
            _ => None,
        };
        let exact = match cut.filter(|&i| i < p.edges.len()) {
            Some(i) => vec![cutting(p, i)],
            None => Vec::new(),
        };
        Ok(Marking {
            exact,
            more: Vec::new(),
        })
    }

    /// The edge whose cut leaves `to`: one of the edges `to` lacks.
    fn leading(&self, p: &Drawing, to: &Drawing) -> Result<Option<Marked<Drawing>>> {
        if p.edges.len() <= LISTED_EDGES {
            return Ok(self.draw(p, &[])?.move_to(to));
        }
        let kept: std::collections::HashSet<String> =
            to.edges.iter().map(|&e| to.edge_name(e)).collect();
        Ok((0..p.edges.len())
            .filter(|&i| !kept.contains(&p.edge_name(p.edges[i])))
            .find(|&i| p.without(i) == *to)
            .map(|i| cutting(p, i)))
    }
}

/// The move that cuts edge `i` of `p`, as a click on its picture makes it.
fn cutting(p: &Drawing, i: usize) -> Marked<Drawing> {
    let after = p.without(i);
    let words = Hackenbush
        .describe_move(p, &after)
        .unwrap_or_else(|_| format!("cut the edge {}", p.edge_name(p.edges[i])));
    Marked {
        marks: vec![format!("cut{i}")],
        lit: vec![format!("edge{i}")],
        to: after,
        words,
    }
}

/// The fusion and colon principles applied to `p`, step by step.
fn explain_reduction(p: &Drawing) -> Vec<String> {
    let r = Reduction::of(p.names.len(), &p.edges, &[]);
    let node_name = |a: usize| -> String {
        let names: Vec<&str> = r.members[a]
            .iter()
            .map(|&v| p.names[v as usize].as_str())
            .collect();
        match names[..] {
            [one] => one.to_string(),
            _ => format!("{{{}}}", names.join(",")),
        }
    };
    let mut out = Vec::new();
    for &a in &r.order {
        if r.members[a].len() > 1 {
            out.push(format!(
                "fusion: {} lie on cycles and fuse into one vertex; their {} edges become loops",
                node_name(a),
                r.loops[a]
            ));
        }
    }
    let children = &r.children;
    for &a in r.order.iter().rev() {
        if children[a].is_empty() && r.loops[a] == 0 {
            continue;
        }
        let mut terms = Vec::new();
        match r.loops[a] {
            0 => {}
            1 => terms.push("1 loop (a stalk of 1) gives 1".to_string()),
            n => terms.push(format!("{n} loops (stalks of 1) give {}", n % 2)),
        }
        for &(c, bridge) in &children[a] {
            terms.push(format!(
                "{} with {} above it is a stalk of {}",
                p.edge_name(p.edges[bridge as usize]),
                r.value[c],
                r.value[c] + 1
            ));
        }
        out.push(format!(
            "colon principle at {}: {}; XOR: {}",
            node_name(a),
            terms.join("; "),
            r.value[a]
        ));
    }
    if out.is_empty() {
        out.push("no edge: nimber 0".into());
    }
    out
}

/// The most edges a picture lists the moves of: each edge carries the drawing its
/// cut leaves, so such a picture grows with the square of its edges. Past them its
/// moves are asked for by their marks, up to [`DRAWN_EDGES`].
const LISTED_EDGES: usize = 500;
/// See [`LISTED_EDGES`].
const DRAWN_EDGES: usize = 5_000;

/// An SVG picture: the ground a brown line, vertices in rows by their distance from
/// the ground, edges green (loops as small circles, parallel edges curved). Each edge
/// carries the drawing left by cutting it (`data-move`), for front ends that play by
/// clicking the picture.
/// The drawing of `p`: the ground at the bottom, each vertex above it by its
/// distance from the ground, each edge a line (a curve where edges are parallel, a
/// circle for a loop); a click on an edge cuts it. Where `listed`, each edge
/// carries the drawing its cut leaves and the moves are listed; otherwise they are
/// asked for by their marks.
fn draw(p: &Drawing, listed: bool) -> Picturing {
    const STEP: f64 = 60.0;
    let n = p.names.len();
    let adjacency = Adjacency::of(n, &p.edges);
    let mut level = vec![usize::MAX; n];
    level[0] = 0;
    let mut order = vec![0usize];
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &(w, _) in adjacency.of_vertex(v) {
            if level[w as usize] == usize::MAX {
                level[w as usize] = level[v] + 1;
                order.push(w as usize);
            }
        }
    }
    let levels = order.iter().map(|&v| level[v]).max().unwrap_or(0);
    let mut rows = vec![Vec::new(); levels + 1];
    for &v in &order[1..] {
        rows[level[v]].push(v);
    }
    let widest = rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let width = STEP * (widest as f64 + 1.0);
    let height = STEP * (levels as f64 + 1.5);
    let ground_y = height - STEP * 0.5;
    let mut at = vec![(0.0, 0.0); n];
    for (depth, row) in rows.iter().enumerate() {
        for (i, &v) in row.iter().enumerate() {
            let x = width * (i as f64 + 1.0) / (row.len() as f64 + 1.0);
            at[v] = (x, ground_y - STEP * depth as f64);
        }
    }
    let mut d = Picturing::new(
        width,
        height,
        "",
        "click an edge to cut it; whatever is no longer joined to the ground falls",
    );
    d.add(Shape::line(
        (0.0, ground_y),
        (width, ground_y),
        false,
        Paint::line("#8b5a2b", 6.0),
        "ground",
    ));
    let mut seen: Vec<(u32, u32)> = Vec::new();
    let mut offers = Vec::new();
    d.on_request = !listed;
    for (i, &(u, v)) in p.edges.iter().enumerate() {
        let name = p.edge_name((u, v));
        let copies = seen.iter().filter(|&&e| e == (u, v)).count() as f64;
        seen.push((u, v));
        // The ground meets an edge straight below the vertex.
        let (a, b) = if u == 0 {
            let b = at[v as usize];
            ((b.0, ground_y), b)
        } else {
            (at[u as usize], at[v as usize])
        };
        let edge = if u == v {
            let r = 10.0 + 6.0 * copies;
            Shape::circle(a.0, a.1 - r, r, EDGE, "edge")
        } else {
            let bend = if copies == 0.0 {
                0.0
            } else {
                let side = if copies as u32 % 2 == 1 { 1.0 } else { -1.0 };
                side * 18.0 * copies.div_euclid(2.0).max(1.0)
            };
            let (mx, my) = ((a.0 + b.0) / 2.0 + bend, (a.1 + b.1) / 2.0);
            Shape::path(
                format!(
                    "M {:.1} {:.1} Q {mx:.1} {my:.1} {:.1} {:.1}",
                    a.0, a.1, b.0, b.1
                ),
                EDGE,
                "edge",
            )
        };
        let (seen_id, hit_id) = (format!("edge{i}"), format!("cut{i}"));
        // A wide band along each edge is easier to hit with a finger.
        // (A loop is hit anywhere inside it too.)
        let band = match u == v {
            true => Paint::new("transparent", "transparent", 16.0),
            false => Paint::line("transparent", 16.0),
        };
        let mut hit = edge
            .clone()
            .styled(band, "edge-hit")
            .named(&hit_id, format!("cut the edge {name}"))
            .with("edge", &name);
        let mut edge = edge.with("edge", &name).identified(&seen_id);
        if listed {
            let cut = cutting(p, i);
            let moved = Hackenbush.format_position(&cut.to);
            edge = edge.with("move", &moved);
            hit = hit.with("move", &moved);
            offers.push(cut);
        }
        d.add(edge);
        d.add(hit);
    }
    for &v in &order[1..] {
        let (x, y) = at[v];
        d.add(Shape::circle(x, y, 4.0, Paint::fill("black"), "vertex"));
        d.add(Shape::text(
            x + 7.0,
            y - 5.0,
            p.names[v].clone(),
            Anchor::Start,
            12.0,
        ));
    }
    for Marked {
        marks,
        lit,
        to,
        words,
    } in offers
    {
        d.offer(marks, lit, to, words);
    }
    d
}

/// How an edge is drawn.
const EDGE: Paint = Paint::line("#2e8b57", 3.0);

/// A picture of a Hackenbush drawing.
type Picturing = crate::Drawing<Drawing>;

/// The registry entry of `hackenbush`.
pub const FAMILY: Family = Family::game(
    "hackenbush",
    "Green Hackenbush: cut an edge; what loses touch with the ground g falls",
    |_| Ok(GameBox::new("hackenbush", Hackenbush)),
)
.with_start("Hackenbush", "hackenbush g-a,a-b,a-c,c-c,g-d,d-e,e-g");

#[cfg(test)]
mod tests {
    use super::*;

    fn nimber(text: &str) -> Nimber {
        nimber_by_fusion(&parse_position(text).unwrap())
    }

    #[test]
    fn stalks_trees_and_cycles_by_the_principles() {
        assert_eq!(nimber("stalks:3"), 3);
        assert_eq!(nimber("stalks:3,4,5"), 3 ^ 4 ^ 5);
        // A vertex with two leaves: 1 XOR 1 = 0, so the whole is a stalk of 1.
        assert_eq!(nimber("tree:(()())"), 1);
        // A triangle on the ground: fused, three loops: nimber 1.
        assert_eq!(nimber("g-a,a-b,b-g"), 1);
        // A loop on a stalk of one: a stalk of 1 under a loop (1) is a stalk of 2.
        assert_eq!(nimber("g-a,a-a"), 2);
        // Two parallel edges to a: fused into the ground as two loops: 0.
        assert_eq!(nimber("g-a,g-a"), 0);
    }

    #[test]
    fn cutting_drops_what_falls() {
        let d = parse_position("g-a,a-b,b-c,a-d").unwrap();
        assert_eq!(d.without(1).edges.len(), 2);
        assert_eq!(d.without(0), parse_position("g").unwrap());
    }

    /// Past 500 edges a picture lists no moves (each would carry a drawing of
    /// hundreds of edges): a click on an edge asks for its cut, up to 5,000 edges.
    #[test]
    fn a_drawing_of_thousands_of_edges_is_cut_by_asking_for_each_edge() {
        let broom = |leaves: usize| {
            let edges: Vec<String> = (0..leaves).map(|i| format!("a-b{i}")).collect();
            parse_position(&format!("g-a,{}", edges.join(","))).unwrap()
        };
        let p = broom(2_000);
        let d = Hackenbush.draw(&p, &[]).unwrap();
        assert!(d.on_request && d.moves.is_empty() && !d.svg().contains("data-move"));
        let m = Hackenbush.marking(&p, &["cut5".into()]).unwrap();
        assert_eq!(m.exact.len(), 1);
        assert_eq!(m.exact[0].to, p.without(5));
        assert_eq!(m.exact[0].lit, ["edge5"]);
        assert_eq!(
            m.exact[0].words,
            Hackenbush.describe_move(&p, &p.without(5)).unwrap()
        );
        let led = Hackenbush.leading(&p, &p.without(0)).unwrap().unwrap();
        assert_eq!(led.marks, ["cut0"]);
        assert!(Hackenbush
            .marking(&p, &["cut2001".into()])
            .unwrap()
            .exact
            .is_empty());
        assert!(Hackenbush.draw(&broom(5_000), &[]).is_err());
    }

    #[test]
    fn each_edge_of_the_picture_carries_the_drawing_left_by_cutting_it() {
        let d = draw(&parse_position("g-a,a-b,a-a").unwrap(), true);
        let svg = d.svg();
        assert!(svg.contains(r#"data-edge="g-a" data-move="g""#), "{svg}");
        assert!(
            svg.contains(r#"data-edge="a-b" data-move="g-a,a-a""#),
            "{svg}"
        );
        assert!(
            svg.contains(r#"data-edge="a-a" data-move="g-a,a-b""#),
            "{svg}"
        );
        // A click on the band along an edge cuts it, lighting the edge.
        // (The edges in order: g-a, a-a, a-b.)
        let cut = d.moves.iter().find(|m| m.marks == ["cut2"]).unwrap();
        assert_eq!(cut.lit, ["edge2"]);
        assert_eq!(cut.words, "cut the edge a-b");
    }

    #[test]
    fn bad_drawings_are_refused() {
        let err = |t: &str| parse_position(t).unwrap_err().to_string();
        // Edges not joined to the ground are no refusal: they fall away, with a note.
        assert_eq!(
            parse_position("g-a,b-c,c-b").unwrap(),
            parse_position("g-a").unwrap()
        );
        assert_eq!(
            Hackenbush.notes("g-a,b-c,c-b"),
            ["edges b-c, b-c are not joined to the ground, so they fall away at once"]
        );
        assert!(Hackenbush.notes("g-a").is_empty());
        assert!(err("g-a,ab").contains("'ab'"));
        assert!(err("tree:(()").contains("unclosed"));
        assert!(err("stalks:3,x").contains("'x'"));
    }
}
