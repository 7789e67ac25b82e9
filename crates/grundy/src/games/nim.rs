//! Nim: take any number of chips from one heap. Bouton's theorem gives a heap of n
//! chips the nimber n, and a position the nim-sum of its heaps.

use super::heaps::{self, ChipPicture, Click};
use super::Family;
use crate::solve::GameBox;
use crate::{Capabilities, HeapGame, Heaps, Nimber, Play, Size, Theory, THEORY_LISTS};

/// The game of Nim; a position is a list of heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

/// The nim-sum (XOR) of heap sizes.
pub fn nim_sum(heaps: &[u64]) -> Nimber {
    heaps.iter().fold(0, |a, b| a ^ b)
}

impl HeapGame for Nim {
    fn heap_options(&self, h: u64, out: &mut Vec<Heaps>) {
        out.extend((0..h).map(|n| smallvec::smallvec![n]));
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

impl ChipPicture for Nim {
    /// A click takes a chip and every chip right of it.
    fn click(&self) -> Click {
        Click::TakeTail
    }
}

/// The registry entry of `nim`.
pub const FAMILY: Family =
    Family::game("nim", "Nim: take any number of chips from one heap", |_| {
        Ok(GameBox::new("nim", Nim))
    })
    .with_start("Nim", "nim 3,4,5")
    .as_heap_game();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Picture;

    #[test]
    fn a_picture_shows_each_heap_as_a_row_of_chips_and_a_click_takes_a_tail() {
        let d = Nim.draw(&Heaps::from_slice(&[3, 0, 5]), &[]).unwrap();
        let chips = d.shapes.iter().filter(|s| s.class == "chip").count();
        assert_eq!(chips, 8);
        // Every move of Nim, each by one click: the chip that is left first.
        assert_eq!(d.moves.len(), 8);
        let take = d
            .moves
            .iter()
            .find(|m| m.to.as_slice() == [3, 0, 2])
            .unwrap();
        assert_eq!(take.marks, ["h2c2"]);
        assert_eq!(take.lit, ["h2c2", "h2c3", "h2c4"]);
        assert_eq!(take.words, "take 3 from the heap of 5");
        let e = Nim.draw(&Heaps::from_slice(&[50_001]), &[]).unwrap_err();
        assert!(
            e.to_string()
                .contains("heaps of 50,001 chips in all are too large to draw"),
            "{e}"
        );
    }
}
