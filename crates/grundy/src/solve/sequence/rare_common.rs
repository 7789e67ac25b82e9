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
//! breaks: the first smaller pieces, then blocks from [`STRETCHES`] stretches of
//! them in turn. The mask is chosen again from the values' histogram at every power
//! of two, the one leaving the fewest rare heaps.
//!
//! Step (1) is done for [`BATCH`] heaps together: the other pieces a rare heap r
//! leaves in heaps n, n + 1, … are next to each other (g(n − k − r), g(n + 1 − k − r),
//! …), so one read serves them all. Each heap of a batch has its own marks, and a
//! batch marks the breaks whose pieces are all known at its start; each heap then
//! adds the few others (a rare piece among the newest heaps or the smallest, or
//! near half the rest, where Grundy's game forbids equal pieces).

use std::ops::Range;

use smallvec::SmallVec;

use super::{leaves, Rules};

/// Masks are chosen among values of at most this many bits.
const MASK_BITS: u32 = 12;

/// How many heaps step (1) handles together.
const BATCH: usize = 8;

/// The search for a rare value takes the smaller pieces in this many stretches
/// side by side, a block from each in turn: a witness is met sooner than going up
/// from one end (a third fewer breaks tried for 0.6), as witnesses come in
/// clusters and, in games like 0.007, the first heaps' values are too small to
/// make the larger rare values.
const STRETCHES: usize = 8;

/// The search tries this many smaller pieces first (a witness is often met at
/// once), then its blocks grow from this many…
const FIRST_BLOCK: usize = 16;

/// … to this many.
const BLOCK: usize = 256;

/// How many stamps a heap of a batch has: one for every XOR of two-byte values and
/// the mex above them, and some more so that the heaps' first stamps (the small
/// values, the most used) fall in different cache sets.
const STAMPS_PER_HEAP: usize = (1 << 16) + 144;

/// One stamp per value per heap of a batch.
const SLOTS: usize = STAMPS_PER_HEAP * BATCH;

/// The marks of a batch: value v is marked for the batch's heap `slot` when
/// `stamps[slot * STAMPS_PER_HEAP + v]` is the round. (Each heap's own, apart: the
/// search for a rare value then keeps to few cache lines.)
struct Marks {
    /// A fixed length, so that indexing by a two-byte value needs no bounds check.
    stamps: Box<[u32; SLOTS]>,
    round: u32,
}

impl Default for Marks {
    fn default() -> Self {
        let stamps = vec![0; SLOTS].into_boxed_slice();
        Marks {
            stamps: stamps.try_into().expect("the length is SLOTS"),
            round: 0,
        }
    }
}

impl Marks {
    /// Forgets every mark, for a new batch.
    fn clear(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamps.fill(0);
            self.round = 1;
        }
    }
}

/// Where value v's stamp for heap `slot` of a batch lies.
#[inline]
fn at(v: usize, slot: usize) -> usize {
    slot % BATCH * STAMPS_PER_HEAP + v
}

/// What the rare/common method keeps between heaps.
#[derive(Default)]
pub struct State {
    mask: u64,
    /// Heaps whose value is rare under the mask, increasing…
    rare_heaps: Vec<u32>,
    /// … and their values, side by side.
    rare_values: Vec<u16>,
    /// How many heaps of each value there are among the first `counted`.
    histogram: Vec<u64>,
    counted: usize,
    next_review: usize,
    marks: Marks,
    /// The heaps of the current batch (none at first), and the heap expected next.
    batch: Range<usize>,
    next_heap: usize,
    /// The amounts whose digit allows a move ([`Rules::takes`]), once known.
    takes: Option<Vec<u64>>,
}

fn is_rare(v: u64, mask: u64) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// The rare pieces whose breaks a batch from heap `start` marks for removal `k`,
/// as two ranges: those whose other piece is known (below `start`) in every heap
/// of the batch, but for those near half the rest where pieces must be `unequal`.
fn batch_pieces(k: usize, start: usize, unequal: bool) -> [Range<usize>; 2] {
    let low = BATCH.saturating_sub(k).max(1);
    let high = start.saturating_sub(k).max(low);
    if !unequal {
        return [low..high, high..high];
    }
    // Half the rest, in the batch's first heap to its last.
    let middle = (start.saturating_sub(k) / 2).clamp(low, high)
        ..((start + BATCH - 1).saturating_sub(k) / 2 + 1).clamp(low, high);
    [low..middle.start, middle.end..high]
}

