//! Games on boards and graphs — Green Hackenbush, Chomp, the divisor game, Cram and
//! polyomino placement — checked against exhaustive search (the theory and the
//! region splitting are fast paths) and against the values of the notes and of
//! published tables.

use grundy::games::chomp::{self, Rectangle};
use grundy::games::{Chomp, Hackenbush, Placement};
use grundy::solve::memo::{Measure, Memo};
use grundy::solve::Solver;
use grundy::{Analyst, Budget};
use grundy::{Game, Nimber, Outcome, OwnSearch, Play, Result, Theory};
use proptest::prelude::*;

/// A game searched move by move: no theory, no split into parts.
struct Searched<G>(G);

impl<G: Game> Game for Searched<G> {
    type Position = G::Position;
    fn moves(&self, p: &G::Position, out: &mut Vec<G::Position>) -> Result<()> {
        self.0.moves(p, out)
    }
    fn parse_position(&self, text: &str) -> Result<G::Position> {
        self.0.parse_position(text)
    }
    fn format_position(&self, p: &G::Position) -> String {
        self.0.format_position(p)
    }
    fn describe_move(&self, from: &G::Position, to: &G::Position) -> Result<String> {
        self.0.describe_move(from, to)
    }
}

/// The nimber of `text` in `game` by the game's own fast paths, and by plain search.
fn both_ways<G: Game + Clone>(game: &G, text: &str) -> (Nimber, Nimber) {
    let p = game.parse_position(text).unwrap();
    let fast = Memo::<G>::new(Measure::Nimber)
        .value(game, &p, &Budget::default().with_positions(1 << 22))
        .unwrap();
    let searched = Searched(game.clone());
    let slow = Memo::<Searched<G>>::new(Measure::Nimber)
        .value(&searched, &p, &Budget::default().with_positions(1 << 22))
        .unwrap();
    (fast, slow)
}

/// The solver's verdict on a SPEC.
fn value(spec: &str) -> (Outcome, Option<Nimber>) {
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let sum = grundy::spec::parse(spec, &mut solver).unwrap();
    let v = solver.value(&sum, Play::Normal).unwrap();
    // Where a theorem gives the outcome, the nimber is searched for apart.
    (v.outcome, v.nimber.or_else(|| solver.nimber(&sum).ok()))
}

fn winning(spec: &str) -> Vec<String> {
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let sum = grundy::spec::parse(spec, &mut solver).unwrap();
    let moves = solver.winning_moves(&sum, Play::Normal).unwrap();
    moves.iter().map(|m| solver.format(m)).collect()
}

// ---- Green Hackenbush ----

/// A random rooted drawing of up to 12 edges on up to 6 vertices besides the ground:
/// each edge leaves a vertex already joined to the ground, to any vertex (itself for
/// a loop, one already used for a cycle or a second edge, or the next new one).
fn drawing() -> impl Strategy<Value = String> {
    prop::collection::vec((0..7usize, 0..8usize), 1..=12).prop_map(|picks| {
        let mut used = 1;
        let mut edges = Vec::new();
        for (from, to) in picks {
            let from = from % used;
            let to = to.min(used).min(6);
            if to == used {
                used += 1;
            }
            let name = |v: usize| {
                if v == 0 {
                    "g".to_string()
                } else {
                    format!("v{v}")
                }
            };
            edges.push(format!("{}-{}", name(from), name(to)));
        }
        edges.join(",")
    })
}

/// A cycle of 2 to 8 edges, on the ground or on top of a stalk, with stalks (of 1 to
/// 3 edges) and loops hanging from some of its vertices.
fn cycle_drawing() -> impl Strategy<Value = String> {
    (
        2..=8usize,
        0..=2usize,
        prop::collection::vec((0..8usize, 0..=3usize), 0..=4),
    )
        .prop_map(|(length, below, hanging)| {
            let mut edges: Vec<String> = Vec::new();
            let mut base = "g".to_string();
            for i in 0..below {
                edges.push(format!("{base}-s{i}"));
                base = format!("s{i}");
            }
            let vertex = |k: usize| match k % length {
                0 => base.clone(),
                k => format!("c{k}"),
            };
            for k in 0..length {
                edges.push(format!("{}-{}", vertex(k), vertex(k + 1)));
            }
            for (n, &(at, height)) in hanging.iter().enumerate() {
                let mut from = vertex(at);
                if height == 0 {
                    edges.push(format!("{from}-{from}"));
                }
                for h in 0..height {
                    edges.push(format!("{from}-h{n}x{h}"));
                    from = format!("h{n}x{h}");
                }
            }
            edges.join(",")
        })
}

