//! The rare/common algorithm (Gangolli–Plambeck, Flammenkamp) for games whose moves
//! break a heap in two.
//!
//! Fix a bit mask m and call a value *rare* when it has an even number of 1s under
//! the mask, *common* otherwise. Then common XOR common and rare XOR rare are rare,
//! and rare XOR common is common: a common value is reached by a break only through
//! a rare heap. For the games this algorithm is for, a good mask makes rare heaps rare.
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
//!
//! On several threads ([`State::candidates`]), a round of heaps above the values
//! known is shared out in runs of [`BATCH`]; for each heap a thread finds the
//! [`CANDIDATES`] smallest values left unreached by the options whose pieces are
//! all known, as above with the pieces bounded. [`State::settle`] then takes the
//! heaps in order on one thread: the value is the first candidate that no option
//! with a piece in the round gives (a scan of a few hundred breaks at most, 64 at
//! a time; a candidate whose search was cut short, if no such option gives it, is
//! then looked for among the options below the round, a scan of every break where
//! it is not found), and only when every candidate is given is the heap computed
//! again.

use std::ops::{Range, RangeInclusive};
use std::sync::{Mutex, PoisonError};

use smallvec::SmallVec;

use super::{leaves, Algorithm, Method, Rounds, Rules, MOST_RARE_COMMON_HEAPS};

/// Values that no option of a heap reaches, increasing: the first is the mex.
pub type Unreached = SmallVec<[u32; CANDIDATES]>;

/// How many unreached values a thread finds for each heap of a batch computed on
/// several threads, from the options whose pieces lie below the batch: the first
/// that no option reaching into the batch gives is the heap's value.
pub const CANDIDATES: usize = 4;

/// Marks a candidate past the first that may be reached by an option not yet tried:
/// a rare value whose search was cut short. Settling looks for it among every
/// option below the round (most often found at once).
pub const UNSURE: u32 = 1 << 31;

/// How many more steps of the search for rare values a heap's candidates past the
/// first may take: the whole search for a value that no option reaches tries every
/// break.
const EXTRA_STEPS: usize = 1;

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

/// The bytes each thread of the algorithm holds beside the values: a batch's marks
/// (most of them never touched in games whose values stay small). The rare heaps'
/// list, six bytes a rare heap, is shared.
pub const WORKING_SET: usize = SLOTS * std::mem::size_of::<u32>();

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

/// What the rare/common algorithm knows of the values so far, read by every thread
/// that works on a batch: the mask, and the rare heaps under it.
#[derive(Default)]
pub struct Rare {
    mask: u64,
    /// Heaps whose value is rare under the mask, increasing…
    heaps: Vec<u32>,
    /// … and their values, side by side.
    values: Vec<u16>,
    /// How many heaps of each value there are among the first `counted`.
    histogram: Vec<u64>,
    counted: usize,
    next_review: usize,
}

/// One thread's marks and the batch of heaps they are for.
#[derive(Default)]
pub struct Worker {
    marks: Marks,
    /// The heaps of the current batch (none at first), and the heap expected next.
    batch: Range<usize>,
    next_heap: usize,
    /// How many values the batch's marks were made from, and under which mask.
    batch_known: usize,
    batch_mask: u64,
}

fn is_rare(v: u64, mask: u64) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// The rare pieces whose breaks a batch from heap `start` marks for removal `k`,
/// as two ranges: those whose other piece is among the first `known` values in
/// every heap of the batch, but for those near half the rest where pieces must be
/// `unequal`.
fn batch_pieces(k: usize, start: usize, known: usize, unequal: bool) -> [Range<usize>; 2] {
    let low = (start + BATCH - known).saturating_sub(k).max(1);
    let high = start.saturating_sub(k).min(known).max(low);
    if !unequal {
        return [low..high, high..high];
    }
    // Half the rest, in the batch's first heap to its last.
    let middle = (start.saturating_sub(k) / 2).clamp(low, high)
        ..((start + BATCH - 1).saturating_sub(k) / 2 + 1).clamp(low, high);
    [low..middle.start, middle.end..high]
}

