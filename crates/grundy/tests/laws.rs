//! Property tests of the solvers against an independent brute force written here.
//!
//! The brute force knows nothing of Sprague–Grundy theory: it searches the whole
//! game tree of a sum (a multiset of (game, heap) pairs) and decides win or loss
//! straight from the definition, under normal and misère play; separately it computes
//! the nimber of a single heap by the mex recursion. The laws checked: the
//! Sprague–Grundy theorem, g(G + H) = g(G) ⊕ g(H), Bouton's theorem and its count of
//! winning moves, misère play (Bouton's misère rule and search), the take-away
//! theorem, Ferguson's labelling of graphs with and without cycles, and that the SPEC
//! parser never panics.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use grundy::games::heaps::format as join;
use grundy::games::Graph;
use grundy::solve::{retrograde, Solver};
use grundy::Budget;
use grundy::{Outcome, Play};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------
// The brute force.

/// The rules of a heap game: Nim, or a subtraction game with a sorted set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Rule {
    Nim,
    Sub(Vec<u64>),
}

impl Rule {
    /// Every heap size one move away from a heap of `h`.
    fn after_move(&self, h: u64) -> Vec<u64> {
        match self {
            Rule::Nim => (0..h).collect(),
            Rule::Sub(set) => set.iter().filter(|&&s| s <= h).map(|&s| h - s).collect(),
        }
    }

    /// The game's name in SPEC syntax.
    fn name(&self) -> String {
        match self {
            Rule::Nim => "nim".into(),
            Rule::Sub(set) => format!("sub:{}", join(set)),
        }
    }
}

/// A position as written: components, each a game and its heaps.
type Components = Vec<(Rule, Vec<u64>)>;

fn spec(components: &Components) -> String {
    let parts: Vec<String> = components
        .iter()
        .map(|(rule, heaps)| format!("{} {}", rule.name(), join(heaps)))
        .collect();
    parts.join(" + ")
}

/// Exhaustive search of game trees, memoised on the multiset of (game, heap) pairs.
#[derive(Default)]
struct Brute {
    rules: Vec<Rule>,
    wins: [HashMap<Vec<(usize, u64)>, bool>; 2],
    nimbers: HashMap<(usize, u64), u64>,
}

impl Brute {
    fn rule_index(&mut self, rule: &Rule) -> usize {
        match self.rules.iter().position(|r| r == rule) {
            Some(i) => i,
            None => {
                self.rules.push(rule.clone());
                self.rules.len() - 1
            }
        }
    }

    /// The multiset of (game, heap) pairs of a position.
    fn flatten(&mut self, components: &Components) -> Vec<(usize, u64)> {
        let mut pairs = Vec::new();
        for (rule, heaps) in components {
            let r = self.rule_index(rule);
            pairs.extend(heaps.iter().map(|&h| (r, h)));
        }
        pairs.sort_unstable();
        pairs
    }

