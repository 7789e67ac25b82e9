//! Periods of a Grundy sequence: found in the values computed, and proved where a
//! theorem says that a long enough repetition goes on forever.
//!
//! - A game whose moves never break a heap, removing at most t chips: g(n) depends
//!   only on g(n−1), …, g(n−t), so a window of t values that repeats after p
//!   repeats forever.
//! - An octal game removing at most t chips (Guy–Smith periodicity theorem): if
//!   g(n + p) = g(n) for all l ≤ n < 2l + p + t, then for all n ≥ l.
//!
//! Arithmetic periodicity, g(n + p) = g(n) + s from some l on (s is the saltus), is
//! reported where it holds in the values, without proof.

use std::ops::Range;

use super::Rules;

/// A period of a sequence: g(n + period) = g(n) + saltus for n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// Where the periodic part starts.
    pub preperiod: u64,
    /// The length of the period.
    pub period: u64,
    /// How much the values grow over one period (0 for a pure period).
    pub saltus: i64,
    /// True when a theorem makes the period hold for every heap.
    pub proved: bool,
    /// The last heap size computed.
    pub checked_to: u64,
}

impl Period {
    /// g(n) for any n, from the values up to the end of the first period.
    pub fn value_at(&self, values: &[u16], n: u64) -> u64 {
        if n < values.len() as u64 {
            return values[n as usize] as u64;
        }
        let laps = (n - self.preperiod) / self.period;
        let base = self.preperiod + (n - self.preperiod) % self.period;
        (values[base as usize] as i64 + self.saltus * laps as i64) as u64
    }

    /// Appends g(n) for every n in `heaps` to `out`, read from the period (pure:
    /// its saltus is 0) and the values up to the end of its first lap.
    pub fn read_into(&self, values: &[u16], heaps: Range<usize>, out: &mut Vec<u16>) {
        debug_assert_eq!(self.saltus, 0, "a pure period");
        let (start, period) = (self.preperiod as usize, self.period as usize);
        out.extend(heaps.map(|n| match n < values.len() {
            true => values[n],
            false => values[start + (n - start) % period],
        }));
    }
}

/// How many values prove a period of length `period` from `preperiod`, when a
/// theorem applies to these rules.
pub fn proof_length(rules: &Rules, preperiod: u64, period: u64) -> Option<u64> {
    let t = rules.max_removal()?;
    if !rules.breaks_heaps() {
        Some(preperiod + period + t)
    } else if !rules.leaves_three() && !rules.unequal_splits {
        Some(2 * preperiod + 2 * period + t)
    } else {
        None
    }
}

/// The shortest period seen in `values`, with the least preperiod for it, and
/// whether it is proved. To count as seen, the period must repeat at least three
/// times and its repeating part must cover at least half of the values.
pub fn find(values: &[u16], rules: &Rules) -> Option<Period> {
    let len = values.len();
    let g = |n: usize| values[n] as i64;
    for p in 1..=len / 3 {
        let saltus = g(len - 1) - g(len - 1 - p);
        let mut preperiod = 0;
        for n in (0..len - p).rev() {
            if g(n + p) - g(n) != saltus {
                preperiod = n + 1;
                break;
            }
        }
        if preperiod + 3 * p > len || 2 * preperiod > len {
            continue;
        }
        let (preperiod, period) = (preperiod as u64, p as u64);
        let proved = saltus == 0
            && proof_length(rules, preperiod, period).is_some_and(|need| need <= len as u64);
        return Some(Period {
            preperiod,
            period,
            saltus,
            proved,
            checked_to: len as u64 - 1,
        });
    }
    None
}

/// How many comparisons a value [`proved`] may make, all periods together.
const COMPARED_PER_VALUE: usize = 8;

/// The shortest pure period that `values` prove by a theorem ([`proof_length`]),
/// with the least preperiod for it, if any: unlike [`find`], it needs no third
/// repetition, only the theorem's length, so a sequence can go on from its period
/// as soon as it is proved.
pub fn proved(values: &[u16], rules: &Rules) -> Option<Period> {
    let len = values.len() as u64;
    // The theorem's length grows by `per_preperiod` a heap of preperiod and
    // `per_period` a heap of period.
    let fixed = proof_length(rules, 0, 0)?;
    let per_preperiod = proof_length(rules, 1, 0)? - fixed;
    let per_period = proof_length(rules, 0, 1)? - fixed;
    // The values compared, all periods together, at most a few times the values:
    // past that the look ends without a period (a later look, on more values, goes
    // on), so that looking stays linear (sub:1048576 compares a million values
    // for each of a million periods).
    let mut work = COMPARED_PER_VALUE.saturating_mul(values.len());
    'periods: for p in 1..=len.saturating_sub(fixed) / per_period {
        // The latest preperiod that these values prove for period p…
        let latest = ((len - fixed - per_period * p) / per_preperiod) as usize;
        let p = p as usize;
        // … and whether g(n + p) = g(n) for latest ≤ n < len − p.
        let mut preperiod = 0;
        for n in (0..values.len() - p).rev() {
            work = work.checked_sub(1)?;
            if values[n + p] != values[n] {
                if n >= latest {
                    continue 'periods;
                }
                preperiod = n + 1;
                break;
            }
        }
        return Some(Period {
            preperiod: preperiod as u64,
            period: p as u64,
            saltus: 0,
            proved: true,
            checked_to: len - 1,
        });
    }
    None
}
