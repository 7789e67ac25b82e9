//! The heap-sequence engine: the famous periods found and proved, Grundy's game, the
//! rare/common algorithm against the naive one and both against an independent brute
//! force, and huge heaps answered by proved periods.

use grundy::solve::sequence::statistics::Statistics;
use grundy::solve::sequence::{self, period, Algorithm, Sequence};
use grundy::solve::Solver;
use grundy::Budget;
use grundy::{spec, table, tabulate, Play};
use proptest::prelude::*;

fn values(game: &str, len: usize, algorithm: Algorithm) -> Vec<u16> {
    values_on(game, len, algorithm, 1)
}

/// The values computed on this many threads.
fn values_on(game: &str, len: usize, algorithm: Algorithm, threads: usize) -> Vec<u16> {
    let rules = spec::heap_rules(game).unwrap().rules;
    let mut sequence = Sequence::new(rules, algorithm);
    sequence.set_threads(threads);
    sequence.extend(len, &Budget::default()).unwrap();
    sequence.values().to_vec()
}

fn period(game: &str) -> (u64, u64, i64, bool) {
    let (_, found) = tabulate::period(
        game,
        100_000,
        Algorithm::RareCommon,
        &Budget::default(),
        &mut |_| {},
    )
    .unwrap();
    let p = found.unwrap_or_else(|| panic!("{game} has a period"));
    (p.preperiod, p.period, p.saltus, p.proved)
}

#[test]
fn the_famous_periods_are_found_and_proved() {
    // (game, preperiod, period), from Winning Ways and Flammenkamp's tables.
    let cases = [
        ("kayles", 71, 12),
        ("octal:0.77", 71, 12),
        ("dawson-chess", 52, 34),
        ("dawson-kayles", 53, 34),
        ("octal:0.07", 53, 34),
        ("sub:1,3,4", 0, 7),
        ("sub:1,2,3", 0, 4),
        ("sub:2,5,8", 0, 10),
    ];
    for (game, preperiod, length) in cases {
        assert_eq!(period(game), (preperiod, length, 0, true), "{game}");
    }
}

#[test]
fn arithmetic_periodicity_is_reported_unproved() {
    // All but 1 and 2: g(n) = floor(n / 3), period 3 with saltus 1.
    assert_eq!(period("sub-allbut:1,2"), (0, 3, 1, false));
    assert_eq!(
        values("sub-allbut:1,2", 10, Algorithm::Naive),
        [0, 0, 0, 1, 1, 1, 2, 2, 2, 3]
    );
    // The powers of two: g(n) = n mod 3, seen but not proved (an infinite set).
    assert_eq!(period("sub-pow2"), (0, 3, 0, false));
}

#[test]
fn first_values_of_kayles_and_grundys_game() {
    let kayles = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
    ];
    assert_eq!(values("kayles", 21, Algorithm::RareCommon), kayles);
    // Grundy's game from heap 1 (OEIS A002188): the seeds' first twenty values.
    let grundy = [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0];
    assert_eq!(
        values("grundy-game", 21, Algorithm::RareCommon)[1..],
        grundy
    );
}

#[test]
fn rare_common_agrees_with_naive_on_the_hard_games() {
    for game in [
        "octal:0.16",
        "octal:0.6",
        "octal:0.007",
        "grundy-game",
        "octal:4.07",
        "guiles",
    ] {
        assert_eq!(
            values(game, 3000, Algorithm::RareCommon),
            values(game, 3000, Algorithm::Naive),
            "{game}"
        );
    }
}

#[test]
fn every_number_of_threads_gives_the_same_values() {
    // Batches of heaps are guessed on every thread and settled in order: the
    // values are those of one thread (themselves checked against the naive algorithm
    // above).
    for game in [
        "octal:0.6",
        "grundy-game",
        "octal:0.16",
        "octal:0.007",
        "octal:4.07",
        "guiles",
    ] {
        let one = values_on(game, 10_000, Algorithm::RareCommon, 1);
        for threads in [2, 3] {
            let many = values_on(game, 10_000, Algorithm::RareCommon, threads);
            assert!(one == many, "{game} on {threads} threads");
        }
    }
}

