//! Schuh's divisor game: players in turn name a divisor of N not yet removed, which
//! removes it and all its multiples; whoever must name 1 loses, so the position
//! where only 1 is left is terminal. The divisors of N = p₁^e₁ ⋯ p_k^e_k form a box
//! [0, e₁] × ⋯ × [0, e_k] and the divisors left a down-set of it: this is Chomp in
//! k dimensions, with 1 the poisoned corner.
//!
//! A position is written `N` at the start, and `N without d1,d2` once the named
//! divisors d1, d2 (and their multiples) are gone; only the divisors whose removal
//! is not implied by another are listed, so each position has one spelling.

use super::heaps::parse_number;
use super::Family;
use crate::drawing::{colours, Anchor, Paint, Shape};
use crate::solve::GameBox;
use crate::sorting::sort;
use crate::{invalid, Capabilities, Game, Outcome, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// The largest N accepted: divisors are found by trial division.
const LARGEST: u64 = 1_000_000_000_000;

/// A position: N, and the minimal divisors removed (sorted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Divisors {
    n: u64,
    removed: Vec<u64>,
}

/// The divisor game.
#[derive(Clone, Copy, Debug, Default)]
pub struct DivisorGame;

/// The divisors of `n`, increasing, from its prime factors.
fn divisors(n: u64) -> Vec<u64> {
    let mut all = vec![1];
    let mut rest = n;
    let mut p = 2;
    while p * p <= rest {
        let mut power = 0;
        while rest % p == 0 {
            rest /= p;
            power += 1;
        }
        let known = all.len();
        let mut factor = 1;
        for _ in 0..power {
            factor *= p;
            all.extend((0..known).map(|i| all[i] * factor).collect::<Vec<_>>());
        }
        p += 1;
    }
    if rest > 1 {
        all.extend(all.iter().map(|d| d * rest).collect::<Vec<_>>());
    }
    sort(&mut all);
    all
}

impl Divisors {
    /// The divisors still on the table, increasing.
    pub fn left(&self) -> Vec<u64> {
        divisors(self.n)
            .into_iter()
            .filter(|d| !self.removed.iter().any(|r| d % r == 0))
            .collect()
    }

    /// The position after naming `d`.
    fn naming(&self, d: u64) -> Divisors {
        let mut removed: Vec<u64> = self
            .removed
            .iter()
            .copied()
            .filter(|r| r % d != 0)
            .collect();
        removed.push(d);
        sort(&mut removed);
        Divisors { n: self.n, removed }
    }
}

impl Game for DivisorGame {
    type Position = Divisors;

