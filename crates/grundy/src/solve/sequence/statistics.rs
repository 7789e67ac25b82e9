//! The statistics of a heap sequence that the record tables publish (Flammenkamp's
//! tables of octal games and of Grundy's game): the rare/common partition of its
//! values (the mask), how many heaps have a rare value and the last that does, the
//! largest value and the first heap where it occurs, and how often each value
//! occurs below every power of two from 2^10 on.
//!
//! A value is *rare* under a mask when it has an even number of 1s under the mask
//! ([`rare_common`](super::rare_common)); the mask reported is the one that leaves
//! the fewest rare heaps among masks of at most twelve bits (the least such mask
//! where several tie), as the rare/common algorithm chooses it.

use serde::Serialize;

/// Masks are chosen among values of at most this many bits, as the algorithm does.
const MASK_BITS: u32 = 12;

/// The first power of two below which a histogram is given; a shorter sequence has
/// one, of all its heaps.
const FIRST_POWER: u32 = 10;

/// The statistics of g(0), …, g(N).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Statistics {
    /// How many heaps: N + 1.
    pub heaps: u64,
    /// The mask of the rare/common partition.
    pub mask: u64,
    /// How many heaps have a rare value.
    pub rare: u64,
    /// The last heap with a rare value, if any.
    pub last_rare: Option<u64>,
    /// The largest value.
    pub largest: u64,
    /// The first heap where the largest value occurs.
    pub largest_first: u64,
    /// How often each value occurs below each bound: 2^10, 2^11, …, and N + 1.
    pub histograms: Vec<Histogram>,
}

/// How often each value occurs among the heaps below a bound.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Histogram {
    /// The heaps 0 to `below` − 1 are counted.
    pub below: u64,
    /// `counts[v]`: how many of them have the value v.
    pub counts: Vec<u64>,
}

/// Whether `value` is rare under `mask`: an even number of 1s under it.
fn is_rare(value: u64, mask: u64) -> bool {
    (value & mask).count_ones() % 2 == 0
}

impl Statistics {
    /// The statistics of the `heaps` values `value(0)`, …, `value(heaps − 1)`
    /// (at least one heap), read twice in order.
    pub fn of(heaps: u64, value: impl Fn(u64) -> u64) -> Statistics {
        let mut counts: Vec<u64> = Vec::new();
        let mut histograms = Vec::new();
        let (mut largest, mut largest_first) = (0, 0);
        let mut next_bound = 1u64 << FIRST_POWER;
        for n in 0..heaps {
            let v = value(n);
            if n == next_bound {
                histograms.push(Histogram {
                    below: n,
                    counts: counts.clone(),
                });
                next_bound = next_bound.saturating_mul(2);
            }
            if v as usize >= counts.len() {
                counts.resize(v as usize + 1, 0);
            }
            counts[v as usize] += 1;
            if v > largest {
                (largest, largest_first) = (v, n);
            }
        }
        histograms.push(Histogram {
            below: heaps,
            counts: counts.clone(),
        });
        // A mask sees only the low bits of a value: the counts folded onto them.
        let mut low = vec![0u64; 1 << MASK_BITS];
        for (v, &c) in counts.iter().enumerate() {
            low[v & ((1 << MASK_BITS) - 1)] += c;
        }
        let rare_under = |mask: u64| -> u64 {
            let values = low.iter().enumerate();
            let rare = values.filter(|&(v, _)| is_rare(v as u64, mask));
            rare.map(|(_, &c)| c).sum()
        };
        let mask = (1..1u64 << MASK_BITS)
            .min_by_key(|&mask| (rare_under(mask), mask))
            .unwrap_or(1);
        let rare = rare_under(mask);
        let last_rare = (0..heaps).rev().find(|&n| is_rare(value(n), mask));
        Statistics {
            heaps,
            mask,
            rare,
            last_rare,
            largest,
            largest_first,
            histograms,
        }
    }

    /// Whether `value` is rare under the partition found.
    pub fn is_rare(&self, value: u64) -> bool {
        is_rare(value, self.mask)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_sequence_has_one_histogram_and_its_rare_values_under_the_best_mask() {
        // g = 0, 1, 2, 3, 1, 2: under the mask 1, 0 and 2 are rare (no 1 under it).
        let values = [0u64, 1, 2, 3, 1, 2];
        let s = Statistics::of(6, |n| values[n as usize]);
        assert_eq!(s.histograms.len(), 1);
        assert_eq!(s.histograms[0].below, 6);
        assert_eq!(s.histograms[0].counts, [1, 2, 2, 1]);
        assert_eq!((s.largest, s.largest_first), (3, 3));
        // Every mask leaves at least two rare heaps here: the mask 2 leaves 0 and
        // 1 (three heaps), the mask 1 leaves 0 and 2 (three), the mask 3 leaves 0
        // and 3 (two), the least of them.
        assert_eq!((s.mask, s.rare, s.last_rare), (3, 2, Some(3)));
    }

    #[test]
    fn histograms_are_given_below_each_power_of_two_from_1024() {
        let s = Statistics::of(3000, |n| n % 3);
        let bounds: Vec<u64> = s.histograms.iter().map(|h| h.below).collect();
        assert_eq!(bounds, [1024, 2048, 3000]);
        assert_eq!(s.histograms[0].counts, [342, 341, 341]);
        assert_eq!(s.histograms[2].counts, [1000, 1000, 1000]);
    }
}
