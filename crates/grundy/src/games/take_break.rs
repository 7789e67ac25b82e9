//! Games played on heaps by take-and-break rules: a move takes chips from one heap
//! and may leave the rest as no heap, one heap, or break it into two or three. The
//! rules come from the families (octal codes, Grundy's game, subtraction sets); this
//! is where such a game meets the [`Game`] interface, with its Grundy sequence from
//! the heap-sequence engine and, once proved, its period for heaps of any size.

use std::cell::{Cell, OnceCell, RefCell};

use smallvec::smallvec;

use super::heaps::{self, ChipPicture, Click};
use crate::solve::quotient::{self, Quotient};
use crate::solve::sequence::period::{self, Period};
use crate::solve::sequence::{leaves, Algorithm, Beyond, Counted, Rules, Sequence};
use crate::{Budget, Capabilities, HeapGame, Heaps, Nimber, Outcome, Play, Size, Theory};

/// How far the sequence is computed, at least, before a period is looked for.
const PERIOD_SEARCH: usize = 1 << 14;

/// How far the sequence of a game that breaks heaps in three is computed before a
/// period is looked for.
const PERIOD_SEARCH_THREE: usize = 1 << 10;

/// The most options of a heap whose nimbers are looked up in the table to find
/// the moves to a nimber (a heap of a game that splits in three has about n²/12).
const MOST_LISTED: u64 = 1 << 20;

/// A take-and-break game as a family makes it: its SPEC name, its rules, and a
/// closed form of its nimbers where a theorem gives one.
#[derive(Debug)]
pub struct HeapRules {
    /// The SPEC name, normalised (`sub:1,3,4`).
    pub name: String,
    /// The rules, for the heap-sequence engine.
    pub rules: Rules,
    /// The nimber of every heap by a formula, where one is proved.
    pub closed_form: Option<ClosedForm>,
}

impl HeapRules {
    /// The game `name` with these rules and no closed form.
    pub fn new(name: String, rules: Rules) -> Self {
        HeapRules {
            name,
            rules,
            closed_form: None,
        }
    }

    /// The same game with a closed form for its nimbers.
    pub fn with_closed_form(self, closed_form: ClosedForm) -> Self {
        HeapRules {
            closed_form: Some(closed_form),
            ..self
        }
    }
}

/// A formula for the nimber of a heap of any size, with the theorem behind it.
#[derive(Clone, Copy, Debug)]
pub struct ClosedForm {
    /// The theorem, as the analysis cites it.
    pub theorem: &'static str,
    /// Why it holds, in a sentence.
    pub why: &'static str,
    /// g(n).
    pub nimber: fn(u64) -> Nimber,
    /// The amounts to take from a heap of n (leaving one heap) to reach nimber
    /// `target`: every such amount.
    pub takes: fn(u64, Nimber) -> Vec<u64>,
}

/// The largest order of a misère quotient computed to answer a misère sum.
pub const QUOTIENT_ORDER: usize = 1024;

/// The largest heap a misère quotient is computed to, to answer a misère sum.
pub const QUOTIENT_HEAPS: u64 = 256;

/// The most positions reachable from a sum of heaps whose misère outcome is
/// searched rather than read from the quotient: the search answers it in
/// milliseconds, sooner than a quotient is built (or found too large, which for a
/// wild game such as Dawson's Kayles takes seconds).
pub const SEARCHED: u64 = 1 << 15;

/// The steps of work a misère quotient may take for each position of the budget
/// (past them the misère search of the sum itself answers, within the budget).
pub const QUOTIENT_WORK: u64 = 100;

/// A take-and-break game; a position is a list of heaps.
pub struct TakeBreak {
    name: String,
    closed_form: Option<ClosedForm>,
    /// The misère quotient as far as computed.
    misere: RefCell<Option<Quotient>>,
    /// Set once a quotient could not be computed: none is tried again.
    quotient_given_up: Cell<bool>,
    sequence: RefCell<Sequence>,
    period: OnceCell<Option<Period>>,
    /// The budget the values of single heaps are computed within.
    budget: Budget,
    max_heap: u64,
}