    /// Whether the player to move wins from `pairs` under `play`.
    fn wins(&mut self, pairs: &[(usize, u64)], play: Play) -> bool {
        let memo = play as usize;
        if let Some(&w) = self.wins[memo].get(pairs) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        'search: for i in 0..pairs.len() {
            let (r, h) = pairs[i];
            for next in self.rules[r].after_move(h) {
                any_move = true;
                let mut child = pairs.to_vec();
                child[i] = (r, next);
                child.sort_unstable();
                if !self.wins(&child, play) {
                    win = true;
                    break 'search;
                }
            }
        }
        if !any_move {
            // No move: under normal play the player to move has lost, under misère won.
            win = play == Play::Misere;
        }
        self.wins[memo].insert(pairs.to_vec(), win);
        win
    }

    fn outcome(&mut self, components: &Components, play: Play) -> Outcome {
        let pairs = self.flatten(components);
        if self.wins(&pairs, play) {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The nimber of one heap by the mex recursion.
    fn nimber(&mut self, rule: &Rule, h: u64) -> u64 {
        let r = self.rule_index(rule);
        if let Some(&g) = self.nimbers.get(&(r, h)) {
            return g;
        }
        let options: BTreeSet<u64> = rule
            .after_move(h)
            .into_iter()
            .map(|next| self.nimber(rule, next))
            .collect();
        let g = (0..).find(|g| !options.contains(g)).unwrap();
        self.nimbers.insert((r, h), g);
        g
    }

    /// Every position one move away, part by part and heap by heap.
    fn moves(&mut self, components: &Components) -> Vec<Components> {
        let mut all = Vec::new();
        for (c, (rule, heaps)) in components.iter().enumerate() {
            for (i, &h) in heaps.iter().enumerate() {
                for next in rule.after_move(h) {
                    let mut child = components.clone();
                    child[c].1[i] = next;
                    all.push(child);
                }
            }
        }
        all
    }

    /// Every move to a position the player to move then loses, as SPECs, sorted.
    fn winning_moves(&mut self, components: &Components, play: Play) -> Vec<String> {
        let mut winning: Vec<String> = Vec::new();
        for child in self.moves(components) {
            if self.outcome(&child, play) == Outcome::P {
                winning.push(spec(&child));
            }
        }
        winning.sort();
        winning
    }
}

// ---------------------------------------------------------------------------------
// The engine, through its public API.

fn solver_for(components: &Components) -> (Solver, grundy::solve::Sum) {
    let mut solver = Solver::new(Budget::default().with_positions(1_000_000));
    let sum = grundy::spec::parse(&spec(components), &mut solver).unwrap();
    (solver, sum)
}

fn solver_winning(components: &Components, play: Play) -> Vec<String> {
    let (mut solver, sum) = solver_for(components);
    let mut moves: Vec<String> = solver
        .winning_moves(&sum, play)
        .unwrap()
        .iter()
        .map(|m| solver.format(m))
        .collect();
    moves.sort();
    moves
}

// ---------------------------------------------------------------------------------
// Strategies.

fn rule() -> BoxedStrategy<Rule> {
    prop_oneof![Just(Rule::Nim), sub_rule(),].boxed()
}

fn sub_rule() -> BoxedStrategy<Rule> {
    proptest::sample::subsequence((1..=6).collect::<Vec<u64>>(), 1..=4)
        .prop_map(Rule::Sub)
        .boxed()
}

/// Sums of at most four heaps of 0..=12: up to four one-heap components, or up to
/// two components of up to two heaps.
fn sum_of(rule: BoxedStrategy<Rule>) -> impl Strategy<Value = Components> {
    let heap = 0..=12u64;
    prop_oneof![
        prop::collection::vec(
            (rule.clone(), prop::collection::vec(heap.clone(), 1..=1)),
            1..=4
        ),
        prop::collection::vec((rule, prop::collection::vec(heap, 1..=2)), 1..=2),
    ]
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------
// (a)-(e): heap games.

proptest! {
    #![proptest_config(config(128))]

    /// (a) The Sprague–Grundy theorem: the outcome found by the engine is the one the
    /// game tree gives, the nimber is the XOR of the heaps' mex-recursion nimbers, and
    /// a position is P exactly when its nimber is 0.
    #[test]
    fn sprague_grundy_theorem(components in sum_of(rule())) {
        let mut brute = Brute::default();
        let (mut solver, sum) = solver_for(&components);
        let value = solver.value(&sum, Play::Normal).unwrap();
        prop_assert_eq!(value.outcome, brute.outcome(&components, Play::Normal));
        let mut xor = 0;
        for (rule, heaps) in &components {
            for &h in heaps {
                xor ^= brute.nimber(rule, h);
            }
        }
        prop_assert_eq!(value.nimber, Some(xor));
        prop_assert_eq!(value.outcome == Outcome::P, xor == 0);
        // The moves themselves are the game's.
        let mut moves: Vec<String> =
            solver.moves(&sum).unwrap().iter().map(|m| solver.format(m)).collect();
        let mut expected: Vec<String> = brute.moves(&components).iter().map(spec).collect();
        moves.sort();
        expected.sort();
        prop_assert_eq!(moves, expected);
        // And the winning moves are exactly the moves to P-positions.
        prop_assert_eq!(
            solver_winning(&components, Play::Normal),
            brute.winning_moves(&components, Play::Normal)
        );
    }

    /// (b) g(G + H) = g(G) ⊕ g(H), with G and H written as separate SPECs.
    #[test]
    fn nimbers_of_sums_add_by_xor(
        g in (rule(), prop::collection::vec(0..=15u64, 1..=2)),
        h in (rule(), prop::collection::vec(0..=15u64, 1..=2)),
    ) {
        let nimber = |components: Components| {
            let (mut solver, sum) = solver_for(&components);
            solver.value(&sum, Play::Normal).unwrap().nimber.unwrap()
        };
        let both = nimber(vec![g.clone(), h.clone()]);
        let (gv, hv) = (nimber(vec![g.clone()]), nimber(vec![h.clone()]));
        prop_assert_eq!(both, gv ^ hv);
        let mut brute = Brute::default();
        let by_mex = |brute: &mut Brute, (rule, heaps): &(Rule, Vec<u64>)| {
            heaps.iter().fold(0, |acc, &x| acc ^ brute.nimber(rule, x))
        };
        prop_assert_eq!(gv, by_mex(&mut brute, &g));
        prop_assert_eq!(hv, by_mex(&mut brute, &h));
    }

    /// (c) Bouton's theorem: Nim is P exactly when the nim-sum is 0; the winning moves
    /// are the moves to P-positions of the game tree, one for each heap with a 1 in
    /// the nim-sum's leading bit.
    #[test]
    fn bouton(heaps in prop::collection::vec(0..=12u64, 1..=4)) {
        let components = vec![(Rule::Nim, heaps.clone())];
        let mut brute = Brute::default();
        let (mut solver, sum) = solver_for(&components);
        let nim_sum = heaps.iter().fold(0, |a, b| a ^ b);
        let value = solver.value(&sum, Play::Normal).unwrap();
        prop_assert_eq!(value.outcome == Outcome::P, nim_sum == 0);
        prop_assert_eq!(value.outcome, brute.outcome(&components, Play::Normal));
        let winning = solver.winning_moves(&sum, Play::Normal).unwrap();
        for m in &winning {
            let text = solver.format(m);
            let heaps_after: Vec<u64> =
                text["nim ".len()..].split(',').map(|x| x.parse().unwrap()).collect();
            prop_assert_eq!(brute.outcome(&vec![(Rule::Nim, heaps_after)], Play::Normal), Outcome::P);
        }
        let mut formatted: Vec<String> = winning.iter().map(|m| solver.format(m)).collect();
        formatted.sort();
        prop_assert_eq!(&formatted, &brute.winning_moves(&components, Play::Normal));
        let expected_count = if nim_sum == 0 {
            0
        } else {
            let top = 1 << (63 - nim_sum.leading_zeros());
            heaps.iter().filter(|&&h| h & top != 0).count()
        };
        prop_assert_eq!(formatted.len(), expected_count);
    }

    /// (d) Misère play: the engine's outcome and winning moves are the game tree's,
    /// for mixed sums (searched) and Nim-only sums (Bouton's misère rule).
    #[test]
    fn misere_sums(components in sum_of(rule())) {
        let mut brute = Brute::default();
        let (mut solver, sum) = solver_for(&components);
        let value = solver.value(&sum, Play::Misere).unwrap();
        prop_assert_eq!(value.outcome, brute.outcome(&components, Play::Misere));
        prop_assert_eq!(value.nimber, None);
        prop_assert_eq!(
            solver_winning(&components, Play::Misere),
            brute.winning_moves(&components, Play::Misere)
        );
    }

    #[test]
    fn misere_nim_sums(
        components in prop::collection::vec(
            (Just(Rule::Nim), prop::collection::vec(0..=9u64, 1..=3)), 1..=2),
    ) {
        let mut brute = Brute::default();
        let (mut solver, sum) = solver_for(&components);
        prop_assert!(solver.as_nim_heaps(&sum).unwrap().is_some());
        let value = solver.value(&sum, Play::Misere).unwrap();
        prop_assert_eq!(value.outcome, brute.outcome(&components, Play::Misere));
        prop_assert_eq!(
            solver_winning(&components, Play::Misere),
            brute.winning_moves(&components, Play::Misere)
        );
    }

    #[test]
    fn misere_nim_rule(heaps in prop::collection::vec(0..=9u64, 0..=5)) {
        let mut brute = Brute::default();
        let expected = brute.outcome(&vec![(Rule::Nim, heaps.clone())], Play::Misere);
        prop_assert_eq!(grundy::solve::sum::misere_nim_outcome(&heaps), expected);
    }

    /// (e) The take-away theorem: with S = {1, …, k} a heap of n has nimber n mod (k+1).
    #[test]
    fn take_away_theorem(k in 1..=6u64, n in 0..=300u64) {
        let rule = Rule::Sub((1..=k).collect());
        let components = vec![(rule.clone(), vec![n])];
        let (mut solver, sum) = solver_for(&components);
        let nimber = solver.value(&sum, Play::Normal).unwrap().nimber.unwrap();
        prop_assert_eq!(nimber, Brute::default().nimber(&rule, n));
        prop_assert_eq!(nimber, n % (k + 1));
    }

    /// (a) once more with subtraction games only, whose nimbers come from search.
    #[test]
    fn sprague_grundy_for_subtraction_sums(components in sum_of(sub_rule())) {
        let mut brute = Brute::default();
        let (mut solver, sum) = solver_for(&components);
        let value = solver.value(&sum, Play::Normal).unwrap();
        let xor = components.iter().fold(0, |acc, (rule, heaps)| {
            heaps.iter().fold(acc, |acc, &h| acc ^ brute.nimber(rule, h))
        });
        prop_assert_eq!(value.nimber, Some(xor));
        prop_assert_eq!(value.outcome, brute.outcome(&components, Play::Normal));
    }
}

// ---------------------------------------------------------------------------------
// (f): graphs.

/// Ferguson's labelling rules applied naively until nothing changes.
fn fixpoint_labels(successors: &[Vec<usize>], play: Play) -> Vec<Outcome> {
    let mut label: Vec<Option<Outcome>> = vec![None; successors.len()];
    loop {
        let mut changed = false;
        for v in 0..successors.len() {
            if label[v].is_some() {
                continue;
            }
            let moves = &successors[v];
            let new = if moves.is_empty() {
                Some(if play == Play::Normal {
                    Outcome::P
                } else {
                    Outcome::N
                })
            } else if moves.iter().any(|&w| label[w] == Some(Outcome::P)) {
                Some(Outcome::N)
            } else if moves.iter().all(|&w| label[w] == Some(Outcome::N)) {
                Some(Outcome::P)
            } else {
                None
            };
            if new.is_some() {
                label[v] = new;
                changed = true;
            }
        }
        if !changed {
            return label.into_iter().map(|l| l.unwrap_or(Outcome::D)).collect();
        }
    }
}

/// Whether some vertex reaches itself (transitive closure).
fn has_cycle(successors: &[Vec<usize>]) -> bool {
    let n = successors.len();
    let mut reach = vec![vec![false; n]; n];
    for (v, moves) in successors.iter().enumerate() {
        for &w in moves {
            reach[v][w] = true;
        }
    }
    for k in 0..n {
        for i in 0..n {
            for j in 0..n {
                if reach[i][k] && reach[k][j] {
                    reach[i][j] = true;
                }
            }
        }
    }
    (0..n).any(|v| reach[v][v])
}

/// The nimber of `v` in an acyclic graph, by the mex recursion.
fn mex_nimber(successors: &[Vec<usize>], v: usize) -> u64 {
    let options: BTreeSet<u64> = successors[v]
        .iter()
        .map(|&w| mex_nimber(successors, w))
        .collect();
    (0..).find(|g| !options.contains(g)).unwrap()
}

/// The normal-play outcome of `v` in an acyclic graph, by the game tree.
fn tree_outcome(successors: &[Vec<usize>], v: usize, play: Play) -> Outcome {
    if successors[v].is_empty() {
        return if play == Play::Normal {
            Outcome::P
        } else {
            Outcome::N
        };
    }
    let wins = successors[v]
        .iter()
        .any(|&w| tree_outcome(successors, w, play) == Outcome::P);
    if wins {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Graph text with vertices `v0`, `v1`, …, one line each in the order `lines`.
fn graph_text(successors: &[Vec<usize>], lines: &[usize]) -> String {
    let mut text = String::from("# generated\n");
    for &v in lines {
        let followers: Vec<String> = successors[v].iter().map(|w| format!("v{w}")).collect();
        text.push_str(&format!("v{v} -> {}\n", followers.join(" ")));
    }
    text
}

/// Values indexed by the parsed graph's vertex numbers, put back in the order of the
/// generated names `v0`, `v1`, ….
fn by_generated_index<T: Clone>(graph: &Graph, values: &[T]) -> Vec<T> {
    let mut out: Vec<Option<T>> = vec![None; values.len()];
    for (i, name) in graph.names().iter().enumerate() {
        let v: usize = name[1..].parse().unwrap();
        out[v] = Some(values[i].clone());
    }
    out.into_iter().map(Option::unwrap).collect()
}

/// A random graph on 1..=8 vertices; `acyclic` keeps only edges to smaller indices.
/// Also a shuffled order of its lines.
fn graph(acyclic: bool) -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<usize>)> {
    (1..=8usize)
        .prop_flat_map(move |n| {
            let matrix =
                prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.3), n), n);
            let lines = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
            (matrix, lines)
        })
        .prop_map(move |(matrix, lines)| {
            let successors = matrix
                .iter()
                .enumerate()
                .map(|(v, row)| {
                    (0..row.len())
                        .filter(|&w| row[w] && (!acyclic || w < v))
                        .collect()
                })
                .collect();
            (successors, lines)
        })
}

