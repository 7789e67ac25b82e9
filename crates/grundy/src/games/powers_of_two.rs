//! The subtraction game whose subtraction set is every power of 2, {1, 2, 4, 8, …}
//! (`sub-pow2`): a move takes a power of 2 from one heap. No power of 2 is a multiple
//! of 3, and 1 and 2 leave remainders 1 and 2, so a heap of n chips has nimber
//! n mod 3: the P-positions are the multiples of 3. Under misère play one heap is P
//! exactly when n mod 3 = 1.

use super::heaps::{self, Heaps};
use crate::{Game, Nimber, Outcome, Play, Result};

/// Subtraction of powers of 2; a position is a list of heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct PowersOfTwo;

impl Game for PowersOfTwo {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        for (i, &h) in p.iter().enumerate() {
            let powers = (0..64).map(|b| 1u64 << b).take_while(|&s| s <= h);
            out.extend(powers.map(|s| heaps::with(p, i, h - s)));
        }
    }

    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        heaps::split(p, out);
    }

    fn nimber_by_theory(&self, p: &Heaps) -> Option<Nimber> {
        match p[..] {
            [h] => Some(h % 3),
            _ => None,
        }
    }

    /// One heap under misère play: P exactly when n mod 3 = 1. An empty heap is N (the
    /// player to move has won); from n = 3q + 2 taking 1, and from n = 3q ≥ 3 taking 2,
    /// leaves 1 mod 3; from 1 mod 3 every power of 2 leaves 0 or 2 mod 3.
    fn outcome_by_theory(&self, p: &Heaps, play: Play) -> Option<Outcome> {
        match (play, &p[..]) {
            (Play::Misere, [h]) if h % 3 == 1 => Some(Outcome::P),
            (Play::Misere, [_]) => Some(Outcome::N),
            _ => None,
        }
    }

    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        Some(p.iter().map(|&h| 64 - h.leading_zeros() as u64).sum())
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
                "taking {} from the heap of {old} is not allowed: a move takes a power of 2 (1, 2, 4, 8, …)",
                old - new
            ),
        }
    }

    fn theory(&self, p: &Heaps, play: Play) -> Vec<String> {
        if play == Play::Misere {
            return Vec::new();
        }
        let heaps: Vec<String> = p
            .iter()
            .map(|h| format!("{h} = 3·{} + {} has nimber {}", h / 3, h % 3, h % 3))
            .collect();
        vec![
            "Subtracting powers of 2: a heap of n chips has nimber n mod 3, so the P-positions of \
             one heap are the multiples of 3. From a multiple of 3 every power of 2 (1 or 2 more \
             than a multiple of 3) leaves a non-multiple; from n = 3q + r, taking r leaves 3q."
                .into(),
            format!("Here: {}.", heaps.join("; ")),
        ]
    }
}
