//! Subtraction games: a move takes s chips from one heap, for s in a subtraction
//! set S, leaving the rest as one heap. The set is finite (`sub:1,3,4`), all numbers
//! but a finite set (`sub-allbut:1,2`), or given by a rule: the powers of two, the
//! squares, the primes.

use super::heaps;
use super::take_break::{ClosedForm, HeapRules};
use super::Family;
use crate::solve::sequence::{leaves, Beyond, Rules};
use crate::sorting::sort;
use crate::{invalid, Result};

/// The registry entry of `sub:S`.
pub const FINITE: Family = Family::heap(
    "sub",
    "subtraction game: take s chips from one heap, s in the finite set S",
    finite,
)
.with_parameter("S", "sub:1,3,4")
.with_start("Subtraction games", "sub:1,2,3 21");

/// The registry entry of `sub-allbut:E`.
pub const ALL_BUT: Family = Family::heap(
    "sub-allbut",
    "subtraction game: take any number of chips but those in E",
    all_but,
)
.with_parameter("E", "sub-allbut:1,2")
.with_start("Subtraction games", "sub-allbut:1,2 12");

/// The registry entry of `sub-pow2`: take a power of 2. Its nimbers are n mod 3,
/// for heaps of any size: powers of 2 leave 1 or 2 mod 3, never 0, so no move keeps
/// the residue, and taking 1 or 2 reaches both others.
pub const POWERS_OF_2: Family =
    Family::heap("sub-pow2", "the powers of two 1, 2, 4, 8, …", |_| {
        Ok(
            HeapRules::new("sub-pow2".into(), by_rule(|k| k.is_power_of_two())).with_closed_form(
                ClosedForm {
                    theorem: "g(n) = n mod 3 for the powers of 2",
                    why: "a power of 2 leaves 1 or 2 mod 3, never 0, so no move keeps n mod 3, \
                      and taking 1 or 2 reaches both other residues",
                    nimber: |n| n % 3,
                    takes: |n, target| {
                        // Powers of 2 are 1 and 2 mod 3 in turn: those that reach `target`.
                        let need = (n % 3 + 3 - target % 3) % 3;
                        (0..64)
                            .map(|b| 1u64 << b)
                            .take_while(|&k| k <= n)
                            .filter(|&k| need != 0 && k % 3 == need)
                            .collect()
                    },
                },
            ),
        )
    })
    .with_start("Subtraction games", "sub-pow2 14");

/// The registry entry of `sub-squares`.
pub const SQUARES: Family = Family::heap("sub-squares", "the squares 1, 4, 9, 16, …", |_| {
    Ok(HeapRules::new(
        "sub-squares".into(),
        by_rule(|k| k > 0 && k.isqrt() * k.isqrt() == k),
    ))
})
.with_start("Subtraction games", "sub-squares 20");

/// The registry entry of `sub-primes`.
pub const PRIMES: Family = Family::heap("sub-primes", "the primes 2, 3, 5, 7, …", |_| {
    Ok(HeapRules::new("sub-primes".into(), by_rule(is_prime)))
})
.with_start("Subtraction games", "sub-primes 16");

fn is_prime(k: u64) -> bool {
    k >= 2 && (2..).take_while(|d| d * d <= k).all(|d| k % d != 0)
}

/// Reads a set of positive numbers written as `1,3,4`; `family` names it in errors.
fn parse_set(text: &str, family: &str) -> Result<Vec<u64>> {
    let set = text
        .split(',')
        .map(|t| heaps::parse_number(t.trim(), "number of chips"))
        .collect::<Result<Vec<_>>>()?;
    if set.contains(&0) {
        return Err(invalid!(
            "'0' cannot be in the set of {family}:{text}: a move takes at least one chip"
        ));
    }
    let mut set = set;
    sort(&mut set);
    set.dedup();
    Ok(set)
}

/// The largest number a finite subtraction set may hold.
pub const MAX_FINITE: u64 = 1 << 20;

/// The game `sub:S` for a finite set S, with its normalised name.
pub fn finite(text: &str) -> Result<HeapRules> {
    let set = parse_set(text, "sub")?;
    if let Some(&big) = set.iter().find(|&&s| s > MAX_FINITE) {
        return Err(invalid!(
            "'{big}' is too large for a finite subtraction set: at most {MAX_FINITE}"
        ));
    }
    let mut digits = vec![0; *set.last().expect("a non-empty set") as usize + 1];
    for &s in &set {
        digits[s as usize] = leaves::NONE | leaves::ONE;
    }
    let rules = Rules::new(digits, Beyond::Nothing, false);
    Ok(HeapRules::new(
        format!("sub:{}", heaps::format(&set)),
        rules,
    ))
}

/// The game `sub-allbut:E`: take any number of chips except those in E.
pub fn all_but(text: &str) -> Result<HeapRules> {
    let set = parse_set(text, "sub-allbut")?;
    let rules = Rules::new(Vec::new(), Beyond::AllBut(set.clone()), false);
    Ok(HeapRules::new(
        format!("sub-allbut:{}", heaps::format(&set)),
        rules,
    ))
}

/// A subtraction game whose set is given by a rule.
pub fn by_rule(allowed: fn(u64) -> bool) -> Rules {
    Rules::new(Vec::new(), Beyond::Where(allowed), false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Make;

    #[test]
    fn sets_are_normalised_and_bad_sets_refused() {
        let game = finite("4,1,3,3").unwrap();
        assert_eq!(game.name, "sub:1,3,4");
        assert_eq!(game.rules.digits, [0, 3, 0, 3, 3]);
        assert_eq!(all_but("2,1").unwrap().name, "sub-allbut:1,2");
        assert!(finite("0,1").unwrap_err().to_string().contains("'0'"));
        assert!(finite("1,x").unwrap_err().to_string().contains("'x'"));
        assert!(finite("1,9999999999")
            .unwrap_err()
            .to_string()
            .contains("'9999999999'"));
    }

    #[test]
    fn rule_sets_hold_what_they_say() {
        let members = |family: &Family| {
            let Make::Heap(make) = family.make else {
                panic!("a heap family")
            };
            let game = make("").unwrap();
            (1..=20)
                .filter(|&k| game.rules.leaves(k, 20) != 0)
                .collect::<Vec<u64>>()
        };
        assert_eq!(members(&POWERS_OF_2), [1, 2, 4, 8, 16]);
        assert_eq!(members(&SQUARES), [1, 4, 9, 16]);
        assert_eq!(members(&PRIMES), [2, 3, 5, 7, 11, 13, 17, 19]);
    }
}