/// A graph file in the temporary directory, unique within this run, removed on drop.
struct TempGraph(PathBuf);

impl TempGraph {
    fn new(text: &str) -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("grundy-laws-{}-{n}.txt", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, text).unwrap();
        TempGraph(path)
    }
}

impl Drop for TempGraph {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn acyclic_graphs((successors, lines) in graph(true)) {
        let graph = Graph::parse(&graph_text(&successors, &lines), "random", 10_000).unwrap();
        prop_assert!(!has_cycle(&successors));
        for play in [Play::Normal, Play::Misere] {
            let labels = by_generated_index(&graph, &retrograde::label(graph.successors(), play));
            let expected: Vec<Outcome> =
                (0..successors.len()).map(|v| tree_outcome(&successors, v, play)).collect();
            prop_assert_eq!(&labels, &expected);
            prop_assert_eq!(labels, fixpoint_labels(&successors, play));
        }
        let nimbers = retrograde::nimbers(graph.successors());
        prop_assert!(nimbers.is_some());
        let nimbers = by_generated_index(&graph, &nimbers.unwrap());
        let expected: Vec<u64> = (0..successors.len()).map(|v| mex_nimber(&successors, v)).collect();
        prop_assert_eq!(nimbers, expected);
    }

    #[test]
    fn cyclic_graphs((successors, lines) in graph(false)) {
        let graph = Graph::parse(&graph_text(&successors, &lines), "random", 10_000).unwrap();
        for play in [Play::Normal, Play::Misere] {
            let labels = by_generated_index(&graph, &retrograde::label(graph.successors(), play));
            prop_assert_eq!(labels, fixpoint_labels(&successors, play));
        }
        let nimbers = retrograde::nimbers(graph.successors());
        prop_assert_eq!(nimbers.is_some(), !has_cycle(&successors));
        if let Some(nimbers) = nimbers {
            let nimbers = by_generated_index(&graph, &nimbers);
            let expected: Vec<u64> =
                (0..successors.len()).map(|v| mex_nimber(&successors, v)).collect();
            prop_assert_eq!(nimbers, expected);
        }
    }

