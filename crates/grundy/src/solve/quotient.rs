//! Misère quotients of take-and-break heap games: the outcome of any sum of heaps
//! under misère play, by multiplying elements of a small commutative monoid.
//!
//! # What it is for
//!
//! Under normal play a sum of heaps is solved by XOR-ing nimbers. Under misère play
//! there is no such shortcut in general, and the generic solver searches the whole
//! sum ([`crate::solve::Solver`]). The *misère quotient* of T. Plambeck ("Taming the
//! wild in impartial combinatorial games", INTEGERS 5 (2005) G05) and T. Plambeck and
//! A. N. Siegel ("Misère quotients for impartial games", JCTA 115 (2008)) recovers a
//! shortcut for one game at a time: for the set A of all sums of heaps of size ≤ n
//! (closed under moves and sums), call two sums G, H *indistinguishable* when G + X
//! and H + X have the same misère outcome for every X in A. The classes form a
//! commutative monoid Q (the sum of classes is the class of the sum), and a subset
//! P ⊂ Q, the *P-portion*, holds the classes of misère P-positions. Every heap size is
//! mapped to an element of Q, and a sum is a misère P-position exactly when the
//! product of its heaps' elements lies in P. When Q is finite (as it is for many
//! "wild" games, whose genus theory fails), a sum of dozens of heaps is answered in
//! microseconds.
//!
//! [`quotient`] computes (Q, P) and the heap-to-element map for heaps 1, 2, …, `to`;
//! [`Quotient`] answers [`outcome`](Quotient::outcome)s and
//! [`winning_moves`](Quotient::winning_moves), and describes Q by a presentation in
//! the papers' notation (generators a, b, c, … for heaps, relations such as
//! `a^2 = 1`, `b^3 = b`).
//!
//! # How it works
//!
//! The quotient is built heap by heap, in the spirit of Siegel's MisereSolver (2006):
//! a *hypothesis* is a finite commutative monoid M given by its multiplication table,
//! a subset P ⊂ M and an element φ(h) for every heap h ≤ n. It is correct when, for
//! every sum G of heaps ≤ n, Φ(G) = ∏ φ(h) lies in P exactly when G is a misère
//! P-position; once (M, P) is *reduced* (no two elements x ≠ y with xz ∈ P ⇔ yz ∈ P
//! for all z), M is then the quotient itself.
//!
//! - **Verification** is exact and never searches a sum. By induction on the game,
//!   the hypothesis is correct iff every sum G is *locally consistent*: Φ(G) ∈ P iff
//!   G has a move and no option G' has Φ(G') ∈ P. The options of G obtained by a
//!   move on heap h are Φ(G − h)·φ(o) for the options o of h, so whether G has a
//!   P-option depends on G only through Φ(G) and the elements Φ(G − h): the check
//!   runs over finitely many *states* (x, D), where x = Φ(G) and D is the set of
//!   z ∈ M such that G + Z has a P-option inside G when Φ(Z) = z. Heaps with the same
//!   element and the same set T_h = {y : y·φ(o) ∈ P for an option o of h} are
//!   interchangeable; adding e of them maps (x, D) to
//!   (x·g^e, {z : z·g^e ∈ D} ∪ {z : x·g^(e−1)·z ∈ T_h}), and only exponents up to the
//!   index plus the period of g matter. A sum is consistent iff its final state
//!   (x, D) has x ∈ P ⇔ (1 ∉ D and it has a move). Every state keeps the cheapest
//!   sum reaching it (in 2·chips − heaps, which every move lowers), so a failure
//!   comes with the smallest inconsistent sum, whose followers are all correct: its
//!   true outcome is the opposite of the hypothesis's.
//! - **Extension**: for heap n, first try every element x of the current quotient
//!   as φ(n) (a *conservative extension*: the quotient does not change; at most one
//!   x can pass). If none passes, the presentation changes: heap n gets a new
//!   generator, the trial monoid is the old quotient times a cyclic monoid
//!   {1, x, x², x³ | x⁴ = x²}, its P-portion is marked by computing the outcome of
//!   the first sum (in lexicographic order, largest heap first) reaching each
//!   element from that sum's options, and the result is reduced and verified.
//! - **Recalibration**: when verification finds a misclassified sum, the heaps in it
//!   are freed (by increasing number of heaps) from the relations of the trial: each
//!   gets its own cyclic factor, large enough for its exponent in the failure, the
//!   rest of the trial is kept as the submonoid its other heaps generate; the first
//!   choice that classifies the failing sum correctly becomes the new trial, until
//!   verification passes.
//!
//! Every monoid is a multiplication table whose size is checked before it is
//! allocated: a quotient (or a trial) growing past the bound stops with an error —
//! some games are wild beyond any finite quotient.
//!
//! # What is proved
//!
//! A computed quotient is exact for heaps up to [`Quotient::checked_to`] (verification
//! covers every sum of such heaps). Beyond that heap it answers only where the
//! heaps' elements are proved periodic ([`HeapPeriod`], in the spirit of the
//! periodicity theorem of Plambeck–Siegel 2008, §6); elsewhere the answer for larger
//! heaps is "not computed" ([`Quotient::outcome`] returns `None`).
//!
//! # Tame games
//!
//! A game is *tame* (Conway, ONAG ch. 12) when its sums play like misère Nim on the
//! heaps' nimbers: a sum is a P-position iff its nim-sum is 1 when no heap has
//! nimber ≥ 2, and 0 otherwise. Then Q is isomorphic to misère Nim's quotient on the
//! game's nimbers, through each heap's nimber; [`Quotient::is_tame`] checks exactly
//! that homomorphism.

use crate::sorting::{sort, sort_by};
use std::collections::HashMap;

use crate::solve::sequence::Rules;
use crate::stop::Every;
use crate::{invalid, mex, Budget, Heaps, Nimber, Outcome, Result};

/// Entries a multiplication table may have (a monoid of 4,096 elements).
const TABLE_LIMIT: usize = 1 << 24;
/// States the verification may hold.
const STATE_LIMIT: usize = 1 << 20;
/// Options, all heaps together, that may be stored.
const OPTION_LIMIT: u64 = 1 << 23;
/// The largest heap bound accepted.
pub const MAX_HEAP: u64 = 100_000;
/// Recalibrations tried at one heap before giving up.
const RECALIBRATIONS: usize = 200;
/// Sets of heaps tried by one recalibration.
const SUBSETS: usize = 400;

