//! Square-But-One, a loopy take-away game: a move takes a positive square number of
//! chips from one heap, or adds one chip to a heap holding a positive even number.
//! Adding can be undone by taking 1, so play may go round forever.
//!
//! The game is lesson 5 ("loopy games") of the course "Combinatorial Game Theory" on
//! the Mathstrek blog (2012), which labels it by hand: 0 and 5 are the only
//! P-positions, the squares and the squares plus 5 are N-positions, and every other
//! heap is a draw. grundy values it by the generalised Sprague–Grundy function, so
//! that a heap of it joins sums with any other game; a position of several heaps is
//! a sum of single heaps.

use super::heaps::{ChipPicture, Click};
use super::Family;
use crate::solve::GameBox;
use crate::{Capabilities, HeapGame, Heaps, Result, Size};

/// Square-But-One on one or more heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct SquareButOne;

impl SquareButOne {
    /// The heaps one move away from a heap of `h` chips.
    fn heap_moves(h: u64) -> impl Iterator<Item = u64> {
        let takes = (1..=h.isqrt()).map(move |k| h - k * k);
        let add = (h > 0 && h % 2 == 0).then_some(h + 1);
        takes.chain(add)
    }
}

/// A heap grows only from an even size, by one chip, to an odd size that cannot
/// grow: every heap stays at most one above its size now.
impl HeapGame for SquareButOne {
    fn heap_options(&self, h: u64, out: &mut Vec<Heaps>) {
        out.extend(Self::heap_moves(h).map(|n| smallvec::smallvec![n]));
    }

    fn check_heap(&self, h: u64) -> Result<()> {
        if h == u64::MAX {
            return Err(crate::invalid!(
                "'{h}' is too large a heap: adding a chip must fit"
            ));
        }
        Ok(())
    }

    fn why_not(&self, _h: u64, _left: &[u64]) -> String {
        "a move takes a positive square number of chips from one heap, or adds one chip to a heap of a positive even number".into()
    }

    fn heap_capabilities(&self) -> Capabilities<'_, Heaps> {
        Capabilities {
            cycles: true,
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

impl ChipPicture for SquareButOne {
    /// A click takes a chip and every chip right of it.
    fn click(&self) -> Click {
        Click::TakeTail
    }
}

/// A heap of h chips has ⌊√h⌋ moves that take, and one that adds where h is even and
/// positive; it reaches the heaps 0 to h + 1. A search larger than its budget (a heap
/// of 2^63 chips has three billion moves) is refused before any is listed.
impl Size<Heaps> for SquareButOne {
    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        Some(p.iter().fold(0, |total: u64, &h| {
            total.saturating_add(h.isqrt() + u64::from(h > 0 && h % 2 == 0))
        }))
    }

    fn weight(&self, p: &Heaps) -> u64 {
        p.len() as u64
    }

    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        Some(p.iter().fold(1, |total: u64, &h| {
            total.saturating_mul(h.saturating_add(2))
        }))
    }
}

/// The registry entry of `square-but-one`.
pub const FAMILY: Family = Family::game(
    "square-but-one",
    "take a square number of chips, or add one to an even heap (loopy)",
    |_| Ok(GameBox::new("square-but-one", SquareButOne)),
)
.with_start("Games with cycles", "square-but-one 14 + square-but-one 2")
.as_heap_game();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn moves_take_squares_and_add_one_to_even_heaps() {
        let moves: Vec<u64> = SquareButOne::heap_moves(10).collect();
        assert_eq!(moves, [9, 6, 1, 11]);
        assert_eq!(SquareButOne::heap_moves(5).collect::<Vec<_>>(), [4, 1]);
        assert_eq!(SquareButOne::heap_moves(0).count(), 0);
    }

    #[test]
    fn the_counted_moves_are_the_moves_listed() {
        for h in 0..200 {
            let p: Heaps = [h, 3].into_iter().collect();
            let mut moves = Vec::new();
            SquareButOne.moves(&p, &mut moves).unwrap();
            assert_eq!(
                SquareButOne.count_moves(&p),
                Some(moves.len() as u64),
                "{h}"
            );
        }
    }

    #[test]
    fn a_heap_past_the_budget_is_refused_before_its_moves_are_listed() {
        // 2^63 chips: three billion moves, 72 GB had they been listed.
        let mut solver =
            crate::solve::Solver::new(crate::Budget::default().with_positions(1_000_000));
        let sum = crate::spec::parse("square-but-one 9223372036854775808", &mut solver).unwrap();
        let started = std::time::Instant::now();
        let e = solver.value(&sum, crate::Play::Normal).unwrap_err();
        assert!(e.is_budget(), "{e}");
        assert!(started.elapsed().as_secs() < 5);
    }
}