#[test]
fn rare_common_resumes_anywhere() {
    // The rare/common algorithm marks heaps in batches: a sequence read back from a
    // file starts one wherever it stops, not where a batch would have started.
    for game in ["octal:0.6", "grundy-game", "octal:4.07"] {
        let whole = values(game, 2000, Algorithm::RareCommon);
        for (stop, threads) in [(0, 1), (1, 2), (13, 1), (999, 2), (1000, 3)] {
            let rules = spec::heap_rules(game).unwrap().rules;
            let mut resumed =
                Sequence::resume(rules, Algorithm::RareCommon, whole[..stop].to_vec());
            resumed.set_threads(threads);
            resumed.extend(2000, &Budget::default()).unwrap();
            assert_eq!(resumed.values(), &whole[..], "{game} resumed at {stop}");
        }
    }
}

#[test]
fn rare_common_stops_where_its_heap_numbers_end() {
    // Its rare heaps are listed in 32 bits: heap 2^32 is refused before anything
    // is held or computed.
    let rules = spec::heap_rules("grundy-game").unwrap().rules;
    let mut sequence = Sequence::new(rules, Algorithm::RareCommon);
    let e = sequence
        .extend((1 << 32) + 1, &Budget::unlimited())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the rare/common method computes at most 4294967296 heaps (--to 4294967295)"),
        "{e}"
    );
    assert!(sequence.values().is_empty());
}

#[test]
fn huge_heaps_are_answered_by_the_proved_period() {
    let kayles = values("kayles", 200, Algorithm::Naive);
    let n: u64 = 1_000_000_000_000;
    let expected = kayles[(71 + (n - 71) % 12) as usize] as u64;
    let mut solver = Solver::new(Budget::default().with_positions(1000));
    let sum = spec::parse(&format!("kayles {n}"), &mut solver).unwrap();
    assert_eq!(
        solver.value(&sum, Play::Normal).unwrap().nimber,
        Some(expected)
    );
    // Every winning move listed leaves nim-sum 0.
    for m in solver.winning_moves(&sum, Play::Normal).unwrap() {
        assert_eq!(solver.nimber(&m), Ok(0), "{}", solver.format(&m));
    }
}