/// An element of a [`Quotient`]: an index into its multiplication table, the
/// identity (the empty sum) being `Element(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Element(pub u32);

/// A generator of a quotient's presentation: the element of one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    /// Its name in the presentation: a, b, c, …
    pub name: String,
    /// The smallest heap whose element it is.
    pub heap: u64,
}

/// A period of the heaps' elements, proved for heaps of every size: φ(n + period) =
/// φ(n) for every n ≥ preperiod, so the quotient of heaps up to
/// [`Quotient::checked_to`] is the quotient of all heaps.
///
/// The proof, for rules that take at most t chips and leave at most two heaps (of
/// any sizes, equal ones allowed): suppose φ(m) = φ(m − p) for n0 + p ≤ m ≤ N, with N ≥
/// 2·n0 + 2p + t + 2 (N ≥ n0 + p + t + 2 when no move breaks a heap), and extend φ
/// periodically past N. For n > N, every option of n (take k ≤ t, leave a heap or
/// two summing to n − k ≥ 2(n0 + p) + 2) has a part of at least n0 + p, and lowering
/// it by p is an option of n − p with the same product of elements; every option of
/// n − p has a part of at least n0, and raising it by p is an option of n. So n and
/// n − p have the same element and the same set of option elements, by induction on
/// n. The verification decides the correctness of the hypothesis through each
/// heap's element and its set T of elements y with y·φ(o) in P for an option o (heaps
/// alike in both are interchangeable), so every sum with heaps past N is locally
/// consistent because the same sum with those heaps lowered into the checked range is:
/// by induction on the game, the hypothesis gives every sum's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapPeriod {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
}

/// The misère quotient of a take-and-break game restricted to heaps ≤
/// [`checked_to`](Quotient::checked_to), with its P-portion and the element of each
/// heap size.
#[derive(Clone, Debug)]
pub struct Quotient {
    monoid: Monoid,
    p: Vec<bool>,
    phi: Vec<u32>,
    generators: Vec<Generator>,
    /// Normal form of every element: exponents of the generators.
    words: Vec<Vec<u32>>,
    relations: Vec<String>,
    changes: Vec<u64>,
    tame: bool,
    period: Option<HeapPeriod>,
}

impl Quotient {
    /// The proved period of the heaps' elements, if the heaps checked prove one:
    /// then every heap, of any size, has an element.
    pub fn period(&self) -> Option<HeapPeriod> {
        self.period
    }

    /// Whether every sum of heaps up to `heap` is answered.
    pub fn covers(&self, heap: u64) -> bool {
        heap <= self.checked_to() || self.period.is_some()
    }

    /// The number of elements of the quotient.
    pub fn order(&self) -> usize {
        self.monoid.size
    }

    /// The largest heap covered: every sum of heaps up to this size is answered.
    pub fn checked_to(&self) -> u64 {
        self.phi.len().saturating_sub(1) as u64
    }

    /// The generators, one per heap size whose element is not a product of earlier
    /// heaps' elements, in heap order.
    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }

    /// The relations of the presentation, such as `a^2 = 1` or `bc = ab`: a minimal
    /// set of rewriting rules (each word on the left is the smallest word, in the
    /// degree-then-last-generator order, that is not in normal form).
    pub fn relations(&self) -> &[String] {
        &self.relations
    }

    /// The presentation as the papers write it, such as
    /// `⟨a, b | a^2 = 1, b^3 = b⟩`.
    pub fn presentation(&self) -> String {
        let names: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        if self.relations.is_empty() {
            format!("⟨{}⟩", names.join(", "))
        } else {
            format!("⟨{} | {}⟩", names.join(", "), self.relations.join(", "))
        }
    }

    /// Every element, in normal-form order (the identity first).
    pub fn elements(&self) -> Vec<Element> {
        let mut all: Vec<Element> = (0..self.monoid.size as u32).map(Element).collect();
        sort_by(&mut all, |x, y| {
            word_order(&self.words[x.0 as usize], &self.words[y.0 as usize])
        });
        all
    }

    /// The P-portion: the elements whose sums are misère P-positions, in
    /// normal-form order.
    pub fn p_portion(&self) -> Vec<Element> {
        self.elements()
            .into_iter()
            .filter(|&x| self.is_p(x))
            .collect()
    }

    /// The P-portion written as words in the generators, such as `["a", "b^2"]`.
    pub fn p_words(&self) -> Vec<String> {
        self.p_portion().into_iter().map(|x| self.word(x)).collect()
    }

    /// Whether sums whose element is `x` are misère P-positions (false for an
    /// element not of this quotient).
    pub fn is_p(&self, x: Element) -> bool {
        self.p.get(x.0 as usize).copied().unwrap_or(false)
    }

    /// The element `x` written in the generators (`1` for the identity).
    pub fn word(&self, x: Element) -> String {
        match self.words.get(x.0 as usize) {
            Some(w) => format_word(w, &self.generators),
            None => "?".to_string(),
        }
    }

    /// The product of two elements (the element of the sum of their sums); `None`
    /// for an element not of this quotient.
    pub fn multiply(&self, x: Element, y: Element) -> Option<Element> {
        let size = self.monoid.size;
        if x.0 as usize >= size || y.0 as usize >= size {
            return None;
        }
        Some(Element(self.monoid.mul(x.0, y.0)))
    }

    /// The element of a heap of `n` (the identity for a heap with no move); `None`
    /// beyond the heap the quotient was checked to, unless a period is proved.
    pub fn element_of_heap(&self, n: u64) -> Option<Element> {
        let n = match self.period {
            Some(HeapPeriod { preperiod, period }) if n > self.checked_to() => {
                preperiod + (n - preperiod) % period
            }
            _ => n,
        };
        self.phi.get(usize::try_from(n).ok()?).map(|&x| Element(x))
    }

    /// The element of a sum of heaps: the product of its heaps' elements; `None` if
    /// a heap is beyond [`checked_to`](Quotient::checked_to).
    pub fn element_of(&self, heaps: &[u64]) -> Option<Element> {
        let mut x = 0;
        for &h in heaps {
            x = self.monoid.mul(x, self.element_of_heap(h)?.0);
        }
        Some(Element(x))
    }

    /// The misère outcome of the sum of `heaps` (P or N); `None` if a heap is beyond
    /// [`checked_to`](Quotient::checked_to).
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let x = self.element_of(heaps)?;
        Some(if self.is_p(x) { Outcome::P } else { Outcome::N })
    }

    /// Every winning misère move of the sum of `heaps`: the sums (one heap replaced by
    /// one of its options under `rules`, which must be the rules the quotient was
    /// built from; the heaps left take the heap's place) whose element lies in P.
    /// Duplicates are removed. `None` if a heap is beyond
    /// [`checked_to`](Quotient::checked_to).
    pub fn winning_moves(&self, rules: &Rules, heaps: &[u64]) -> Option<Vec<Vec<u64>>> {
        let elements: Vec<u32> = heaps
            .iter()
            .map(|&h| self.element_of_heap(h).map(|x| x.0))
            .collect::<Option<_>>()?;
        // suffix[i] = product of elements[i..].
        let mut suffix = vec![0u32; elements.len() + 1];
        for i in (0..elements.len()).rev() {
            suffix[i] = self.monoid.mul(elements[i], suffix[i + 1]);
        }
        let mut moves = Vec::new();
        let mut prefix = 0u32;
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.monoid.mul(prefix, suffix[i + 1]);
            options.clear();
            rules.options(h, &mut options);
            for option in &options {
                let mut x = rest;
                for &part in option.iter() {
                    x = self.monoid.mul(x, self.element_of_heap(part)?.0);
                }
                if self.p[x as usize] {
                    let mut sum = heaps[..i].to_vec();
                    sum.extend_from_slice(option);
                    sum.extend_from_slice(&heaps[i + 1..]);
                    if !moves.contains(&sum) {
                        moves.push(sum);
                    }
                }
            }
            prefix = self.monoid.mul(prefix, elements[i]);
        }
        Some(moves)
    }

    /// The heap sizes at which the presentation changed: the quotient of heaps
    /// below is not the quotient of heaps up to there (a new generator, or relations
    /// rewritten).
    pub fn changes(&self) -> &[u64] {
        &self.changes
    }

    /// Whether the game is tame (Conway): every sum plays like misère Nim on its
    /// heaps' nimbers, i.e. the quotient is isomorphic to misère Nim's quotient on
    /// the game's nimbers, each heap mapped to the nim heap of its nimber.
    pub fn is_tame(&self) -> bool {
        self.tame
    }
}

