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
    /// The amounts whose digit allows a move ([`Rules::takes`]).
    takes: Option<Vec<u64>>,
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
        self.marks.clear();
        let mut breaks: SmallVec<[usize; 8]> = SmallVec::new();
        let takes = self.takes.get_or_insert_with(|| rules.takes());
        for &k in takes.iter().take_while(|&&k| k <= n as u64) {
            let k = k as usize;
            let d = rules.leaves(k as u64, n as u64);
            if d & leaves::NONE != 0 {
                self.marks.mark(0);
            }
            if d & leaves::ONE != 0 {
                self.marks.mark(values[n - k] as u64);
            }
            if d & leaves::TWO != 0 {
                breaks.push(n - k);
            }
        }
        let unequal = rules.unequal_splits;
        let (stamps, round) = self.marks.parts();
        // Every break with a rare piece: this reaches every common value there is.
        // (Heap 0 is never listed as rare: it is no piece.)
        for &rest in &breaks {
            let values = &values[..rest];
            let rare = &self.rare[..self.rare.partition_point(|&r| (r as usize) < rest)];
            for &r in rare {
                let r = r as usize;
                if !(unequal && 2 * r == rest) {
                    stamps[(values[r] ^ values[rest - r]) as usize] = round;
                }
            }
        }
        // Candidates upwards: a common one not reached is the mex; a rare one is
        // looked for among all breaks, the smaller piece growing eight at a time
        // in every break together (one break may never give a value that another
        // gives at once), the scan going on where it last stopped.
        let lasts: SmallVec<[usize; 8]> = breaks
            .iter()
            // The smaller piece goes up to half the rest (not to it where the two
            // pieces would be equal and must not be).
            .map(|&rest| {
                if unequal && rest % 2 == 0 {
                    rest / 2 - 1
                } else {
                    rest / 2
                }
            })
            .collect();
        let end = lasts.iter().copied().max().unwrap_or(0) + 1;
        let mut a = 1;
        let mut v = 0;
        loop {
            while stamps[v] == round {
                v += 1;
            }
            if !is_rare(v as u64, self.mask) || a >= end {
                return v as u64;
            }
            while a < end && stamps[v] != round {
                let to = (a + 8).min(end);
                for (&rest, &last) in breaks.iter().zip(&lasts) {
                    let values = &values[..rest];
                    for i in a..to.min(last + 1) {
                        stamps[(values[i] ^ values[rest - i]) as usize] = round;
                    }
                }
                a = to;
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
            if self.counted > 0 && is_rare(v as u64, self.mask) {
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
            self.rare = (1..n)
                .filter(|&m| is_rare(values[m] as u64, best))
                .map(|m| m as u32)
                .collect();
        }
    }
}