impl TakeBreak {
    /// The game `heap` (its name, rules and closed form), computing values of heaps
    /// within `budget` when neither a closed form nor a proved period answers.
    pub fn new(heap: HeapRules, budget: Budget) -> Self {
        // As many heaps as a search keeps positions: past that a search of the heap's
        // positions (a subtraction game's heaps a gcd apart) may need far fewer.
        let max_heap = budget.positions() as u64;
        TakeBreak {
            name: heap.name,
            closed_form: heap.closed_form,
            misere: RefCell::new(None),
            quotient_given_up: Cell::new(false),
            sequence: RefCell::new(Sequence::new(heap.rules, Algorithm::RareCommon)),
            period: OnceCell::new(),
            budget,
            max_heap,
        }
    }

    /// The SPEC name of the game.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The period, looked for once in the first values (in doubling runs up to
    /// [`PERIOD_SEARCH`] heaps), if one is proved there.
    pub fn proved_period(&self) -> Option<Period> {
        if let Some(&known) = self.period.get() {
            return known;
        }
        let mut sequence = self.sequence.borrow_mut();
        // Games that break a heap in three cost n² a value: a shorter look.
        let search = match sequence.rules().leaves_three() {
            true => PERIOD_SEARCH_THREE,
            false => PERIOD_SEARCH,
        };
        let most = (search as u64).min(self.max_heap) as usize;
        let mut len = 1024.min(most);
        let found = loop {
            let have = sequence.values().len();
            match sequence.extend(len.max(have), &self.budget) {
                // A stopped search learnt nothing: ask again next time.
                Err(crate::Error::Stopped) => return None,
                Err(_) => break None,
                Ok(()) => {}
            }
            let found = period::find(sequence.values(), sequence.rules());
            if found.is_some_and(|p| p.proved) || len >= most {
                break found.filter(|p| p.proved);
            }
            len = (2 * len).min(most);
        };
        *self.period.get_or_init(|| found)
    }

    /// g(n): computed (small heaps are computed when first asked for), or by the
    /// proved period; `None` beyond both.
    pub fn nimber(&self, n: u64) -> Option<Nimber> {
        if let Some(form) = &self.closed_form {
            return Some((form.nimber)(n));
        }
        if let Some(&g) = self.sequence.borrow().values().get(n as usize) {
            return Some(g as Nimber);
        }
        if n >= PERIOD_SEARCH as u64 {
            if let Some(p) = self.proved_period() {
                return Some(p.value_at(self.sequence.borrow().values(), n));
            }
        }
        if n >= self.max_heap || self.walk_is_shorter(n) {
            return None;
        }
        let mut sequence = self.sequence.borrow_mut();
        sequence.extend(n as usize + 1, &self.budget).ok()?;
        Some(sequence.values()[n as usize] as Nimber)
    }

    /// Whether a search from heap `n` reaches far fewer heaps than the table
    /// would compute to get there: a game that never breaks a heap and takes only
    /// multiples of a large number walks down a huge heap in few steps
    /// (`sub:1048576`), where the table would compute every heap below.
    fn walk_is_shorter(&self, n: u64) -> bool {
        if self.rules().breaks_heaps() {
            return false;
        }
        let known = self.sequence.borrow().values().len() as u64;
        let walked = self.count_positions(&smallvec![n]).unwrap_or(u64::MAX);
        walked < n.saturating_sub(known) / 16
    }

    fn rules(&self) -> std::cell::Ref<'_, Rules> {
        std::cell::Ref::map(self.sequence.borrow(), Sequence::rules)
    }

    /// The heaps a move from a heap of n may leave (a heap taken whole leaves a 0).
    fn options(&self, n: u64, out: &mut Vec<Heaps>) {
        let start = out.len();
        self.rules().options(n, out);
        for option in &mut out[start..] {
            if option.is_empty() {
                option.push(0);
            }
        }
    }
}