/// The misère quotient of the game of `rules` restricted to heaps ≤ `to`, built heap
/// by heap; an error when it (or a trial monoid on the way) grows past `max_order`
/// elements (trial monoids may reach 16 times that, and never more than 4,096
/// elements), when `to` is past [`MAX_HEAP`], when the recalibration does not
/// settle, or when the work passes `max_work` steps (a step is one state of the
/// verification updated for one element, or one sum marked while building).
pub fn quotient(
    rules: &Rules,
    to: u64,
    max_order: usize,
    max_work: u64,
    budget: &Budget,
) -> Result<Quotient> {
    if max_order == 0 {
        return Err(invalid!(
            "a misère quotient has at least one element: max_order must be at least 1"
        ));
    }
    if to > MAX_HEAP {
        return Err(invalid!(
            "a misère quotient is built heap by heap up to {MAX_HEAP} at most, not {to}"
        ));
    }
    let options = all_options(rules, to)?;
    let trial_limit = max_order
        .saturating_mul(16)
        .clamp(64, (TABLE_LIMIT as f64).sqrt() as usize);
    let mut hyp = Hyp {
        monoid: Monoid::trivial(),
        p: vec![false],
        phi: vec![0],
    };
    let mut verifier = Verifier::new();
    let mut meter = Meter {
        spent: 0,
        limit: max_work,
        budget,
    };
    let mut changes = Vec::new();
    for n in 1..=to {
        budget.check()?;
        let heap = n as usize;
        if options[heap].is_empty() {
            hyp.phi.push(0);
            continue;
        }
        let images = option_images(&hyp.monoid, &hyp.phi, &options[heap])?;
        if let Some(x) = conservative(&hyp, &mut verifier, n, &images, &mut meter)? {
            hyp.phi.push(x);
            continue;
        }
        changes.push(n);
        let (next, next_verifier) = extend(&hyp, &options, n, trial_limit, max_order, &mut meter)?;
        hyp = next;
        verifier = next_verifier;
        if hyp.monoid.size > max_order {
            return Err(too_large(n, hyp.monoid.size, max_order));
        }
    }
    let mut q = finish(hyp, changes, &options)?;
    q.period = heap_period(&q.phi, rules);
    Ok(q)
}

/// The shortest period of the heaps' elements `phi` (heaps 0 to N) that the heaps
/// checked prove for every heap ([`HeapPeriod`]), with its shortest preperiod; none
/// for rules that may take any number of chips, break a heap in three or forbid
/// equal heaps.
fn heap_period(phi: &[u32], rules: &Rules) -> Option<HeapPeriod> {
    let most_taken = rules.max_removal()?;
    if rules.leaves_three() || rules.unequal_splits {
        return None;
    }
    let last = phi.len() as u64 - 1;
    (1..=last).find_map(|period| {
        // The least n0 with φ(m) = φ(m − period) for every n0 + period ≤ m ≤ last.
        let preperiod = (period..=last)
            .rev()
            .find(|&m| phi[m as usize] != phi[(m - period) as usize])
            .map_or(0, |m| m + 1 - period);
        let needed = match rules.breaks_heaps() {
            true => 2 * preperiod + 2 * period + most_taken + 2,
            false => preperiod + period + most_taken + 2,
        };
        (last >= needed).then_some(HeapPeriod { preperiod, period })
    })
}

/// The work a quotient's computation has done, and the most it may do.
struct Meter<'b> {
    spent: u64,
    limit: u64,
    /// The budget the whole computation looks at.
    budget: &'b Budget,
}