/// g(n) straight from the rules' meaning, by recursion on small heaps: digit bits
/// 1, 2, 4, 8 allow leaving no heap, one, two or three heaps after taking k.
fn brute_force(digits: &[u8], unequal: bool, len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let mut options = Vec::new();
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                options.push(0);
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                options.push(g[rest]);
            }
            for a in 1..rest {
                let b = rest - a;
                if d & 4 != 0 && a <= b && !(unequal && a == b) {
                    options.push(g[a] ^ g[b]);
                }
                for c in 1..b {
                    if d & 8 != 0 && a <= c && c <= b - c {
                        options.push(g[a] ^ g[c] ^ g[b - c]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

fn code(digits: &[u8]) -> String {
    let hex: String = digits[1..].iter().map(|d| format!("{d:x}")).collect();
    format!("octal:{:x}.{hex}", digits[0])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn octal_codes_agree_with_brute_force(
        d0 in prop_oneof![Just(0u8), Just(4u8)],
        rest in prop::collection::vec(0u8..8, 1..5),
    ) {
        prop_assume!(rest.iter().any(|&d| d != 0));
        let mut digits = vec![d0];
        digits.extend(&rest);
        let game = code(&digits);
        let fast = values(&game, 300, Algorithm::RareCommon);
        prop_assert_eq!(&fast, &values(&game, 300, Algorithm::Naive));
        prop_assert_eq!(&fast, &values_on(&game, 300, Algorithm::RareCommon, 2));
        let brute: Vec<u16> = brute_force(&digits, false, 60).iter().map(|&g| g as u16).collect();
        prop_assert_eq!(&fast[..60], &brute[..]);
    }

    #[test]
    fn hexadecimal_codes_agree_with_brute_force(rest in prop::collection::vec(0u8..16, 1..4)) {
        prop_assume!(rest.iter().any(|&d| d != 0));
        let mut digits = vec![0];
        digits.extend(&rest);
        let brute: Vec<u16> = brute_force(&digits, false, 30).iter().map(|&g| g as u16).collect();
        prop_assert_eq!(values(&code(&digits), 30, Algorithm::RareCommon), brute);
    }
}

#[test]
fn grundys_game_and_subtraction_rules_agree_with_brute_force() {
    let brute: Vec<u16> = brute_force(&[4], true, 80)
        .iter()
        .map(|&g| g as u16)
        .collect();
    assert_eq!(values("grundy-game", 80, Algorithm::RareCommon), brute);
    assert_eq!(
        values_on("grundy-game", 80, Algorithm::RareCommon, 2),
        brute
    );
    // Subtraction by a rule: the digits of the set up to 60, as a finite code.
    for (game, member) in [
        (
            "sub-pow2",
            (|k: u64| k.is_power_of_two()) as fn(u64) -> bool,
        ),
        ("sub-squares", |k: u64| (1..=k).any(|r| r * r == k)),
        ("sub-primes", |k: u64| k >= 2 && (2..k).all(|d| k % d != 0)),
    ] {
        let digits: Vec<u8> = (0..60).map(|k| if member(k) { 3 } else { 0 }).collect();
        let brute: Vec<u16> = brute_force(&digits, false, 60)
            .iter()
            .map(|&g| g as u16)
            .collect();
        assert_eq!(values(game, 60, Algorithm::Naive), brute, "{game}");
    }
    let all_but: Vec<u8> = (0..60)
        .map(|k| if k == 0 || k == 2 || k == 5 { 0 } else { 3 })
        .collect();
    let brute: Vec<u16> = brute_force(&all_but, false, 60)
        .iter()
        .map(|&g| g as u16)
        .collect();
    assert_eq!(values("sub-allbut:2,5", 60, Algorithm::Naive), brute);
}

/// Misère Kayles by brute force: does the player to move win the sum `heaps`?
fn misere_kayles_wins(
    heaps: &mut Vec<u64>,
    memo: &mut std::collections::HashMap<Vec<u64>, bool>,
) -> bool {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let mut wins = heaps.is_empty();
    for i in 0..heaps.len() {
        for take in 1..=2u64.min(heaps[i]) {
            let rest = heaps[i] - take;
            for left in 0..=rest {
                let mut next = heaps.clone();
                next[i] = left;
                next.push(rest - left);
                if !misere_kayles_wins(&mut next, memo) {
                    wins = true;
                }
            }
        }
    }
    memo.insert(heaps.clone(), wins);
    wins
}

#[test]
fn misere_kayles_sums_agree_with_brute_force() {
    let mut memo = std::collections::HashMap::new();
    for a in 0..=9u64 {
        for b in a..=9u64 {
            let wins = misere_kayles_wins(&mut vec![a, b], &mut memo);
            let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
            let sum = spec::parse(&format!("kayles {a} + octal:0.77 {b}"), &mut solver).unwrap();
            let outcome = solver.value(&sum, Play::Misere).unwrap().outcome;
            assert_eq!(outcome == grundy::Outcome::N, wins, "kayles {a} + {b}");
        }
    }
}

/// g(0..len) by the naive algorithm alone, heap after heap: no period is read.
fn naive_values(game: &str, len: usize) -> Vec<u16> {
    let rules = spec::heap_rules(game).unwrap().rules;
    let mut naive = sequence::method(&rules, Algorithm::Naive);
    let mut values = Vec::new();
    for _ in 0..len {
        let g = naive.value(&rules, &values);
        values.push(g as u16);
    }
    values
}

#[test]
fn values_after_a_proved_period_are_read_from_it() {
    // (game, preperiod, period) proved as the values come: Kayles 71 and 12, Dawson's
    // Kayles (0.07) 53 and 34 (Winning Ways, ch. 4), subtraction {1, 3, 4} 0 and 7.
    for (game, preperiod, period) in [
        ("kayles", 71, 12),
        ("dawson-kayles", 53, 34),
        ("sub:1,3,4", 0, 7),
    ] {
        let naive = naive_values(game, 4000);
        for algorithm in [Algorithm::RareCommon, Algorithm::Naive] {
            let rules = spec::heap_rules(game).unwrap().rules;
            let mut sequence = Sequence::new(rules, algorithm);
            sequence.extend(4000, &Budget::unlimited()).unwrap();
            let p = sequence.proved_period().expect("a proved period");
            assert_eq!((p.preperiod, p.period), (preperiod, period), "{game}");
            assert_eq!(sequence.values(), &naive[..], "{game} {algorithm:?}");
        }
    }
}

#[test]
fn a_period_is_proved_by_the_theorem_s_length_exactly() {
    // Guy–Smith: g(n + 12) = g(n) for 71 ≤ n < 2·71 + 12 + 2 proves Kayles' period,
    // the first 168 values.
    let kayles = naive_values("kayles", 300);
    let rules = spec::heap_rules("kayles").unwrap().rules;
    let p = period::proved(&kayles[..168], &rules).expect("proved");
    assert_eq!((p.preperiod, p.period, p.saltus), (71, 12, 0));
    assert_eq!(period::proved(&kayles[..167], &rules), None);
    // Grundy's game forbids equal pieces: no theorem applies.
    let grundy = values("grundy-game", 300, Algorithm::Naive);
    let rules = spec::heap_rules("grundy-game").unwrap().rules;
    assert_eq!(period::proved(&grundy, &rules), None);
}

#[test]
fn a_huge_periodic_table_holds_only_its_first_values() {
    let request = table::TableRequest {
        to: Some(1_000_000_000),
        rows: None,
        play: Play::Normal,
        budget: Budget::unlimited(),
        save: table::Save::No,
        algorithm: Algorithm::RareCommon,
    };
    let (_, column) = tabulate::sequence("kayles", 1_000_000_000, &request, &mut |_| {}).unwrap();
    let table::Column::Periodic { values, .. } = &column else {
        panic!("Kayles' table is read from its period");
    };
    assert!(values.len() < 10_000, "{} values held", values.len());
    assert_eq!(column.len(), 1_000_000_001);
    let kayles = naive_values("kayles", 300);
    for n in [0, 70, 71, 1000, 999_999_999, 1_000_000_000] {
        let expected = kayles[if n < 71 { n } else { 71 + (n - 71) % 12 }];
        assert_eq!(column.get(n).nimber, Some(expected.into()), "g({n})");
    }
}

#[test]
fn grundys_game_has_flammenkamps_rare_values() {
    // A. Flammenkamp, "Sprague-Grundy Values of Grundy's Game"
    // (wwwhomes.uni-bielefeld.de/achim/grundy.html): the sparse (rare) values are
    // those with an even number of 1s above the lowest bit, and the known ones
    // begin with these heaps (to G(231) = 10).
    let published: [u64; 48] = [
        0, 1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28, 31, 34, 37, 40, 43, 46, 49, 50, 52, 53,
        55, 58, 61, 87, 90, 93, 146, 149, 152, 158, 161, 164, 167, 176, 179, 181, 182, 185, 188,
        190, 193, 196, 231,
    ];
    let g = values("grundy-game", 1 << 14, Algorithm::RareCommon);
    let stats = Statistics::of(g.len() as u64, |n| g[n as usize].into());
    let rare: Vec<u64> = (0..232)
        .filter(|&n| stats.is_rare(g[n as usize].into()))
        .collect();
    assert_eq!(rare, published);
    // The partition found is Flammenkamp's: every bit but the lowest, on the bits
    // the values use.
    assert_eq!(stats.mask & 1, 0);
    assert_eq!(
        stats.mask | 1,
        (1 << (64 - stats.largest.leading_zeros())) - 1
    );
}
