//! Every family agrees with itself, under normal and misère play: on random small
//! positions, a position is N exactly when some move leads to a P-position (a draw
//! when none does but some move keeps a draw), a nimber is the mex of its options'
//! nimbers, and `value` and `moves` agree. Each option is valued on its own, by a
//! fresh analysis of the text it is printed as, so the listing of moves, the text of
//! positions and the theorems behind each answer are all checked against one
//! another. A family added to the registry without small positions here fails.

use grundy::games::heaps::format as join;
use grundy::games::{Graph, FAMILIES};
use grundy::solve::{GameBox, Solver};
use grundy::{analyse, Analysis, Analyst, Budget, Outcome, Play};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::BTreeSet;

/// Up to `count` heaps of at most `most` chips.
fn heaps(most: u64, count: usize) -> BoxedStrategy<String> {
    prop::collection::vec(0..=most, 1..=count)
        .prop_map(|h| join(&h))
        .boxed()
}

/// A set of one to three numbers from 1 to `most`.
fn set(most: u64) -> BoxedStrategy<String> {
    prop::collection::btree_set(1..=most, 1..=3)
        .prop_map(|s| join(&s.into_iter().collect::<Vec<_>>()))
        .boxed()
}

/// A row of 1 to 7 coins.
fn coins() -> BoxedStrategy<String> {
    prop::collection::vec(prop::bool::ANY, 1..=7)
        .prop_map(|c| c.iter().map(|&h| if h { 'H' } else { 'T' }).collect())
        .boxed()
}

/// A Green Hackenbush drawing of up to five vertices a, b, … above the ground g:
/// a tree (each vertex joined to one before it), with extra edges and loops.
fn drawing() -> BoxedStrategy<String> {
    let names = ["g", "a", "b", "c", "d", "e"];
    (1..=5usize)
        .prop_flat_map(move |n| {
            let parents: Vec<_> = (1..=n).map(|v| 0..v).collect();
            let extra = prop::collection::vec((0..=n, 1..=n), 0..=2);
            (parents, extra)
        })
        .prop_map(move |(parents, extra)| {
            let tree = parents
                .iter()
                .enumerate()
                .map(|(v, &p)| format!("{}-{}", names[p], names[v + 1]));
            let more = extra
                .iter()
                .map(|&(u, v)| format!("{}-{}", names[u], names[v]));
            tree.chain(more).collect::<Vec<_>>().join(",")
        })
        .boxed()
}

/// Northcott boards: each row holds one white and one black piece, and a side moves.
fn northcott() -> BoxedStrategy<String> {
    let row = (2..=5usize).prop_flat_map(|len| {
        (Just(len), 0..len, 0..len - 1).prop_map(|(len, w, b)| {
            let b = if b >= w { b + 1 } else { b };
            (0..len)
                .map(|i| match i {
                    _ if i == w => 'W',
                    _ if i == b => 'B',
                    _ => '.',
                })
                .collect::<String>()
        })
    });
    (prop::collection::vec(row, 1..=2), prop::bool::ANY)
        .prop_map(|(rows, white)| {
            let side = if white { "white" } else { "black" };
            format!("{} {side}", rows.join(","))
        })
        .boxed()
}