impl Meter<'_> {
    /// Counts `steps` more, looking at the budget each 2^16 of them; an error past
    /// the limit.
    fn spend(&mut self, steps: u64) -> Result<()> {
        let before = self.spent;
        self.spent = self.spent.saturating_add(steps);
        if before >> 16 != self.spent >> 16 {
            self.budget.check()?;
        }
        match self.spent > self.limit {
            true => Err(invalid!(
                "the misère quotient needs more than {} steps of work",
                self.limit
            )),
            false => Ok(()),
        }
    }
}

fn too_large(n: u64, size: usize, max_order: usize) -> crate::Error {
    invalid!(
        "the misère quotient grows to {size} elements at heap {n}, past the bound of {max_order} (the game may be wild beyond any small quotient)"
    )
}

/// The options of every heap 0..=to, each part checked to be a smaller heap.
fn all_options(rules: &Rules, to: u64) -> Result<Vec<Vec<Heaps>>> {
    let mut total = 0u64;
    for n in 1..=to {
        total = total.saturating_add(rules.count_options(n));
        if total > OPTION_LIMIT {
            return Err(invalid!(
                "heaps up to {to} have more than {OPTION_LIMIT} options in all, too many to keep: lower the heap bound"
            ));
        }
    }
    let len = usize::try_from(to)
        .ok()
        .and_then(|t| t.checked_add(1))
        .ok_or_else(|| invalid!("heap bound {to} is too large"))?;
    let mut options = Vec::with_capacity(len);
    options.push(Vec::new());
    for n in 1..=to {
        let mut out = Vec::new();
        rules.options(n, &mut out);
        if out.iter().flatten().any(|&part| part >= n) {
            return Err(invalid!(
                "a move from a heap of {n} leaves a heap at least as large: these rules have no misère quotient built heap by heap"
            ));
        }
        options.push(out);
    }
    Ok(options)
}

/// A finite commutative monoid as a multiplication table; 0 is the identity.
#[derive(Clone, Debug)]
struct Monoid {
    size: usize,
    table: Vec<u32>,
}

impl Monoid {
    fn trivial() -> Self {
        Monoid {
            size: 1,
            table: vec![0],
        }
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.size + y as usize]
    }

    /// An empty table for `size` elements, refused past the table limit.
    fn allocate(size: usize, limit: usize) -> Result<Vec<u32>> {
        match size.checked_mul(size) {
            Some(entries) if size <= limit && entries <= TABLE_LIMIT => Ok(vec![0; entries]),
            _ => Err(invalid!(
                "the misère quotient needs a trial monoid of {size} elements, past the bound of {limit} (the game may be wild beyond any small quotient)"
            )),
        }
    }

    /// {1, x, …, x^(index+period−1)} with x^(index+period) = x^index.
    fn cyclic(index: usize, period: usize, limit: usize) -> Result<Monoid> {
        let period = period.max(1);
        let size = index
            .checked_add(period)
            .ok_or_else(|| invalid!("a cyclic monoid is too large"))?;
        let mut table = Self::allocate(size, limit)?;
        for i in 0..size {
            for j in 0..size {
                let k = i + j;
                let k = if k < size {
                    k
                } else {
                    index + (k - index) % period
                };
                table[i * size + j] = k as u32;
            }
        }
        Ok(Monoid { size, table })
    }

    /// The direct product: (a, b) is element a·|other| + b.
    fn product(&self, other: &Monoid, limit: usize) -> Result<Monoid> {
        let size = self
            .size
            .checked_mul(other.size)
            .ok_or_else(|| invalid!("a trial monoid is too large"))?;
        let mut table = Self::allocate(size, limit)?;
        for x in 0..size {
            let (a, b) = (x / other.size, x % other.size);
            for y in 0..size {
                let (c, d) = (y / other.size, y % other.size);
                let ac = self.mul(a as u32, c as u32) as usize;
                let bd = other.mul(b as u32, d as u32) as usize;
                table[x * size + y] = (ac * other.size + bd) as u32;
            }
        }
        Ok(Monoid { size, table })
    }

    /// The submonoid generated by `gens`, renumbered; the map old → new (u32::MAX
    /// outside it).
    fn generated(&self, gens: &[u32]) -> (Monoid, Vec<u32>) {
        let mut map = vec![u32::MAX; self.size];
        let mut members = vec![0u32];
        map[0] = 0;
        let mut i = 0;
        while i < members.len() {
            let x = members[i];
            for &g in gens {
                let y = self.mul(x, g);
                if map[y as usize] == u32::MAX {
                    map[y as usize] = members.len() as u32;
                    members.push(y);
                }
            }
            i += 1;
        }
        let size = members.len();
        let mut table = vec![0; size * size];
        for (a, &x) in members.iter().enumerate() {
            for (b, &y) in members.iter().enumerate() {
                table[a * size + b] = map[self.mul(x, y) as usize];
            }
        }
        (Monoid { size, table }, map)
    }

    /// (index, period) of g: the least index with g^(index+period) = g^index.
    fn powers(&self, g: u32) -> (usize, usize) {
        let mut seen = HashMap::new();
        let mut x = 0u32;
        let mut e = 0usize;
        loop {
            if let Some(&first) = seen.get(&x) {
                return (first, e - first);
            }
            seen.insert(x, e);
            x = self.mul(x, g);
            e += 1;
        }
    }
}

/// The coarsest congruence of `monoid` (generated by `gens`) that respects `p`: the
/// reduced bipartite monoid and the class of every element.
fn reduce(monoid: &Monoid, p: &[bool], gens: &[u32]) -> (Monoid, Vec<bool>, Vec<u32>) {
    let size = monoid.size;
    let mut class: Vec<u32> = p.iter().map(|&b| b as u32).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut next = vec![0u32; size];
        for x in 0..size {
            let mut signature = Vec::with_capacity(gens.len() + 1);
            signature.push(class[x]);
            for &g in gens {
                signature.push(class[monoid.mul(x as u32, g) as usize]);
            }
            let fresh = ids.len() as u32;
            next[x] = *ids.entry(signature).or_insert(fresh);
        }
        let classes = ids.len();
        class = next;
        if classes == count {
            break;
        }
        count = classes;
    }
    let mut rep = vec![u32::MAX; count];
    for (x, &c) in class.iter().enumerate() {
        let c = c as usize;
        if rep[c] == u32::MAX {
            rep[c] = x as u32;
        }
    }
    let mut table = vec![0; count * count];
    for a in 0..count {
        for b in 0..count {
            table[a * count + b] = class[monoid.mul(rep[a], rep[b]) as usize];
        }
    }
    let reduced_p = rep.iter().map(|&x| p[x as usize]).collect();
    (Monoid { size: count, table }, reduced_p, class)
}

