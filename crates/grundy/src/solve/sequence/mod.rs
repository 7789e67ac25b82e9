//! The heap-sequence engine: g(0), g(1), …, g(N) for one heap of a take-and-break
//! game, two bytes per heap size.
//!
//! A game is described by its [`Rules`]: for each number of chips k a move may remove,
//! whether the rest may be left as no heap, one heap, two heaps or three heaps (the
//! digits of an octal or hexadecimal code), and for infinite subtraction sets, a rule
//! beyond the digits. Two algorithms compute the sequence, side by side, each a
//! [`Method`] that gives the next value ([`method`] picks one):
//!
//! - [`Algorithm::Naive`]: the mex of every option's value ([`naive`]);
//! - [`Algorithm::RareCommon`]: the rare/common split of Gangolli–Plambeck and
//!   Flammenkamp ([`rare_common`]), for games whose moves break a heap in two; it
//!   also computes heaps in [`Rounds`] on several threads.
//!
//! The rare/common algorithm runs on every core ([`Threads`]) where that is measured
//! faster than one; the values are the same for any number of threads. [`period`]
//! finds and proves periods, after which a sequence's values are read from its
//! period; [`store`] saves a sequence as it grows.

pub mod naive;
pub mod period;
pub mod rare_common;
pub mod statistics;
pub mod store;

use std::ops::Range;
use std::time::Instant;

use crate::stop::Every;
use crate::{invalid, Budget, Heaps, Result};
use smallvec::smallvec;

/// What removing k chips may leave: bits of an octal (or hexadecimal) digit.
pub mod leaves {
    /// No heap: the whole heap of k chips is taken.
    pub const NONE: u8 = 1;
    /// One smaller heap.
    pub const ONE: u8 = 2;
    /// Two non-empty heaps.
    pub const TWO: u8 = 4;
    /// Three non-empty heaps.
    pub const THREE: u8 = 8;
}

/// Moves beyond the digits: amounts that may be removed leaving no heap or one heap.
#[derive(Clone, Debug)]
pub enum Beyond {
    /// None: the digits say everything.
    Nothing,
    /// Every amount k ≥ 1 for which the function is true.
    Where(fn(u64) -> bool),
    /// Every amount k ≥ 1 except these.
    AllBut(Vec<u64>),
}

/// The rules of a take-and-break game played on heaps.
#[derive(Clone, Debug)]
pub struct Rules {
    /// `digits[k]`: what removing k chips may leave, as [`leaves`] bits.
    pub digits: Vec<u8>,
    /// Moves beyond the digits.
    pub beyond: Beyond,
    /// The heaps a move leaves must differ in size (Grundy's game).
    pub unequal_splits: bool,
    /// The amounts whose digit allows some move, increasing.
    takes: Vec<u64>,
    /// How many amounts may split the heap left in two, and in three.
    splits: (u64, u64),
}

/// How far the amounts a subtraction game allows were counted
/// ([`Rules::options_to_look_at`]): how many amounts up to `heap` a move may take.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counted {
    heap: u64,
    amounts: u64,
}

impl Rules {
    /// The rules of these digits, moves beyond them, and splits.
    pub fn new(digits: Vec<u8>, beyond: Beyond, unequal_splits: bool) -> Self {
        let takes = (0..digits.len() as u64)
            .filter(|&k| digits[k as usize] != 0)
            .collect();
        let count = |bit: u8| digits.iter().filter(|&&d| d & bit != 0).count() as u64;
        let splits = (count(leaves::TWO), count(leaves::THREE));
        Rules {
            digits,
            beyond,
            unequal_splits,
            takes,
            splits,
        }
    }

    /// About how many options the naive algorithm looks at for a heap of n: its
    /// amounts, and the ways to split what is left in two (n/2 each) or in three
    /// (n²/12 each); for the budget's looks, in constant time, where
    /// [`Rules::count_options`] bounds the same count above, amount by amount.
    pub fn work_of_heap(&self, n: u64) -> u64 {
        let (two, three) = self.splits;
        let beyond = match self.beyond {
            Beyond::Nothing => 0,
            _ => n,
        };
        (self.takes.len() as u64)
            .saturating_add(beyond)
            .saturating_add(two.saturating_mul(n / 2))
            .saturating_add(three.saturating_mul(n.saturating_mul(n) / 12))
    }