    fn moves(&self, p: &Divisors, out: &mut Vec<Divisors>) -> Result<()> {
        out.extend(p.left().into_iter().skip(1).map(|d| p.naming(d)));
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Divisors> {
        let text = text.trim();
        let (n, named) = match text.split_once("without") {
            Some((n, named)) => (n.trim(), Some(named.trim())),
            None => (text, None),
        };
        let n = parse_number(n, "number N")?;
        if n == 0 || n > LARGEST {
            return Err(invalid!(
                "'{n}' is out of range: N must be from 1 to {LARGEST}"
            ));
        }
        let mut p = Divisors {
            n,
            removed: Vec::new(),
        };
        for token in named.into_iter().flat_map(|t| t.split(',')).map(str::trim) {
            let d = parse_number(token, "divisor")?;
            if d <= 1 || n % d != 0 {
                return Err(invalid!(
                    "'{token}' cannot be removed: name a divisor of {n} other than 1"
                ));
            }
            if !p.removed.iter().any(|r| d % r == 0) {
                p = p.naming(d);
            }
        }
        Ok(p)
    }

    fn format_position(&self, p: &Divisors) -> String {
        if p.removed.is_empty() {
            return p.n.to_string();
        }
        let named: Vec<String> = p.removed.iter().map(u64::to_string).collect();
        format!("{} without {}", p.n, named.join(","))
    }

    fn describe_move(&self, from: &Divisors, to: &Divisors) -> Result<String> {
        Ok(
            match to.removed.iter().find(|d| !from.removed.contains(d)) {
                Some(d) => {
                    let gone = from.left().len() - to.left().len();
                    format!(
                        "name {d}, removing {gone} divisor{}",
                        if gone == 1 { "" } else { "s" }
                    )
                }
                None => format!("move to {}", self.format_position(to)),
            },
        )
    }

    fn capabilities(&self) -> Capabilities<'_, Divisors> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }

    fn why_illegal(&self, from: &Divisors, to: &Divisors) -> String {
        if from.n != to.n {
            return format!("the game is played on the divisors of {}", from.n);
        }
        "naming one divisor left (not 1) removes it and its multiples, and never gives that".into()
    }
}

/// The positions reachable from a position are the down-sets of the divisors left
/// that hold 1 (name the least divisors missing from one, in turn), one for each
/// antichain: at least 2^w of them, w the size of the largest rank level (the
/// divisors left with one count of prime factors), every subset of which is an
/// antichain.
impl Size<Divisors> for DivisorGame {
    /// A bound below: every set of divisors closed under taking divisors is reached
    /// (a move removes the multiples of one divisor), so at least the subsets of the
    /// widest level of divisors (with as many prime factors) and, from the start,
    /// the down-sets of the divisors of p^a q^b for two of N's prime powers: those of
    /// an (a + 1) × (b + 1) grid, C(a + b + 2, a + 1), as in Chomp.
    fn count_positions(&self, p: &Divisors) -> Option<u64> {
        let mut levels = vec![0u64; 64];
        for d in p.left() {
            levels[prime_factor_count(d)] += 1;
        }
        let width = levels.into_iter().max().unwrap_or(1);
        let subsets = 1u64.checked_shl(width as u32).unwrap_or(u64::MAX);
        if !p.removed.is_empty() {
            return Some(subsets);
        }
        let powers = exponents(p.n);
        let grids = powers.iter().enumerate().flat_map(|(i, &a)| {
            powers[i + 1..]
                .iter()
                .map(move |&b| binomial(a + b + 2, a + 1).saturating_sub(1))
        });
        Some(grids.fold(subsets, u64::max))
    }
}

/// The exponents of `n`'s prime factors.
fn exponents(mut n: u64) -> Vec<u64> {
    let mut powers = Vec::new();
    let mut p = 2;
    while p * p <= n {
        let mut power = 0;
        while n % p == 0 {
            n /= p;
            power += 1;
        }
        if power > 0 {
            powers.push(power);
        }
        p += 1;
    }
    if n > 1 {
        powers.push(1);
    }
    powers
}

/// C(n, k), saturating.
fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k);
    (0..k).fold(1u64, |c, i| {
        // c · (n − i) / (i + 1) is whole: it is C(n, i + 1).
        let wide = u128::from(c) * u128::from(n - i) / u128::from(i + 1);
        u64::try_from(wide).unwrap_or(u64::MAX)
    })
}

/// How many prime factors `n` has, counted with multiplicity.
fn prime_factor_count(mut n: u64) -> usize {
    let mut count = 0;
    let mut p = 2;
    while p * p <= n {
        while n % p == 0 {
            n /= p;
            count += 1;
        }
        p += 1;
    }
    count + usize::from(n > 1)
}

/// Strategy stealing: the divisors of N > 1 with none named are an N-position. If
/// naming N alone lost, the first player would steal the reply: every reply
/// removes N too, so it is also a first move.
impl Theory<Divisors> for DivisorGame {
    fn theorem(&self, _play: Play) -> &'static str {
        "strategy stealing"
    }

    fn outcome(&self, p: &Divisors, play: Play) -> Option<Outcome> {
        (play == Play::Normal && p.removed.is_empty() && p.n > 1).then_some(Outcome::N)
    }

    fn explain(&self, p: &Divisors, play: Play) -> Vec<String> {
        if self.outcome(p, play).is_none() {
            return Vec::new();
        }
        vec![format!(
            "Strategy stealing: suppose naming {0} alone lost; then the opponent would have a \
             winning reply, and the first player could have named it at once instead, since \
             naming any divisor also removes its multiple {0}. So some first move wins, though \
             the argument does not say which.",
            p.n
        )]
    }
}