/// A bit set over the elements of a monoid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(size: usize) -> Self {
        Bits(vec![0; size.div_ceil(64)])
    }

    fn get(&self, i: u32) -> bool {
        self.0[i as usize / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: u32) {
        self.0[i as usize / 64] |= 1 << (i % 64);
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn ones(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| (i * 64 + b) as u32)
        })
    }
}

/// A hypothesis: a monoid, its P-portion and the element of every heap 0..=n.
#[derive(Clone, Debug)]
struct Hyp {
    monoid: Monoid,
    p: Vec<bool>,
    phi: Vec<u32>,
}

impl Hyp {
    fn element(&self, heaps: &[u64]) -> u32 {
        heaps
            .iter()
            .fold(0, |x, &h| self.monoid.mul(x, self.phi[h as usize]))
    }
}

/// The distinct elements of a heap's options.
fn option_images(monoid: &Monoid, phi: &[u32], options: &[Heaps]) -> Result<Vec<u32>> {
    let mut seen = Bits::new(monoid.size);
    let mut images = Vec::new();
    for option in options {
        let mut x = 0;
        for &part in option.iter() {
            let g = phi
                .get(part as usize)
                .ok_or_else(|| invalid!("an option leaves a heap of {part}, not yet valued"))?;
            x = monoid.mul(x, *g);
        }
        if !seen.get(x) {
            seen.set(x);
            images.push(x);
        }
    }
    Ok(images)
}

/// T_h: the elements y such that y·(an option of h) is in P.
fn reach_p(monoid: &Monoid, p: &[bool], images: &[u32]) -> Bits {
    let mut t = Bits::new(monoid.size);
    for y in 0..monoid.size as u32 {
        if images.iter().any(|&s| p[monoid.mul(y, s) as usize]) {
            t.set(y);
        }
    }
    t
}

/// One state of the verification: x = Φ(G), whether G has a move, D.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    x: u32,
    moves: bool,
    d: Bits,
}

#[derive(Clone, Debug)]
struct State {
    key: Key,
    /// 2·chips − heaps of the cheapest sum known to reach the state.
    cost: u64,
    /// (previous state, heap, copies) of that sum.
    parent: Option<(usize, u64, u32)>,
}

/// The states reached by all sums of the heaps seen so far, for one hypothesis.
struct Verifier {
    states: Vec<State>,
    index: HashMap<Key, usize>,
    /// (element, T) of every group of interchangeable heaps.
    groups: Vec<(u32, Bits)>,
}

/// A locally inconsistent sum: its heaps, smallest first.
type Failure = Vec<u64>;

impl Verifier {
    fn new() -> Self {
        let key = Key {
            x: 0,
            moves: false,
            d: Bits::new(1),
        };
        Verifier {
            states: vec![State {
                key: key.clone(),
                cost: 0,
                parent: None,
            }],
            index: HashMap::from([(key, 0)]),
            groups: Vec::new(),
        }
    }

    /// A fresh verifier for `hyp`, every group of heaps applied; the cheapest
    /// inconsistent sum if there is one.
    fn full(
        hyp: &Hyp,
        options: &[Vec<Heaps>],
        meter: &mut Meter,
    ) -> Result<(Verifier, Option<Failure>)> {
        let size = hyp.monoid.size;
        let empty = Key {
            x: 0,
            moves: false,
            d: Bits::new(size),
        };
        let mut verifier = Verifier {
            states: vec![State {
                key: empty.clone(),
                cost: 0,
                parent: None,
            }],
            index: HashMap::from([(empty, 0)]),
            groups: Vec::new(),
        };
        let mut groups: Vec<(u32, Bits, u64)> = Vec::new();
        for (n, opts) in options.iter().enumerate().take(hyp.phi.len()).skip(1) {
            if opts.is_empty() {
                continue;
            }
            let images = option_images(&hyp.monoid, &hyp.phi, opts)?;
            let t = reach_p(&hyp.monoid, &hyp.p, &images);
            let g = hyp.phi[n];
            if !groups.iter().any(|(h, u, _)| *h == g && *u == t) {
                groups.push((g, t, n as u64));
            }
        }
        for (g, t, heap) in groups {
            verifier.apply(hyp, g, &t, heap, false, meter)?;
        }
        let failure = verifier
            .states
            .iter()
            .enumerate()
            .filter(|(_, s)| !consistent(hyp, &s.key))
            .min_by_key(|(_, s)| s.cost)
            .map(|(i, _)| verifier.witness(i));
        Ok((verifier, failure))
    }

    /// The sum recorded for state `i`.
    fn witness(&self, mut i: usize) -> Failure {
        let mut heaps = Vec::new();
        while let Some((parent, heap, copies)) = self.states[i].parent {
            heaps.extend(std::iter::repeat_n(heap, copies as usize));
            i = parent;
        }
        sort(&mut heaps);
        heaps
    }

