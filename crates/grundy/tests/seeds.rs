//! Values from the seed documents (Ferguson's notes, the course notes and slides),
//! asserted through the public API: SPEC text in, outcomes, nimbers and formatted
//! winning moves out. Every expected value here was worked out by hand from the
//! definitions (or quoted from the notes), not read back from the engine.

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::{outcome, value, winning};
use grundy::games::Graph;
use grundy::solve::{retrograde, Solver, Value};
use grundy::Budget;
use grundy::{Error, Outcome, Play};

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// The P/N string of the single heaps 0..=n of subtraction game `set` under `play`.
fn pattern(set: &str, n: u64, play: Play) -> String {
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    (0..=n)
        .map(|h| {
            let sum = grundy::spec::parse(&format!("sub:{set} {h}"), &mut solver).unwrap();
            solver.value(&sum, play).unwrap().outcome.letter()
        })
        .collect()
}

/// A graph file in the temporary directory, unique to this process and `tag`,
/// removed when dropped.
struct TempGraph(PathBuf);

impl TempGraph {
    fn new(tag: &str, text: &str) -> Self {
        let name = format!("grundy-seeds-{}-{tag}.txt", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, text).unwrap();
        TempGraph(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempGraph {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `retrograde::label` of a graph, keyed by vertex name.
fn labels_by_name(graph: &Graph, play: Play) -> Vec<(String, Outcome)> {
    let labels = retrograde::label(graph.successors(), play);
    let mut named: Vec<(String, Outcome)> = graph.names().iter().cloned().zip(labels).collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    named
}

#[test]
fn twenty_one_chips_take_one_two_or_three() {
    // Ferguson 1.1: 21 is not divisible by 4, so the first player wins, and the unique
    // optimal move takes one chip, leaving the target position 20.
    assert_eq!(
        value("sub:1,2,3 21", Play::Normal),
        Value {
            outcome: Outcome::N,
            nimber: Some(1)
        }
    );
    assert_eq!(winning("sub:1,2,3 21", Play::Normal), ["sub:1,2,3 20"]);
    // The P-positions are 0, 4, 8, 12, 16, ...
    assert_eq!(pattern("1,2,3", 16, Play::Normal), "PNNNPNNNPNNNPNNNP");
    for n in [0, 4, 8, 20, 100] {
        assert_eq!(
            outcome(&format!("sub:1,2,3 {n}"), Play::Normal),
            Outcome::P,
            "{n}"
        );
    }
}

#[test]
fn subtraction_one_three_four_has_period_seven() {
    // Ferguson 1.4: the P-positions are the numbers leaving remainder 0 or 2 mod 7.
    let expected: String = (0..=200u64)
        .map(|n| if matches!(n % 7, 0 | 2) { 'P' } else { 'N' })
        .collect();
    assert_eq!(pattern("1,3,4", 200, Play::Normal), expected);
    assert!(pattern("1,3,4", 14, Play::Normal).starts_with("PNPNNNNPNPNNNNP"));
    // "Since 100 has remainder 2 when divided by 7, 100 is a P-position."
    assert_eq!(
        value("sub:1,3,4 100", Play::Normal),
        Value {
            outcome: Outcome::P,
            nimber: Some(0)
        }
    );
    assert!(winning("sub:1,3,4 100", Play::Normal).is_empty());
    // The Sprague–Grundy values repeat 0,1,0,1,2,3,2 with period 7.
    let nimbers: Vec<u64> = (0..14)
        .map(|n| {
            value(&format!("sub:1,3,4 {n}"), Play::Normal)
                .nimber
                .unwrap()
        })
        .collect();
    assert_eq!(nimbers, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
}

#[test]
fn subtraction_two_five_eight() {
    // By hand from the definition: 0 and 1 have no move (P); n is P exactly when none
    // of n-2, n-5, n-8 is P. The pattern has period 10, with P-positions n mod 10 in
    // {0, 1, 4, 7}: 0 1 . . 4 . . 7 . . 10 11 . . 14 . . 17 . . 20 21 ...
    let expected = "PPNNPNNPNNPPNNPNNPNNPPNNPNNPNNP";
    assert_eq!(expected.len(), 31);
    assert_eq!(pattern("2,5,8", 30, Play::Normal), expected);
    // Nimbers of the first heaps, from the mex rule.
    let nimbers: Vec<u64> = (0..=10)
        .map(|n| {
            value(&format!("sub:2,5,8 {n}"), Play::Normal)
                .nimber
                .unwrap()
        })
        .collect();
    assert_eq!(nimbers, [0, 0, 1, 1, 0, 2, 1, 0, 2, 1, 0]);
    // From 13 the only move to a P-position is to take 2 (13 - 5 = 8 and 13 - 8 = 5
    // are N-positions).
    assert_eq!(winning("sub:2,5,8 13", Play::Normal), ["sub:2,5,8 11"]);
}

#[test]
fn nim_sums_and_bouton_winning_moves() {
    // The nim-sum of 22 and 51 is 37.
    assert_eq!(
        value("nim 22,51", Play::Normal),
        Value {
            outcome: Outcome::N,
            nimber: Some(37)
        }
    );
    assert_eq!(value("nim 22 + nim 51", Play::Normal).nimber, Some(37));
    // Ferguson 2.6.1(a): 27 ⊕ 17 = 10.
    assert_eq!(value("nim 27,17", Play::Normal).nimber, Some(10));
    // 13 ⊕ 12 ⊕ 8 = 9 = 1001b: the heaps with the 8-bit set are 13, 12 and 8.
    assert_eq!(value("nim 13,12,8", Play::Normal).nimber, Some(9));
    assert_eq!(
        winning("nim 13,12,8", Play::Normal),
        sorted(&["nim 4,12,8", "nim 13,5,8", "nim 13,12,1"])
    );
    // The slides' four-heap example: 13 ⊕ 20 ⊕ 27 ⊕ 7 = 5; the heaps with the 4-bit set
    // are 13, 20 and 7, so there are three winning moves, among them 20 -> 17.
    assert_eq!(value("nim 13,20,27,7", Play::Normal).nimber, Some(5));
    assert_eq!(
        winning("nim 13,20,27,7", Play::Normal),
        sorted(&["nim 8,20,27,7", "nim 13,17,27,7", "nim 13,20,27,2"])
    );
    assert_eq!(outcome("nim 13,17,27,7", Play::Normal), Outcome::P);
    // A P-position of Nim has no winning move.
    assert_eq!(outcome("nim 5,6,3", Play::Normal), Outcome::P);
    assert!(winning("nim 5,6,3", Play::Normal).is_empty());
}

#[test]
fn ferguson_exercise_2_6_2() {
    // (a) 12 ⊕ 19 ⊕ 27 = 4; only 12 = 1100b has the 4-bit: 12 -> 8.
    // (b) 13 ⊕ 17 ⊕ 19 ⊕ 23 = 24 = 11000b; 17, 19 and 23 have the 16-bit:
    //     17 -> 17 ⊕ 24 = 9, 19 -> 11, 23 -> 15.
    // (c) Under misère play every one of these moves leaves two or more heaps larger
    //     than one, so Bouton's misère rule plays as in normal Nim: same answers.
    let a = sorted(&["nim 8,19,27"]);
    let b = sorted(&["nim 13,9,19,23", "nim 13,17,11,23", "nim 13,17,19,15"]);
    for play in [Play::Normal, Play::Misere] {
        assert_eq!(outcome("nim 12,19,27", play), Outcome::N);
        assert_eq!(winning("nim 12,19,27", play), a, "{play:?}");
        assert_eq!(outcome("nim 13,17,19,23", play), Outcome::N);
        assert_eq!(winning("nim 13,17,19,23", play), b, "{play:?}");
    }
    // Written as a sum of single heaps, the same moves, one part changed.
    assert_eq!(
        winning("nim 12 + nim 19 + nim 27", Play::Misere),
        ["nim 8 + nim 19 + nim 27"]
    );
}

#[test]
fn misere_take_away_and_misere_nim() {
    // Ferguson exercise 1.1: in misère take-away (1, 2 or 3 chips) the P-positions
    // are 1, 5, 9, 13, ...: n ≡ 1 mod 4.
    let expected: String = (0..=100u64)
        .map(|n| if n % 4 == 1 { 'P' } else { 'N' })
        .collect();
    assert_eq!(pattern("1,2,3", 100, Play::Misere), expected);
    assert_eq!(outcome("sub:1,2,3 21", Play::Misere), Outcome::P);
    assert!(winning("sub:1,2,3 21", Play::Misere).is_empty());
    assert_eq!(winning("sub:1,2,3 20", Play::Misere), ["sub:1,2,3 17"]);
    // Misère Nim: one heap of one chip loses for the player to move; no heap at all
    // wins for the player to move (the opponent took the last chip).
    assert_eq!(
        value("nim 1", Play::Misere),
        Value {
            outcome: Outcome::P,
            nimber: None
        }
    );
    assert_eq!(
        value("nim 0", Play::Misere),
        Value {
            outcome: Outcome::N,
            nimber: None
        }
    );
    assert_eq!(outcome("nim 1,1", Play::Misere), Outcome::N);
    assert_eq!(outcome("nim 1,1,1", Play::Misere), Outcome::P);
    // Normal play of the same: the empty position is P, a single chip N.
    assert_eq!(outcome("nim 0", Play::Normal), Outcome::P);
    assert_eq!(outcome("nim 1", Play::Normal), Outcome::N);
    // One heap larger than one: reduce it to leave an odd number of ones.
    assert_eq!(winning("nim 1,1,5", Play::Misere), ["nim 1,1,1"]);
    assert_eq!(winning("nim 1,5", Play::Misere), ["nim 1,0"]);
    assert_eq!(winning("nim 1,1,5", Play::Normal), ["nim 1,1,0"]);
}

const ACYCLIC: &str = "\
# a small acyclic game (names out of order on purpose)
h -> g e
a -> b c
b -> d
c -> d e
d -> f
e -> f
f ->
g -> a b f
";

#[test]
fn an_acyclic_graph_game_and_its_kernel() {
    // By hand: f is terminal (P, 0); d, e -> f (N, 1); b -> d (P, 0); c -> d, e (P, 0);
    // a -> b, c (N, 1); g -> a, b, f (N, mex{1,0,0} = 2); h -> g, e (P, mex{2,1} = 0).
    let file = TempGraph::new("acyclic", ACYCLIC);
    let graph = Graph::from_file(file.path(), 1000).unwrap();
    let kernel: BTreeSet<String> = labels_by_name(&graph, Play::Normal)
        .into_iter()
        .filter(|(_, o)| *o == Outcome::P)
        .map(|(v, _)| v)
        .collect();
    let expected: BTreeSet<String> = ["b", "c", "f", "h"].map(String::from).into();
    assert_eq!(kernel, expected);
    assert!(labels_by_name(&graph, Play::Normal)
        .iter()
        .all(|(_, o)| *o != Outcome::D));

    let nimbers = retrograde::nimbers(graph.successors()).unwrap();
    let mut by_name: Vec<(&str, u64)> = graph
        .names()
        .iter()
        .map(String::as_str)
        .zip(nimbers)
        .collect();
    by_name.sort();
    assert_eq!(
        by_name,
        [
            ("a", 1),
            ("b", 0),
            ("c", 0),
            ("d", 1),
            ("e", 1),
            ("f", 0),
            ("g", 2),
            ("h", 0)
        ]
    );

    // Through the solver: the same kernel and nimbers.
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let mut solver_kernel = BTreeSet::new();
    for (v, g) in &by_name {
        let sum = grundy::spec::parse(&format!("graph:{} {v}", file.path()), &mut solver).unwrap();
        let value = solver.value(&sum, Play::Normal).unwrap();
        assert_eq!(value.nimber, Some(*g), "{v}");
        if value.outcome == Outcome::P {
            solver_kernel.insert(v.to_string());
        }
    }
    assert_eq!(solver_kernel, expected);
    // A sum of tokens on an acyclic graph: g ⊕ a = 2 ⊕ 1 = 3; a ⊕ e = 0.
    let spec = |tokens: &str| format!("graph:{} {tokens}", file.path());
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let ga = grundy::spec::parse(&spec("g,a"), &mut solver).unwrap();
    assert_eq!(solver.value(&ga, Play::Normal).unwrap().nimber, Some(3));
    let ae = grundy::spec::parse(&spec("a,e"), &mut solver).unwrap();
    assert_eq!(solver.value(&ae, Play::Normal).unwrap().outcome, Outcome::P);
    // From g + a (2 ⊕ 1) a winning move needs g -> nimber 1, which is g -> a, or
    // a -> nimber 2, which a cannot do (its options b, c are 0): one winning move.
    let moves: Vec<String> = solver
        .winning_moves(&ga, Play::Normal)
        .unwrap()
        .iter()
        .map(|m| solver.format(m))
        .collect();
    assert_eq!(moves, [spec("a,a")]);
}

const CYCLIC: &str = "\
a -> b
b -> a c
c -> d
d ->
e -> e
f -> e d
g -> a
h -> c
i -> h a
";

#[test]
fn a_cyclic_graph_game_with_draws() {
    use Outcome::{D, N, P};
    // Normal play, Ferguson's labelling by hand: d terminal P; c -> d: N; h -> c (all
    // moves to N): P; f -> d: N; i -> h: N. a <-> b never get a label (b's exit c is
    // N), so a, b are D; g -> a only: D; e loops on itself: D.
    let normal = [
        ("a", D),
        ("b", D),
        ("c", N),
        ("d", P),
        ("e", D),
        ("f", N),
        ("g", D),
        ("h", P),
        ("i", N),
    ];
    // Misère play: d terminal N; c -> d: P; b -> c: N; a -> b: P; g -> a: N; h -> c: N;
    // i -> h, a: N; f -> e, d has no move to P and e is unlabelled: D; e: D.
    let misere = [
        ("a", P),
        ("b", N),
        ("c", P),
        ("d", N),
        ("e", D),
        ("f", D),
        ("g", N),
        ("h", N),
        ("i", N),
    ];
    let file = TempGraph::new("cyclic", CYCLIC);
    let graph = Graph::from_file(file.path(), 1000).unwrap();
    assert!(retrograde::nimbers(graph.successors()).is_none());
    for (play, expected) in [(Play::Normal, normal), (Play::Misere, misere)] {
        let expected: Vec<(String, Outcome)> =
            expected.iter().map(|&(v, o)| (v.to_string(), o)).collect();
        assert_eq!(labels_by_name(&graph, play), expected, "{play:?}");
        let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
        for (v, o) in &expected {
            let sum =
                grundy::spec::parse(&format!("graph:{} {v}", file.path()), &mut solver).unwrap();
            let value = solver.value(&sum, play).unwrap();
            assert_eq!(
                value,
                Value {
                    outcome: *o,
                    nimber: None
                },
                "{v} {play:?}"
            );
        }
    }

    // Two tokens: Ferguson's labelling of the product graph (pairs of vertices, a move
    // slides one token), done independently of the engine. For instance c + c is P
    // under normal play (each reply copies) and N under misère play (c -> d leaves
    // c + d, a P-position there); c + b is N (b -> c leaves c + c); h + f is N
    // (f -> d leaves h + d, which is P).
    let two = [
        ("c,c", P, N),
        ("c,b", N, P),
        ("c,f", D, N),
        ("h,d", P, N),
        ("h,f", N, D),
        ("i,i", D, P),
        ("a,d", D, P),
        ("e,d", D, D),
    ];
    for (tokens, normal, misere) in two {
        for (play, expected) in [(Play::Normal, normal), (Play::Misere, misere)] {
            let path = file.path();
            assert_eq!(
                outcome(&format!("graph:{path} {tokens}"), play),
                expected,
                "{tokens}"
            );
            let (x, y) = tokens.split_once(',').unwrap();
            let spec = format!("graph:{path} {x} + graph:{path} {y}");
            assert_eq!(outcome(&spec, play), expected, "{spec}");
        }
    }
}

#[test]
fn the_cyclic_graph_game_has_generalised_values() {
    // By hand, Fraenkel and Yesha's rounds (Smith's γ): round 0 gives d (terminal) 0
    // and h (its only move c has the option d of value 0) 0; a <-> b has no option of
    // value 0 and so is infinite, as are e (a loop), g (only to a); round 1 gives c
    // (options of every value below 1, none of 1) 1; f and i have no option of value
    // 1 and an infinite option that does not reverse through 1, so they are ∞ too.
    // K lists the finite values among the options: b -> a, c gives ∞(1), f -> e, d
    // gives ∞(0), i -> h, a gives ∞(0). The outcomes read from γ are the labels of
    // the test above: ∞(K) is N exactly when 0 is in K.
    let file = TempGraph::new("cyclic-gamma", CYCLIC);
    let graph = Graph::from_file(file.path(), 1000).unwrap();
    let labels = grundy::solve::loopy::label(graph.successors(), &Budget::unlimited()).unwrap();
    let mut by_name: Vec<(String, String)> = graph
        .names()
        .iter()
        .cloned()
        .zip(labels.all(graph.successors()).iter().map(|g| g.to_string()))
        .collect();
    by_name.sort();
    let expected = [
        ("a", "∞(∅)"),
        ("b", "∞(1)"),
        ("c", "1"),
        ("d", "0"),
        ("e", "∞(∅)"),
        ("f", "∞(0)"),
        ("g", "∞(∅)"),
        ("h", "0"),
        ("i", "∞(0)"),
    ]
    .map(|(v, g)| (v.to_string(), g.to_string()));
    assert_eq!(by_name, expected);
}

#[test]
fn a_million_chips_need_no_deep_stack() {
    // 1,000,000 = 7 × 142857 + 1, and the nimbers of {1,3,4} repeat 0,1,0,1,2,3,2, so
    // the heap has nimber 1. The search is a million moves deep: run it on a small
    // stack to show that it does not recurse on depth.
    let nimber = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| value("sub:1,3,4 1000000", Play::Normal).nimber)
        .unwrap()
        .join()
        .expect("the solver must not overflow a 256 KiB stack");
    assert_eq!(nimber, Some(1));
}

/// A game the solvers know nothing about: from n, move to n − 1, n − 3 or n − 4
/// (the rules of S = {1,3,4} with no theory and no sequence engine behind them).
struct Countdown;

impl grundy::Game for Countdown {
    type Position = u64;
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) -> grundy::Result<()> {
        out.extend([1, 3, 4].iter().filter(|&&s| s <= n).map(|&s| n - s));
        Ok(())
    }
    fn parse_position(&self, text: &str) -> grundy::Result<u64> {
        text.parse()
            .map_err(|_| grundy::Error::Invalid(format!("'{text}'")))
    }
    fn format_position(&self, n: &u64) -> String {
        n.to_string()
    }
    fn describe_move(&self, from: &u64, to: &u64) -> grundy::Result<String> {
        Ok(format!("take {}", from - to))
    }
}

#[test]
fn the_memoised_search_goes_a_million_moves_deep_on_a_small_stack() {
    let nimber = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let mut memo = grundy::solve::memo::Memo::new(grundy::solve::memo::Measure::Nimber);
            memo.value(
                &Countdown,
                &1_000_000,
                &Budget::default().with_positions(2_000_000),
            )
        })
        .unwrap()
        .join()
        .expect("the memoised search must not overflow a 256 KiB stack");
    assert_eq!(nimber, Ok(1));
}

#[test]
fn budgets_are_enforced() {
    // A heap beyond the budget, in a game with no proved period, is refused; one of
    // 10^12 chips is refused before its options are listed.
    for heap in ["100000", "1000000000000"] {
        let mut solver = Solver::new(Budget::default().with_positions(1000));
        let sum = grundy::spec::parse(&format!("octal:0.16 {heap}"), &mut solver).unwrap();
        // Refused at once: the heaps a search would keep are past any budget.
        let refused = solver.value(&sum, Play::Normal);
        assert!(
            matches!(
                refused,
                Err(Error::Budget {
                    limit: 1000,
                    needs: Some(_),
                    ..
                })
            ),
            "{refused:?}"
        );
    }
    // With a proved period (7 for S = {1,3,4}), any heap is answered at once.
    let mut solver = Solver::new(Budget::default().with_positions(1000));
    let sum = grundy::spec::parse("sub:1,3,4 100000", &mut solver).unwrap();
    assert_eq!(solver.value(&sum, Play::Normal).unwrap().nimber, Some(3));

    // A misère search of a sum is over multisets of parts: far more than 1000.
    let mut solver = Solver::new(Budget::default().with_positions(1000));
    let sum = grundy::spec::parse("sub:1,3,4 30,30,30 + sub:2,5,8 40,40", &mut solver).unwrap();
    // Refused at once: the bound of the multisets is known before any is listed.
    let refused = |e: Option<Error>| matches!(e, Some(Error::Budget { limit: 1000, needs: Some(n), .. }) if n > 1000);
    assert!(refused(solver.value(&sum, Play::Misere).err()));
    assert!(refused(solver.winning_moves(&sum, Play::Misere).err()));

    // Listing 10^12 moves is refused before any is made.
    let mut solver = Solver::new(Budget::default().with_positions(1000));
    let sum = grundy::spec::parse("nim 1000000000000", &mut solver).unwrap();
    assert_eq!(
        solver.moves(&sum),
        Err(Error::Budget {
            limit: 1000,
            needs: Some(1_000_000_000_000),
            part: None
        })
    );
    // ... while its value needs no listing at all (Bouton).
    assert_eq!(
        solver.value(&sum, Play::Normal),
        Ok(Value {
            outcome: Outcome::N,
            nimber: Some(1_000_000_000_000)
        })
    );
    // A budget large enough lets the same search through.
    let mut solver = Solver::new(Budget::default().with_positions(200_000));
    let sum = grundy::spec::parse("octal:0.16 100000", &mut solver).unwrap();
    assert!(solver.value(&sum, Play::Normal).is_ok());
}
