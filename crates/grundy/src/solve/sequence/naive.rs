//! The naive algorithm: g(n) is the mex of the values of every option of a heap of n.
//! All-but subtraction sets, whose heaps have almost n options, are counted instead:
//! every smaller heap is an option but for the few excluded amounts (and a value
//! that more heaps have than there are excluded amounts is an option of them all).

use super::{leaves, Algorithm, Beyond, Method, Rules};

/// How many stamps the marks hold: every XOR of two-byte values, and a mex above.
const STAMPS: usize = 1 << 17;

/// The bytes the naive algorithm holds, beside the values: its marks, and for all-but
/// sets a count of each value.
pub const WORKING_SET: usize = (STAMPS + COUNTS) * std::mem::size_of::<u32>();

/// How many counts an all-but set keeps: every two-byte value, and the mex above.
const COUNTS: usize = (1 << 16) + 1;

/// Marks for a mex over two-byte values: a value is marked in the current round
/// when its stamp is the round.
pub struct Marks {
    stamps: Vec<u32>,
    round: u32,
}

impl Default for Marks {
    fn default() -> Self {
        Marks {
            stamps: vec![0; STAMPS],
            round: 0,
        }
    }
}

impl Marks {
    /// Forgets every mark.
    pub fn clear(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamps.fill(0);
            self.round = 1;
        }
    }

    /// Marks value `v` (below 2^17: the XOR of two-byte values, or a mex of them).
    #[inline]
    pub fn mark(&mut self, v: u64) {
        self.stamps[v as usize] = self.round;
    }

    /// The stamps and the current round, for tight loops: `stamps[v] == round`
    /// when v is marked.
    pub fn parts(&mut self) -> (&mut [u32], u32) {
        (&mut self.stamps, self.round)
    }

    /// Whether `v` is marked.
    #[inline]
    pub fn has(&self, v: u64) -> bool {
        self.stamps[v as usize] == self.round
    }

    /// The least unmarked value.
    pub fn mex(&self) -> u64 {
        (0..)
            .find(|&v| !self.has(v))
            .expect("some value is unmarked")
    }
}

/// What the naive algorithm keeps between heaps.
#[derive(Default)]
pub struct State {
    marks: Marks,
    /// The amounts whose digit allows a move ([`Rules::takes`]).
    takes: Option<Vec<u64>>,
    /// Amounts beyond the digits allowed by a [`Beyond::Where`] rule, increasing.
    amounts: Vec<u64>,
    amounts_checked: u64,
    /// For all-but sets: how many heaps below the current one have each value.
    counts: Vec<u32>,
    counted: usize,
    /// For all-but sets: the heaps below the current one with each value, while
    /// there are no more of them than excluded amounts (`None` after).
    few: Vec<Option<Vec<usize>>>,
    /// For all-but sets: whether each amount is excluded.
    excluded: Vec<bool>,
    first_zero: usize,
}

impl Method for State {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Naive
    }

    fn value(&mut self, rules: &Rules, values: &[u16]) -> u64 {
        self.value_of(rules, values, values.len())
    }

    /// Every option of the heap, one by one.
    fn work_of_heap(&self, rules: &Rules, n: u64) -> u64 {
        rules.work_of_heap(n)
    }

    fn work_known(&self) -> bool {
        true
    }
}