    /// Adds a group of heaps of element `g` and set `t` (represented by `heap`) to
    /// every state. With `trial`, nothing is kept and the answer is whether every
    /// new state is consistent; otherwise the states are kept and the answer is
    /// true.
    fn apply(
        &mut self,
        hyp: &Hyp,
        g: u32,
        t: &Bits,
        heap: u64,
        trial: bool,
        meter: &mut Meter,
    ) -> Result<bool> {
        let monoid = &hyp.monoid;
        let size = monoid.size;
        let (index, period) = monoid.powers(g);
        let work = (self.states.len() as u64)
            .saturating_mul((index + period) as u64)
            .saturating_mul(size as u64);
        meter.spend(work)?;
        let mut steps = Vec::new();
        let (mut below, mut power) = (0u32, g);
        for _ in 0..index + period {
            steps.push((power, below));
            below = power;
            power = monoid.mul(power, g);
        }
        let weight = heap.saturating_mul(2).saturating_sub(1);
        let existing = self.states.len();
        let mut fresh: Vec<State> = Vec::new();
        let mut fresh_index: HashMap<Key, usize> = HashMap::new();
        let mut cheaper: Vec<(usize, u64, (usize, u64, u32))> = Vec::new();
        for i in 0..existing {
            let state = &self.states[i];
            for (e, &(ge, ge1)) in steps.iter().enumerate() {
                let x = monoid.mul(state.key.x, ge);
                let xg1 = monoid.mul(state.key.x, ge1);
                let mut d = Bits::new(size);
                for z in 0..size as u32 {
                    if state.key.d.get(monoid.mul(z, ge)) || t.get(monoid.mul(xg1, z)) {
                        d.set(z);
                    }
                }
                let key = Key { x, moves: true, d };
                let copies = e as u32 + 1;
                let cost = state
                    .cost
                    .saturating_add(weight.saturating_mul(copies as u64));
                let parent = (i, heap, copies);
                if let Some(&j) = self.index.get(&key) {
                    if cost < self.states[j].cost {
                        cheaper.push((j, cost, parent));
                    }
                    continue;
                }
                if let Some(&j) = fresh_index.get(&key) {
                    if cost < fresh[j].cost {
                        fresh[j].cost = cost;
                        fresh[j].parent = Some(parent);
                    }
                    continue;
                }
                if trial && !consistent(hyp, &key) {
                    return Ok(false);
                }
                if existing + fresh.len() >= STATE_LIMIT {
                    return Err(invalid!(
                        "checking the misère quotient needs more than {STATE_LIMIT} states at heap {heap}"
                    ));
                }
                fresh_index.insert(key.clone(), fresh.len());
                fresh.push(State {
                    key,
                    cost,
                    parent: Some(parent),
                });
            }
        }
        for (j, cost, parent) in cheaper {
            if cost < self.states[j].cost {
                self.states[j].cost = cost;
                self.states[j].parent = Some(parent);
            }
        }
        for state in fresh {
            self.index.insert(state.key.clone(), self.states.len());
            self.states.push(state);
        }
        self.groups.push((g, t.clone()));
        Ok(true)
    }
}

/// Whether a state's element is in P exactly when its sums have a move and no
/// P-option.
fn consistent(hyp: &Hyp, key: &Key) -> bool {
    hyp.p[key.x as usize] == (key.moves && !key.d.get(0))
}

/// The element of heap n if the quotient need not change (at most one can pass).
fn conservative(
    hyp: &Hyp,
    verifier: &mut Verifier,
    n: u64,
    images: &[u32],
    meter: &mut Meter,
) -> Result<Option<u32>> {
    let t = reach_p(&hyp.monoid, &hyp.p, images);
    if let Some((g, _)) = verifier.groups.iter().find(|(_, u)| *u == t) {
        let g = *g;
        if verifier.apply(hyp, g, &t, n, true, meter)? {
            verifier.apply(hyp, g, &t, n, false, meter)?;
            return Ok(Some(g));
        }
    }
    let alone_p = images.iter().all(|&s| !hyp.p[s as usize]);
    for x in 0..hyp.monoid.size as u32 {
        if hyp.p[x as usize] != alone_p {
            continue;
        }
        if verifier.apply(hyp, x, &t, n, true, meter)? {
            verifier.apply(hyp, x, &t, n, false, meter)?;
            return Ok(Some(x));
        }
    }
    Ok(None)
}

/// A heap freed from the trial's relations: its own cyclic factor.
#[derive(Clone, Copy, Debug)]
struct Freed {
    heap: u64,
    index: usize,
    period: usize,
}

/// The reduced hypothesis for heaps 0..=n: the submonoid of `base` generated by the
/// heaps not freed, times a cyclic monoid for each freed heap, P marked.
fn build(
    base: &Hyp,
    freed: &[Freed],
    options: &[Vec<Heaps>],
    n: u64,
    limit: usize,
    meter: &mut Meter,
) -> Result<Hyp> {
    let heaps = n as usize;
    let is_freed = |h: usize| freed.iter().position(|f| f.heap as usize == h);
    let kept: Vec<u32> = (1..=heaps)
        .filter(|&h| is_freed(h).is_none() && !options[h].is_empty())
        .map(|h| base.phi[h])
        .collect();
    let (mut monoid, map) = base.monoid.generated(&kept);
    // Multiplier of each factor: element index = Σ component · stride.
    let mut strides = Vec::new();
    for f in freed {
        let cyclic = Monoid::cyclic(f.index, f.period, limit)?;
        monoid = monoid.product(&cyclic, limit)?;
        for s in strides.iter_mut() {
            *s *= cyclic.size;
        }
        strides.push(1usize);
    }
    let mut phi = vec![0u32; heaps + 1];
    for (h, slot) in phi.iter_mut().enumerate().skip(1) {
        if let Some(i) = is_freed(h) {
            *slot = strides[i] as u32;
        }
    }
    // The submonoid's element s is (s, 1, 1, …): index s · (product of cyclic sizes).
    let cyclic_size: usize = freed.iter().map(|f| f.index + f.period.max(1)).product();
    for (h, slot) in phi.iter_mut().enumerate().skip(1) {
        if !options[h].is_empty() && is_freed(h).is_none() {
            *slot = (map[base.phi[h] as usize] as usize * cyclic_size) as u32;
        }
    }
    let hyp = Hyp {
        p: mark_p(&monoid, &phi, options, meter)?,
        monoid,
        phi,
    };
    let mut gens: Vec<u32> = (1..=heaps)
        .filter(|&h| !options[h].is_empty())
        .map(|h| hyp.phi[h])
        .collect();
    sort(&mut gens);
    gens.dedup();
    let (monoid, p, class) = reduce(&hyp.monoid, &hyp.p, &gens);
    Ok(Hyp {
        monoid,
        p,
        phi: hyp.phi.iter().map(|&x| class[x as usize]).collect(),
    })
}