/// The fusion and colon principles against exhaustive edge-deletion search on the
/// drawing `text`: its nimber, and its moves to each nimber below 4.
fn theory_agrees_with_search(text: &str) -> std::result::Result<(), TestCaseError> {
    let game = Hackenbush;
    let p = game.parse_position(text).unwrap();
    let theory = Theory::nimber(&game, &p).unwrap();
    let searched = Searched(Hackenbush);
    let mut memo = Memo::<Searched<Hackenbush>>::new(Measure::Nimber);
    prop_assert_eq!(
        theory,
        memo.value(&searched, &p, &Budget::default().with_positions(1 << 20))
            .unwrap(),
        "{}",
        text
    );
    let mut options = Vec::new();
    game.moves(&p, &mut options).unwrap();
    for target in 0..4 {
        let by_theory = Theory::moves_to_nimber(&game, &p, target).unwrap();
        let mut by_search = Vec::new();
        for o in &options {
            if memo
                .value(&searched, o, &Budget::default().with_positions(1 << 20))
                .unwrap()
                == target
            {
                by_search.push(o.clone());
            }
        }
        prop_assert_eq!(by_theory, by_search);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// The fusion and colon principles agree with exhaustive edge-deletion search,
    /// and so do the winning moves (every edge whose cut leaves nimber 0).
    #[test]
    fn hackenbush_theory_agrees_with_search(text in drawing()) {
        theory_agrees_with_search(&text)?;
    }

    /// The cuts of a cycle, valued along the cycle without search of the rest.
    #[test]
    fn cuts_of_a_cycle_agree_with_search(text in cycle_drawing()) {
        theory_agrees_with_search(&text)?;
    }
}

#[test]
fn hackenbush_by_the_principles() {
    // Stalks are Nim heaps: 3 XOR 4 XOR 5 = 2, won by cutting the stalk of 3 to 1.
    assert_eq!(value("hackenbush stalks:3,4,5"), (Outcome::N, Some(2)));
    // The colon principle: two leaves on a vertex are *1 XOR *1 = *0, so one edge
    // under them is a stalk of 1 and two edges a stalk of 2.
    assert_eq!(value("hackenbush tree:(()())").1, Some(1));
    assert_eq!(value("hackenbush tree:((()()))").1, Some(2));
    assert_eq!(value("hackenbush g-a,a-b,a-c").1, Some(1));
    // The issue's example: a-b is *1, a-c with a loop at c is *2; 1 XOR 2 = 3 under
    // g-a: a stalk of 4.
    assert_eq!(value("hackenbush g-a,a-b,a-c,c-c").1, Some(4));
    // Fusion: a triangle on the ground is three loops, *1; a square, four, *0.
    assert_eq!(value("hackenbush g-a,a-b,b-g").1, Some(1));
    assert_eq!(value("hackenbush g-a,a-b,b-c,c-g").1, Some(0));
    // Only the cut at g-a wins the issue's example, cutting the whole plant.
    assert_eq!(winning("hackenbush g-a,a-b,a-c,c-c"), ["hackenbush g"]);
}

#[test]
fn a_thousand_edges_answer_at_once() {
    // A ring of 1000 edges on the ground with a stalk of 999 on one vertex: the ring
    // fuses into the ground (1000 loops, *0), leaving the stalk: *999.
    let mut edges: Vec<String> = (0..1000)
        .map(|i| format!("r{}-r{}", i, (i + 1) % 1000))
        .collect();
    edges[0] = "g-r1".into();
    edges[999] = "r999-g".into();
    edges.extend((0..999).map(|i| format!("s{i}-s{}", i + 1)));
    edges.push("r500-s0".into());
    let text = edges.join(",");
    let start = std::time::Instant::now();
    assert_eq!(value(&format!("hackenbush {text}")).1, Some(1000));
    assert!(start.elapsed().as_secs_f64() < 5.0);
}

// ---- Chomp and the divisor game ----

#[test]
fn every_rectangle_is_won_by_the_first_player() {
    let b = Rectangle::new(7, 7);
    let nimbers =
        chomp::nimbers_in_rectangle(&b, &Budget::default().with_positions(1 << 20)).unwrap();
    for h in 1..=7usize {
        for w in 1..=7u32 {
            let rows = vec![w; h];
            let g = nimbers[b.rank(&rows) as usize];
            assert_eq!(g == 0, (w, h) == (1, 1), "{w}x{h}");
        }
    }
}

#[test]
fn the_square_board_is_won_by_chomping_two_two() {
    for n in 2..=6 {
        let mut l_shape = vec![n.to_string()];
        l_shape.extend(std::iter::repeat_n("1".to_string(), n - 1));
        assert_eq!(
            winning(&format!("chomp {n}x{n}")),
            [format!("chomp {}", l_shape.join(","))]
        );
    }
}

/// Every diagram inside 7 rows of 7: the theorems on Chomp (an L is Nim on its arms;
/// two rows or two columns (a, a − 1) are P; a square is won by chomping (2, 2); a
/// rectangle is N)
/// agree with the nimbers of exhaustive search, and the moves they name are exactly
/// the moves to the nimber asked for.
#[test]
fn the_theorems_on_chomp_agree_with_search_on_every_small_diagram() {
    let b = Rectangle::new(7, 7);
    let nimbers =
        chomp::nimbers_in_rectangle(&b, &Budget::default().with_positions(1 << 20)).unwrap();
    let theory = Chomp.capabilities().theory.unwrap();
    let (mut outcomes, mut named) = (0, 0);
    for rank in 1..b.len() {
        let rows = b.unrank(rank);
        let g = nimbers[rank as usize];
        if let Some(outcome) = theory.outcome(&rows, Play::Normal) {
            outcomes += 1;
            assert_eq!(outcome == Outcome::P, g == 0, "{rows:?}");
        }
        if let Some(nimber) = theory.nimber(&rows) {
            assert_eq!(nimber, g, "{rows:?}");
        }
        let mut options = Vec::new();
        Chomp.moves(&rows, &mut options).unwrap();
        for target in 0..8 {
            let Some(mut found) = theory.moves_to_nimber(&rows, target) else {
                continue;
            };
            named += 1;
            let mut expected: Vec<_> = options
                .iter()
                .filter(|o| nimbers[b.rank(o) as usize] == target)
                .cloned()
                .collect();
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "{rows:?} to nimber {target}");
        }
    }
    // Every such diagram was answered: 49 Ls, 21 two rows with a top row of 2 or
    // more, 20 two columns of 3 squares or more with a right one of 2 or more, 5
    // squares of side 3 to 7 and 20 other rectangles of 3 rows or more and 3 columns
    // or more; the Ls named their moves to each of 8 nimbers, the others their
    // winning moves.
    assert_eq!(outcomes, 49 + 21 + 20 + 5 + 20);
    assert_eq!(named, 49 * 8 + 21 + 20 + 5);
}

