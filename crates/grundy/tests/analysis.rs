//! The analysis API: outcomes from theorems first, for positions far beyond any
//! search, each checked against what the theorem says; the theorems behind them
//! checked against exhaustive search on small positions; games of one's own.

use std::collections::BTreeSet;

use grundy::analysis::Method;
use grundy::games::moore;
use grundy::solve::GameBox;
use grundy::Budget;
use grundy::{analyse, Analysis, Analyst, Game, Options, Outcome, Play, Result};

/// The analysis within a budget of a million positions: where no theorem names
/// the nimber or a winning move, the search for them stops there (the default
/// budget, half the machine's memory, would let it run for minutes).
fn analysis(spec: &str) -> Analysis {
    let mut analyst = Analyst::new(Budget::default().with_positions(1_000_000));
    let position = analyst.parse(spec).unwrap();
    analyst.analyse(&position, &Options::default()).unwrap()
}

fn descriptions(a: &Analysis) -> Vec<&str> {
    a.winning_moves
        .iter()
        .map(|m| m.description.as_str())
        .collect()
}

#[test]
fn dynamic_subtraction_by_the_binary_rule() {
    // Ferguson, exercise 1.7: a power of 2 is P; else take the smallest power of 2
    // of the pile's binary digits (1000000 = 2^6 × 15625, so 64).
    let a = analysis("dynamic 1048576");
    assert_eq!((a.outcome, a.nimber), (Outcome::P, Some(0)));
    assert!(a.winning_moves.is_empty());
    let a = analysis("dynamic 1000000");
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.nimber, None);
    assert!(a
        .nimber_not_computed
        .as_deref()
        .unwrap()
        .contains("binary rule"));
    assert_eq!(descriptions(&a)[0], "take 64 from the pile of 1000000");
    assert_eq!(a.parts.len(), 1);
    assert_eq!(
        a.parts[0].method,
        Method::Theorem("the binary rule of dynamic subtraction")
    );
}

#[test]
fn fibonacci_nim_by_zeckendorf() {
    // Whinihan: 1000000 = 832040 + 121393 + 46368 + 144 + 55; take 55. Every other
    // winning move takes a sum of the smallest terms out of the opponent's reach.
    let a = analysis("fibonacci 1000000");
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(descriptions(&a)[0], "take 55 from the pile of 1000000");
    // 1836311903 is the 46th Fibonacci number: P.
    let a = analysis("fibonacci 1836311903");
    assert_eq!((a.outcome, a.nimber), (Outcome::P, Some(0)));
    // 2000 = 1597 + 377 + 21 + 5: take 5, 5 + 21 or 5 + 21 + 377.
    let a = analysis("fibonacci 2000");
    assert_eq!(
        descriptions(&a),
        [
            "take 5 from the pile of 2000",
            "take 26 from the pile of 2000",
            "take 403 from the pile of 2000"
        ]
    );
}

#[test]
fn moore_nim_by_moore_s_theorem() {
    let heaps = [1_000_000u64, 2_000_000, 3_000_000, 4_000_000];
    let a = analysis("moore:3 1000000,2000000,3000000,4000000");
    let expected = match moore::is_p_position(&heaps, 3) {
        true => Outcome::P,
        false => Outcome::N,
    };
    assert_eq!(a.outcome, expected);
    assert_eq!(a.outcome, Outcome::N);
    // Too many moves to list: the one Moore's proof constructs, which leaves a
    // P-position.
    let [m] = &a.winning_moves[..] else {
        panic!("{:?}", a.winning_moves)
    };
    let after = m.position.as_str().strip_prefix("moore:3 ").unwrap();
    let after: Vec<u64> = after.split(',').map(|h| h.parse().unwrap()).collect();
    assert!(moore::is_p_position(&after, 3), "{after:?}");
}

/// A position of several heaps is valued heap by heap: its winning moves come from
/// the heaps' table at once, though the position as a whole reaches 1.5·10^9
/// positions, past the budget (Kayles: g(1) = 1 and g(98) = 2, so each winning move
/// leaves heaps of nimber 1 in place of the 98). They are as many as those of the
/// same heaps written as a sum, whose parts are valued one by one.
#[test]
fn the_winning_moves_of_several_heaps_come_from_each_heap() {
    let together = analysis("kayles 1,98");
    let apart = analysis("kayles 1 + kayles 98");
    assert_eq!((together.outcome, together.nimber), (Outcome::N, Some(3)));
    assert_eq!(together.winning_moves.len(), apart.winning_moves.len());
    assert_eq!(together.winning_moves.len(), 5);
    for m in &together.winning_moves {
        assert_eq!(
            analysis(&m.position.to_string()).outcome,
            Outcome::P,
            "{}",
            m.position
        );
    }
}

