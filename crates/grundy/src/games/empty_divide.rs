//! Empty and Divide: two boxes hold m and n chips (m, n ≥ 1). A move empties one box
//! and divides the other box's chips between the two boxes, at least one in each; the
//! only terminal position is (1, 1). The P-positions are those with m and n both odd,
//! and the nimber is the place of the lowest 0 bit of (m − 1) OR (n − 1): the number
//! of 1s that binary number ends with.

use super::heaps;
use super::Family;
use crate::drawing::{colours, Anchor, Shape};
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Heaps, Nimber, Play, Result, Size, Theory, THEORY_LISTS};
use crate::{Drawing, Picture};

/// Empty and Divide; a position is the two boxes' chips.
#[derive(Clone, Copy, Debug, Default)]
pub struct EmptyDivide;

/// The boxes whose chips a move may keep and divide: both, or one when they are
/// equal (dividing either gives the same positions).
fn kept_boxes(p: &Heaps) -> impl Iterator<Item = u64> {
    let (m, n) = (p[0], p[1]);
    [n, m].into_iter().take(if m == n { 1 } else { 2 })
}

/// The nimber of (m, n): the count of trailing 1s of (m − 1) OR (n − 1).
pub fn nimber(m: u64, n: u64) -> Nimber {
    (((m - 1) | (n - 1)).trailing_ones()) as Nimber
}

impl Game for EmptyDivide {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        for kept in kept_boxes(p) {
            out.extend((1..kept).map(|a| Heaps::from_slice(&[a, kept - a])));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Heaps> {
        let p = heaps::parse(text)?;
        if p.len() != 2 || p.contains(&0) {
            return Err(invalid!(
                "'{text}' is not a position of Empty and Divide: write two boxes of at least 1 chip, e.g. 4,7"
            ));
        }
        Ok(p)
    }

    fn format_position(&self, p: &Heaps) -> String {
        heaps::format(p)
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> Result<String> {
        let (emptied, kept) = if to[0] + to[1] == from[1] {
            (from[0], from[1])
        } else {
            (from[1], from[0])
        };
        Ok(format!(
            "empty the box of {emptied} and divide the {kept} chips into {} and {}",
            to[0], to[1]
        ))
    }

    fn why_illegal(&self, from: &Heaps, to: &Heaps) -> String {
        if to.len() != 2 {
            return "there are always two boxes".into();
        }
        format!(
            "the boxes must end with all the chips of one box, {} or {}, divided between them, not {} in all",
            from[0],
            from[1],
            to[0] + to[1]
        )
    }

    fn capabilities(&self) -> Capabilities<'_, Heaps> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

impl Theory<Heaps> for EmptyDivide {
    fn theorem(&self, _play: Play) -> &'static str {
        "the parity rule of Empty and Divide"
    }

    fn nimber(&self, p: &Heaps) -> Option<Nimber> {
        Some(nimber(p[0], p[1]))
    }

    /// Every move to a position of nimber `target`, by the formula, in the order of
    /// [`Game::moves`]; from a box of more than [`THEORY_LISTS`] chips, only the
    /// winning move the parity rule constructs: an even box divided into 1 and the
    /// rest, both odd (nimber 0).
    fn moves_to_nimber(&self, p: &Heaps, target: Nimber) -> Option<Vec<Heaps>> {
        let mut found = Vec::new();
        for kept in kept_boxes(p) {
            if kept - 1 > THEORY_LISTS {
                if target != 0 {
                    return None;
                }
                if kept % 2 == 0 {
                    found.push(Heaps::from_slice(&[1, kept - 1]));
                }
                continue;
            }
            let reach = (1..kept).filter(|&a| nimber(a, kept - a) == target);
            found.extend(reach.map(|a| Heaps::from_slice(&[a, kept - a])));
        }
        Some(found)
    }
    fn explain(&self, p: &Heaps, play: Play) -> Vec<String> {
        if play == Play::Misere {
            return Vec::new();
        }
        let (m, n) = (p[0], p[1]);
        let or = (m - 1) | (n - 1);
        vec![
            "Empty and Divide: (m, n) is P exactly when m and n are both odd. A move divides \
             one box into two, and an even box can be divided into two odd ones, an odd box \
             only into an odd and an even one."
                .into(),
            format!(
                "More: the nimber is the number of trailing 1s of (m − 1) OR (n − 1) in binary. \
                 Here {} OR {} = {:b} in binary, with {} trailing 1{}: nimber {}.",
                m - 1,
                n - 1,
                or,
                or.trailing_ones(),
                if or.trailing_ones() == 1 { "" } else { "s" },
                nimber(m, n)
            ),
        ]
    }
}

impl Size<Heaps> for EmptyDivide {
    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        Some(kept_boxes(p).fold(0u64, |a, kept| a.saturating_add(kept - 1)))
    }

    /// Neither box ever holds more than the larger box does now.
    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        let most = p[0].max(p[1]);
        Some(most.saturating_mul(most))
    }
}

/// The registry entry of `empty-divide`.
pub const FAMILY: Family = Family::game(
    "empty-divide",
    "Empty and Divide: empty one box, divide the other between both (boxes m,n)",
    |_| Ok(GameBox::new("empty-divide", EmptyDivide)),
)
.with_start("Empty and Divide", "empty-divide 4,7");

impl Picture<Heaps> for EmptyDivide {
    /// The two boxes of chips; a click on a chip empties the other box and divides
    /// this one just before the chip.
    fn draw(&self, p: &Heaps, _history: &[Heaps]) -> Result<Drawing<Heaps>> {
        const STEP: f64 = 24.0;
        let most = p.iter().copied().max().unwrap_or(0);
        if most > 40 {
            return Err(crate::too_large!(
                "a box of {most} chips is too large to draw: at most 40"
            ));
        }
        let mut d = Drawing::new(
            80.0 + STEP * most as f64 + 20.0,
            2.0 * 48.0 + 10.0,
            "",
            "click a chip of the box to divide: the other box is emptied, and the chips left of the clicked one go to one box",
        );
        let chip = |b: usize, j: u64| format!("b{b}c{j}");
        for (b, &n) in p.iter().enumerate() {
            let y = 6.0 + 48.0 * b as f64;
            d.add(
                Shape::rect(70.0, y, STEP * n as f64 + 12.0, 40.0, colours::WOOD, "box")
                    .rounded(6.0),
            );
            d.add(Shape::text(
                4.0,
                y + 25.0,
                format!("box {}: {n}", b + 1),
                Anchor::Start,
                12.0,
            ));
            for j in 0..n {
                let title = format!(
                    "empty box {} and divide box {} into {j} and {}",
                    2 - b,
                    b + 1,
                    n - j
                );
                d.add(
                    Shape::circle(
                        76.0 + STEP * j as f64 + STEP / 2.0,
                        y + 20.0,
                        9.0,
                        colours::CHIP,
                        "chip",
                    )
                    .named(chip(b, j), title),
                );
            }
        }
        // The box divided holds all the chips left; either box, where both do.
        d.offer_moves(self, p, |to| {
            (0..2)
                .filter(|&b| p[b] == to[0] + to[1])
                .map(|b| {
                    (
                        vec![chip(b, to[0])],
                        (to[0]..p[b]).map(|j| chip(b, j)).collect(),
                    )
                })
                .collect::<Vec<_>>()
        })?;
        Ok(d)
    }
}