impl State {
    /// g(n), from g(0..n) in `values`. Fastest when called for n, n + 1, … in turn.
    pub fn value(&mut self, rules: &Rules, values: &[u16], n: usize) -> u64 {
        let takes = self.takes.take().unwrap_or_else(|| rules.takes().to_vec());
        let g = self.value_with(rules, &takes, values, n);
        self.takes = Some(takes);
        g
    }

    /// g(n), the amounts whose digit allows a move given.
    fn value_with(&mut self, rules: &Rules, takes: &[u64], values: &[u16], n: usize) -> u64 {
        self.count(values, n);
        if n != self.next_heap || !self.batch.contains(&n) {
            self.start_batch(rules, takes, values, n);
        }
        self.next_heap = n + 1;
        let slot = n - self.batch.start;
        let round = self.marks.round;
        let stamps = &mut self.marks.stamps;
        let mut breaks: SmallVec<[usize; 8]> = SmallVec::new();
        for &k in takes.iter().take_while(|&&k| k <= n as u64) {
            let d = rules.leaves(k, n as u64);
            if d & leaves::NONE != 0 {
                stamps[at(0, slot)] = round;
            }
            if d & leaves::ONE != 0 {
                stamps[at(values[n - k as usize] as usize, slot)] = round;
            }
            if d & leaves::TWO != 0 {
                breaks.push(n - k as usize);
            }
        }
        let unequal = rules.unequal_splits;
        // Every break with a rare piece that the batch left out: this reaches every
        // common value there is.
        for &rest in &breaks {
            // The smallest, the newest, and in Grundy's game those near half the rest.
            let [first, second] = batch_pieces(n - rest, self.batch.start, unequal);
            let rare = &self.rare_heaps;
            let smallest = rare.iter().take_while(|&&r| (r as usize) < first.start);
            let newest = rare
                .iter()
                .rev()
                .take_while(|&&r| (r as usize) >= second.end);
            let middle = if first.end < second.start {
                rare.partition_point(|&r| (r as usize) < first.end)
                    ..rare.partition_point(|&r| (r as usize) < second.start)
            } else {
                0..0
            };
            let (smallest, newest) = (smallest.count(), rare.len() - newest.count());
            for left_out in [0..smallest, middle, newest..rare.len()] {
                for i in left_out {
                    let r = rare[i] as usize;
                    if r < rest && !(unequal && 2 * r == rest) {
                        let option = self.rare_values[i] ^ values[rest - r];
                        stamps[at(option as usize, slot)] = round;
                    }
                }
            }
        }
        // Candidates upwards: a common one not reached is the mex; a rare one is
        // looked for among all breaks, a block of smaller pieces at a time in every
        // break together (one break may never give a value that another gives at
        // once), the search going on where it last stopped.
        let last = |rest: usize| largest_smaller_piece(rest, unequal);
        let longest = breaks.iter().map(|&rest| stretch_length(last(rest))).max();
        let longest = longest.unwrap_or(0);
        // The search has yet to try the first pieces (`head`), or is at block
        // `block` of stretch `stretch` of every break.
        let mut head = true;
        let mut block = 0..FIRST_BLOCK;
        let mut stretch = 0;
        let mut v = 0;
        loop {
            while stamps[at(v, slot)] == round {
                v += 1;
            }
            let searched = !head && block.start >= longest;
            if !is_rare(v as u64, self.mask) || searched {
                return v as u64;
            }
            while (head || block.start < longest) && stamps[at(v, slot)] != round {
                for &rest in &breaks {
                    let smaller = if head {
                        1..(FIRST_BLOCK + 1).min(last(rest) + 1)
                    } else {
                        search_block(last(rest), stretch, block.clone())
                    };
                    mark_pairs(stamps, round, slot, values, rest, smaller);
                }
                if head {
                    head = false;
                } else {
                    stretch += 1;
                    if stretch == STRETCHES {
                        stretch = 0;
                        block = block.end..block.end + (2 * block.len()).min(BLOCK);
                    }
                }
            }
        }
    }