impl TakeBreak {
    /// The misère quotient of the game, computed to at least heap `to` (in doubling
    /// steps, at most to [`QUOTIENT_HEAPS`] and [`QUOTIENT_ORDER`] elements), if it
    /// can be; past [`QUOTIENT_HEAPS`], only where the heaps computed prove a period
    /// of the heaps' elements ([`Quotient::period`]), which answers heaps of any size.
    pub fn misere_quotient(&self, to: u64) -> Option<std::cell::Ref<'_, Quotient>> {
        let asked = to;
        let to = to.min(QUOTIENT_HEAPS);
        let reach = match &*self.misere.borrow() {
            Some(q) if q.covers(asked) || q.checked_to() >= to => None,
            _ if self.quotient_given_up.get() => return None,
            Some(q) => Some(to.max(2 * q.checked_to())),
            None => Some(to.max(16)),
        };
        if let Some(reach) = reach {
            // A longer reach first, so that one build serves larger heaps later; if
            // that fails, `to` alone; if that fails too, no more tries (each may
            // take all the work allowed).
            let reach = reach.min(QUOTIENT_HEAPS);
            let mut learnt = None;
            for heaps in [reach, to].into_iter().take(if reach > to { 2 } else { 1 }) {
                let work = self.max_heap.saturating_mul(QUOTIENT_WORK);
                match quotient::quotient(&self.rules(), heaps, QUOTIENT_ORDER, work, &self.budget) {
                    Ok(q) => {
                        learnt = Some(q);
                        break;
                    }
                    // A stopped computation learnt nothing.
                    Err(crate::Error::Stopped) => return None,
                    Err(_) => {}
                }
            }
            match learnt {
                Some(q) => *self.misere.borrow_mut() = Some(q),
                None => {
                    self.quotient_given_up.set(true);
                    return None;
                }
            }
        }
        std::cell::Ref::filter_map(self.misere.borrow(), |q| {
            q.as_ref().filter(|q| q.covers(asked))
        })
        .ok()
    }
}

impl HeapGame for TakeBreak {
    fn heap_options(&self, h: u64, out: &mut Vec<Heaps>) {
        self.options(h, out);
    }

    fn describe_heap_move(&self, h: u64, left: &[u64]) -> String {
        let taken = h.saturating_sub(left.iter().sum());
        match left {
            [_] => format!("take {taken} from the heap of {h}"),
            _ if taken == 0 => format!("split the heap of {h} into {}", heaps::in_words(left)),
            _ => format!(
                "take {taken} from the heap of {h} and split the rest into {}",
                heaps::in_words(left)
            ),
        }
    }

    fn why_not(&self, h: u64, left: &[u64]) -> String {
        let kept: u64 = left.iter().sum();
        if kept > h {
            return format!(
                "a move cannot add chips: {} is more than the heap of {h}",
                heaps::in_words(left)
            );
        }
        let pieces = left.iter().filter(|&&x| x > 0).count();
        format!(
            "{} does not allow taking {} from a heap of {h} and leaving {}",
            self.name,
            h - kept,
            match pieces {
                0 => "nothing".to_string(),
                1 => "one heap".to_string(),
                n => format!("{n} heaps of {}", heaps::in_words(left)),
            }
        )
    }

    fn heap_capabilities(&self) -> Capabilities<'_, Heaps> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

impl ChipPicture for TakeBreak {
    /// A game that breaks heaps takes a run of chips; one that does not, a tail.
    fn click(&self) -> Click {
        match self.rules().breaks_heaps() {
            true => Click::Runs,
            false => Click::TakeTail,
        }
    }
}

impl Theory<Heaps> for TakeBreak {
    /// Under misère play, the outcome of a sum of heaps of this game from its misère
    /// quotient (Plambeck–Siegel), where one can be computed: the product of the
    /// heaps' elements, in the P-portion or not. A sum that reaches at most
    /// [`SEARCHED`] positions is left to the search, which answers it sooner than a
    /// quotient is built.
    fn outcome(&self, p: &Heaps, play: Play) -> Option<Outcome> {
        let largest = p.iter().copied().max().unwrap_or(0);
        let searched = self.count_positions(p).is_some_and(|n| n <= SEARCHED);
        if play != Play::Misere || largest == 0 || searched {
            return None;
        }
        self.misere_quotient(largest)?.outcome(p)
    }