    /// The digit of amount k (0 beyond the digits).
    pub fn digit(&self, k: u64) -> u8 {
        self.digits.get(k as usize).copied().unwrap_or(0)
    }

    /// The amounts k whose digit allows some move, increasing.
    pub fn takes(&self) -> &[u64] {
        &self.takes
    }

    /// The most chips a move can remove, when that is bounded.
    pub fn max_removal(&self) -> Option<u64> {
        match self.beyond {
            Beyond::Nothing => Some(self.digits.len().saturating_sub(1) as u64),
            _ => None,
        }
    }

    /// True when some move leaves two heaps or more.
    pub fn breaks_heaps(&self) -> bool {
        self.digits
            .iter()
            .any(|d| d & (leaves::TWO | leaves::THREE) != 0)
    }

    /// True when some move leaves three heaps.
    pub fn leaves_three(&self) -> bool {
        self.digits.iter().any(|d| d & leaves::THREE != 0)
    }

    /// Whether amount k beyond the digits may be removed.
    fn beyond_allows(&self, k: u64) -> bool {
        k >= self.digits.len() as u64
            && match &self.beyond {
                Beyond::Nothing => false,
                Beyond::Where(allowed) => allowed(k),
                Beyond::AllBut(excluded) => !excluded.contains(&k),
            }
    }

    /// The options the naive algorithm looks at for the heaps `from..to` of a
    /// subtraction game whose amounts beyond the digits a rule gives (a heap of n
    /// looks at every amount allowed up to n), or `None` for other games, whose cost
    /// is bounded otherwise. The count stops once it passes `most`: a heap looks at
    /// no fewer amounts than the one below it, so the heaps left count at least as
    /// many as the last, and the answer is then an estimate above `most`. `counted` keeps how far
    /// the amounts were counted, so that heaps counted before are not counted again.
    pub fn options_to_look_at(
        &self,
        counted: &mut Counted,
        from: u64,
        to: u64,
        most: u64,
    ) -> Option<u64> {
        match self.beyond {
            Beyond::Nothing => return Some(self.options_of_digits(from, to)),
            Beyond::Where(_) => {}
            Beyond::AllBut(_) => return None,
        }
        let allows = |k: u64| u64::from(self.digit(k) != 0 || self.beyond_allows(k));
        while counted.heap + 1 < from {
            counted.heap += 1;
            counted.amounts += allows(counted.heap);
        }
        let (mut amounts, mut total) = (counted.amounts, 0u64);
        for n in from.max(counted.heap + 1)..to {
            amounts += allows(n);
            total = total.saturating_add(amounts);
            if total.saturating_add(amounts.saturating_mul(to - 1 - n)) > most {
                // Past the most: the amounts allowed grow about in proportion to
                // the heap from here, so the heaps left look at about
                // amounts · (to² − n²) / 2n more.
                let (a, n, to) = (amounts as f64, (n + 1) as f64, to as f64);
                let rest = a * (to * to - n * n) / (2.0 * n);
                let estimate = (total as f64 + rest).min(u64::MAX as f64) as u64;
                return Some(estimate.max(most.saturating_add(1)));
            }
        }
        if to > counted.heap + 1 {
            *counted = Counted {
                heap: to - 1,
                amounts,
            };
        }
        Some(total)
    }

    /// About how many options the naive algorithm looks at for the heaps
    /// `from..to` of a game its digits give whole: for each amount k a heap of n
    /// leaves its n − k chips in one heap, split in two in about (n − k)/2 ways, or
    /// in three in about (n − k)²/12 ways (summed over the heaps in closed form,
    /// so that the count costs nothing however far the heaps go).
    fn options_of_digits(&self, from: u64, to: u64) -> u64 {
        let mut total = 0f64;
        for k in self.takes() {
            let d = self.digit(*k);
            let (a, b) = (from.max(*k) - k, to.saturating_sub(*k));
            if b <= a {
                continue;
            }
            let (a, b) = (a as f64, b as f64);
            total += b - a;
            if d & leaves::TWO != 0 {
                total += (b * b - a * a) / 4.0;
            }
            if d & leaves::THREE != 0 {
                total += (b * b * b - a * a * a) / 36.0;
            }
        }
        total.min(u64::MAX as f64) as u64
    }

