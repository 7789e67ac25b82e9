//! Generalised Sprague–Grundy values against brute force, on thousands of random
//! small graphs with cycles.
//!
//! - Smith's local conditions vertex by vertex (C. A. B. Smith, "Graphs and
//!   composite games", 1966; A. S. Fraenkel and Y. Yesha, JCTA 43, 1986): a finite
//!   m has no option of value m and options of every value below m, and every
//!   option of larger or infinite value has an option of value m; ∞(K) lists the
//!   finite values of its options; and the outcome read from γ is Ferguson's label.
//! - What the values are for: the outcome of a sum of two or three random graphs and
//!   a Nim heap by Smith's rule (through the solver, part by part) equals the
//!   retrograde labelling of the product graph, draws included, and so do its
//!   winning moves and the moves that keep a draw.

use std::collections::BTreeSet;

use grundy::games::{Graph, Nim};
use grundy::solve::loopy::{self, Digraph};
use grundy::solve::{retrograde, GameBox, Solver, Sum};
use grundy::Budget;
use grundy::{Gamma, Outcome, Play};
use proptest::prelude::*;

/// A random graph of 1 to `max` vertices, each with a random set of followers
/// (itself allowed: a loop).
fn graph(max: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1..=max).prop_flat_map(|n| {
        proptest::collection::vec(proptest::collection::vec(any::<bool>(), n), n).prop_map(|rows| {
            rows.iter()
                .map(|row| (0..row.len() as u32).filter(|&w| row[w as usize]).collect())
                .collect()
        })
    })
}