    fn explain(&self, p: &Heaps, play: Play) -> Vec<String> {
        let largest = p.iter().copied().max().unwrap_or(0);
        if play != Play::Misere || largest == 0 || self.outcome(p, play).is_none() {
            return Vec::new();
        }
        let Some(q) = self.misere_quotient(largest) else {
            return Vec::new();
        };
        let Some(product) = q.element_of(p) else {
            return Vec::new();
        };
        let heaps: Vec<String> = p
            .iter()
            .filter(|&&h| h > 0)
            .map(|&h| format!("{h} → {}", q.word(q.element_of_heap(h).expect("checked"))))
            .collect();
        let periodic = match q.period() {
            Some(period) => format!(
                " The heaps' elements repeat with period {} from heap {}, as the heaps up to {} prove (a heap past them has the options of the heap {} below it, element for element), so the quotient answers heaps of any size.",
                period.period,
                period.preperiod,
                q.checked_to(),
                period.period
            ),
            None => String::new(),
        };
        let tame = if q.is_tame() {
            " The game is tame: its quotient is misère Nim's on its nimbers (Conway's genus theory)."
        } else {
            ""
        };
        vec![
            format!(
                "The misère quotient (Plambeck–Siegel): the misère outcomes of all sums of heaps of {} up to {} are those of a commutative monoid of order {}, {}, whose P-portion is {{{}}}; each heap is an element, and a sum is P exactly when the product of its heaps' elements is in the P-portion.{periodic}{tame}",
                self.name,
                q.checked_to(),
                q.order(),
                q.presentation(),
                q.p_words().join(", ")
            ),
            format!("The heaps' elements: {}.", heaps.join(", ")),
            format!(
                "Their product is {}: {} the P-portion, so this is {}.",
                q.word(product),
                if q.is_p(product) { "in" } else { "not in" },
                if q.is_p(product) {
                    "a P-position"
                } else {
                    "an N-position"
                }
            ),
        ]
    }

    fn theorem(&self, play: Play) -> &'static str {
        match (play, self.closed_form) {
            (Play::Misere, _) => "the misère quotient",
            (_, Some(form)) => form.theorem,
            (_, None) => "the periodicity theorem",
        }
    }

    fn nimber(&self, p: &Heaps) -> Option<Nimber> {
        self.nimber(heaps::single(p)?)
    }
    fn explain_nimber(&self, p: &Heaps) -> Option<Vec<String>> {
        let [n] = p[..] else { return None };
        if let Some(form) = &self.closed_form {
            return Some(vec![format!(
                "{} ({}): g({n}) = {}",
                form.theorem,
                form.why,
                (form.nimber)(n)
            )]);
        }
        if n < self.sequence.borrow().values().len() as u64 {
            return None;
        }
        let period = self.proved_period()?;
        (n >= self.sequence.borrow().values().len() as u64).then(|| {
            let base = period.preperiod + (n - period.preperiod) % period.period;
            vec![format!(
                "the values of {} repeat with period {} from heap {} (proved), so g({n}) = g({base}) = {}",
                self.name,
                period.period,
                period.preperiod,
                period.value_at(self.sequence.borrow().values(), n)
            )]
        })
    }
    /// A heap beyond the computed values has more moves than can be listed: the
    /// moves found are those whose smallest piece is below the preperiod plus the
    /// period. Every other winning move leaves the same values as one of these.
    fn moves_to_nimber(&self, p: &Heaps, target: Nimber) -> Option<Vec<Heaps>> {
        let [n] = p[..] else { return None };
        if let Some(form) = &self.closed_form {
            let takes = (form.takes)(n, target);
            return Some(takes.into_iter().map(|k| smallvec![n - k]).collect());
        }
        // A heap the table reaches: each option's nimber is the nim-sum of its
        // heaps', all in the table; options too many to list are left to the
        // generic search, which looks at its budget as it goes.
        if n < PERIOD_SEARCH as u64 || n < self.sequence.borrow().values().len() as u64 {
            if self.rules().count_options(n) > MOST_LISTED {
                return None;
            }
            self.nimber(n)?;
            let mut options = Vec::new();
            self.options(n, &mut options);
            let nimber = |o: &Heaps| o.iter().try_fold(0, |g, &h| Some(g ^ self.nimber(h)?));
            let mut found = Vec::new();
            for option in options {
                if nimber(&option)? == target {
                    found.push(option);
                }
            }
            return Some(found);
        }
        let period = self.proved_period()?;
        if n < self.sequence.borrow().values().len() as u64 {
            return None;
        }
        let g = |m: u64| self.nimber(m).expect("a proved period answers every heap");
        let window = period.preperiod + period.period;
        let rules = self.rules().clone();
        let mut found = Vec::new();
        for k in 0..rules.digits.len() as u64 {
            let d = rules.leaves(k, n);
            let rest = n - k;
            if d & leaves::ONE != 0 && g(rest) == target {
                found.push(smallvec![rest]);
            }
            if d & leaves::TWO != 0 {
                for a in 1..window.min(rest / 2 + 1) {
                    if g(a) ^ g(rest - a) == target {
                        found.push(smallvec![a, rest - a]);
                    }
                }
            }
        }
        Some(found)
    }
}