#[test]
fn a_square_of_any_size_is_won_by_chomping_two_two_at_once() {
    let start = std::time::Instant::now();
    let mut l_shape = vec!["200".to_string()];
    l_shape.extend(std::iter::repeat_n("1".to_string(), 199));
    assert_eq!(
        winning("chomp 200x200"),
        [format!("chomp {}", l_shape.join(","))]
    );
    // An L of equal arms is P, of unequal arms N, won by evening the arms; two rows
    // of 10^9 and 10^9 are won by taking the top row's last square.
    assert_eq!(value("chomp 1000000,1,1,1").0, Outcome::N);
    assert_eq!(winning("chomp 1000000,1,1,1"), ["chomp 4,1,1,1"]);
    assert_eq!(value("chomp 4,1,1,1"), (Outcome::P, Some(0)));
    assert_eq!(
        winning("chomp 1000000000,1000000000"),
        ["chomp 1000000000,999999999"]
    );
    assert_eq!(value("chomp 1000000000,999999999").0, Outcome::P);
    assert!(start.elapsed().as_secs_f64() < 1.0);
}

#[test]
fn two_columns_of_any_height_are_two_rows_on_their_side() {
    // Columns (a, a − 1) are P; (a, a) is won by chomping the right column's top
    // square, and (a, b) with a > b + 1 by cutting the left column to b + 1: the
    // theorem answers at once, however high (a fuzzed `moves chomp 2x4888` once
    // searched every option).
    let columns = |left: usize, right: usize| {
        let mut rows = vec!["2"; right];
        rows.extend(vec!["1"; left - right]);
        format!("chomp {}", rows.join(","))
    };
    assert!(winning(&columns(1000, 999)).is_empty());
    assert_eq!(winning("chomp 2x1000"), [columns(1000, 999)]);
    assert_eq!(winning(&columns(1000, 10)), [columns(11, 10)]);
    // The explanation speaks of columns, in one sentence of single spaces.
    let rows = Chomp.parse_position("2,2,2,1,1").unwrap();
    let text = Chomp.explain(&rows, Play::Normal).join(" ");
    assert!(text.starts_with("Two columns of 5 and 3 (two rows turned on their side"));
    assert!(text.contains("chomping the right column's top square restores (b, b − 1)"));
    assert!(!text.contains("  "), "{text}");
}