    /// What removing k from a heap of n may leave, as [`leaves`] bits, counting the
    /// rule beyond the digits.
    pub fn leaves(&self, k: u64, n: u64) -> u8 {
        let d = self.digit(k)
            | if self.beyond_allows(k) {
                leaves::NONE | leaves::ONE
            } else {
                0
            };
        let rest = n - k;
        let mut fits = 0;
        if rest == 0 && k > 0 {
            fits |= leaves::NONE;
        }
        if rest >= 1 && k > 0 {
            fits |= leaves::ONE;
        }
        if rest >= 2 {
            fits |= leaves::TWO;
        }
        if rest >= 3 {
            fits |= leaves::THREE;
        }
        d & fits
    }

    /// Every option of a heap of n chips: the heaps left in its place, sizes in
    /// increasing order.
    pub fn options(&self, n: u64, out: &mut Vec<Heaps>) {
        let amounts: Box<dyn Iterator<Item = u64>> = match self.beyond {
            Beyond::Nothing => Box::new(self.takes.iter().copied().take_while(|&k| k <= n)),
            _ => Box::new(0..=n),
        };
        for k in amounts {
            let d = self.leaves(k, n);
            let rest = n - k;
            if d & leaves::NONE != 0 {
                out.push(Heaps::new());
            }
            if d & leaves::ONE != 0 {
                out.push(smallvec![rest]);
            }
            if d & leaves::TWO != 0 {
                for a in 1..=rest / 2 {
                    if !(self.unequal_splits && 2 * a == rest) {
                        out.push(smallvec![a, rest - a]);
                    }
                }
            }
            if d & leaves::THREE != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        out.push(smallvec![a, b, rest - a - b]);
                    }
                }
            }
        }
    }

    /// How many options a heap of n chips has, at most (to refuse huge lists).
    pub fn count_options(&self, n: u64) -> u64 {
        let mut count = 0u64;
        for &k in self.takes.iter().take_while(|&&k| k <= n) {
            let rest = (n - k) as u128;
            let d = self.digit(k);
            let many = 1
                + if d & leaves::TWO != 0 { rest / 2 } else { 0 }
                + if d & leaves::THREE != 0 {
                    rest * rest / 12 + 1
                } else {
                    0
                };
            count = count.saturating_add(many.min(u64::MAX as u128) as u64);
        }
        if !matches!(self.beyond, Beyond::Nothing) {
            count = count.saturating_add(n);
        }
        count
    }
}

/// One algorithm computing a heap sequence, value after value (as ogs's solvers
/// are): [`Sequence`] keeps the values, proves periods and chooses threads; a method
/// gives g(n) from g(0..n). [`method`] picks one, so the variants are swapped and
/// compared in tests and benchmarks.
pub trait Method: Send {
    /// Which algorithm this is.
    fn algorithm(&self) -> Algorithm;

    /// g(n) for n = `values.len()`, from g(0..n).
    fn value(&mut self, rules: &Rules, values: &[u16]) -> u64;

    /// About how many options the value of a heap of n looks at: the budget counts
    /// them. Default: one, for an algorithm that looks at few.
    fn work_of_heap(&self, _rules: &Rules, _n: u64) -> u64 {
        1
    }

    /// Whether the options the values up to a heap look at are known beforehand
    /// ([`Rules::options_to_look_at`]), so that a sequence past its budget's time is
    /// refused before it starts. Default: they are not.
    fn work_known(&self) -> bool {
        false
    }

    /// The most heaps the algorithm computes, where it has a limit.
    fn most_heaps(&self) -> Option<u64> {
        None
    }

    /// Rounds of heaps on several threads, where the algorithm computes them.
    fn rounds(&mut self) -> Option<&mut dyn Rounds> {
        None
    }
}

/// Heaps computed a round at a time: what each heap of the round needs from the
/// heaps below it, found on several threads, then each heap settled in order.
pub trait Rounds {
    /// For each heap of `heaps`, all at or above `values.len()`, what its options
    /// among `values` leave unreached, found on `threads` threads.
    fn candidates(
        &mut self,
        rules: &Rules,
        values: &[u16],
        heaps: Range<usize>,
        threads: usize,
    ) -> Vec<rare_common::Unreached>;