#[test]
fn powers_of_two_by_residues_mod_3() {
    let a = analysis("sub-pow2 1000000000002");
    assert_eq!((a.outcome, a.nimber), (Outcome::P, Some(0)));
    let a = analysis("sub-pow2 1000000000000");
    assert_eq!((a.outcome, a.nimber), (Outcome::N, Some(1)));
    // The powers 4^0, 4^1, …, 4^19 ≤ 10^12 are 1 mod 3.
    assert_eq!(a.winning_moves.len(), 20);
    // The last takes 4^19 = 274877906944.
    assert_eq!(a.winning_moves[19].position, "sub-pow2 725122093056");
    // The closed form equals the heap-sequence engine's values.
    let engine = grundy::tabulate::sequence(
        "sub-pow2",
        300,
        &grundy::table::TableRequest {
            to: Some(300),
            rows: None,
            play: Play::Normal,
            budget: Budget::default().with_positions(10_000),
            save: grundy::table::Save::No,
            algorithm: Default::default(),
        },
        &mut |_| {},
    )
    .unwrap()
    .1
    .into_nimbers()
    .unwrap();
    for (n, &g) in engine.iter().enumerate() {
        assert_eq!(g as u64, n as u64 % 3, "g({n})");
        let a = analysis(&format!("sub-pow2 {n}"));
        let winning = a.winning_moves.iter().map(|m| {
            let left: u64 = m
                .position
                .as_str()
                .strip_prefix("sub-pow2 ")
                .unwrap()
                .parse()
                .unwrap();
            engine[left as usize]
        });
        assert!(winning.clone().all(|g| g == 0), "sub-pow2 {n}");
        let reachable_p = (0..n).filter(|&k| (n - k).is_power_of_two() && engine[k] == 0);
        assert_eq!(winning.count(), reachable_p.count(), "sub-pow2 {n}");
    }
}

#[test]
fn empty_and_divide_by_parity() {
    // Ferguson, exercise 1.4: P exactly when both boxes are odd; dividing the even
    // box of 1000000 into two odd ones wins, in 500000 ways.
    let a = analysis("empty-divide 1000000,999999");
    assert_eq!((a.outcome, a.nimber), (Outcome::N, Some(6)));
    assert_eq!(a.winning_moves.len(), 500_000);
    assert!(a.winning_moves.iter().all(|m| {
        let boxes = m.position.as_str().strip_prefix("empty-divide ").unwrap();
        boxes.split(',').all(|b| b.parse::<u64>().unwrap() % 2 == 1)
    }));
}

#[test]
fn strategy_stealing_names_no_move() {
    let a = analysis("divisors 720720");
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves.is_empty());
    let why = a.winning_moves_not_computed.as_deref().unwrap();
    assert!(why.contains("strategy stealing"), "{why}");
    let a = analysis("chomp 1000x999");
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.winning_moves_not_computed.is_some());
    // Where the search is cheap, the winning move is found after all: a 4×3
    // rectangle is won by chomping (3, 2) (Gale's table).
    let a = analysis("chomp 4x3");
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves_not_computed, None);
    assert_eq!(descriptions(&a), ["chomp (3,2), taking 4 squares"]);
}

/// Every position of the divisor game reachable from N, by exhaustive search: the
/// sets of divisors left.
fn reachable_divisor_positions(n: u64) -> usize {
    let mut seen = BTreeSet::new();
    let mut stack = vec![n.to_string()];
    let mut analyst = Analyst::new(Budget::default().with_positions(1 << 20));
    while let Some(spec) = stack.pop() {
        if !seen.insert(spec.clone()) {
            continue;
        }
        let p = analyst.parse(&format!("divisors {spec}")).unwrap();
        for m in analyst.moves(&p).unwrap() {
            let text = m.to_string();
            stack.push(text.strip_prefix("divisors ").unwrap().to_string());
        }
    }
    seen.len()
}