/// Marks the P-portion: each element takes the outcome of the first sum reaching it,
/// sums enumerated in lexicographic order with the largest heap most significant (so
/// that a sum's options come before it), computed from that sum's options.
fn mark_p(
    monoid: &Monoid,
    phi: &[u32],
    options: &[Vec<Heaps>],
    meter: &mut Meter,
) -> Result<Vec<bool>> {
    let size = monoid.size;
    let mut heaps: Vec<(u32, Vec<u32>)> = Vec::new();
    for (h, opts) in options.iter().enumerate().take(phi.len()).skip(1) {
        if !opts.is_empty() {
            heaps.push((phi[h], option_images(monoid, phi, opts)?));
        }
    }
    let mut marked = vec![false; size];
    let mut p = vec![false; size];
    struct Frame {
        depth: usize,
        elem: u32,
        tr: Bits,
        started: bool,
    }
    let mut stack = vec![Frame {
        depth: heaps.len(),
        elem: 0,
        tr: Bits::new(size),
        started: false,
    }];
    let mut every = Every::default();
    while let Some(top) = stack.last_mut() {
        every.step(meter.budget)?;
        meter.spend(1)?;
        if top.depth == 0 {
            let elem = top.elem as usize;
            let is_p = !top.tr.is_empty() && top.tr.ones().all(|t| !p[t as usize]);
            marked[elem] = true;
            p[elem] = is_p;
            stack.pop();
            continue;
        }
        if !top.started {
            top.started = true;
            let child = Frame {
                depth: top.depth - 1,
                elem: top.elem,
                tr: top.tr.clone(),
                started: false,
            };
            stack.push(child);
            continue;
        }
        let (g, images) = &heaps[top.depth - 1];
        let next = monoid.mul(top.elem, *g);
        if marked[next as usize] {
            stack.pop();
            continue;
        }
        let mut tr = Bits::new(size);
        for t in top.tr.ones() {
            tr.set(monoid.mul(t, *g));
        }
        for &s in images {
            tr.set(monoid.mul(top.elem, s));
        }
        top.elem = next;
        top.tr = tr.clone();
        let child = Frame {
            depth: top.depth - 1,
            elem: next,
            tr,
            started: false,
        };
        stack.push(child);
    }
    Ok(p)
}

/// The quotient for heaps 0..=n when heap n changes the presentation: a new
/// generator, recalibrated until verification passes.
fn extend(
    hyp: &Hyp,
    options: &[Vec<Heaps>],
    n: u64,
    limit: usize,
    max_order: usize,
    meter: &mut Meter,
) -> Result<(Hyp, Verifier)> {
    let mut base = hyp.clone();
    base.phi.push(0);
    let mut trial = build(
        &base,
        &[Freed {
            heap: n,
            index: 2,
            period: 2,
        }],
        options,
        n,
        limit,
        meter,
    )?;
    for _ in 0..RECALIBRATIONS {
        if trial.monoid.size > max_order {
            return Err(too_large(n, trial.monoid.size, max_order));
        }
        let (verifier, failure) = Verifier::full(&trial, options, meter)?;
        let Some(failure) = failure else {
            return Ok((trial, verifier));
        };
        trial = recalibrate(&trial, &failure, options, n, limit, meter)?;
    }
    Err(invalid!(
        "the misère quotient did not settle at heap {n} after {RECALIBRATIONS} recalibrations"
    ))
}

/// A trial that classifies `failure` (misclassified by `trial`, all its followers
/// being right) correctly: some of its heaps freed, fewest first.
fn recalibrate(
    trial: &Hyp,
    failure: &[u64],
    options: &[Vec<Heaps>],
    n: u64,
    limit: usize,
    meter: &mut Meter,
) -> Result<Hyp> {
    let should_be_p = !trial.p[trial.element(failure) as usize];
    let mut involved: Vec<u64> = failure.to_vec();
    involved.dedup();
    let freed_of = |heap: u64| {
        let copies = failure.iter().filter(|&&h| h == heap).count();
        let (index, period) = trial.monoid.powers(trial.phi[heap as usize]);
        let index = index.max(copies).max(2);
        let period = if period <= 2 { 2 } else { period + period % 2 };
        Freed {
            heap,
            index,
            period,
        }
    };
    let mut tried = 0;
    let mut last_error = None;
    for k in 1..=involved.len() {
        for subset in combinations(&involved, k) {
            tried += 1;
            if tried > SUBSETS {
                break;
            }
            let freed: Vec<Freed> = subset.iter().map(|&h| freed_of(h)).collect();
            match build(trial, &freed, options, n, limit, meter) {
                Ok(candidate) => {
                    if candidate.p[candidate.element(failure) as usize] == should_be_p {
                        return Ok(candidate);
                    }
                }
                Err(error) => last_error = Some(error),
            }
        }
    }
    Err(last_error.unwrap_or_else(|| {
        invalid!(
            "the misère quotient could not be recalibrated at heap {n} (failing sum {failure:?})"
        )
    }))
}

/// Every subset of `items` with `k` elements, in lexicographic order.
fn combinations(items: &[u64], k: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut chosen = Vec::with_capacity(k);
    fn walk(items: &[u64], k: usize, start: usize, chosen: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for i in start..items.len() {
            chosen.push(items[i]);
            walk(items, k, i + 1, chosen, out);
            chosen.pop();
        }
    }
    walk(items, k, 0, &mut chosen, &mut out);
    out
}

/// Degree first, then the exponent of the last generator, and so on backwards.
fn word_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let degree = |w: &[u32]| w.iter().map(|&e| e as u64).sum::<u64>();
    degree(a)
        .cmp(&degree(b))
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

fn format_word(word: &[u32], generators: &[Generator]) -> String {
    let long = generators.len() > 26;
    let mut parts = Vec::new();
    for (e, g) in word.iter().zip(generators) {
        match e {
            0 => {}
            1 => parts.push(g.name.clone()),
            e => parts.push(format!("{}^{e}", g.name)),
        }
    }
    if parts.is_empty() {
        "1".to_string()
    } else if long {
        parts.join("·")
    } else {
        parts.concat()
    }
}