    /// g(n) for n = `values.len()`, from g(0..n) and the candidates found when
    /// only g(0..known) were known.
    fn settle(&mut self, rules: &Rules, values: &[u16], known: usize, candidates: &[u32]) -> u64;
}

/// The method of `algorithm` for a game of these rules: rare/common only where it
/// applies (two-heap breaks given by the digits), else naive.
pub fn method(rules: &Rules, algorithm: Algorithm) -> Box<dyn Method> {
    let fast = algorithm == Algorithm::RareCommon
        && matches!(rules.beyond, Beyond::Nothing)
        && rules.breaks_heaps()
        && !rules.leaves_three();
    match fast {
        true => Box::new(rare_common::State::new(rules)),
        false => Box::new(naive::State::default()),
    }
}

/// How a sequence is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// The mex of all options' values.
    Naive,
    /// The rare/common split where it applies (two-heap breaks), else naive.
    #[default]
    RareCommon,
}

/// How many heaps a round on several threads takes for each thread, at most:
/// enough to make starting the threads cheap beside the work, few enough that the
/// options reaching into the round, which are settled on one thread, stay few…
const ROUND_PER_THREAD: usize = 256;

/// … and at most one in this many of the heaps known…
const SHARE_OF_KNOWN: usize = 16;

/// … and at least this many in all, else heaps are computed one at a time.
const FEWEST_IN_ROUND: usize = 64;

/// How many threads a sequence uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threads {
    /// Exactly this many for every round (the command line's `--threads`).
    Exactly(usize),
    /// One, or up to this many for a round while rounds on several threads are
    /// measured faster than on one: small work, and a machine where another program
    /// keeps a core busy (a round waits for its slowest thread), stay on one.
    UpTo(usize),
}

/// Bytes a sequence holds for each heap: its value.
pub const BYTES_PER_HEAP: usize = 2;

/// The most heaps the rare/common algorithm computes: it lists its rare heaps in
/// 32 bits, heaps 0 to 4,294,967,295.
pub const MOST_RARE_COMMON_HEAPS: u64 = 1 << 32;

/// The memory a sequence of `len` heaps holds, about, on `threads` threads: two
/// bytes a heap, and the working sets (a heap's marks on one thread, a batch's on
/// each thread of the rare/common algorithm).
pub fn bytes_needed(len: usize, threads: usize) -> usize {
    len.saturating_mul(BYTES_PER_HEAP)
        .saturating_add(naive::WORKING_SET)
        .saturating_add(threads.max(1).saturating_mul(rare_common::WORKING_SET))
}

/// When rounds go to several threads ([`Threads::UpTo`]): the time a round takes
/// a heap on one thread and on several, measured, and the other way tried again
/// now and then, as the work per heap and the machine's load change.
#[derive(Default)]
struct Chooser {
    /// Seconds per heap on one thread and on several: a running average of the
    /// rounds measured, the latest weighing a quarter.
    one: Option<f64>,
    several: Option<f64>,
    /// Whether the last round went to several threads, and how many rounds in a
    /// row went that way.
    last_way: bool,
    in_a_row: usize,
    /// Seconds spent since the slower way was last tried, and what that try took.
    since_try: f64,
    last_try: f64,
}

/// Rounds go to several threads only when one thread would take at least this
/// long over them (seconds): waking threads and settling cost some microseconds.
const LEAST_ROUND_SECONDS: f64 = 100e-6;

/// The slower way is tried again once this many times what its last try took has
/// been spent the faster way: trying costs at most a few percent…
const TRY_AGAIN_AFTER: f64 = 32.0;

/// … for this many rounds in a row, the first not counted (it pays for waking the
/// threads, which a busy machine may take a while to run).
const TRY_ROUNDS: usize = 4;

/// Several threads are the faster way only below this share of one thread's time
/// a heap: rounds vary (a heap may need a long search), so a small difference is
/// noise, and one thread is the safe side of it.
const SEVERAL_SHARE: f64 = 0.9;

/// Whether several threads are faster, taking `many` seconds a heap where one
/// thread takes `one`.
fn several_faster(one: f64, many: f64) -> bool {
    many < SEVERAL_SHARE * one
}