#[test]
fn the_exercise_position_has_a_unique_winning_move() {
    // 8x3, chomped at (6,2) then at (2,3): rows 8, 5, 1.
    let moves = winning("chomp 8,5,1");
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(value(&moves[0]).0, Outcome::P);
}

#[test]
fn dense_ranks_agree_with_search() {
    let b = Rectangle::new(4, 5);
    let nimbers =
        chomp::nimbers_in_rectangle(&b, &Budget::default().with_positions(1 << 20)).unwrap();
    let mut memo = Memo::<Chomp>::new(Measure::Nimber);
    for rank in 1..b.len() {
        let rows = b.unrank(rank);
        assert_eq!(
            nimbers[rank as usize],
            memo.value(&Chomp, &rows, &Budget::default().with_positions(1 << 20))
                .unwrap()
        );
    }
}

/// The P-positions of Chomp with at most `R` rows and a bottom row of at most
/// `width`, from the dense table of the whole box: rows, zeros for missing ones,
/// sorted.
fn dense_p_positions<const R: usize>(width: u32) -> Vec<[u32; R]> {
    let b = Rectangle::new(R, width);
    let nimbers =
        chomp::nimbers_in_rectangle(&b, &Budget::default().with_positions(1 << 20)).unwrap();
    let mut found: Vec<[u32; R]> = (1..b.len())
        .filter(|&rank| nimbers[rank as usize] == 0)
        .map(|rank| {
            let rows = b.unrank(rank);
            std::array::from_fn(|i| rows.get(i).copied().unwrap_or(0))
        })
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn three_row_p_positions_agree_with_the_dense_table() {
    let width = 25;
    let expected = dense_p_positions::<3>(width);
    assert_eq!(
        chomp::three_row_p_positions(width, &Budget::default().with_positions(1 << 20)).unwrap(),
        expected
    );
    // Two rows: the P-positions are (a, a - 1), as the notes' argument shows.
    let two_rows: Vec<[u32; 3]> = expected.into_iter().filter(|p| p[2] == 0).collect();
    let a_then_a_less_one: Vec<[u32; 3]> = (1..=width).map(|a| [a, a - 1, 0]).collect();
    assert_eq!(two_rows, a_then_a_less_one);
}

#[test]
fn four_row_p_positions_agree_with_the_dense_table() {
    let width = 24;
    let expected = dense_p_positions::<4>(width);
    let budget = Budget::default().with_positions(1 << 20);
    let found = chomp::four_row_p_positions(width, &budget).unwrap();
    assert_eq!(found, expected);
    // Its three rows are the three-row recursion's, and every narrower width is a
    // prefix of the same table (a P-position stays one in a wider box).
    let three: Vec<[u32; 3]> = found
        .iter()
        .filter(|p| p[3] == 0)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    assert_eq!(three, chomp::three_row_p_positions(width, &budget).unwrap());
    for narrower in [1, 2, 7, 13] {
        let within: Vec<[u32; 4]> = found.iter().filter(|p| p[0] <= narrower).copied().collect();
        assert_eq!(
            chomp::four_row_p_positions(narrower, &budget).unwrap(),
            within
        );
    }
}

#[test]
fn four_row_p_positions_are_oeis_a395126() {
    // OEIS A395126 (A. Garg, 2026): the d of each P-position (a, b, c, d) of 4 x n
    // Chomp, in lexicographic order; its first terms, and its first ten positions.
    let published = [
        0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 2, 0, 2, 0, 0, 0, 2, 0, 2, 0, 2, 3, 4, 0, 3, 0,
        3, 2, 0, 2, 0, 2, 0, 2, 2, 3, 3, 0, 2, 2, 0, 4, 0, 4, 0, 4, 0, 5, 6, 7, 3, 4, 0, 0, 2, 3,
        2, 3, 4, 5, 6, 0, 2, 3, 4, 5, 7, 0, 5, 2, 4, 4, 3, 3, 0, 2, 0, 2, 3, 0, 2, 0, 2,
    ];
    let found = chomp::four_row_p_positions(40, &Budget::default()).unwrap();
    let d: Vec<u32> = found.iter().take(published.len()).map(|p| p[3]).collect();
    assert_eq!(d, published);
    assert_eq!(
        found[..10],
        [
            [1, 0, 0, 0],
            [2, 1, 0, 0],
            [2, 2, 1, 0],
            [2, 2, 2, 1],
            [3, 1, 1, 0],
            [3, 2, 0, 0],
            [3, 3, 1, 1],
            [4, 1, 1, 1],
            [4, 2, 2, 0],
            [4, 3, 0, 0]
        ]
    );
}

#[test]
fn the_divisor_game_is_chomp_in_more_dimensions() {
    // The divisors of p^k form a chain: a Nim heap of k.
    for (n, k) in [(2, 1), (8, 3), (81, 4), (1024, 10)] {
        assert_eq!(value(&format!("divisors {n}")).1, Some(k), "{n}");
    }
    // 2^(w-1) 3^(h-1): a w x h rectangle of Chomp.
    for (w, h) in [(2u32, 2u32), (3, 2), (4, 3), (5, 4)] {
        let n = 2u64.pow(w - 1) * 3u64.pow(h - 1);
        assert_eq!(
            value(&format!("divisors {n}")).1,
            value(&format!("chomp {w}x{h}")).1,
            "{n}"
        );
    }
    // Strategy stealing: every N > 1 is won by the first player (three primes: a
    // three-dimensional board).
    for n in [30, 60, 210, 360] {
        assert_eq!(value(&format!("divisors {n}")).0, Outcome::N, "{n}");
    }
    assert_eq!(value("divisors 1").0, Outcome::P);
}

// ---- Cram and placement ----

#[test]
fn cram_reference_values() {
    // Published nimbers of the boards small enough for a debug build, each board
    // both ways round (5x6, the slowest, takes about a second); the larger ones are
    // in the benchmark.
    // - P. Beling, impartial-games, README.md (2025), "The results obtained so far",
    //   table "Cram (under the normal play convention)"; Beling credits the smaller
    //   boards to Lemoine and Viennot's solver Glop.
    // - T. Plick, nimcalc (2025), cram.ml, `run_tests`: 2xn is n mod 2 for n up to
    //   12, and 3xn for n = 1 to 9 is 1, 1, 0, 1, 1, 4, 1, 3, 1 (3x6 is 4 in its
    //   README too).
    let beling = [(4, 4, 0), (4, 5, 2), (4, 7, 3), (5, 5, 0), (5, 6, 2)];
    let plick_3xn = [1, 1, 0, 1, 1, 4, 1, 3, 1];
    let published = beling
        .into_iter()
        .chain((1..=12).map(|n| (2, n, n % 2)))
        .chain((1..=9).zip(plick_3xn).map(|(n, g)| (3, n, g)));
    for (rows, cols, g) in published {
        for board in [format!("{rows}x{cols}"), format!("{cols}x{rows}")] {
            assert_eq!(value(&format!("cram {board}")).1, Some(g), "{board}");
        }
    }
    // A strip of n cells is Dawson's Kayles (remove two adjacent pins): 0, 0, 1, 1,
    // 2, 0, 3, 1, 1, 0 for n = 0 to 9.
    for (n, g) in [(2, 1), (4, 2), (5, 0), (6, 3), (7, 1), (9, 0)] {
        assert_eq!(value(&format!("cram 1x{n}")).1, Some(g), "1x{n}");
        assert_eq!(value(&format!("cram {n}x1")).1, Some(g), "{n}x1");
    }
    // Even by even, up to the 128 cells a board may have: the second player answers
    // by symmetry through the centre (the zeros of Beling's table).
    for rows in [2, 4, 6, 8, 10] {
        for cols in (2..=128 / rows).step_by(2) {
            let board = format!("{rows}x{cols}");
            assert_eq!(value(&format!("cram {board}")).1, Some(0), "{board}");
        }
    }
}

/// The picture of a `rows` × `cols` board (rows joined by '/') whose cell (r, c) is
/// blocked where its bit of `blocked` (row by row) is set and `kept(r, c)` holds.
fn blocked_picture(
    rows: usize,
    cols: usize,
    blocked: u32,
    kept: impl Fn(usize, usize) -> bool,
) -> String {
    let picture: Vec<String> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| match blocked >> (r * cols + c) & 1 == 1 && kept(r, c) {
                    true => '#',
                    false => '.',
                })
                .collect()
        })
        .collect();
    picture.join("/")
}