fn generator_name(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// The presentation, normal forms and tameness of a verified hypothesis.
fn finish(hyp: Hyp, changes: Vec<u64>, options: &[Vec<Heaps>]) -> Result<Quotient> {
    let monoid = hyp.monoid;
    let size = monoid.size;
    // Generators, greedily in heap order.
    let mut generators = Vec::new();
    let mut gen_elements: Vec<u32> = Vec::new();
    let mut reached = vec![false; size];
    reached[0] = true;
    for (h, &x) in hyp.phi.iter().enumerate() {
        if reached[x as usize] {
            continue;
        }
        generators.push(Generator {
            name: generator_name(generators.len()),
            heap: h as u64,
        });
        gen_elements.push(x);
        let mut queue: Vec<u32> = (0..size as u32).filter(|&y| reached[y as usize]).collect();
        while let Some(y) = queue.pop() {
            for &g in &gen_elements {
                let z = monoid.mul(y, g);
                if !reached[z as usize] {
                    reached[z as usize] = true;
                    queue.push(z);
                }
            }
        }
    }
    // Normal forms, degree by degree; the minimal non-normal words give relations.
    let k = gen_elements.len();
    let mut words: Vec<Option<Vec<u32>>> = vec![None; size];
    words[0] = Some(vec![0; k]);
    let mut normal: HashMap<Vec<u32>, u32> = HashMap::from([(vec![0; k], 0)]);
    let mut level = vec![(vec![0u32; k], 0u32)];
    let mut relations = Vec::new();
    while !level.is_empty() {
        let mut candidates: HashMap<Vec<u32>, u32> = HashMap::new();
        for (w, x) in &level {
            for (j, &g) in gen_elements.iter().enumerate() {
                let mut v = w.clone();
                v[j] += 1;
                candidates.insert(v, monoid.mul(*x, g));
            }
        }
        let mut candidates: Vec<(Vec<u32>, u32)> = candidates.into_iter().collect();
        sort_by(&mut candidates, |a, b| word_order(&a.0, &b.0));
        let mut next = Vec::new();
        for (w, x) in candidates {
            if words[x as usize].is_none() {
                words[x as usize] = Some(w.clone());
                normal.insert(w.clone(), x);
                next.push((w, x));
                continue;
            }
            let minimal = (0..k).filter(|&j| w[j] > 0).all(|j| {
                let mut v = w.clone();
                v[j] -= 1;
                normal.contains_key(&v)
            });
            if minimal {
                let right = words[x as usize].as_deref().unwrap_or(&[]);
                relations.push(format!(
                    "{} = {}",
                    format_word(&w, &generators),
                    format_word(right, &generators)
                ));
            }
        }
        level = next;
    }
    let words: Vec<Vec<u32>> = words
        .into_iter()
        .map(|w| w.unwrap_or_else(|| vec![0; k]))
        .collect();
    let tame = is_tame(&monoid, &hyp.p, &hyp.phi, &words, &generators, options);
    Ok(Quotient {
        monoid,
        p: hyp.p,
        phi: hyp.phi,
        generators,
        words,
        relations,
        changes,
        tame,
        period: None,
    })
}

/// Whether x ↦ (nim-sum, some heap ≥ 2) is a homomorphism to misère Nim's quotient
/// that carries P onto misère Nim's P-positions.
fn is_tame(
    monoid: &Monoid,
    p: &[bool],
    phi: &[u32],
    words: &[Vec<u32>],
    generators: &[Generator],
    options: &[Vec<Heaps>],
) -> bool {
    let mut nimbers: Vec<Nimber> = Vec::with_capacity(phi.len());
    for opts in options.iter().take(phi.len()) {
        let g = mex(opts
            .iter()
            .map(|o| o.iter().fold(0, |s, &h| s ^ nimbers[h as usize])));
        nimbers.push(g);
    }
    let nim = |g: Nimber| (g, g >= 2);
    let times = |(s, b): (Nimber, bool), (t, c): (Nimber, bool)| (s ^ t, b || c);
    let psi: Vec<(Nimber, bool)> = words
        .iter()
        .map(|w| {
            w.iter()
                .zip(generators)
                .filter(|(&e, _)| e > 0)
                .fold((0, false), |acc, (&e, g)| {
                    let one = nim(nimbers[g.heap as usize]);
                    let one = if e % 2 == 1 { one } else { (0, one.1) };
                    times(acc, one)
                })
        })
        .collect();
    let nim_p = |(s, big): (Nimber, bool)| if big { s == 0 } else { s == 1 };
    if (0..monoid.size).any(|x| p[x] != nim_p(psi[x])) {
        return false;
    }
    let mut pairs: Vec<(u32, Nimber)> = phi
        .iter()
        .enumerate()
        .map(|(h, &x)| (x, nimbers[h]))
        .collect();
    sort(&mut pairs);
    pairs.dedup();
    pairs.iter().all(|&(g, n)| {
        (0..monoid.size as u32)
            .all(|x| psi[monoid.mul(x, g) as usize] == times(psi[x as usize], nim(n)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal;

    fn q(code: &str, to: u64) -> Quotient {
        quotient(
            &octal::rules(code).unwrap(),
            to,
            1000,
            u64::MAX,
            &Budget::unlimited(),
        )
        .unwrap()
    }

    #[test]
    fn nim_heaps_give_misere_nims_quotients() {
        // Misère Nim: heap 1 alone is T1 = {1, a}; heaps 1 and 2 give T2, order 6.
        let one = q("0.3", 1);
        assert_eq!(one.order(), 2);
        assert_eq!(one.relations(), ["a^2 = 1"]);
        assert_eq!(one.p_words(), ["a"]);
        let nim = q("0.333", 3);
        assert_eq!(nim.order(), 6);
        assert_eq!(nim.presentation(), "⟨a, b | a^2 = 1, b^3 = b⟩");
        assert_eq!(nim.p_words(), ["a", "b^2"]);
        assert!(nim.is_tame());
    }

    #[test]
    fn cyclic_and_product_tables() {
        let c = Monoid::cyclic(2, 2, 100).unwrap();
        assert_eq!(c.mul(2, 2), 2); // x^4 = x^2
        assert_eq!(c.mul(1, 3), 2);
        assert_eq!(c.powers(1), (2, 2));
        let pair = c.product(&Monoid::cyclic(0, 2, 100).unwrap(), 100).unwrap();
        assert_eq!(pair.size, 8);
        assert!(Monoid::cyclic(5000, 2, 10_000).is_err());
    }

    #[test]
    fn empty_and_trivial_games() {
        let none = q("0.3", 0);
        assert_eq!(none.order(), 1);
        assert_eq!(none.outcome(&[]), Some(Outcome::N));
        assert_eq!(none.outcome(&[1]), None);
        // 0.07: heaps 1 has no move, so it is the identity.
        let dawson = q("0.07", 1);
        assert_eq!(dawson.element_of_heap(1), Some(Element(0)));
    }
}
