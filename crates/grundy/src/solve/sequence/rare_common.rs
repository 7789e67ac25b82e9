//! The rare/common method (Gangolli–Plambeck, Flammenkamp) for games whose moves
//! break a heap in two.
//!
//! Fix a bit mask m and call a value *rare* when it has an even number of 1s under
//! the mask, *common* otherwise. Then common XOR common and rare XOR rare are rare,
//! and rare XOR common is common: a common value is reached by a break only through
//! a rare heap. For the games this method is for, a good mask makes rare heaps rare.
//! So for g(n): (1) mark every option that involves a rare heap, scanning only the
//! rare heaps; (2) take candidate values upwards: a common one not marked is the
//! mex, since nothing else could reach it; a rare one is looked for among all
//! breaks, where a witness is usually met at once. The mask is chosen again from the
//! values' histogram at every power of two, the one leaving the fewest rare heaps.

use smallvec::SmallVec;

use super::naive::Marks;
use super::{leaves, Rules};

/// Masks are chosen among values of at most this many bits.
const MASK_BITS: u32 = 12;

/// What the rare/common method keeps between heaps.
#[derive(Default)]
pub struct State {
    mask: u64,
    /// Heaps whose value is rare under the mask, increasing.
    rare: Vec<u32>,
    /// How many heaps of each value there are among the first `counted`.
    histogram: Vec<u64>,
    counted: usize,
    next_review: usize,
    marks: Marks,
}

fn is_rare(v: u64, mask: u64) -> bool {
    (v & mask).count_ones() % 2 == 0
}

impl State {
    /// g(n), from g(0..n) in `values`.
    pub fn value(&mut self, rules: &Rules, values: &[u16], n: usize) -> u64 {
        self.count(values, n);
        if n >= self.next_review {
            self.review(values, n);
            self.next_review = (2 * n).max(256);
        }
        let g = |m: u64| values[m as usize] as u64;
        let n = n as u64;
        self.marks.clear();
        let mut breaks: SmallVec<[u64; 8]> = SmallVec::new();
        for k in 0..=n.min(rules.digits.len() as u64) {
            let d = rules.leaves(k, n);
            if d & leaves::NONE != 0 {
                self.marks.mark(0);
            }
            if d & leaves::ONE != 0 {
                self.marks.mark(g(n - k));
            }
            if d & leaves::TWO != 0 {
                breaks.push(n - k);
            }
        }
        let largest = breaks.iter().copied().max().unwrap_or(0);
        for &r in &self.rare {
            let r = r as u64;
            if r >= largest {
                break;
            }
            for &rest in &breaks {
                if r >= 1 && r < rest && !(rules.unequal_splits && 2 * r == rest) {
                    self.marks.mark(g(r) ^ g(rest - r));
                }
            }
        }
        // Candidates upwards; rare ones are looked for among all breaks, resuming
        // the scan where the last candidate's search stopped.
        let mut scan = breaks.iter().flat_map(|&rest| {
            (1..=rest / 2)
                .filter(move |&a| !(rules.unequal_splits && 2 * a == rest))
                .map(move |a| (a, rest - a))
        });
        let mut v = 0;
        loop {
            if self.marks.has(v) {
                v += 1;
                continue;
            }
            if !is_rare(v, self.mask) {
                return v;
            }
            let found = scan.by_ref().any(|(a, b)| {
                let w = g(a) ^ g(b);
                self.marks.mark(w);
                w == v
            });
            if !found {
                return v;
            }
        }
    }

    /// Adds g(counted..n) to the histogram and the rare list.
    fn count(&mut self, values: &[u16], n: usize) {
        while self.counted < n {
            let v = values[self.counted] as usize;
            if v >= self.histogram.len() {
                self.histogram.resize(v + 1, 0);
            }
            self.histogram[v] += 1;
            if is_rare(v as u64, self.mask) {
                self.rare.push(self.counted as u32);
            }
            self.counted += 1;
        }
    }

    /// Chooses the mask that leaves the fewest rare heaps, and lists them again.
    fn review(&mut self, values: &[u16], n: usize) {
        let bits = (usize::BITS - self.histogram.len().leading_zeros()).min(MASK_BITS);
        let present: Vec<(u64, u64)> = (0..self.histogram.len())
            .filter(|&v| self.histogram[v] > 0)
            .map(|v| (v as u64, self.histogram[v]))
            .collect();
        let rare_count = |mask: u64| -> u64 {
            present
                .iter()
                .filter(|&&(v, _)| is_rare(v, mask))
                .map(|&(_, c)| c)
                .sum()
        };
        let best = (1..1u64 << bits)
            .min_by_key(|&m| rare_count(m))
            .unwrap_or(0);
        if rare_count(best) < rare_count(self.mask) {
            self.mask = best;
            self.rare = (0..n)
                .filter(|&m| is_rare(values[m] as u64, best))
                .map(|m| m as u32)
                .collect();
        }
    }
}