    /// Starts a batch at heap `start`: new marks, and the breaks of every heap of the
    /// batch with a rare piece and the other piece known.
    fn start_batch(&mut self, rules: &Rules, takes: &[u64], values: &[u16], start: usize) {
        if start >= self.next_review {
            self.review(values, start);
            self.next_review = (2 * start).max(256);
        }
        self.marks.clear();
        self.batch = start..start + BATCH;
        for &k in takes {
            if rules.digit(k) & leaves::TWO == 0 {
                continue;
            }
            let k = k as usize;
            for pieces in batch_pieces(k, start, rules.unequal_splits)
                .into_iter()
                .filter(|p| !p.is_empty())
            {
                let from = self
                    .rare_heaps
                    .partition_point(|&r| (r as usize) < pieces.start);
                let to = self
                    .rare_heaps
                    .partition_point(|&r| (r as usize) < pieces.end);
                mark_with_rare(
                    &mut self.marks,
                    values,
                    start - k,
                    &self.rare_heaps[from..to],
                    &self.rare_values[from..to],
                );
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
                self.rare_heaps.push(self.counted as u32);
                self.rare_values.push(v as u16);
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
            self.rare_heaps = (1..n)
                .filter(|&m| is_rare(values[m] as u64, best))
                .map(|m| m as u32)
                .collect();
            self.rare_values = self
                .rare_heaps
                .iter()
                .map(|&m| values[m as usize])
                .collect();
        }
    }
}

/// The largest smaller piece of a break of `rest`: half of it (less one where the
/// two pieces would be equal and must be `unequal`).
fn largest_smaller_piece(rest: usize, unequal: bool) -> usize {
    if unequal && rest % 2 == 0 {
        rest / 2 - 1
    } else {
        rest / 2
    }
}

/// How many smaller pieces each stretch holds, the smaller piece going up to
/// `last` and the first [`FIRST_BLOCK`] tried before.
fn stretch_length(last: usize) -> usize {
    last.saturating_sub(FIRST_BLOCK).div_ceil(STRETCHES)
}

/// The smaller pieces in block `block` of stretch `stretch`, the smaller piece going
/// up to `last`.
fn search_block(last: usize, stretch: usize, block: Range<usize>) -> Range<usize> {
    let length = stretch_length(last);
    let first = FIRST_BLOCK + 1 + stretch * length;
    let start = first + block.start;
    let end = (first + block.end).min(first + length).min(last + 1);
    start..end.max(start)
}

/// For each rare heap r (its value beside it), marks g(r) XOR g(rest − r) in every
/// heap of the batch, whose rests are `first_rest`, `first_rest` + 1, …: the other
/// pieces lie side by side.
#[inline(never)]
fn mark_with_rare(
    marks: &mut Marks,
    values: &[u16],
    first_rest: usize,
    heaps: &[u32],
    heap_values: &[u16],
) {
    let (stamps, round) = (&mut marks.stamps, marks.round);
    for (&r, &value) in heaps.iter().zip(heap_values) {
        let others: &[u16; BATCH] = values[first_rest - r as usize..][..BATCH]
            .try_into()
            .expect("a batch of values");
        for (slot, &other) in others.iter().enumerate() {
            stamps[at((value ^ other) as usize, slot)] = round;
        }
    }
}

/// Marks g(a) XOR g(rest − a) for heap `slot` of the batch, for every smaller piece
/// a in `smaller`, eight at a time.
#[inline(never)]
fn mark_pairs(
    stamps: &mut [u32; SLOTS],
    round: u32,
    slot: usize,
    values: &[u16],
    rest: usize,
    smaller: Range<usize>,
) {
    if smaller.is_empty() {
        return;
    }
    let larger = &values[rest + 1 - smaller.end..rest + 1 - smaller.start];
    let smaller = &values[smaller];
    let mut smaller_chunks = smaller.chunks_exact(8);
    let mut larger_chunks = larger.rchunks_exact(8);
    for (xs, ys) in (&mut smaller_chunks).zip(&mut larger_chunks) {
        let mut options = [0u16; 8];
        for i in 0..8 {
            options[i] = xs[i] ^ ys[7 - i];
        }
        for option in options {
            stamps[at(option as usize, slot)] = round;
        }
    }
    let (xs, ys) = (smaller_chunks.remainder(), larger_chunks.remainder());
    for (&x, &y) in xs.iter().zip(ys.iter().rev()) {
        stamps[at((x ^ y) as usize, slot)] = round;
    }
}