#[test]
fn strategy_stealing_and_the_divisor_bound_agree_with_search() {
    // Schuh's game from N > 1 is N, as exhaustive search confirms.
    let mut small = Analyst::new(Budget::default().with_positions(1 << 22));
    for n in 2..=200u64 {
        let p = small.parse(&format!("divisors {n}")).unwrap();
        let a = small.analyse(&p, &Options::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N, "divisors {n}");
        // The search within budget finds the winning moves and the nimber.
        assert!(!a.winning_moves.is_empty(), "divisors {n}");
        assert!(a.nimber.is_some_and(|g| g > 0), "divisors {n}");
    }
    // The lower bound on the positions a search keeps is one.
    for n in [12u64, 30, 36, 60, 72, 210] {
        use grundy::Size;
        let game = grundy::games::DivisorGame;
        let p = game.parse_position(&n.to_string()).unwrap();
        let bound = Size::count_positions(&game, &p).unwrap();
        let actual = reachable_divisor_positions(n) as u64;
        assert!(bound <= actual, "divisors {n}: bound {bound} > {actual}");
    }
}

/// A game of one's own: take one or two chips from a single heap, written `n`.
struct OneOrTwo;

impl Game for OneOrTwo {
    type Position = u64;
    fn moves(&self, n: &u64, out: &mut Vec<u64>) -> Result<()> {
        out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
        Ok(())
    }
    fn parse_position(&self, text: &str) -> Result<u64> {
        text.parse()
            .map_err(|_| grundy::invalid!("'{text}' is not a heap"))
    }
    fn format_position(&self, n: &u64) -> String {
        n.to_string()
    }
    fn describe_move(&self, from: &u64, to: &u64) -> Result<String> {
        Ok(format!("take {}", from - to))
    }
}

#[test]
fn a_game_of_one_s_own_joins_sums_with_the_built_in_games() {
    let mut analyst = Analyst::new(Budget::default().with_positions(1000));
    analyst.add_game(GameBox::new("one-or-two", OneOrTwo));
    // g(n) = n mod 3, so 7 has nimber 1, and with a Nim heap of 1 the sum is P.
    let p = analyst.parse("one-or-two 7 + nim 1").unwrap();
    let a = analyst.analyse(&p, &Options::default()).unwrap();
    assert_eq!((a.outcome, a.nimber), (Outcome::P, Some(0)));
    let p = analyst.parse("one-or-two 8 + nim 1").unwrap();
    let a = analyst.analyse(&p, &Options::default()).unwrap();
    assert_eq!((a.outcome, a.nimber), (Outcome::N, Some(3)));
    assert_eq!(a.winning_moves[0].position, "one-or-two 7 + nim 1");
    let misere = Options {
        play: Play::Misere,
        ..Options::default()
    };
    // Misère: from a heap of 1 the only move takes the last chip and loses (P);
    // from 2, taking one leaves the opponent that heap of 1 (N).
    let p = analyst.parse("one-or-two 1").unwrap();
    assert_eq!(analyst.analyse(&p, &misere).unwrap().outcome, Outcome::P);
    let p = analyst.parse("one-or-two 2").unwrap();
    assert_eq!(analyst.analyse(&p, &misere).unwrap().outcome, Outcome::N);
}

#[test]
fn the_computer_wins_keeps_draws_and_plays_long() {
    let with_move = Options {
        computer_move: true,
        ..Options::default()
    };
    let a = analyse("nim 13,12,8", &with_move).unwrap();
    assert_eq!(a.computer_move.as_ref(), a.winning_moves.first());
    // From a P-position it leaves the longest game: take one chip.
    let a = analyse("sub:1,2 9", &with_move).unwrap();
    assert_eq!(a.computer_move.unwrap().position, "sub:1,2 8");
    // No move left: no computer's move.
    let a = analyse("nim 0", &with_move).unwrap();
    assert!(a.terminal && a.computer_move.is_none());
}

#[test]
fn parts_say_how_they_were_valued() {
    let a = analysis("nim 3 + kayles 5");
    assert_eq!(a.parts.len(), 2);
    assert_eq!(a.parts[0].method, Method::Theorem("Bouton's theorem"));
    assert_eq!(a.parts[0].nimber, Some(3));
    assert_eq!(a.parts[1].position, "kayles 5");
    // Kayles: 0, 1, 2, 3, 1, 4, … (Guy and Smith, 1956).
    assert_eq!(a.parts[1].nimber, Some(4));
    assert_eq!(a.nimber, Some(3 ^ 4));
}

