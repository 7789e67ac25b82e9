//! Nim: take any number of chips from one heap. Bouton's theorem gives a heap of n
//! chips the nimber n, and a position the nim-sum of its heaps.

use std::fmt::Write as _;

use super::heaps;
use super::{Family, Figure, HeapClick};
use crate::solve::GameBox;
use crate::{
    too_large, Capabilities, HeapGame, Heaps, Nimber, Picture, Play, Result, Size, Theory,
    THEORY_LISTS,
};

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

/// The most chips a heap is drawn with, and the most heaps drawn.
const DRAWN_CHIPS: u64 = 60;
const DRAWN_HEAPS: usize = 40;

impl Picture<Heaps> for Nim {
    /// Each heap a row of chips, its size written at its left.
    fn svg(&self, p: &Heaps) -> Result<String> {
        const STEP: u64 = 24;
        let widest = p.iter().copied().max().unwrap_or(0);
        if widest > DRAWN_CHIPS {
            return Err(too_large!(
                "a heap of {widest} chips is too large to draw: at most {DRAWN_CHIPS} chips a heap"
            ));
        }
        if p.len() > DRAWN_HEAPS {
            return Err(too_large!(
                "{} heaps are too many to draw: at most {DRAWN_HEAPS}",
                p.len()
            ));
        }
        let (width, height) = (44 + STEP * widest.max(1), 8 + STEP * p.len().max(1) as u64);
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="16">"#
        );
        for (row, &heap) in p.iter().enumerate() {
            let y = 4 + STEP * row as u64 + STEP / 2;
            let _ = writeln!(
                svg,
                r#"<text x="30" y="{}" text-anchor="end">{heap}</text>"#,
                y + 6
            );
            for chip in 0..heap {
                let _ = writeln!(
                    svg,
                    r##"<circle cx="{}" cy="{y}" r="10" fill="#e0b04a" stroke="#8b5a2b" stroke-width="1.5"/>"##,
                    44 + STEP * chip + STEP / 2
                );
            }
        }
        svg.push_str("</svg>\n");
        Ok(svg)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_shows_each_heap_as_a_row_of_chips_with_its_size() {
        let svg = Nim.svg(&Heaps::from_slice(&[3, 0, 5])).unwrap();
        assert_eq!(svg.matches("<circle").count(), 8);
        // Rows 24 units apart; the heap of 5 is the third row.
        assert!(
            svg.contains(r#"<text x="30" y="70" text-anchor="end">5</text>"#),
            "{svg}"
        );
        assert!(svg.contains(r#"<circle cx="152" cy="64" r="10""#), "{svg}");
        assert!(svg.contains(r#"width="164" height="80""#), "{svg}");
        let e = Nim.svg(&Heaps::from_slice(&[61])).unwrap_err();
        assert!(
            e.to_string()
                .contains("a heap of 61 chips is too large to draw"),
            "{e}"
        );
    }
}