/// The registry entry of `divisors`.
pub const FAMILY: Family = Family::game(
    "divisors",
    "Schuh's divisor game: name a divisor of N, removing its multiples; 1 loses",
    |_| Ok(GameBox::new("divisors", DivisorGame)),
)
.with_start("Chomp and the divisor game", "divisors 72");

impl Picture<Divisors> for DivisorGame {
    /// The divisors of N laid out by the exponent of its first prime (across) and of
    /// the others (up), those named gone; a click names a divisor.
    fn draw(&self, p: &Divisors, _history: &[Divisors]) -> Result<Drawing<Divisors>> {
        let primes = prime_powers(p.n);
        let all = divisors(p.n);
        if primes.len() > 3 || all.len() > 120 {
            return Err(crate::too_large!(
                "the {} divisors of {} are too many to draw: at most 120, of at most three primes",
                all.len(),
                p.n
            ));
        }
        let (p0, e0) = primes.first().copied().unwrap_or((1, 0));
        let rest = &primes[primes.len().min(1)..];
        let up: u64 = rest.iter().map(|&(_, e)| e + 1).product();
        const C: f64 = 46.0;
        let (width, height) = (C * (e0 + 1) as f64 + 20.0, C * up as f64 + 20.0);
        let mut d = Drawing::new(
            width,
            height,
            "",
            "click a divisor to name it, removing it and its multiples (naming 1 loses)",
        );
        let left = p.left();
        for x in 0..=e0 {
            for y in 0..up {
                let mut divisor = p0.pow(x as u32);
                let mut k = y;
                for &(q, e) in rest {
                    divisor *= q.pow((k % (e + 1)) as u32);
                    k /= e + 1;
                }
                let (cx, cy) = (
                    10.0 + C * x as f64 + C / 2.0,
                    height - 10.0 - C * y as f64 - C / 2.0,
                );
                let gone = !left.contains(&divisor);
                let (paint, class) = match (gone, divisor) {
                    (true, _) => (Paint::new("#eeeeee", "#cccccc", 1.0), "divisor gone"),
                    (false, 1) => (Paint::new("#f2c4bd", "#c0392b", 1.0), "divisor poisoned"),
                    _ => (Paint::new("#f3e7c9", "#8a7a55", 1.0), "divisor"),
                };
                d.add(Shape::circle(cx, cy, C / 2.0 - 4.0, paint, class).named(
                    format!("d{divisor}"),
                    format!("name {divisor}, removing it and its multiples"),
                ));
                let ink = if gone {
                    Paint::fill("#bbbbbb")
                } else {
                    colours::DARK_INK
                };
                d.add(
                    Shape::text(cx, cy + 5.0, divisor.to_string(), Anchor::Middle, 13.0)
                        .styled(ink, "divisor-label"),
                );
            }
        }
        d.offer_moves(self, p, |to| {
            let &named = to.removed.iter().find(|r| !p.removed.contains(r))?;
            let lit = left
                .iter()
                .filter(|&&x| x % named == 0)
                .map(|x| format!("d{x}"))
                .collect();
            Some((vec![format!("d{named}")], lit))
        })?;
        Ok(d)
    }
}

/// The primes dividing `n` with their exponents, increasing.
fn prime_powers(n: u64) -> Vec<(u64, u64)> {
    let mut found = Vec::new();
    let (mut rest, mut q) = (n, 2u64);
    while q.saturating_mul(q) <= rest {
        let mut e = 0;
        while rest % q == 0 {
            rest /= q;
            e += 1;
        }
        if e > 0 {
            found.push((q, e));
        }
        q += 1;
    }
    if rest > 1 {
        found.push((rest, 1));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naming_removes_the_multiples() {
        let p = DivisorGame.parse_position("12").unwrap();
        assert_eq!(p.left(), [1, 2, 3, 4, 6, 12]);
        let q = DivisorGame.parse_position("12 without 2").unwrap();
        assert_eq!(q.left(), [1, 3]);
        let mut moves = Vec::new();
        DivisorGame.moves(&q, &mut moves).unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(DivisorGame.format_position(&moves[0]), "12 without 2,3");
        let err = DivisorGame.parse_position("12 without 5").unwrap_err();
        assert!(err.to_string().contains("'5'"));
    }
}