#[test]
fn a_raised_stop_flag_ends_every_kind_of_search() {
    let stopped_budget = Budget::default();
    stopped_budget.stop_flag().stop();
    // The heap-sequence engine, the memoised search, a misère search of a sum, the
    // Cram search and a Chomp table: each looks at the flag as it goes.
    let stopped = |spec: &str, play: Play| {
        let options = Options {
            play,
            ..Options::default()
        };
        let mut analyst = Analyst::new(stopped_budget.clone());
        let result = analyst
            .parse(spec)
            .and_then(|position| analyst.analyse(&position, &options));
        assert!(
            matches!(result, Err(grundy::Error::Stopped)),
            "{spec} was not stopped"
        );
    };
    stopped("grundy-game 100000", Play::Normal);
    stopped("sub-squares 30000", Play::Normal);
    stopped("dynamic 3000", Play::Normal);
    stopped("cram 5x5", Play::Normal);
    stopped("kayles 9,10,11,12", Play::Misere);
    // Without the flag the same searches finish.
    assert_eq!(analysis("kayles 9,10,11,12").outcome, Outcome::N);
}

/// `moves` of a large Wythoff position: every option's outcome from Wythoff's
/// theorem (the P-positions are the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋)), none searched.
#[test]
fn every_wythoff_option_is_valued_by_the_theorem() {
    let golden = (1.0 + 5f64.sqrt()) / 2.0;
    let mut p_pairs = BTreeSet::new();
    for k in 0..40_000u64 {
        let a = (k as f64 * golden).floor() as u64;
        p_pairs.insert((a, a + k));
        p_pairs.insert((a + k, a));
    }
    let options = Options {
        all_moves: true,
        ..Options::default()
    };
    let start = std::time::Instant::now();
    let a = analyse("wythoff 20000,30000", &options).unwrap();
    let moves = a.moves.unwrap();
    assert_eq!(moves.len(), 20_000 + 30_000 + 20_000);
    for m in &moves {
        let heaps: Vec<u64> = m.to.position.as_str()["wythoff ".len()..]
            .split(',')
            .map(|h| h.parse().unwrap())
            .collect();
        let is_p = p_pairs.contains(&(heaps[0], heaps[1]));
        assert_eq!(m.outcome == Outcome::P, is_p, "{}", m.to.position);
        if is_p {
            assert_eq!(m.nimber, Some(0));
        }
    }
    assert!(start.elapsed().as_secs_f64() < 20.0);
}

#[test]
fn a_search_past_the_budget_by_its_known_bound_is_refused_at_once() {
    // Dynamic subtraction from a million chips reaches up to 10^12 positions.
    let a = analysis("dynamic 1000000");
    let why = a.nimber_not_computed.unwrap();
    assert!(why.contains("would keep up to"), "{why}");
}

#[test]
fn an_analyst_moves_between_threads() {
    // The core is Send: a front end may hand an analyst, with everything it has
    // learnt, to a worker thread (the Python module does, with no unsafe code).
    let mut analyst = Analyst::new(Budget::default().with_positions(1000));
    let position = analyst.parse("nim 3,4 + kayles 5").unwrap();
    let worker = std::thread::spawn(move || analyst.analyse(&position, &Options::default()));
    let a = worker.join().unwrap().unwrap();
    // Kayles: g(5) = 4 (Guy and Smith, 1956), so 3 ^ 4 ^ 4 = 3.
    assert_eq!(a.nimber, Some(3));
}

