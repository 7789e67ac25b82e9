//! Nim: take any number of chips from one heap. Bouton's theorem gives a heap of n
//! chips the nimber n, and a position the nim-sum of its heaps.

use super::heaps;
use super::{Family, Figure, HeapClick};
use crate::solve::GameBox;
use crate::{Capabilities, Game, Heaps, Nimber, Play, Result, Size, Theory, THEORY_LISTS};

/// The game of Nim; a position is a list of heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

/// The nim-sum (XOR) of heap sizes.
pub fn nim_sum(heaps: &[u64]) -> Nimber {
    heaps.iter().fold(0, |a, b| a ^ b)
}

impl Game for Nim {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        for (i, &h) in p.iter().enumerate() {
            out.extend((0..h).map(|new| heaps::with(p, i, new)));
        }
        Ok(())
    }

    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        heaps::split(p, out);
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Heaps> {
        heaps::parse(text)
    }

    fn format_position(&self, p: &Heaps) -> String {
        heaps::format(p)
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> Result<String> {
        Ok(heaps::describe_take(from, to))
    }

    fn why_illegal(&self, from: &Heaps, to: &Heaps) -> String {
        heaps::single_take(from, to)
            .err()
            .unwrap_or_else(|| "that is a legal move".into())
    }

    fn capabilities(&self) -> Capabilities<'_, Heaps> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            ..Capabilities::default()
        }
    }
}

impl Theory<Heaps> for Nim {
    fn theorem(&self, _play: Play) -> &'static str {
        "Bouton's theorem"
    }

    fn nimber(&self, p: &Heaps) -> Option<Nimber> {
        Some(nim_sum(p))
    }
    fn explain_nimber(&self, p: &Heaps) -> Option<Vec<String>> {
        Some(vec![format!(
            "a Nim heap of {0} has nimber {0}",
            nim_sum(p)
        )])
    }
    fn nim_heap(&self, p: &Heaps) -> Option<u64> {
        heaps::single(p)
    }
    /// Bouton: heap h can go to h ^ (g ^ target) whenever that is smaller than h.
    fn moves_to_nimber(&self, p: &Heaps, target: Nimber) -> Option<Vec<Heaps>> {
        let change = nim_sum(p) ^ target;
        if change == 0 {
            return Some(Vec::new());
        }
        let moves = p.iter().enumerate().filter(|&(_, &h)| h ^ change < h);
        if (moves.clone().count() as u64).saturating_mul(p.len() as u64) > THEORY_LISTS {
            return None;
        }
        Some(moves.map(|(i, &h)| heaps::with(p, i, h ^ change)).collect())
    }
}

impl Size<Heaps> for Nim {
    fn weight(&self, p: &Heaps) -> u64 {
        p.len() as u64
    }

    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        Some(p.iter().fold(0, |a: u64, &h| a.saturating_add(h)))
    }

    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        Some(heaps::at_or_below(p))
    }
}

/// The registry entry of `nim`.
pub const FAMILY: Family =
    Family::game("nim", "Nim: take any number of chips from one heap", |_| {
        Ok(GameBox::new("nim", Nim))
    })
    .with_start("Nim", "nim 3,4,5")
    .with_figure(Figure::Heaps(HeapClick::TakeTail))
    .as_heap_game();
