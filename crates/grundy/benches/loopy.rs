//! Generalised Sprague–Grundy values at scale: a random graph of 10^6 vertices and
//! 5·10^6 edges (cycles everywhere) is labelled with γ, and the same graph written
//! as a graph file is read back; each step prints its time and the process's peak
//! memory (VmHWM of /proc/self/status). Run with
//! `cargo bench -p grundy --bench loopy` (add `-- VERTICES EDGES` for another size).

use std::fmt::Write as _;
use std::time::Instant;

use grundy::games::Graph;
use grundy::solve::loopy::{self, Builder};
use grundy::Outcome;

/// The process's peak resident memory, in MiB, where Linux reports it.
fn peak_mib() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or("unknown".into(), |kb| format!("{} MiB", kb / 1024))
}

/// A random graph of `n` vertices and `edges` edges (each vertex a random number of
/// followers, `edges / n` on average), as follower lists, from a fixed seed. With
/// `downhill`, 249 edges in 250 go to a vertex of smaller number (and the others
/// anywhere), so that many vertices get finite values, over more rounds.
fn random_lists(n: usize, edges: usize, downhill: bool) -> Vec<Vec<u32>> {
    let mut state = 0x5eed_u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut lists = vec![Vec::new(); n];
    let mut placed = 0;
    while placed < edges {
        let v = next() % n;
        let w = match downhill && next() % 250 != 0 {
            // Vertex 0 has no smaller vertex: it keeps only the other edges.
            true if v == 0 => continue,
            true => next() % v,
            false => next() % n,
        };
        lists[v].push(w as u32);
        placed += 1;
    }
    lists
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (n, edges) = match args[..] {
        [n, e, ..] => (n, e),
        _ => (1_000_000, 5_000_000),
    };
    for (kind, downhill) in [("uniform", false), ("mostly downhill", true)] {
        let lists = random_lists(n, edges, downhill);
        let mut builder = Builder::with_capacity(n, edges).expect("the graph fits");
        for list in &lists {
            builder.push_vertex(list);
        }
        let graph = builder.finish();
        let start = Instant::now();
        let labels = loopy::label(&graph, &grundy::Budget::unlimited()).expect("no stop is asked");
        let time = start.elapsed();
        let gammas = labels.all(&graph);
        let infinite = gammas.iter().filter(|g| g.finite().is_none()).count();
        let largest = gammas.iter().filter_map(|g| g.finite()).max().unwrap_or(0);
        let draws = gammas.iter().filter(|g| g.outcome() == Outcome::D).count();
        println!(
            "γ of {n} vertices, {edges} edges ({kind}): {:.2} s; {infinite} infinite ({draws} draws), largest finite {largest}; peak memory {}",
            time.as_secs_f64(),
            peak_mib()
        );
    }
    let lists = random_lists(n, edges, false);

    // The reader at a quarter of the size and at the full size: linear time shows as
    // the same time per line.
    for lines in [n / 4, n] {
        let text = graph_file(&lists[..lines], lines);
        let start = Instant::now();
        let read = Graph::parse(&text, "generated", usize::MAX).expect("the generated file reads");
        let time = start.elapsed();
        println!(
            "graph file of {} MiB ({} vertices) read in {:.2} s ({:.2} µs a line); peak memory {}",
            text.len() >> 20,
            read.names().len(),
            time.as_secs_f64(),
            time.as_secs_f64() * 1e6 / lines as f64,
            peak_mib()
        );
    }
}

/// The first `lines` vertices of a graph as a graph file, vertex v named `v{v}`; a
/// follower beyond them is folded back among them.
fn graph_file(lists: &[Vec<u32>], lines: usize) -> String {
    let mut text =
        String::with_capacity(lists.iter().map(Vec::len).sum::<usize>() * 9 + lines * 12);
    for (v, list) in lists.iter().enumerate() {
        write!(text, "v{v} ->").expect("a String takes any text");
        for &w in list {
            write!(text, " v{}", w as usize % lines).expect("a String takes any text");
        }
        text.push('\n');
    }
    text
}