    /// The solver on graph files: one token and two tokens, against the labelling of
    /// the graph and of the product graph (pairs of vertices, a move slides one token).
    #[test]
    fn tokens_on_graphs(
        (successors, lines) in graph(false),
        x in any::<prop::sample::Index>(),
        y in any::<prop::sample::Index>(),
    ) {
        let n = successors.len();
        let (x, y) = (x.index(n), y.index(n));
        let file = TempGraph::new(&graph_text(&successors, &lines));
        let path = file.0.to_str().unwrap();
        let product: Vec<Vec<usize>> = (0..n * n)
            .map(|p| {
                let (a, b) = (p / n, p % n);
                let mut moves: Vec<usize> = successors[a].iter().map(|&w| w * n + b).collect();
                moves.extend(successors[b].iter().map(|&w| a * n + w));
                moves
            })
            .collect();
        let cyclic = has_cycle(&successors);
        for play in [Play::Normal, Play::Misere] {
            let single = fixpoint_labels(&successors, play);
            let pairs = fixpoint_labels(&product, play);
            let mut solver = Solver::new(Budget::default().with_positions(100_000));
            for (text, expected) in [
                (format!("graph:{path} v{x}"), single[x]),
                (format!("graph:{path} v{x},v{y}"), pairs[x * n + y]),
                (format!("graph:{path} v{x} + graph:{path} v{y}"), pairs[x * n + y]),
            ] {
                let sum = grundy::spec::parse(&text, &mut solver).unwrap();
                let value = solver.value(&sum, play).unwrap();
                prop_assert_eq!(value.outcome, expected, "{} {:?}", text, play);
                if play == Play::Normal && !cyclic {
                    prop_assert_eq!(value.nimber == Some(0), expected == Outcome::P);
                } else {
                    prop_assert_eq!(value.nimber, None);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// (g): the parser never panics.

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("nim".to_string()),
        Just("sub:".to_string()),
        Just("graph:".to_string()),
        Just("octal:".to_string()),
        Just("sub-allbut:".to_string()),
        Just("kayles".to_string()),
        Just("grundy-game".to_string()),
        Just("turtles".to_string()),
        Just(".".to_string()),
        Just(",".to_string()),
        Just("+".to_string()),
        Just("-".to_string()),
        Just(":".to_string()),
        Just(" ".to_string()),
        Just("\t".to_string()),
        Just("é".to_string()),
        Just("→".to_string()),
        Just("\u{0}".to_string()),
        "[0-9]{1,22}",
        any::<char>().prop_map(String::from),
    ]
}

fn must_not_panic(text: &str) {
    let mut solver = Solver::new(Budget::default().with_positions(2_000));
    if let Ok(sum) = grundy::spec::parse(text, &mut solver) {
        // Whatever was read can be valued and formatted (or refused) without a panic.
        let _ = solver.format(&sum);
        for play in [Play::Normal, Play::Misere] {
            let _ = solver.value(&sum, play);
            let _ = solver.winning_moves(&sum, play);
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn parsing_tokens_never_panics(tokens in prop::collection::vec(token(), 0..12)) {
        must_not_panic(&tokens.concat());
    }

    #[test]
    fn parsing_spec_like_strings_never_panics(
        text in "(nim|sub:[0-9,]{0,6}|sub-allbut:[0-9,]{0,4}|octal:[0-9a-f.]{0,5}|kayles|graph:) ?[0-9, ]{0,12}( ?\\+ ?(nim|sub:[0-9,]{0,6}|octal:[0-7.]{0,4}) [0-9,]{0,8}){0,2}",
    ) {
        must_not_panic(&text);
    }

    #[test]
    fn parsing_any_string_never_panics(text in any::<String>()) {
        must_not_panic(&text);
    }
}