/// The graph as a graph file, vertex v named `v{v}`.
fn graph_text(lists: &[Vec<u32>]) -> String {
    let mut text = String::new();
    for (v, list) in lists.iter().enumerate() {
        let followers: Vec<String> = list.iter().map(|w| format!("v{w}")).collect();
        text += &format!("v{v} -> {}\n", followers.join(" "));
    }
    text
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Checks Smith's conditions at every vertex of `lists` labelled `gammas`.
fn smiths_conditions(lists: &[Vec<u32>], gammas: &[Gamma]) -> std::result::Result<(), String> {
    let finite = |w: u32| gammas[w as usize].finite();
    for (v, list) in lists.iter().enumerate() {
        let values: BTreeSet<u64> = list.iter().filter_map(|&w| finite(w)).collect();
        match &gammas[v] {
            Gamma::Finite(m) => {
                if values.contains(m) {
                    return Err(format!("v{v} = {m} has an option of value {m}"));
                }
                if let Some(j) = (0..*m).find(|j| !values.contains(j)) {
                    return Err(format!("v{v} = {m} has no option of value {j}"));
                }
                for &w in list {
                    let larger = finite(w).is_none_or(|g| g > *m);
                    let reversible = lists[w as usize].iter().any(|&x| finite(x) == Some(*m));
                    if larger && !reversible {
                        return Err(format!(
                            "v{v} = {m}: option v{w} has no option of value {m}"
                        ));
                    }
                }
            }
            Gamma::Infinite { infinite } => {
                if infinite.iter().copied().collect::<BTreeSet<u64>>() != values {
                    return Err(format!("v{v}: K is not its options' finite values"));
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn every_vertex_meets_smiths_conditions_and_ferguson_agrees(lists in graph(9)) {
        let graph = Digraph::from_lists(&lists).unwrap();
        let gammas = loopy::label(&graph, &Budget::unlimited()).unwrap().all(&graph);
        prop_assert_eq!(smiths_conditions(&lists, &gammas), Ok(()));
        let outcomes: Vec<Outcome> = gammas.iter().map(Gamma::outcome).collect();
        prop_assert_eq!(outcomes, retrograde::label(&graph, Play::Normal));
    }
}

/// Positions of a sum: one vertex of each graph, then the Nim heap.
type State = Vec<u32>;

/// The product graph of `graphs` and a Nim heap of at most `heap` chips: every state,
/// its index, and the followers of each.
fn product(graphs: &[Vec<Vec<u32>>], heap: u32) -> (Vec<State>, Digraph) {
    let mut sizes: Vec<u32> = graphs.iter().map(|g| g.len() as u32).collect();
    sizes.push(heap + 1);
    let index = |s: &State| s.iter().zip(&sizes).fold(0, |i, (&x, &n)| i * n + x);
    let mut states: Vec<State> = vec![Vec::new()];
    for &n in &sizes {
        states = states
            .into_iter()
            .flat_map(|s| {
                (0..n).map(move |x| {
                    let mut s = s.clone();
                    s.push(x);
                    s
                })
            })
            .collect();
    }
    let lists: Vec<Vec<u32>> = states
        .iter()
        .map(|s| {
            let mut followers = Vec::new();
            for (i, g) in graphs.iter().enumerate() {
                for &w in &g[s[i] as usize] {
                    let mut t = s.clone();
                    t[i] = w;
                    followers.push(index(&t));
                }
            }
            let h = graphs.len();
            for k in 0..s[h] {
                let mut t = s.clone();
                t[h] = k;
                followers.push(index(&t));
            }
            followers
        })
        .collect();
    (states, Digraph::from_lists(&lists).unwrap())
}

/// The state a solver's position stands for.
fn state_of(solver: &Solver, sum: &Sum) -> State {
    sum.0
        .iter()
        .map(|&part| {
            let text = solver.format_position(part);
            text.trim_start_matches('v').parse().unwrap()
        })
        .collect()
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn sums_by_smiths_rule_match_the_product_graph(
        graphs in proptest::collection::vec(graph(5), 2..=3),
        heap in 0u32..4,
    ) {
        let (states, product) = product(&graphs, heap);
        let labels = retrograde::label(&product, Play::Normal);
        let mut solver = Solver::new(Budget::default().with_positions(100_000));
        let ids: Vec<u32> = graphs
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let graph = Graph::parse(&graph_text(g), "random", 1000).unwrap();
                solver.add(GameBox::new(format!("graph:g{i}"), graph))
            })
            .collect();
        let nim = solver.add(GameBox::new("nim", Nim));
        for (s, state) in states.iter().enumerate() {
            let mut parts: Vec<_> = ids
                .iter()
                .zip(state)
                .map(|(&g, v)| solver.parse_part(g, &format!("v{v}")).unwrap())
                .collect();
            parts.push(solver.parse_part(nim, &state[ids.len()].to_string()).unwrap());
            let sum = Sum(parts);
            let outcome = solver.value(&sum, Play::Normal).unwrap().outcome;
            prop_assert_eq!(outcome, labels[s], "{}", solver.format(&sum));
            prop_assert_eq!(solver.gamma(&sum).unwrap().outcome(), labels[s]);
            let winning: BTreeSet<State> = solver
                .winning_moves(&sum, Play::Normal)
                .unwrap()
                .iter()
                .map(|m| state_of(&solver, m))
                .collect();
            let expected: BTreeSet<State> = product
                .followers(s as u32)
                .iter()
                .filter(|&&t| labels[t as usize] == Outcome::P)
                .map(|&t| states[t as usize].clone())
                .collect();
            prop_assert_eq!(winning, expected, "{}", solver.format(&sum));
            if labels[s] == Outcome::D {
                for m in solver.moves(&sum).unwrap() {
                    let t = states.iter().position(|x| *x == state_of(&solver, &m)).unwrap();
                    let kept = solver.value(&m, Play::Normal).unwrap().outcome == Outcome::D;
                    prop_assert_eq!(kept, labels[t] == Outcome::D);
                }
            }
        }
    }
}

/// The γ value of a SPEC through the solver (part by part, Smith's rule).
fn gamma_of(solver: &mut Solver, spec: &str) -> Gamma {
    let sum = grundy::spec::parse(spec, solver).unwrap();
    solver.gamma(&sum).unwrap()
}

#[test]
fn square_but_one_has_the_published_outcomes() {
    // Mathstrek, "Combinatorial Game Theory V" (2012): 0 and 5 are the P-positions,
    // the squares and the squares plus 5 the N-positions, and every other heap a draw.
    let mut solver = Solver::new(Budget::default().with_positions(1_000_000));
    for n in 0..=400u64 {
        let square = |k: u64| k.isqrt() * k.isqrt() == k;
        let expected = match n {
            0 | 5 => Outcome::P,
            _ if square(n) || (n >= 5 && square(n - 5)) => Outcome::N,
            _ => Outcome::D,
        };
        let outcome = gamma_of(&mut solver, &format!("square-but-one {n}")).outcome();
        assert_eq!(outcome, expected, "heap {n}");
    }
}

/// The graph of one heap of at most `top` chips under `moves`, labelled directly.
fn heap_gammas(top: u64, moves: impl Fn(u64) -> Vec<u64>) -> Vec<Gamma> {
    let lists: Vec<Vec<u32>> = (0..=top)
        .map(|h| moves(h).into_iter().map(|m| m as u32).collect())
        .collect();
    let graph = Digraph::from_lists(&lists).unwrap();
    loopy::label(&graph, &Budget::unlimited())
        .unwrap()
        .all(&graph)
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn take_add_heaps_and_their_sums_match_brute_force(
        takes in proptest::collection::btree_set(1u64..5, 1..3),
        adds in proptest::collection::btree_set(1u64..4, 0..3),
        cap in 1u64..14,
        other in 0u64..14,
        heap in 0u64..4,
    ) {
        let list = |s: &BTreeSet<u64>| s.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let name = format!("take-add:{}/{}/{cap}", list(&takes), list(&adds));
        let direct = heap_gammas(cap, |h| {
            let t = takes.iter().filter(|&&s| s <= h).map(|&s| h - s);
            let a = adds.iter().filter(|&&a| h > 0 && h + a <= cap).map(|&a| h + a);
            t.chain(a).collect()
        });
        let mut solver = Solver::new(Budget::default().with_positions(100_000));
        for h in 0..=cap {
            prop_assert_eq!(&gamma_of(&mut solver, &format!("{name} {h}")), &direct[h as usize]);
            if adds.is_empty() {
                // With no addition it is the subtraction game sub:S.
                let sub = gamma_of(&mut solver, &format!("sub:{} {h}", list(&takes)));
                prop_assert_eq!(&sub, &direct[h as usize]);
            }
        }
        // Two heaps of the game and a Nim heap: Smith's rule on the parts' values.
        let other = other.min(cap);
        let sum = format!("{name} {cap},{other} + nim {heap}");
        let expected = loopy::sum(&[direct[cap as usize].clone(), direct[other as usize].clone(), Gamma::Finite(heap)]);
        prop_assert_eq!(gamma_of(&mut solver, &sum), expected);
    }
}