/// Whether the pruned search says `text` has nimber k exactly for the nimber plain
/// search finds, for each of `heaps` and for that nimber.
fn pruned_agrees_with_plain(
    game: &Placement,
    text: &str,
    heaps: Vec<Nimber>,
) -> std::result::Result<(), TestCaseError> {
    let p = game.parse_position(text).unwrap();
    let budget = Budget::default().with_positions(1 << 22);
    let g = Memo::<Searched<Placement>>::new(Measure::Nimber)
        .value(&Searched(game.clone()), &p, &budget)
        .unwrap();
    for k in heaps.into_iter().chain([g]) {
        let has = game.has_nimber(&p, k, &budget).unwrap();
        prop_assert_eq!(has, k == g, "{} {} heap {}", game.name(), text, k);
    }
    Ok(())
}

#[test]
fn a_board_searched_in_little_memory_still_gets_its_published_nimber() {
    // A table of 256 KiB holds about 23,000 regions, where these searches learn of
    // many more: each time it fills, the smallest regions are let go, and the
    // search goes on. Nimbers from Beling's table (see `cram_reference_values`).
    let game = Placement::cram();
    let budget = Budget::default().with_memory(256 << 10);
    for (board, g) in [("5x7", 1), ("4x9", 1), ("4x7", 3), ("5x6", 2)] {
        let p = game.parse_position(board).unwrap();
        for k in 0..=g + 1 {
            let has = game.has_nimber(&p, k, &budget).unwrap();
            assert_eq!(has, k == g, "cram {board}, heap {k}");
        }
    }
}

