//! Misère quotients: outcomes from the quotient against an independent exhaustive
//! misère search, the published quotients reproduced, tame and wild games.

use std::collections::HashMap;

use grundy::games::octal;
use grundy::solve::quotient::{quotient, HeapPeriod, Quotient};
use grundy::solve::sequence::Rules;
use grundy::{Budget, Outcome};
use proptest::prelude::*;

/// Exhaustive misère search of sums of heaps, memoised on the sorted multiset.
struct Brute {
    rules: Rules,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new(code: &str) -> Self {
        Brute {
            rules: octal::rules(code).unwrap(),
            memo: HashMap::new(),
        }
    }

    /// Whether the sum is a misère P-position (the player to move loses).
    fn is_p(&mut self, heaps: &[u64]) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut any_move = false;
        let mut p = true;
        let mut options = Vec::new();
        'outer: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            options.clear();
            self.rules.options(key[i], &mut options);
            for option in options.clone() {
                any_move = true;
                let mut next: Vec<u64> = key[..i].to_vec();
                next.extend_from_slice(&key[i + 1..]);
                next.extend_from_slice(&option);
                if self.is_p(&next) {
                    p = false;
                    break 'outer;
                }
            }
        }
        // No move: the player to move has won (misère).
        let p = any_move && p;
        self.memo.insert(key, p);
        p
    }

    fn outcome(&mut self, heaps: &[u64]) -> Outcome {
        if self.is_p(heaps) {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

fn build(code: &str, to: u64) -> Quotient {
    quotient(
        &octal::rules(code).unwrap(),
        to,
        2000,
        u64::MAX,
        &Budget::unlimited(),
    )
    .unwrap_or_else(|e| panic!("{code} to {to}: {e}"))
}

/// Every multiset of `count` heaps in 1..=bound, sorted.
fn multisets(count: usize, bound: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for _ in 0..count {
        out = out
            .into_iter()
            .flat_map(|s: Vec<u64>| {
                let low = s.last().copied().unwrap_or(1);
                (low..=bound).map(move |h| {
                    let mut t = s.clone();
                    t.push(h);
                    t
                })
            })
            .collect();
    }
    out
}

/// Every sum of up to `count` heaps ≤ `bound`: the quotient agrees with the search.
fn agrees(code: &str, to: u64, count: usize, bound: u64) {
    let q = build(code, to);
    let mut brute = Brute::new(code);
    for k in 0..=count {
        for heaps in multisets(k, bound) {
            assert_eq!(
                q.outcome(&heaps),
                Some(brute.outcome(&heaps)),
                "{code}: {heaps:?} (quotient {})",
                q.presentation()
            );
        }
    }
}

#[test]
fn small_quotients_agree_with_exhaustive_search() {
    // (code, heaps the quotient covers, heaps in a sum, largest heap in a sum)
    let cases = [
        ("0.75", 20, 4, 9),
        ("0.77", 12, 4, 9),
        ("0.07", 20, 4, 10),
        ("0.137", 20, 4, 10),
        ("0.6", 16, 4, 9),
        ("4.7", 14, 3, 9),
        ("0.3", 10, 5, 6),
        ("0.51", 20, 4, 10),
        ("0.26", 20, 4, 10),
        ("0.14", 20, 4, 10),
        ("0.72", 20, 4, 10),
        ("0.53", 20, 4, 10),
        ("0.304", 16, 4, 9),
    ];
    for (code, to, count, bound) in cases {
        agrees(code, to, count, bound);
    }
}

#[test]
fn winning_moves_land_in_p_and_match_the_search() {
    for code in ["0.75", "0.77", "0.137"] {
        let q = build(code, 12);
        let rules = octal::rules(code).unwrap();
        let mut brute = Brute::new(code);
        for heaps in multisets(3, 8) {
            let moves = q.winning_moves(&rules, &heaps).unwrap();
            // Every listed move is a P-position, and an N-position has one.
            for m in &moves {
                assert!(brute.is_p(m), "{code}: {heaps:?} -> {m:?}");
            }
            if !heaps.is_empty() && brute.outcome(&heaps) == Outcome::N {
                let has_move = {
                    let mut out = Vec::new();
                    heaps.iter().any(|&h| {
                        out.clear();
                        rules.options(h, &mut out);
                        !out.is_empty()
                    })
                };
                assert!(!has_move || !moves.is_empty(), "{code}: {heaps:?}");
            }
        }
    }
}

#[test]
fn the_quotient_of_0_75_is_plambecks_r8() {
    // Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)
    // G05, and Plambeck–Siegel, "Misère quotients for impartial games", JCTA 115
    // (2008): the misère quotient of 0.75 is R8 = ⟨a, b, c | a² = 1, b³ = b,
    // bc = ab, c² = b²⟩, of order 8, with P-portion {a, b²} (Siegel, "The structure
    // and classification of misère quotients", 2007: the only quotient of order 8).
    let q = build("0.75", 60);
    assert_eq!(q.order(), 8);
    let mut relations = q.relations().to_vec();
    relations.sort();
    assert_eq!(relations, ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]);
    assert_eq!(q.p_words(), ["a", "b^2"]);
    assert_eq!(q.generators().len(), 3);
    assert!(!q.is_tame());
    // Heap 1 is a, heap 2 is b; the presentation changes at heaps 1, 2 and 5 only.
    assert_eq!(q.word(q.element_of_heap(1).unwrap()), "a");
    assert_eq!(q.word(q.element_of_heap(2).unwrap()), "b");
    assert_eq!(q.changes(), [1, 2, 5]);
}

#[test]
fn every_quotient_has_even_order() {
    // Plambeck–Siegel 2008: a misère quotient of impartial games has even order.
    for (code, to) in [
        ("0.75", 30),
        ("0.77", 30),
        ("0.07", 20),
        ("0.137", 20),
        ("0.6", 14),
        ("0.3333", 4),
        ("0.51", 30),
    ] {
        let q = build(code, to);
        assert_eq!(q.order() % 2, 0, "{code}: {}", q.order());
    }
}

#[test]
fn heaps_beyond_the_bound_are_not_answered() {
    let q = build("0.77", 10);
    assert_eq!(q.checked_to(), 10);
    assert_eq!(q.outcome(&[3, 11]), None);
    assert_eq!(q.element_of_heap(11), None);
    assert!(q
        .winning_moves(&octal::rules("0.77").unwrap(), &[11])
        .is_none());
}

#[test]
fn nim_is_tame_and_kayles_is_not() {
    // Misère Nim on heaps 1..7: T3 = ⟨a, b, c | a² = 1, b³ = b, c³ = c, b² = c²⟩
    // of order 2 + 2³ = 10 (Conway's genus theory; Plambeck–Siegel 2008, § 3).
    let nim = build("0.3333333", 7);
    assert!(nim.is_tame());
    assert_eq!(nim.order(), 10);
    // Kayles is wild (Conway, ONAG ch. 12): from heap 4 on, its quotient is not
    // misère Nim's; heaps 1–3 alone play like nim heaps *1, *2, *3.
    assert!(!build("0.77", 12).is_tame());
    assert!(build("0.77", 3).is_tame());
}

#[test]
fn a_wild_game_past_the_bound_is_refused_cleanly() {
    let rules = octal::rules("0.77").unwrap();
    let error = quotient(&rules, 40, 6, u64::MAX, &Budget::unlimited())
        .unwrap_err()
        .to_string();
    assert!(error.contains("past the bound of 6"), "{error}");
    assert!(quotient(&rules, 10, 0, u64::MAX, &Budget::unlimited()).is_err());
    assert!(quotient(&rules, u64::MAX, 100, u64::MAX, &Budget::unlimited()).is_err());
    // A quotient that keeps growing (0.165 by heap 20) stops with the same kind of
    // one-sentence error, whatever the bound.
    let error = quotient(
        &octal::rules("0.165").unwrap(),
        20,
        40,
        u64::MAX,
        &Budget::unlimited(),
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("past the bound"), "{error}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random octal codes of two or three digits: random sums agree with the search.
    #[test]
    fn random_codes_agree(digits in proptest::collection::vec(0u8..8, 2..=3), sums in proptest::collection::vec(proptest::collection::vec(1u64..=9, 0..=4), 20)) {
        let code = format!("0.{}", digits.iter().map(|d| d.to_string()).collect::<String>());
        let Ok(rules) = octal::rules(&code) else {
            return Ok(());
        };
        let q = match quotient(&rules, 12, 300, u64::MAX, &Budget::unlimited()) {
            Ok(q) => q,
            Err(e) => {
                // Only a quotient too large may be refused.
                prop_assert!(e.to_string().contains("past the bound"), "{code}: {e}");
                return Ok(());
            }
        };
        let mut brute = Brute::new(&code);
        for heaps in sums {
            prop_assert_eq!(q.outcome(&heaps), Some(brute.outcome(&heaps)), "{} {:?}", code, heaps);
        }
    }
}

/// Kayles's quotient past its last changes of presentation (heaps 25 and 27): every
/// pair of heaps up to 28 against exhaustive search. Misère Kayles was solved by
/// Sibert and Conway (1992); this checks our quotient against the game itself.
#[test]
fn kayles_pairs_past_heap_27_agree_with_exhaustive_search() {
    agrees("0.77", 40, 2, 28);
}

/// `grundy value … --misere` on sums of heaps of one game goes through the
/// quotient: its outcomes and winning moves against exhaustive search. (Sums of
/// fewer than 31 chips reach so few positions that they are searched instead.)
#[test]
fn misere_analysis_of_heap_sums_agrees_with_exhaustive_search() {
    let misere = grundy::Options {
        play: grundy::Play::Misere,
        ..grundy::Options::default()
    };
    // Officers' quotient grows past its bound at heap 17.
    for (name, code, most) in [
        ("kayles", "0.77", 20),
        ("officers", "0.6", 16),
        ("octal:0.75", "0.75", 20),
    ] {
        let mut brute = Brute::new(code);
        // One analyst: the quotient is built once and kept.
        let mut analyst = grundy::Analyst::new(grundy::Budget::default().with_positions(1 << 20));
        let sums = multisets(2, most).into_iter().chain(multisets(3, 12));
        for heaps in sums.filter(|h| h.iter().sum::<u64>() >= 31) {
            let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let spec = format!("{name} {}", list.join(","));
            let position = analyst.parse(&spec).unwrap();
            let a = analyst.analyse(&position, &misere).unwrap();
            assert_eq!(a.outcome, brute.outcome(&heaps), "{spec}");
            for m in &a.winning_moves {
                let after = m.position.as_str().strip_prefix(name).unwrap().trim();
                let after: Vec<u64> = after.split(',').map(|h| h.parse().unwrap()).collect();
                let after: Vec<u64> = after.into_iter().filter(|&h| h > 0).collect();
                assert_eq!(
                    brute.outcome(&after),
                    Outcome::P,
                    "{spec} -> {}",
                    m.position
                );
            }
            let explained = a.parts.iter().map(|p| &p.method);
            assert!(
                explained
                    .clone()
                    .all(|m| *m == grundy::analysis::Method::Theorem("the misère quotient")),
                "{spec}: {:?}",
                explained.collect::<Vec<_>>()
            );
        }
    }
}

/// Sums of up to `count` heaps of at most `bound` chips (and at most `total` in all)
/// against exhaustive search, from a quotient built only to heap `to` whose heaps'
/// elements are proved periodic: the heaps past `to` come from the period.
fn agrees_past_the_heaps_built(code: &str, to: u64, count: usize, bound: u64, total: u64) {
    let q = build(code, to);
    assert!(q.period().is_some(), "{code} to {to}: no period");
    assert!(q.covers(u64::MAX) && q.checked_to() < bound);
    let mut brute = Brute::new(code);
    for k in 1..=count {
        for heaps in multisets(k, bound) {
            if heaps.iter().sum::<u64>() > total || heaps.iter().all(|&h| h <= to) {
                continue;
            }
            assert_eq!(
                q.outcome(&heaps),
                Some(brute.outcome(&heaps)),
                "{code}: {heaps:?} (built to {to}, {:?})",
                q.period()
            );
        }
    }
}

#[test]
fn periodic_quotients_answer_heaps_of_any_size() {
    // Subtraction games {1} (0.3), {1, 3, 4} (0.3033) and {2} (0.03): heaps that
    // are never broken, checked in sums of three heaps far past the heaps built.
    agrees_past_the_heaps_built("0.3", 8, 3, 40, 120);
    agrees_past_the_heaps_built("0.3033", 16, 3, 40, 120);
    agrees_past_the_heaps_built("0.03", 12, 3, 40, 120);
    // Games that break heaps: 0.75 (Plambeck's R8) and 0.71, single heaps and pairs.
    agrees_past_the_heaps_built("0.75", 24, 2, 36, 36);
    agrees_past_the_heaps_built("0.71", 22, 2, 36, 36);
    // {1, 3, 4}: the elements repeat with the period 7 of its nimbers, from heap 0.
    let q = build("0.3033", 16);
    assert_eq!(
        q.period(),
        Some(HeapPeriod {
            preperiod: 0,
            period: 7
        })
    );
    assert_eq!(q.element_of_heap(4_294_967_295), q.element_of_heap(3));
    // Kayles: built to 256, its quotient of order 40 has elements repeating with
    // period 12 from heap 71, the period of its nimbers (Guy and Smith, 1956), as
    // heaps up to 2·71 + 2·12 + 4 prove.
    let q = build("0.77", 256);
    assert_eq!(q.order(), 40);
    assert_eq!(
        q.period(),
        Some(HeapPeriod {
            preperiod: 71,
            period: 12
        })
    );
}

/// Single heaps whose quotient is out of reach (Dawson's Kayles, 0.07, grows past
/// every bound by heap 32) are searched, at once, and agree with exhaustive search.
#[test]
fn single_heaps_without_a_small_quotient_are_searched_at_once() {
    let misere = grundy::Options {
        play: grundy::Play::Misere,
        ..grundy::Options::default()
    };
    let start = std::time::Instant::now();
    let mut brute = Brute::new("0.07");
    let mut analyst = grundy::Analyst::new(grundy::Budget::default().with_positions(1 << 20));
    for n in 0..=30u64 {
        let position = analyst.parse(&format!("dawson-kayles {n}")).unwrap();
        let a = analyst.analyse(&position, &misere).unwrap();
        let heaps: Vec<u64> = [n].into_iter().filter(|&h| h > 0).collect();
        assert_eq!(a.outcome, brute.outcome(&heaps), "dawson-kayles {n}");
    }
    assert!(start.elapsed().as_secs_f64() < 10.0);
}