impl Size<Heaps> for TakeBreak {
    fn weight(&self, p: &Heaps) -> u64 {
        p.len() as u64
    }

    /// The count is a bound (the options a heap's digits allow before the heap's size
    /// rules some out).
    fn counts_exactly(&self) -> bool {
        false
    }

    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        let rules = self.rules();
        Some(
            p.iter()
                .fold(0, |a: u64, &h| a.saturating_add(rules.count_options(h))),
        )
    }

    /// A game that never breaks a heap: the heaps at or below each heap, g apart
    /// where every amount taken is a multiple of g (a subtraction set of one large
    /// number walks down a huge heap in few steps). One that does: the sums of heaps
    /// of at most as many chips in all, Σ p(m) over m up to the chips (p the
    /// partition numbers).
    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        let rules = self.rules();
        if !rules.breaks_heaps() {
            let step = match rules.beyond {
                Beyond::Nothing => rules.takes().iter().fold(0, |g, &k| gcd(g, k)).max(1),
                _ => 1,
            };
            let steps: Vec<u64> = p.iter().map(|&h| h / step).collect();
            return Some(heaps::at_or_below(&steps));
        }
        let chips = p.iter().fold(0u64, |a, &h| a.saturating_add(h));
        Some(partitions_up_to(chips))
    }

    /// A game whose digits never break a heap: the positions it reaches, each
    /// looking at its few amounts; one that takes every amount but a few: every
    /// heap below each heap. Any other: a search values each heap up to the
    /// largest once (the heaps of a sum are valued apart), each looking at every
    /// option it has, as a sequence of them would.
    fn count_options(&self, p: &Heaps, most: u64) -> Option<u64> {
        let largest = *p.iter().max()?;
        let rules = self.rules();
        if matches!(rules.beyond, Beyond::Nothing) && !rules.breaks_heaps() {
            let positions = self.count_positions(p)?;
            return Some(positions.saturating_mul(rules.count_options(largest)));
        }
        // Every amount but a few: each heap up to the largest looks at all below it.
        if matches!(rules.beyond, Beyond::AllBut(_)) {
            return Some(largest.saturating_mul(largest.saturating_add(1)) / 2);
        }
        let mut counted = Counted::default();
        rules.options_to_look_at(&mut counted, 0, largest.saturating_add(1), most)
    }
}

/// The greatest common divisor of `a` and `b` (gcd(0, b) = b).
fn gcd(a: u64, b: u64) -> u64 {
    match b {
        0 => a,
        _ => gcd(b, a % b),
    }
}

/// The number of ways to write each whole number up to `n` as a sum of positive
/// parts, order ignored, all together (Σ p(m), m ≤ n), saturating at `u64::MAX`:
/// past 1000 it is far beyond it. The sums are worked out once, for every `n` up
/// to 1000 (a sum of many heaps asks for each of its options).
fn partitions_up_to(n: u64) -> u64 {
    const SATURATED: usize = 1000;
    static SUMS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let sums = SUMS.get_or_init(|| {
        // ways[m]: the partitions of m into parts of at most `part`, part by part.
        let mut ways = vec![0u64; SATURATED + 1];
        ways[0] = 1;
        for part in 1..=SATURATED {
            for m in part..=SATURATED {
                ways[m] = ways[m].saturating_add(ways[m - part]);
            }
        }
        ways.iter()
            .scan(0u64, |sum, &w| {
                *sum = sum.saturating_add(w);
                Some(*sum)
            })
            .collect()
    });
    usize::try_from(n)
        .ok()
        .and_then(|n| sums.get(n))
        .copied()
        .unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::partitions_up_to;

    #[test]
    fn partition_sums_are_those_of_the_partition_numbers() {
        // p(0..=10) = 1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42 (OEIS A000041); their
        // running sums are OEIS A000070.
        let sums: Vec<u64> = (0..=10).map(partitions_up_to).collect();
        assert_eq!(sums, [1, 2, 4, 7, 12, 19, 30, 45, 67, 97, 139]);
        // p(100) = 190,569,292 (Hardy and Ramanujan's check of MacMahon's table).
        assert_eq!(partitions_up_to(100) - partitions_up_to(99), 190_569_292);
        assert_eq!(partitions_up_to(1001), u64::MAX);
        assert_eq!(partitions_up_to(u64::MAX), u64::MAX);
    }
}