/// An example file of the repository, as a graph game's parameter.
fn example(file: &str) -> String {
    format!("{}/../../examples/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Small positions of the family `name`, as SPEC text.
fn positions(name: &'static str) -> BoxedStrategy<String> {
    let spec = move |rest: String| format!("{name} {rest}");
    let heaps_of = |most, count| heaps(most, count).prop_map(spec).boxed();
    match name {
        "nim" | "staircase" | "nimble" => heaps_of(5, 3),
        "grundy-game" | "kayles" | "dawson-kayles" | "dawson-chess" | "treblecross" | "guiles"
        | "officers" | "sub-pow2" | "sub-squares" | "sub-primes" => heaps_of(9, 2),
        "dynamic" | "fibonacci" => (0..=14u64).prop_map(move |n| spec(n.to_string())).boxed(),
        "divisors" => (1..=60u64).prop_map(move |n| spec(n.to_string())).boxed(),
        "wythoff" => (0..=6u64, 0..=6u64)
            .prop_map(move |(a, b)| format!("{name} {a},{b}"))
            .boxed(),
        "empty-divide" => (1..=9u64, 1..=9u64)
            .prop_map(move |(a, b)| format!("{name} {a},{b}"))
            .boxed(),
        "sub" => (set(5), 0..=14u64)
            .prop_map(|(s, n)| format!("sub:{s} {n}"))
            .boxed(),
        "sub-allbut" => (set(4), 0..=8u64)
            .prop_map(|(s, n)| format!("sub-allbut:{s} {n}"))
            .boxed(),
        "octal" => (prop::collection::vec(0..=7u8, 0..=2), 1..=7u8, heaps(7, 2))
            .prop_map(|(digits, last, h)| {
                let code: String = digits.iter().chain([&last]).map(u8::to_string).collect();
                format!("octal:0.{code} {h}")
            })
            .boxed(),
        "moore" | "nimble-k" => (1..=3u64, heaps(5, 3))
            .prop_map(move |(k, h)| format!("{name}:{k} {h}"))
            .boxed(),
        "turtles" | "mock-turtles" => coins().prop_map(spec).boxed(),
        "thirty-one" => prop::collection::vec(1..=6u64, 0..=4)
            .prop_map(|cards| match cards.is_empty() {
                true => "-".to_string(),
                false => join(&cards),
            })
            .prop_map(spec)
            .boxed(),
        "northcott" => northcott().prop_map(spec).boxed(),
        "sos" => prop::collection::vec(prop::sample::select(vec!['S', 'O', '-']), 1..=6)
            .prop_map(|cells| cells.into_iter().collect::<String>())
            .prop_map(spec)
            .boxed(),
        "hackenbush" => drawing().prop_map(spec).boxed(),
        "chomp" => prop::collection::vec(1..=4u64, 1..=3)
            .prop_map(|mut rows| {
                rows.sort_unstable_by(|a, b| b.cmp(a));
                join(&rows)
            })
            .prop_map(spec)
            .boxed(),
        "square-but-one" => heaps_of(12, 2),
        "aliquot" => heaps_of(40, 2),
        "take-add" => (set(3), set(2), 0..=8u64, 0..=8u64)
            .prop_map(|(take, add, cap, n)| {
                format!("take-add:{take}/{add}/{} {}", cap + 4, n.min(cap + 4))
            })
            .boxed(),
        "cram" => (1..=3u64, 1..=4u64)
            .prop_map(move |(r, c)| format!("{name} {r}x{c}"))
            .boxed(),
        "place" => (
            prop::sample::select(vec!["0.0", "0.0,0.1", "0.0,0.1,1.0", "0.0,1.0,2.0"]),
            1..=3u64,
            1..=3u64,
        )
            .prop_map(|(piece, r, c)| format!("place:{piece} {r}x{c}"))
            .boxed(),
        "graph" => prop::sample::select(vec![
            ("cycle.txt", "x"),
            ("cycle.txt", "y"),
            ("cycle.txt", "z"),
            ("cycle.txt", "u"),
            ("cycle.txt", "w"),
            ("dag.txt", "a"),
            ("dag.txt", "c"),
            ("dag.txt", "e"),
        ])
        .prop_map(|(file, vertex)| format!("graph:{} {vertex}", example(file)))
        .boxed(),
        other => panic!("no small positions for the family '{other}': add them here"),
    }
}

/// The analysis of `spec`, every move listed with its value when `all_moves`.
fn analysis(spec: &str, play: Play, all_moves: bool) -> Result<Analysis, TestCaseError> {
    let options = grundy::Options {
        play,
        all_moves,
        ..Default::default()
    };
    analyse(spec, &options).map_err(|e| TestCaseError::fail(format!("{spec}: {e}")))
}

/// The laws, checked at `spec` under `play`.
fn consistent(spec: &str, play: Play) -> Result<(), TestCaseError> {
    let listed = analysis(spec, play, true)?;
    let alone = analysis(spec, play, false)?;
    prop_assert_eq!(listed.outcome, alone.outcome, "{}", spec);
    prop_assert_eq!(listed.nimber, alone.nimber, "{}", spec);
    let moves = listed.moves.as_ref().expect("moves were asked for");
    let mut winning = Vec::new();
    let mut options = Vec::new();
    for m in moves {
        let option = analysis(m.to.position.as_str(), play, false)?;
        prop_assert_eq!(option.position.as_str(), m.to.position.as_str());
        prop_assert_eq!(option.outcome, m.outcome, "{} -> {}", spec, m.to.position);
        if let (Some(listed), Some(own)) = (m.nimber, option.nimber) {
            prop_assert_eq!(listed, own, "{} -> {}", spec, m.to.position);
        }
        if option.outcome == Outcome::P {
            winning.push(m.to.position.to_string());
        }
        options.push(option);
    }
    let some = |o: Outcome| options.iter().any(|a| a.outcome == o);
    let expected = if some(Outcome::P) {
        Outcome::N
    } else if some(Outcome::D) || (moves.is_empty() && listed.outcome == Outcome::D) {
        Outcome::D
    } else if moves.is_empty() {
        play.terminal()
    } else {
        Outcome::P
    };
    prop_assert_eq!(listed.outcome, expected, "{}", spec);
    prop_assert_eq!(listed.terminal, moves.is_empty(), "{}", spec);
    if listed.winning_moves_not_computed.is_none() {
        let mut named: Vec<String> = alone
            .winning_moves
            .iter()
            .map(|m| m.position.to_string())
            .collect();
        named.sort();
        winning.sort();
        prop_assert_eq!(named, winning, "{}", spec);
    }
    let nimbers: Option<Vec<u64>> = options.iter().map(|a| a.nimber).collect();
    if let (Play::Normal, Some(nimber), Some(nimbers)) = (play, listed.nimber, nimbers) {
        let mex = (0..).find(|n| !nimbers.contains(n)).expect("a free number");
        prop_assert_eq!(nimber, mex, "{}", spec);
    }
    Ok(())
}

#[test]
fn every_family_agrees_with_itself() {
    for family in FAMILIES {
        let mut runner = TestRunner::new(Config {
            cases: 24,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&positions(family.name), |spec| {
                consistent(&spec, Play::Normal)?;
                consistent(&spec, Play::Misere)
            })
            .unwrap_or_else(|e| panic!("{}: {e}", family.name));
    }
}

/// Every position reachable from `spec`, each a sum counted once whatever the
/// order of its parts, by exhaustive search.
fn reachable(spec: &str) -> usize {
    let mut solver = Solver::new(Budget::default().with_positions(1 << 20));
    let start = grundy::spec::parse(spec, &mut solver).unwrap();
    let mut seen = BTreeSet::new();
    let mut stack = vec![start];
    while let Some(sum) = stack.pop() {
        let mut key: Vec<String> = Vec::new();
        for &written in &sum.0 {
            let parts = solver.components(written).unwrap();
            key.extend(parts.into_iter().map(|p| solver.format_part(p)));
        }
        key.sort();
        if seen.insert(key) {
            stack.extend(solver.moves(&sum).unwrap());
        }
    }
    seen.len()
}

/// Every family bounds the positions reachable from its small positions without
/// search, so that a search larger than the budget is refused at once.
#[test]
fn every_family_bounds_the_positions_it_can_reach() {
    // The divisor game counts 2^w, w its widest rank level: a bound below (every
    // subset of a level is an antichain, and names a position), not above.
    for family in FAMILIES.iter().filter(|f| f.name != "divisors") {
        let mut runner = TestRunner::new(Config {
            cases: 8,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&positions(family.name), |spec| {
                let mut solver = Solver::new(Budget::default().with_positions(1 << 20));
                let sum = grundy::spec::parse(&spec, &mut solver).unwrap();
                let bound = solver.count_positions(&sum);
                let reached = reachable(&spec) as u64;
                prop_assert!(
                    bound.is_some_and(|b| b >= reached),
                    "{spec}: {bound:?} < {reached}"
                );
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", family.name));
    }
    // Bounds met exactly: Nim's heaps at or below 3 and 4; the 2^4 rows of coins
    // left of the last head; the C(5, 2) − 1 diagrams inside 3x2 (a Young diagram
    // in a box is a lattice path); 2 cells of Cram's 1x2, each free or covered.
    for (spec, exact) in [
        ("nim 3,4", 20),
        ("turtles THTH", 16),
        ("chomp 3x2", 9),
        ("kayles 4", 1 + 1 + 2 + 3 + 5),
        // Taking 2^20 at a time walks down 2^32 − 1 chips in 4096 heaps.
        ("sub:1048576 4294967295", 4096),
    ] {
        let mut solver = Solver::new(Budget::default().with_positions(1 << 20));
        let sum = grundy::spec::parse(spec, &mut solver).unwrap();
        assert_eq!(solver.count_positions(&sum), Some(exact), "{spec}");
    }
    // Far beyond any budget, at once: turtles of 32 coins, a million-chip dynamic
    // pile, Kayles heaps of 2000 chips.
    for spec in [
        "turtles HTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHT",
        "dynamic 1000000",
        "kayles 1000,1000",
    ] {
        let mut solver = Solver::new(Budget::default().with_positions(1 << 20));
        let sum = grundy::spec::parse(spec, &mut solver).unwrap();
        assert!(solver.count_positions(&sum).unwrap() > 1 << 30, "{spec}");
    }
}

/// The one registry holds what every front end needs: each family's group and a
/// starting position that reads as a position of that family (on its starting
/// graph, where it has one).
#[test]
fn every_family_has_a_group_and_a_start_that_reads() {
    for family in FAMILIES {
        assert!(!family.group.is_empty(), "{} has no group", family.name);
        let mut solver = Solver::new(Budget::default().with_positions(1 << 20));
        // The playground's graph game is posted, not read from a file.
        if let Some(lines) = family.start_graph {
            let graph = Graph::parse(lines, "the starting graph", 100).unwrap();
            solver.add(GameBox::new("graph:inline", graph));
        }
        let sum = grundy::spec::parse(family.start, &mut solver)
            .unwrap_or_else(|e| panic!("{}: '{}' does not read: {e}", family.name, family.start));
        let written = solver.format(&sum);
        let first = written.split([' ', ':']).next().unwrap();
        assert_eq!(first, family.name, "{} starts at '{written}'", family.name);
    }
}

/// The pictures carry their moves: the start of every family, and the positions
/// one and two moves on, are drawn; every move a picture offers is a legal move
/// with the library's words, marked and lit by shapes the picture names; and the
/// moves of one heap, one row or one coin are all offered (a move of several heaps
/// or coins at once may be typed instead).
#[test]
fn every_family_is_drawn_with_every_move_its_picture_can_make() {
    for family in FAMILIES {
        let mut analyst = Analyst::new(Budget::default().with_positions(1 << 20));
        if let Some(lines) = family.start_graph {
            let graph = Graph::parse(lines, "the starting graph", 100).unwrap();
            analyst.add_game(GameBox::new("graph:inline", graph));
        }
        let start = analyst.parse(family.start).unwrap();
        let mut positions = vec![start.clone()];
        let first = analyst.moves(&start).unwrap();
        positions.extend(first.iter().take(3).cloned());
        if let Some(next) = first.first() {
            positions.extend(analyst.moves(next).unwrap().into_iter().take(2));
        }
        for position in positions {
            let drawn = analyst.drawings(&position, &[]).unwrap();
            let legal = analyst.moves(&position).unwrap();
            let mut offered = std::collections::HashSet::new();
            for (index, (d, part)) in drawn
                .iter()
                .zip(analyst.parts(&position).unwrap())
                .enumerate()
            {
                let d = d.as_ref().unwrap_or_else(|e| panic!("{part}: {e}"));
                // The part as written, or its game's name and the position in words.
                let name = part.to_string().split(' ').next().unwrap().to_string();
                assert!(
                    d.label == part.to_string() || d.label.starts_with(&format!("{name} (")),
                    "{}",
                    d.label
                );
                let svg = d.svg();
                for m in &d.moves {
                    // Asked for by its marks, or by where it leads, it is the same move.
                    let marking = analyst.marking(&position, index, &m.marks).unwrap();
                    assert!(marking.exact.contains(m), "{position}: {:?}", m.marks);
                    let (led_in, led) = analyst.leading(&position, &m.to).unwrap().unwrap();
                    assert_eq!((led_in, &led.to), (index, &m.to), "{position}");
                    assert!(
                        legal.contains(&m.to),
                        "{position}: {} is offered but not legal",
                        m.to
                    );
                    assert_eq!(
                        m.words,
                        analyst.describe_move(&position, &m.to).unwrap(),
                        "{position}"
                    );
                    assert!(!m.marks.is_empty(), "{position}: {} has no marks", m.to);
                    for id in m.marks.iter().chain(&m.lit) {
                        assert!(
                            svg.contains(&format!(r#"data-id="{id}""#)),
                            "{position}: no shape {id}"
                        );
                    }
                    offered.insert(m.to.clone());
                }
            }
            let several = ["moore", "nimble", "nimble-k", "octal", "hex"];
            if !several.iter().any(|name| family.name.starts_with(name)) {
                for m in &legal {
                    assert!(
                        offered.contains(m),
                        "{position}: the move to {m} is not offered"
                    );
                }
            }
        }
    }
}

/// Pictures whose moves are too many to list, asked for by their marks: heaps too
/// large to draw as chips, drawn in strips (a strip's cells), Moore's Nim past
/// 2,000 moves (a chip of each heap) and Nimble sliding several coins (each coin,
/// then its square). Every move of these positions is led to by marks on the
/// picture, and those marks make that move, in its own words.
#[test]
fn pictures_whose_moves_are_asked_for_make_every_move_by_their_marks() {
    for spec in [
        "kayles 70",
        "nim 70,65",
        "octal:0.07 130",
        "sub:1,2,5 64",
        "kayles 3 + nim 61",
        "moore:2 10,20,30,40",
        "moore:3 6,7,8,9,10",
        "nimble-k:2 2,5,7,9",
        "nimble-k:3 1,3,4,6",
    ] {
        let mut analyst = Analyst::new(Budget::default());
        let position = analyst.parse(spec).unwrap();
        let drawn = analyst.drawings(&position, &[]).unwrap();
        let svgs: Vec<String> = drawn.iter().map(|d| d.as_ref().unwrap().svg()).collect();
        assert!(
            drawn.iter().any(|d| d.as_ref().unwrap().on_request),
            "{spec}"
        );
        for to in analyst.moves(&position).unwrap() {
            let (index, led) = analyst
                .leading(&position, &to)
                .unwrap()
                .unwrap_or_else(|| panic!("{spec}: no click makes {to}"));
            for id in &led.marks {
                let strip = id.split(':').next().unwrap();
                assert!(
                    svgs[index].contains(&format!(r#"data-id="{strip}""#)),
                    "{spec}: no shape {id}"
                );
            }
            let marking = analyst.marking(&position, index, &led.marks).unwrap();
            let made = marking.exact.iter().find(|m| m.to == to);
            let made = made.unwrap_or_else(|| panic!("{spec}: {:?} does not make {to}", led.marks));
            assert_eq!(
                made.words,
                analyst.describe_move(&position, &to).unwrap(),
                "{spec}"
            );
        }
    }
}