/// A position is read by one analyst, whose game tables its parts index: every
/// method of another analyst refuses it in a sentence (it used to index the other's
/// tables: a wrong game's name, or a panic), and its own still answers.
#[test]
fn every_method_refuses_a_position_of_another_analyst() {
    let mut first = grundy::Analyst::new(grundy::Budget::default());
    let mut second = grundy::Analyst::new(grundy::Budget::default());
    // The second analyst's tables hold other games, in another order.
    let theirs = second.parse("chomp 4x4 + nim 3").unwrap();
    let ours = first.parse("kayles 5").unwrap();
    let moved = first.parse("kayles 3").unwrap();
    let refused = |e: grundy::Error| {
        let text = e.to_string();
        assert!(text.contains("is a position of another analyst"), "{text}");
    };
    refused(second.parts(&ours).unwrap_err());
    refused(second.components(&ours).unwrap_err());
    refused(second.game_name(&ours).unwrap_err());
    refused(second.own_position::<u64>(&ours).unwrap_err());
    refused(second.describe_move(&ours, &moved).unwrap_err());
    refused(second.moves(&ours).unwrap_err());
    refused(first.describe_move(&ours, &theirs).unwrap_err());
    let options = grundy::Options::default();
    refused(second.analyse(&ours, &options).unwrap_err());
    // Its own analyst reads it as written.
    assert_eq!(first.game_name(&ours).unwrap(), Some("kayles"));
    assert_eq!(first.components(&ours).unwrap()[0].position, "5");
    assert_eq!(first.parts(&ours).unwrap().len(), 1);
    assert_eq!(
        first.describe_move(&ours, &moved).unwrap(),
        "take 2 from the heap of 5"
    );
}

/// A move in a sum may be written as the whole position, or as the one part it
/// changes, with its game's name or without; a part's position that is a move in
/// two different parts is refused, naming both.
#[test]
fn a_move_in_a_sum_may_be_written_as_its_part() {
    let mut analyst = Analyst::new(Budget::default().with_positions(1_000_000));
    let position = analyst.parse("nim 3 + kayles 4").unwrap();
    let whole = analyst.legal_move(&position, "nim 2 + kayles 4").unwrap();
    assert_eq!(whole.to_string(), "nim 2 + kayles 4");
    assert_eq!(analyst.legal_move(&position, "nim 2").unwrap(), whole);
    // "1,2": Kayles's heap of 4 knocked down to heaps of 1 and 2; Nim's heap of 3
    // cannot become two heaps.
    let kayles = analyst.legal_move(&position, "1,2").unwrap();
    assert_eq!(kayles.to_string(), "nim 3 + kayles 1,2");
    // "2" is a move in both: Nim's 3 to 2, Kayles's 4 to 2.
    let both = analyst.legal_move(&position, "2").unwrap_err();
    assert!(
        both.contains("more than one part (nim 2 + kayles 4 and nim 3 + kayles 2)"),
        "{both}"
    );
    // Equal parts: one move, whichever part it is made in.
    let twins = analyst.parse("nim 3 + nim 3").unwrap();
    assert_eq!(
        analyst.legal_move(&twins, "1").unwrap().to_string(),
        "nim 1 + nim 3"
    );
    // Not a move of any part: the sum's own reason.
    let none = analyst.legal_move(&position, "nim 5").unwrap_err();
    assert!(none.contains("is not"), "{none}");
}

/// A move may be typed in the words the library writes it in (the page's list and
/// its hint), or any run of those words that names it alone: "(2,2)" in Chomp.
#[test]
fn a_move_may_be_typed_in_its_own_words() {
    let mut analyst = Analyst::new(Budget::default().with_positions(1_000_000));
    let sum = analyst.parse("nim 3 + kayles 4").unwrap();
    let to = |analyst: &mut Analyst, text: &str| -> String {
        let position = analyst.parse("nim 3 + kayles 4").unwrap();
        analyst.legal_move(&position, text).unwrap().to_string()
    };
    // Each move's own words lead where it does.
    for next in analyst.moves(&sum).unwrap() {
        let words = analyst.describe_move(&sum, &next).unwrap();
        assert_eq!(analyst.legal_move(&sum, &words).unwrap(), next, "{words}");
        assert_eq!(
            analyst
                .legal_move(&sum, &format!("{}.", words.to_uppercase()))
                .unwrap(),
            next,
            "{words}"
        );
    }
    assert_eq!(
        to(&mut analyst, "take 2 from the heap of 3"),
        "nim 1 + kayles 4"
    );
    let chomp = analyst.parse("chomp 3,3").unwrap();
    for typed in ["(2,2)", "(2, 2)", "chomp (2,2)"] {
        assert_eq!(
            analyst.legal_move(&chomp, typed).unwrap().to_string(),
            "chomp 3,1",
            "{typed}"
        );
    }
    // Words that several moves share name none of them: the sentence says so.
    let several = analyst.legal_move(&sum, "take 1").unwrap_err();
    assert!(several.contains("is in the words of"), "{several}");
    let none = analyst.legal_move(&chomp, "(9,9)").unwrap_err();
    assert!(none.contains("'(9,9)'"), "{none}");
}