impl State {
    /// g(n), from g(0..n) in `values`.
    fn value_of(&mut self, rules: &Rules, values: &[u16], n: usize) -> u64 {
        if let Beyond::AllBut(excluded) = &rules.beyond {
            return self.all_but(excluded, values, n);
        }
        let g = |m: u64| values[m as usize] as u64;
        let n = n as u64;
        self.marks.clear();
        let takes = self.takes.get_or_insert_with(|| rules.takes().to_vec());
        for &k in takes.iter().take_while(|&&k| k <= n) {
            let d = rules.leaves(k, n);
            let rest = n - k;
            if d & leaves::NONE != 0 {
                self.marks.mark(0);
            }
            if d & leaves::ONE != 0 {
                self.marks.mark(g(rest));
            }
            if d & leaves::TWO != 0 {
                for a in 1..=rest / 2 {
                    if !(rules.unequal_splits && 2 * a == rest) {
                        self.marks.mark(g(a) ^ g(rest - a));
                    }
                }
            }
            if d & leaves::THREE != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        self.marks.mark(g(a) ^ g(b) ^ g(rest - a - b));
                    }
                }
            }
        }
        if let Beyond::Where(allowed) = rules.beyond {
            let first = rules.digits.len() as u64;
            while self.amounts_checked < n {
                self.amounts_checked += 1;
                let k = self.amounts_checked;
                if k >= first && allowed(k) {
                    self.amounts.push(k);
                }
            }
            for &k in self.amounts.iter().take_while(|&&k| k <= n) {
                self.marks.mark(if k == n { 0 } else { g(n - k) });
            }
        }
        self.marks.mex()
    }

    /// g(n) for an all-but set: the least value that no heap below n has, or that
    /// only heaps n − e (e excluded) have. A value that more heaps have than there
    /// are excluded amounts is an option of every heap from there on, so only the
    /// values of the heaps n − e are candidates, each with its few heaps: a heap
    /// costs about the square of the excluded amounts, whatever its size.
    fn all_but(&mut self, excluded: &[u64], values: &[u16], n: usize) -> u64 {
        if self.counts.is_empty() {
            self.counts = vec![0; COUNTS];
            let most = excluded.iter().copied().max().unwrap_or(0) as usize;
            self.excluded = vec![false; most + 1];
            for &e in excluded {
                self.excluded[e as usize] = true;
            }
        }
        while self.counted < n {
            let v = values[self.counted] as usize;
            self.counts[v] += 1;
            if self.few.len() <= v {
                self.few.resize(v + 1, Some(Vec::new()));
            }
            match &mut self.few[v] {
                Some(heaps) if heaps.len() < excluded.len() => heaps.push(self.counted),
                _ => self.few[v] = None,
            }
            self.counted += 1;
        }
        while self.counts[self.first_zero] > 0 {
            self.first_zero += 1;
        }
        // A value all of whose heaps are at excluded distances has one at n − e for
        // some excluded e: only those few values are candidates.
        let is_excluded = |m: usize| self.excluded.get(n - m).copied().unwrap_or(false);
        excluded
            .iter()
            .filter(|&&e| e as usize <= n && e > 0)
            .map(|&e| values[n - e as usize] as usize)
            .filter(|&v| {
                let few = self.few[v].as_deref();
                few.is_some_and(|heaps| heaps.iter().all(|&m| is_excluded(m)))
            })
            .min()
            .unwrap_or(self.first_zero) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// g(0..len) of the all-but set `excluded` by the definition: the mex of g(n − k)
    /// over every amount 1 ≤ k ≤ n not excluded.
    fn by_definition(excluded: &[u64], len: usize) -> Vec<u16> {
        let mut g: Vec<u16> = Vec::with_capacity(len);
        for n in 0..len {
            let options: Vec<u16> = (1..=n as u64)
                .filter(|k| !excluded.contains(k))
                .map(|k| g[n - k as usize])
                .collect();
            g.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn all_but_sets_are_counted_to_the_values_of_the_definition() {
        let sets: [&[u64]; 6] = [
            &[],
            &[1],
            &[1, 2],
            &[2, 3, 7],
            &[1, 3, 4, 5, 9, 10, 11],
            &[
                5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 40,
            ],
        ];
        for excluded in sets {
            let rules = Rules::new(Vec::new(), Beyond::AllBut(excluded.to_vec()), false);
            let mut state = State::default();
            let mut values = Vec::new();
            for _ in 0..300 {
                let g = state.value(&rules, &values);
                values.push(g as u16);
            }
            assert_eq!(values, by_definition(excluded, 300), "{excluded:?}");
        }
    }
}
