//! The Aliquot game (D. L. Silverman, *Your Move*, 1971), a one-pile game in the
//! manner of the notes' exercises on the Sprague–Grundy function: from a heap of n
//! chips a move takes a proper divisor of n (an aliquot part, any divisor but n
//! itself), so a heap of 1 has no move. A position is a list
//! of heaps, `12,7`, a sum of single heaps; a heap of 0 has no move either.
//!
//! The nimber of a heap of n = 2^e × a, a odd, is e, the exponent of 2 in n: taking
//! 2^k for k < e leaves 2^k × (2^(e−k) × a − 1), of nimber k; taking 2^e × b, b a
//! divisor of a below a, leaves 2^e × (a − b) with a − b even, of nimber above e. So
//! the P-positions of one heap are the odd heaps: an odd heap has only odd divisors
//! and leaves an even heap, and from an even heap taking 1 leaves an odd one.

use super::heaps::{self, ChipPicture, Click};
use super::Family;
use crate::solve::GameBox;
use crate::{Capabilities, HeapGame, Heaps, Nimber, Play, Size, Theory};

/// The Aliquot game; a position is a list of heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Aliquot;

/// The nimber of a heap of `n`: the exponent of 2 in n (0 for an empty heap).
pub fn nimber(n: u64) -> Nimber {
    match n {
        0 => 0,
        n => n.trailing_zeros() as Nimber,
    }
}

/// The proper divisors of `n`, found by trial division up to √n (none for 0 and 1).
fn proper_divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    for d in (1..=n.isqrt()).filter(|d| n % d == 0) {
        small.push(d);
        if d != n / d && d != 1 {
            large.push(n / d);
        }
    }
    small.retain(|&d| d != n);
    small.extend(large.into_iter().rev());
    small
}

impl HeapGame for Aliquot {
    fn heap_options(&self, h: u64, out: &mut Vec<Heaps>) {
        out.extend(
            proper_divisors(h)
                .into_iter()
                .map(|d| smallvec::smallvec![h - d]),
        );
    }

    fn why_not(&self, h: u64, left: &[u64]) -> String {
        match left {
            [n] if *n < h => format!(
                "{} is not a proper divisor of {h}: a move takes a divisor of the heap other than the whole heap",
                h - n
            ),
            _ => heaps::why_not_taken(h, left),
        }
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

impl ChipPicture for Aliquot {
    /// A click takes a chip and every chip right of it.
    fn click(&self) -> Click {
        Click::TakeTail
    }
}

impl Theory<Heaps> for Aliquot {
    fn theorem(&self, _play: Play) -> &'static str {
        "the Aliquot game's rule: the exponent of 2"
    }

    fn nimber(&self, p: &Heaps) -> Option<Nimber> {
        Some(p.iter().fold(0, |g, &h| g ^ nimber(h)))
    }

    fn explain_nimber(&self, p: &Heaps) -> Option<Vec<String>> {
        Some(p.iter().map(|&h| heap_in_words(h)).collect())
    }

    fn explain(&self, p: &Heaps, play: Play) -> Vec<String> {
        if play == Play::Misere {
            return Vec::new();
        }
        let mut lines = vec![
            "The Aliquot game: a heap of n = 2^e × a, a odd, has nimber e. \
             Taking 2^k for k < e leaves a heap of nimber k, and taking any other proper \
             divisor leaves 2^e times an even number, of nimber above e. So an odd heap is \
             a P-position: it has only odd divisors, and leaves an even heap."
                .to_string(),
        ];
        lines.extend(p.iter().map(|&h| heap_in_words(h)));
        lines
    }
}

/// "12 = 2^2 × 3: nimber 2".
fn heap_in_words(h: u64) -> String {
    match h {
        0 => "an empty heap has nimber 0".into(),
        h => {
            let e = h.trailing_zeros();
            format!("{h} = 2^{e} × {}: nimber {e}", h >> e)
        }
    }
}

/// A heap of n has fewer than 2√n divisors: a bound that the solvers hold a list of
/// moves to before the trial division that finds them.
impl Size<Heaps> for Aliquot {
    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        Some(p.iter().fold(0, |total: u64, &h| {
            total.saturating_add(if h > 1 { 2 * h.isqrt() } else { 0 })
        }))
    }

    fn counts_exactly(&self) -> bool {
        false
    }

    fn weight(&self, p: &Heaps) -> u64 {
        p.len() as u64
    }

    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        Some(heaps::at_or_below(p))
    }
}

/// The registry entry of `aliquot`.
pub const FAMILY: Family = Family::game(
    "aliquot",
    "the Aliquot game: take a proper divisor of a heap (not the whole heap)",
    |_| Ok(GameBox::new("aliquot", Aliquot)),
)
.with_start("The Aliquot game", "aliquot 12,15")
.as_heap_game();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn proper_divisors_are_every_divisor_but_the_heap() {
        assert_eq!(proper_divisors(12), [1, 2, 3, 4, 6]);
        assert_eq!(proper_divisors(16), [1, 2, 4, 8]);
        assert_eq!(proper_divisors(7), [1]);
        assert!(proper_divisors(1).is_empty() && proper_divisors(0).is_empty());
    }

    #[test]
    fn the_bound_on_moves_is_above_the_moves() {
        for h in 0..2000 {
            let mut moves = Vec::new();
            Aliquot.moves(&Heaps::from_slice(&[h]), &mut moves).unwrap();
            let bound = Aliquot.count_moves(&Heaps::from_slice(&[h])).unwrap();
            assert!(moves.len() as u64 <= bound, "{h}");
            assert_eq!(
                bound == 0,
                moves.is_empty(),
                "{h}: a positive bound means a move"
            );
        }
    }
}