#[test]
fn a_board_search_shows_its_question_and_the_options_it_settled_on_its_stop_flag() {
    // Cram 5x5 is a P-position (Beling's table, see `cram_reference_values`), and
    // no copying strategy shows it: every option of the board is searched, on one
    // thread and on two (which search twins under the board's symmetries once).
    for threads in [1, 2] {
        let game = Placement::cram();
        let budget = Budget::default().with_threads(threads).unwrap();
        let p = game.parse_position("5x5").unwrap();
        assert_eq!(budget.stop_flag().question(), None);
        assert!(game.has_nimber(&p, 0, &budget).unwrap());
        let q = budget.stop_flag().question().unwrap();
        assert_eq!((q.number, q.cells, q.heap), (1, 25, 0), "{q:?}");
        assert!(q.options > 0 && q.options <= 40, "{q:?}");
        assert_eq!(q.settled, q.options, "{q:?}");
        // The next question on the same flag is the second; its options are valued
        // from the table at once.
        assert!(!game.has_nimber(&p, 1, &budget).unwrap());
        let q = budget.stop_flag().question().unwrap();
        assert_eq!((q.number, q.cells), (2, 25), "{q:?}");
    }
}

#[test]
fn boards_past_64_cells_are_searched() {
    // A strip of n cells is Dawson's Kayles (0.07, remove two adjacent pins): the
    // board search on 65 to 128 cells, a word of 128 bits, gives the heap engine's
    // values. 1x66 has nimber 3 (0.07 is periodic with period 34 from n = 52:
    // Guy and Smith 1956; Winning Ways, chapter 4).
    assert_eq!(value("cram 1x66").1, Some(3));
    for n in [65, 66, 67, 75, 100, 128] {
        let heap = value(&format!("octal:0.07 {n}")).1;
        assert_eq!(value(&format!("cram 1x{n}")).1, heap, "1x{n}");
        assert_eq!(value(&format!("cram {n}x1")).1, heap, "{n}x1");
    }
    // A wide board whose empty cells form a small region has that region's nimber:
    // 5x13 with a 4x5 region left (nimber 2, Beling's table) and 11x11 with 3x6 (4,
    // Plick's nimcalc).
    let region = |rows: usize, cols: usize, r: usize, c: usize| -> String {
        let pic: Vec<String> = (0..rows)
            .map(|i| {
                (0..cols)
                    .map(|j| if i < r && j < c { '.' } else { '#' })
                    .collect()
            })
            .collect();
        format!("cram {}", pic.join("/"))
    };
    assert_eq!(value(&region(5, 13, 4, 5)).1, Some(2));
    assert_eq!(value(&region(11, 11, 3, 6)).1, Some(4));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// On boards past 64 cells, with the empty cells scattered so that plain search
    /// can follow, the pruned search gives plain search's nimber, whatever heaps are
    /// asked about: Cram and the L-tromino.
    #[test]
    fn the_pruned_search_agrees_with_plain_search_past_64_cells(
        (rows, cols) in prop_oneof![Just((5usize, 13usize)), Just((6, 11)), Just((9, 9)), Just((1, 100)), Just((11, 11))],
        empty in proptest::collection::btree_set(0..121usize, 6..16),
        game in 0..2usize,
        heaps in proptest::collection::vec(0..5u64, 1..5),
    ) {
        let cells = rows * cols;
        let picture: Vec<String> = (0..rows)
            .map(|r| (0..cols).map(|c| if empty.contains(&((r * cols + c) * 7 % cells)) || empty.contains(&((r * cols + c + 1) * 7 % cells)) { '.' } else { '#' }).collect())
            .collect();
        let text = picture.join("/");
        let game = match game {
            0 => Placement::cram(),
            _ => Placement::parse("0.0,0.1,1.0").unwrap(),
        };
        pruned_agrees_with_plain(&game, &text, heaps)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Splitting into regions and canonical forms give the nimber that plain search
    /// of the whole board gives: Cram, the L-tromino, and horizontal dominoes.
    #[test]
    fn regions_agree_with_search(
        (rows, cols) in (1..=4usize, 1..=5usize),
        blocked in any::<u32>(),
        game in 0..3usize,
    ) {
        let text = blocked_picture(rows, cols, blocked, |r, c| (r + c) % 3 == 0);
        let game = match game {
            0 => Placement::cram(),
            1 => Placement::parse("0.0,0.1,1.0").unwrap(),
            _ => Placement::parse("0.0,0.1:fixed").unwrap(),
        };
        let (fast, slow) = both_ways(&game, &text);
        prop_assert_eq!(fast, slow, "{} {}", game.name(), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The pruned search (is the board plus a heap of k a P-position?) answers
    /// exactly for the nimber plain search finds, whatever heaps are asked about and
    /// in whatever order, on boards with blocked cells and for several piece sets.
    #[test]
    fn the_pruned_search_agrees_with_plain_search(
        (rows, cols) in (1..=5usize, 2..=5usize),
        blocked in any::<u32>(),
        game in 0..4usize,
        heaps in proptest::collection::vec(0..6u64, 1..8),
    ) {
        let text = blocked_picture(rows, cols, blocked, |r, c| (r * 7 + c) % 4 == 0);
        let game = match game {
            0 => Placement::cram(),
            1 => Placement::parse("0.0,0.1,1.0").unwrap(),
            2 => Placement::parse("0.0,0.1:fixed").unwrap(),
            _ => Placement::parse("0.0,0.1,0.2|0.0,1.0,1.1").unwrap(),
        };
        pruned_agrees_with_plain(&game, &text, heaps)?;
    }
}

#[test]
fn bad_boards_and_pieces_are_refused() {
    let err = |t: &str| {
        let mut solver = Solver::new(Budget::default().with_positions(1000));
        grundy::spec::parse(t, &mut solver).unwrap_err().to_string()
    };
    assert!(err("cram 12x12").contains("144 cells"));
    assert!(err("place:0.0,1.1 4x4").contains("not connected"));
    assert!(err("cram ../.x").contains("'x'"));
    assert!(err("chomp 3,4").contains("longer than the row below"));
    let mut solver = Solver::new(Budget::default().with_positions(1000));
    let sum = grundy::spec::parse("cram 5x7", &mut solver).unwrap();
    assert_eq!(
        solver.value(&sum, Play::Normal).unwrap_err(),
        grundy::Error::budget(1000)
    );
    // 1000,1000,1000 has C(1003, 3) - 1 sub-diagrams: its nimber is refused before
    // any search, while strategy stealing makes the rectangle N at once.
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let sum = grundy::spec::parse("chomp 1000x3", &mut solver).unwrap();
    let start = std::time::Instant::now();
    let refused = solver.nimber(&sum).unwrap_err();
    assert!(
        matches!(refused, grundy::Error::Budget { limit: 10_000_000, needs: Some(n), .. } if n > 10_000_000),
        "{refused}"
    );
    let value = solver.value(&sum, Play::Normal).unwrap();
    assert_eq!((value.outcome, value.nimber), (Outcome::N, None));
    assert!(start.elapsed().as_secs_f64() < 1.0);
}

/// A Chomp diagram too large for a shape a square is drawn a row a strip, its moves
/// asked for by their marks: a square's chomp, lit row by row as runs of the strips
/// it takes, and the hint's move found by where it leads.
#[test]
fn a_large_chomp_diagram_is_drawn_in_strips_its_moves_asked_for() {
    let mut analyst = Analyst::new(Budget::default());
    let board = analyst.parse("chomp 200x200").unwrap();
    let drawn = analyst.drawings(&board, &[]).unwrap().remove(0).unwrap();
    assert!(drawn.on_request && drawn.moves.is_empty());
    let svg = drawn.svg();
    assert_eq!(svg.matches(r#"data-cells="200""#).count(), 200);
    assert!(svg.len() < 100_000, "{} bytes", svg.len());
    // Row 198 from the top is the second from the bottom: its second square is (2,2).
    let marked = analyst.marking(&board, 0, &["r198:1".to_string()]).unwrap();
    let [square] = &marked.exact[..] else {
        panic!("{marked:?}")
    };
    assert_eq!(square.words, "chomp (2,2), taking 39,601 squares");
    assert_eq!(square.lit.len(), 199);
    assert_eq!(square.lit[0], "r0:1-199");
    let l = square.to.clone();
    let (part, led) = analyst.leading(&board, &l).unwrap().unwrap();
    assert_eq!((part, led.marks), (0, vec!["r198:1".to_string()]));
    // The poisoned square, and a square off the diagram, make no move.
    for id in ["r199:0", "r0:200", "nonsense"] {
        let none = analyst.marking(&board, 0, &[id.to_string()]).unwrap();
        assert!(none.exact.is_empty(), "{id}");
    }
}

/// The picture `text` (rows joined by '/') reflected top to bottom (`rows`), left
/// to right (`cols`), and then turned about its diagonal (`transpose`).
fn image(text: &str, rows: bool, cols: bool, transpose: bool) -> String {
    let mut grid: Vec<Vec<char>> = text.split('/').map(|r| r.chars().collect()).collect();
    if rows {
        grid.reverse();
    }
    if cols {
        grid.iter_mut().for_each(|r| r.reverse());
    }
    if transpose {
        grid = (0..grid[0].len())
            .map(|c| grid.iter().map(|r| r[c]).collect())
            .collect();
    }
    let rows: Vec<String> = grid.into_iter().map(String::from_iter).collect();
    rows.join("/")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A board's canonical form (what a split search asks about for all its twins)
    /// has the board's nimber by plain search, and is the same for every image of
    /// the board under the symmetries that keep the piece set: every reflection
    /// and half turn, and for Cram and the L-tromino the turns by a quarter.
    #[test]
    fn twin_boards_have_one_canonical_form_of_their_nimber(
        (rows, cols) in (1..=4usize, 1..=5usize),
        blocked in any::<u32>(),
        game in 0..3usize,
    ) {
        let text = blocked_picture(rows, cols, blocked, |r, c| (r + 2 * c) % 3 == 0);
        let (game, turns) = match game {
            0 => (Placement::cram(), true),
            1 => (Placement::parse("0.0,0.1,1.0").unwrap(), true),
            _ => (Placement::parse("0.0,0.1:fixed").unwrap(), false),
        };
        let form = |text: &str| game.canonical_form(&game.parse_position(text).unwrap());
        let canonical = form(&text);
        let budget = Budget::default().with_positions(1 << 22);
        let plain = |p| Memo::<Searched<Placement>>::new(Measure::Nimber)
            .value(&Searched(game.clone()), &p, &budget)
            .unwrap();
        prop_assert_eq!(plain(canonical), plain(game.parse_position(&text).unwrap()), "{} {}", game.name(), text);
        for (r, c, t) in [(true, false, false), (false, true, false), (true, true, false), (false, false, true), (true, false, true)] {
            if t && !turns {
                continue;
            }
            let twin = image(&text, r, c, t);
            prop_assert_eq!(form(&twin), canonical, "{} {} and its image {}", game.name(), text, twin);
        }
    }
}