impl Chooser {
    /// Whether going to several threads (or one) is the slower way as measured so
    /// far, or several threads were never measured.
    fn slower(&self, several: bool) -> bool {
        match (self.one, self.several) {
            (Some(one), Some(many)) => several_faster(one, many) != several,
            (Some(_), None) => several,
            _ => false,
        }
    }

    /// Whether the next round of `heaps` heaps goes to several threads.
    fn several(&self, heaps: usize) -> bool {
        let Some(one) = self.one else { return false };
        if one * heaps as f64 <= LEAST_ROUND_SECONDS {
            return false;
        }
        if self.slower(self.last_way) && self.in_a_row < TRY_ROUNDS {
            // A try goes on.
            return self.last_way;
        }
        let Some(several) = self.several else {
            return true;
        };
        let faster = several_faster(one, several);
        let try_slower = self.since_try >= TRY_AGAIN_AFTER * self.last_try;
        faster != try_slower
    }

    /// Takes in a round of `heaps` heaps that took `seconds`, on several threads or
    /// one.
    fn measured(&mut self, several: bool, heaps: usize, seconds: f64) {
        if several == self.last_way {
            self.in_a_row += 1;
        } else {
            self.last_way = several;
            self.in_a_row = 1;
        }
        let trying = self.slower(several);
        if trying {
            if self.in_a_row == 1 {
                self.last_try = 0.0;
            }
            self.last_try += seconds;
            self.since_try = 0.0;
        } else {
            self.since_try += seconds;
        }
        if trying && self.in_a_row == 1 {
            return;
        }
        let per_heap = seconds / heaps as f64;
        let average = if several {
            &mut self.several
        } else {
            &mut self.one
        };
        *average = Some(average.map_or(per_heap, |a| 0.75 * a + 0.25 * per_heap));
    }
}

/// The Grundy sequence of one heap, g(0..len), two bytes an entry, and what is
/// needed to extend it.
///
/// With more than one thread, the rare/common algorithm computes rounds of heaps on
/// every thread: for each heap, the smallest values its options among the heaps
/// below the round leave unreached; the heaps are then settled in order, each
/// taking the first of those values that no option reaching into the round gives.
/// The values are the same for any number of threads.
///
/// Once the values prove a period ([`period::proved`], looked for each time their
/// number grows by an eighth), the values after are read from it.
pub struct Sequence {
    rules: Rules,
    values: Vec<u16>,
    method: Box<dyn Method>,
    threads: Threads,
    chooser: Chooser,
    /// The period proved, once it is.
    proved: Option<period::Period>,
    /// How many values the next look for a period waits for.
    next_period_look: usize,
    /// How far the amounts the rules allow were counted ([`Sequence::afford`]).
    counted: Counted,
}

/// The first look for a proved period waits for this many values…
const FIRST_PERIOD_LOOK: usize = 1024;

/// … and each next one for this share more (an eighth: the values held past the
/// proof are few, and each look, a scan of the values for each period tried until
/// one is told apart, costs little beside computing them).
const PERIOD_LOOK_SHARE: usize = 8;

impl Sequence {
    /// The empty sequence of a game, to be computed by `algorithm`.
    pub fn new(rules: Rules, algorithm: Algorithm) -> Self {
        Self::resume(rules, algorithm, Vec::new())
    }

    /// A sequence whose first values are already known (read back from a file).
    pub fn resume(rules: Rules, algorithm: Algorithm, values: Vec<u16>) -> Self {
        Sequence {
            method: method(&rules, algorithm),
            rules,
            values,
            threads: Threads::UpTo(Budget::cores()),
            chooser: Chooser::default(),
            proved: None,
            next_period_look: FIRST_PERIOD_LOOK,
            counted: Counted::default(),
        }
    }

