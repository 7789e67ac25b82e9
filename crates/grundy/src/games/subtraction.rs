//! Subtraction games: a move takes s chips from one heap, for s in a finite
//! subtraction set S. With S = {1, …, k} (the take-away game of the notes) a heap of
//! n chips has nimber n mod (k + 1).

use super::heaps::{self, Heaps};
use crate::{invalid, Game, Nimber, Result};

/// A subtraction game with a finite subtraction set; a position is a list of heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// The game with subtraction set `set` (any order, repeats ignored).
    pub fn new(set: &[u64]) -> Result<Self> {
        if set.is_empty() {
            return Err(invalid!(
                "a subtraction set needs at least one number, e.g. sub:1,3,4"
            ));
        }
        if set.contains(&0) {
            return Err(invalid!(
                "'0' cannot be in a subtraction set: a move takes at least one chip"
            ));
        }
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction { set })
    }

    /// Reads a subtraction set written as `1,3,4` (the part after `sub:`).
    pub fn parse(text: &str) -> Result<Self> {
        if text.trim().is_empty() {
            return Err(invalid!(
                "'sub:{text}' has an empty subtraction set: write at least one number, e.g. sub:1,3,4"
            ));
        }
        let set = text
            .split(',')
            .map(|t| heaps::parse_number(t.trim(), "number of chips to subtract"))
            .collect::<Result<Vec<_>>>()?;
        Self::new(&set)
    }

    /// The subtraction set, increasing.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The name in SPEC syntax: `sub:1,3,4`.
    pub fn name(&self) -> String {
        format!("sub:{}", heaps::format(&self.set))
    }

    /// `k` when the set is {1, 2, …, k}.
    fn take_up_to(&self) -> Option<u64> {
        let k = *self.set.last()?;
        (self.set.len() as u64 == k).then_some(k)
    }
}

impl Game for Subtraction {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        for (i, &h) in p.iter().enumerate() {
            let takes = self.set.iter().take_while(|&&s| s <= h);
            out.extend(takes.map(|&s| heaps::with(p, i, h - s)));
        }
    }

    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        heaps::split(p, out);
    }

    fn nimber_by_theory(&self, p: &Heaps) -> Option<Nimber> {
        let k = self.take_up_to()?;
        match p[..] {
            [h] => Some(h % (k + 1)),
            _ => None,
        }
    }

    fn parse_position(&self, text: &str) -> Result<Heaps> {
        heaps::parse(text)
    }

    fn format_position(&self, p: &Heaps) -> String {
        heaps::format(p)
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> String {
        heaps::describe_take(from, to)
    }

    fn why_illegal(&self, from: &Heaps, to: &Heaps) -> String {
        match heaps::single_take(from, to) {
            Err(why) => why,
            Ok((_, old, new)) => format!(
                "taking {} from the heap of {old} is not allowed: S = {{{}}}",
                old - new,
                heaps::format(&self.set)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_normalised_and_bad_sets_refused() {
        assert_eq!(Subtraction::parse("4,1,3,3").unwrap().name(), "sub:1,3,4");
        assert!(Subtraction::parse("").is_err());
        assert!(Subtraction::parse("0,1").is_err());
        assert!(Subtraction::parse("1,x").is_err());
    }

    #[test]
    fn moves_take_an_allowed_number_from_one_heap() {
        let g = Subtraction::parse("2,5,8").unwrap();
        let mut out = Vec::new();
        let heaps = |h: &[u64]| Heaps::from_slice(h);
        g.moves(&heaps(&[6, 1]), &mut out);
        assert_eq!(out, [heaps(&[4, 1]), heaps(&[1, 1])]);
        assert!(g
            .why_illegal(&heaps(&[6, 1]), &heaps(&[3, 1]))
            .contains("taking 3"));
    }
}
