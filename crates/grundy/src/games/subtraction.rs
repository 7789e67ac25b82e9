//! Subtraction games: a move takes s chips from one heap, for s in a subtraction
//! set S, leaving the rest as one heap. The set is finite (`sub:1,3,4`), all numbers
//! but a finite set (`sub-allbut:1,2`), or given by a rule: the powers of two, the
//! squares, the primes.

use super::heaps;
use crate::solve::sequence::{leaves, Beyond, Rules};
use crate::{invalid, Result};

/// Whether a number of chips is in a subtraction set.
pub type Membership = fn(u64) -> bool;

/// Subtraction sets given by a rule: (name, what they hold, membership).
pub const RULES: &[(&str, &str, Membership)] = &[
    ("sub-pow2", "the powers of two 1, 2, 4, 8, …", |k| {
        k.is_power_of_two()
    }),
    ("sub-squares", "the squares 1, 4, 9, 16, …", |k| {
        k > 0 && k.isqrt() * k.isqrt() == k
    }),
    ("sub-primes", "the primes 2, 3, 5, 7, …", is_prime),
];

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
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// The largest number a finite subtraction set may hold.
pub const MAX_FINITE: u64 = 1 << 20;

/// The game `sub:S` for a finite set S, with its normalised name.
pub fn finite(text: &str) -> Result<(String, Rules)> {
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
    let rules = Rules {
        digits,
        beyond: Beyond::Nothing,
        unequal_splits: false,
    };
    Ok((format!("sub:{}", heaps::format(&set)), rules))
}

/// The game `sub-allbut:E`: take any number of chips except those in E.
pub fn all_but(text: &str) -> Result<(String, Rules)> {
    let set = parse_set(text, "sub-allbut")?;
    let rules = Rules {
        digits: Vec::new(),
        beyond: Beyond::AllBut(set.clone()),
        unequal_splits: false,
    };
    Ok((format!("sub-allbut:{}", heaps::format(&set)), rules))
}

/// A subtraction game whose set is given by a rule.
pub fn by_rule(allowed: fn(u64) -> bool) -> Rules {
    Rules {
        digits: Vec::new(),
        beyond: Beyond::Where(allowed),
        unequal_splits: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_normalised_and_bad_sets_refused() {
        let (name, rules) = finite("4,1,3,3").unwrap();
        assert_eq!(name, "sub:1,3,4");
        assert_eq!(rules.digits, [0, 3, 0, 3, 3]);
        assert_eq!(all_but("2,1").unwrap().0, "sub-allbut:1,2");
        assert!(finite("0,1").unwrap_err().to_string().contains("'0'"));
        assert!(finite("1,x").unwrap_err().to_string().contains("'x'"));
        assert!(finite("1,9999999999")
            .unwrap_err()
            .to_string()
            .contains("'9999999999'"));
    }

    #[test]
    fn rule_sets_hold_what_they_say() {
        let members = |i: usize| (1..=20).filter(|&k| (RULES[i].2)(k)).collect::<Vec<u64>>();
        assert_eq!(members(0), [1, 2, 4, 8, 16]);
        assert_eq!(members(1), [1, 4, 9, 16]);
        assert_eq!(members(2), [2, 3, 5, 7, 11, 13, 17, 19]);
    }
}