impl Rare {
    /// Takes in g(counted..values.len()): the histogram, the rare list, and at every
    /// power of two the mask chosen again.
    pub fn catch_up(&mut self, values: &[u16]) {
        let n = values.len();
        while self.counted < n {
            let v = values[self.counted] as usize;
            if v >= self.histogram.len() {
                self.histogram.resize(v + 1, 0);
            }
            self.histogram[v] += 1;
            if self.counted > 0 && is_rare(v as u64, self.mask) {
                self.heaps.push(self.counted as u32);
                self.values.push(v as u16);
            }
            self.counted += 1;
        }
        if n >= self.next_review {
            self.review(values);
            self.next_review = (2 * n).max(256);
        }
    }

    /// Chooses the mask that leaves the fewest rare heaps, and lists them again.
    fn review(&mut self, values: &[u16]) {
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
            self.heaps = (1..values.len())
                .filter(|&m| is_rare(values[m] as u64, best))
                .map(|m| m as u32)
                .collect();
            self.values = self.heaps.iter().map(|&m| values[m as usize]).collect();
        }
    }
}

impl Worker {
    /// The `wanted` smallest values that no option of heap n reaches among those
    /// whose pieces are all among the values given, g(0..known): when n = known, the
    /// first is g(n) itself. `rare` must have caught up with the values, `takes` are
    /// the amounts whose digit allows a move. Fastest when called for n, n + 1, … in
    /// turn with the same `known`.
    pub fn unreached(
        &mut self,
        rare: &Rare,
        rules: &Rules,
        takes: &[u64],
        values: &[u16],
        n: usize,
        wanted: usize,
    ) -> Unreached {
        let known = values.len();
        debug_assert_eq!(rare.counted, known, "the rare list covers the values");
        if n != self.next_heap
            || !self.batch.contains(&n)
            || self.batch_mask != rare.mask
            || self.batch_known > known
        {
            self.start_batch(rare, rules, takes, values, n);
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
            if d & leaves::ONE != 0 && n - (k as usize) < known {
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
            let [first, second] =
                batch_pieces(n - rest, self.batch.start, self.batch_known, unequal);
            let heaps = &rare.heaps;
            let smallest = heaps.iter().take_while(|&&r| (r as usize) < first.start);
            let newest = heaps
                .iter()
                .rev()
                .take_while(|&&r| (r as usize) >= second.end);
            let middle = if first.end < second.start {
                heaps.partition_point(|&r| (r as usize) < first.end)
                    ..heaps.partition_point(|&r| (r as usize) < second.start)
            } else {
                0..0
            };
            let (smallest, newest) = (smallest.count(), heaps.len() - newest.count());
            for left_out in [0..smallest, middle, newest..heaps.len()] {
                for i in left_out {
                    let r = heaps[i] as usize;
                    if r < rest && rest - r < known && !(unequal && 2 * r == rest) {
                        let option = rare.values[i] ^ values[rest - r];
                        stamps[at(option as usize, slot)] = round;
                    }
                }
            }
        }
        // Candidates upwards: a common one not reached is the mex; a rare one is
        // looked for among all breaks, a block of smaller pieces at a time in every
        // break together (one break may never give a value that another gives at
        // once), the search going on where it last stopped. A smaller piece a is
        // tried only where the larger, rest − a, is known.
        let last = |rest: usize| largest_smaller_piece(rest, unequal);
        let longest = breaks.iter().map(|&rest| stretch_length(last(rest))).max();
        let longest = longest.unwrap_or(0);
        // The search has yet to try the first pieces (`head`), or is at block
        // `block` of stretch `stretch` of every break.
        let mut head = true;
        let mut block = 0..FIRST_BLOCK;
        let mut stretch = 0;
        let mut v = 0;
        let mut unreached = Unreached::new();
        let mut extra_steps = 0;
        loop {
            while stamps[at(v, slot)] == round {
                v += 1;
            }
            let searched = !head && block.start >= longest;
            if !is_rare(v as u64, rare.mask) || searched {
                unreached.push(v as u32);
                if unreached.len() == wanted {
                    return unreached;
                }
                v += 1;
                continue;
            }
            // Past the mex, rare values are looked for a little only.
            if !unreached.is_empty() && extra_steps == EXTRA_STEPS {
                unreached.push(v as u32 | UNSURE);
                if unreached.len() == wanted {
                    return unreached;
                }
                v += 1;
                continue;
            }
            while (head || block.start < longest) && stamps[at(v, slot)] != round {
                if !unreached.is_empty() {
                    if extra_steps == EXTRA_STEPS {
                        break;
                    }
                    extra_steps += 1;
                }
                for &rest in &breaks {
                    let smaller = if head {
                        1..(FIRST_BLOCK + 1).min(last(rest) + 1)
                    } else {
                        search_block(last(rest), stretch, block.clone())
                    };
                    let larger_known = (rest + 1).saturating_sub(known);
                    let smaller = smaller.start.max(larger_known)..smaller.end;
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
    fn start_batch(
        &mut self,
        rare: &Rare,
        rules: &Rules,
        takes: &[u64],
        values: &[u16],
        start: usize,
    ) {
        self.marks.clear();
        self.batch = start..start + BATCH;
        self.batch_known = values.len();
        self.batch_mask = rare.mask;
        for &k in takes {
            if rules.digit(k) & leaves::TWO == 0 {
                continue;
            }
            let k = k as usize;
            for pieces in batch_pieces(k, start, values.len(), rules.unequal_splits)
                .into_iter()
                .filter(|p| !p.is_empty())
            {
                let from = rare.heaps.partition_point(|&r| (r as usize) < pieces.start);
                let to = rare.heaps.partition_point(|&r| (r as usize) < pieces.end);
                mark_with_rare(
                    &mut self.marks,
                    values,
                    start - k,
                    &rare.heaps[from..to],
                    &rare.values[from..to],
                );
            }
        }
    }
}

/// What the rare/common algorithm keeps between heaps: what is known of the values,
/// and a worker for each thread.
pub struct State {
    rare: Rare,
    /// The amounts whose digit allows a move ([`Rules::takes`]).
    takes: Vec<u64>,
    workers: Vec<Worker>,
}

impl State {
    /// A state for the game of these rules, no value known yet.
    pub fn new(rules: &Rules) -> Self {
        State {
            rare: Rare::default(),
            takes: rules.takes().to_vec(),
            workers: vec![Worker::default()],
        }
    }
}

impl Method for State {
    fn algorithm(&self) -> Algorithm {
        Algorithm::RareCommon
    }

    /// g(n) on this thread.
    fn value(&mut self, rules: &Rules, values: &[u16]) -> u64 {
        self.rare.catch_up(values);
        let n = values.len();
        self.workers[0].unreached(&self.rare, rules, &self.takes, values, n, 1)[0] as u64
    }

    fn most_heaps(&self) -> Option<u64> {
        Some(MOST_RARE_COMMON_HEAPS)
    }

    fn rounds(&mut self) -> Option<&mut dyn Rounds> {
        Some(self)
    }
}

impl Rounds for State {
    /// For each heap of `heaps`, all at or above `values.len()`, the [`CANDIDATES`]
    /// smallest values that its options with all pieces among `values` leave
    /// unreached. `threads` threads take runs of [`BATCH`] heaps in turn, so that a
    /// thread slowed down (the machine being busy) holds up the others little.
    fn candidates(
        &mut self,
        rules: &Rules,
        values: &[u16],
        heaps: Range<usize>,
        threads: usize,
    ) -> Vec<Unreached> {
        self.rare.catch_up(values);
        if self.workers.len() < threads {
            self.workers.resize_with(threads, Worker::default);
        }
        let mut found = vec![Unreached::new(); heaps.len()];
        let runs = (heaps.start..).step_by(BATCH).zip(found.chunks_mut(BATCH));
        let runs = Mutex::new(runs);
        let (rare, takes) = (&self.rare, &self.takes[..]);
        let work = |worker: &mut Worker| {
            let next_run = || runs.lock().unwrap_or_else(PoisonError::into_inner).next();
            while let Some((first, run)) = next_run() {
                for (n, unreached) in (first..).zip(run) {
                    *unreached = worker.unreached(rare, rules, takes, values, n, CANDIDATES);
                }
            }
        };
        // WebAssembly in the browser has no threads: one worker takes every run.
        #[cfg(target_family = "wasm")]
        work(&mut self.workers[0]);
        #[cfg(not(target_family = "wasm"))]
        rayon::scope(|scope| {
            let (here, others) = self.workers[..threads].split_at_mut(1);
            for worker in others {
                scope.spawn(|_| work(worker));
            }
            work(&mut here[0]);
        });
        found
    }

    /// g(n) for n = `values.len()`, from g(0..n) and the candidates found when only
    /// g(0..known) were known: the first candidate that no option with a piece at or
    /// above `known` reaches (every smaller value is reached already; an [`UNSURE`]
    /// one is then looked for among the options below `known`), else (all of them
    /// reached, seldom) g(n) computed again.
    fn settle(&mut self, rules: &Rules, values: &[u16], known: usize, candidates: &[u32]) -> u64 {
        let takes = &self.takes[..];
        let reached = |v: u32, reaching| reached(rules, takes, values, known, reaching, v as u16);
        // The few options reaching into the round first: a candidate they give needs
        // no scan of the options below it.
        match candidates
            .iter()
            .filter(|&&v| !reached(v, true))
            .find(|&&v| v & UNSURE == 0 || !reached(v, false))
        {
            Some(&v) => (v & !UNSURE) as u64,
            None => self.value(rules, values),
        }
    }
}

/// Whether some option of heap n = `values.len()` has value `v` among those with a
/// piece at or above `known` (`reaching`: the options into a round), or else among
/// those with every piece below it.
fn reached(
    rules: &Rules,
    takes: &[u64],
    values: &[u16],
    known: usize,
    reaching: bool,
    v: u16,
) -> bool {
    let n = values.len();
    for &k in takes.iter().take_while(|&&k| k <= n as u64) {
        let d = rules.leaves(k, n as u64);
        let rest = n - k as usize;
        if d & leaves::NONE != 0 && !reaching && v == 0
            || d & leaves::ONE != 0 && (rest >= known) == reaching && values[rest] == v
        {
            return true;
        }
        if d & leaves::TWO != 0 {
            let last = largest_smaller_piece(rest, rules.unequal_splits);
            // The larger piece, rest − a, is at or above `known` exactly when the
            // smaller, a, is below `split`.
            let split = (rest + 1).saturating_sub(known).max(1);
            let smaller = match reaching {
                true => 1..=(split - 1).min(last),
                false => split..=last,
            };
            if pair_gives(values, rest, smaller, v) {
                return true;
            }
        }
    }
    false
}

/// Whether g(a) XOR g(rest − a) = v for some smaller piece a in `smaller`, 64 pairs
/// at a time (with no early exit inside a block).
fn pair_gives(values: &[u16], rest: usize, smaller: RangeInclusive<usize>, v: u16) -> bool {
    let (first, last) = smaller.into_inner();
    (first..=last).step_by(64).any(|a| {
        let b = (a + 63).min(last);
        values[a..=b]
            .iter()
            .zip(values[rest - b..=rest - a].iter().rev())
            .fold(false, |hit, (&x, &y)| hit | (x ^ y == v))
    })
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