    /// Uses exactly this many threads from now on (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = Threads::Exactly(threads.max(1));
    }

    /// Uses threads as `threads` says from now on.
    pub fn set_thread_choice(&mut self, threads: Threads) {
        self.threads = match threads {
            Threads::Exactly(n) => Threads::Exactly(n.max(1)),
            Threads::UpTo(n) => Threads::UpTo(n.max(1)),
        };
    }

    /// How many threads the sequence uses, at most.
    pub fn threads(&self) -> usize {
        match self.threads {
            Threads::Exactly(n) | Threads::UpTo(n) => n,
        }
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The algorithm in use: rare/common only where it applies.
    pub fn algorithm(&self) -> Algorithm {
        self.method.algorithm()
    }

    /// g(0), g(1), … as far as computed.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The values computed, g(0), g(1), …, kept as they are.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// The period the values prove, once they do; the values after it are read
    /// from it.
    pub fn proved_period(&self) -> Option<period::Period> {
        self.proved
    }

    /// Makes room for `len` values in all, and no more (a table's length is known
    /// beforehand: growing by doubling would hold up to twice the bytes).
    pub fn reserve(&mut self, len: usize) -> Result<()> {
        self.within_reach(len)?;
        self.values
            .try_reserve_exact(len.saturating_sub(self.values.len()))
            .map_err(|_| invalid!("{len} values of two bytes do not fit in this machine's memory"))
    }

    /// Looks for a proved period when the values have grown by an eighth since the
    /// last look.
    fn look_for_period(&mut self) {
        let known = self.values.len();
        if self.proved.is_some() || known < self.next_period_look {
            return;
        }
        if period::proof_length(&self.rules, 0, 1).is_none() {
            // No theorem proves a period of this game.
            self.next_period_look = usize::MAX;
            return;
        }
        self.next_period_look = known + known / PERIOD_LOOK_SHARE;
        self.proved = period::proved(&self.values, &self.rules);
    }

    /// Refuses `len` heaps past what the algorithm reaches
    /// ([`Method::most_heaps`]), unless a proved period gives the rest.
    fn within_reach(&self, len: usize) -> Result<()> {
        match self.method.most_heaps() {
            Some(most) if self.proved.is_none() && len as u64 > most => Err(invalid!(
                "the rare/common method computes at most {most} heaps (--to {}); --method naive goes further, far more slowly",
                most - 1
            )),
            _ => Ok(()),
        }
    }

    /// Refuses at once ([`Error::Work`](crate::Error::Work)) to compute the heaps
    /// up to `len` where the naive algorithm would look at more options than
    /// `budget` allows ([`Rules::options_to_look_at`]: a subtraction game given by a
    /// rule looks at every amount it allows of every heap).
    pub fn afford(&mut self, len: usize, budget: &Budget) -> Result<()> {
        let (from, to) = (self.values.len() as u64, len as u64);
        if !self.method.work_known() || to <= from {
            return Ok(());
        }
        if budget.time().is_none() {
            return Ok(());
        }
        let most = budget.options();
        match self
            .rules
            .options_to_look_at(&mut self.counted, from, to, most)
        {
            Some(needs) => budget.affords(needs),
            None => Ok(()),
        }
    }

    /// Computes g(n) for every n < `len`, looking at `budget` as it goes.
    pub fn extend(&mut self, len: usize, budget: &Budget) -> Result<()> {
        self.within_reach(len)?;
        self.afford(len, budget)?;
        self.values
            .try_reserve(len.saturating_sub(self.values.len()))
            .map_err(|_| {
                invalid!("{len} values of two bytes do not fit in this machine's memory")
            })?;
        let mut every = Every::default();
        while self.values.len() < len {
            self.look_for_period();
            if let Some(p) = self.proved {
                // Every value from here is the one a period earlier.
                let (start, period) = (p.preperiod as usize, p.period as usize);
                for n in self.values.len()..len {
                    let g = self.values[start + (n - start) % period];
                    self.values.push(g);
                }
                return Ok(());
            }
            let known = self.values.len();
            let most = self.threads();
            let round = (len - known)
                .min(ROUND_PER_THREAD * most)
                .min(known / SHARE_OF_KNOWN)
                .min(self.next_period_look.saturating_sub(known).max(1));
            let fits = self.method.rounds().is_some() && most > 1 && round >= FEWEST_IN_ROUND;
            let (several, timed) = match self.threads {
                Threads::Exactly(_) => (fits, false),
                Threads::UpTo(_) => (fits && self.chooser.several(round), fits),
            };
            let started = timed.then(Instant::now);
            let candidates = match self.method.rounds() {
                Some(rounds) if several => {
                    rounds.candidates(&self.rules, &self.values, known..known + round, most)
                }
                _ => Vec::new(),
            };
            let heaps = if timed || several { round } else { 1 };
            for n in known..known + heaps.max(1) {
                every.steps(
                    self.method.work_of_heap(&self.rules, n as u64) as usize,
                    budget,
                )?;
                let g = match (self.method.rounds(), candidates.get(n - known)) {
                    (Some(rounds), Some(candidates)) => {
                        rounds.settle(&self.rules, &self.values, known, candidates)
                    }
                    _ => self.method.value(&self.rules, &self.values),
                };
                let g = u16::try_from(g).map_err(|_| {
                    invalid!("g({n}) = {g} does not fit in two bytes: values go up to 65535")
                })?;
                self.values.push(g);
            }
            if let Some(started) = started {
                let seconds = started.elapsed().as_secs_f64();
                self.chooser.measured(several, round, seconds);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Amounts that are odd numbers: a heap of n may take (n + 1) / 2 of them.
    fn odd(k: u64) -> bool {
        k % 2 == 1
    }

    #[test]
    fn the_options_a_rule_allows_are_counted_once_in_pieces_or_whole() {
        let rules = Rules::new(Vec::new(), Beyond::Where(odd), false);
        // Σ (n + 1) / 2 over the heaps 0..1000.
        let whole: u64 = (0..1000u64).map(|n| n.div_ceil(2)).sum();
        let count = |counted: &mut Counted, from, to| {
            rules
                .options_to_look_at(counted, from, to, u64::MAX)
                .unwrap()
        };
        assert_eq!(count(&mut Counted::default(), 0, 1000), whole);
        let mut counted = Counted::default();
        let pieces = count(&mut counted, 0, 10) + count(&mut counted, 10, 500);
        assert_eq!(pieces + count(&mut counted, 500, 1000), whole);
        // A piece starting past what was counted counts the heaps between first.
        let mut counted = Counted::default();
        assert_eq!(
            count(&mut counted, 600, 1000),
            (600..1000u64).map(|n| n.div_ceil(2)).sum::<u64>()
        );
        // Past the most, the count stops early and says so.
        let most = whole / 2;
        let mut counted = Counted::default();
        let estimate = rules
            .options_to_look_at(&mut counted, 0, 1000, most)
            .unwrap();
        assert!(
            estimate > most && estimate.abs_diff(whole) < whole / 10,
            "{estimate}"
        );
        assert_eq!(
            count(&mut counted, 0, 1000),
            whole,
            "a refusal leaves nothing counted twice"
        );
        // Games the digits give whole are counted in closed form: within 2% of
        // every option listed, for splits in two (Kayles, 0.77) and in three (0.8).
        for digits in [vec![0, 7, 7], vec![0, 8], vec![0, 15, 15, 15]] {
            let rules = Rules::new(digits.clone(), Beyond::Nothing, false);
            let mut out = Vec::new();
            let listed: usize = (0..600)
                .map(|n| {
                    out.clear();
                    rules.options(n, &mut out);
                    out.len()
                })
                .sum();
            let counted = rules
                .options_to_look_at(&mut Counted::default(), 0, 600, 0)
                .unwrap();
            let error = (counted as f64 - listed as f64).abs() / listed as f64;
            assert!(
                error < 0.02,
                "{digits:?}: {counted} counted, {listed} listed"
            );
        }
    }

    #[test]
    fn a_sequence_past_its_time_is_refused_before_it_is_computed() {
        // A second allows 5·10^8 options: the heaps of a rule to 1000 look at
        // 250,000, and to 10^5 at 2.5·10^9.
        let budget = Budget::default().with_time(Some(std::time::Duration::from_secs(1)));
        let mut sequence = Sequence::new(
            Rules::new(Vec::new(), Beyond::Where(odd), false),
            Algorithm::Naive,
        );
        assert!(sequence.extend(200, &budget).is_ok());
        let refused = sequence.extend(100_000, &budget).unwrap_err();
        assert!(
            matches!(refused, crate::Error::Work { needs, .. } if needs > 500_000_000 / 2),
            "{refused}"
        );
        assert!(
            refused.to_string().contains("more than the 1 s allowed"),
            "{refused}"
        );
        assert_eq!(sequence.values().len(), 200, "nothing was computed");
    }
}
