//! Staircase Nim (Sprague 1937): coins on the steps of a staircase; a move carries
//! any number of coins from one step to the next lower one, and coins reaching the
//! ground leave play. A position is P exactly when the coins on the odd-numbered
//! steps form a P-position of Nim; its nimber is the nim-sum of the odd steps, since
//! every move changes exactly one odd step, and lowering an odd step is a Nim move.

use super::heaps;
use super::Family;
use crate::drawing::{colours, Anchor, Paint, Shape};
use crate::notation::binary_columns;
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Heaps, Nimber, Play, Result, Size, Theory, THEORY_LISTS};
use crate::{Drawing, Picture};

/// Staircase Nim; a position lists the coins on steps 1, 2, …, n.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

/// The nim-sum of the coins on the odd-numbered steps (step 1 comes first).
pub fn odd_steps_nim_sum(steps: &[u64]) -> Nimber {
    steps.iter().step_by(2).fold(0, |a, b| a ^ b)
}

/// `steps` after moving `coins` coins from step `i + 1` (0-based `i`) one step down.
fn carried(steps: &[u64], i: usize, coins: u64) -> Heaps {
    let mut next = Heaps::from_slice(steps);
    next[i] -= coins;
    if i > 0 {
        next[i - 1] += coins;
    }
    next
}

/// "1 coin", "3 coins".
fn coins(n: u64) -> String {
    if n == 1 {
        "1 coin".into()
    } else {
        format!("{n} coins")
    }
}

impl Game for Staircase {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        for (i, &x) in p.iter().enumerate() {
            out.extend((1..=x).map(|coins| carried(p, i, coins)));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Heaps> {
        let steps = heaps::parse(text)?;
        if steps
            .iter()
            .try_fold(0u64, |a, &x| a.checked_add(x))
            .is_none()
        {
            return Err(invalid!(
                "'{text}' has more coins than grundy can count: at most {} in all",
                u64::MAX
            ));
        }
        Ok(steps)
    }

    fn format_position(&self, p: &Heaps) -> String {
        heaps::format(p)
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> Result<String> {
        Ok(match (0..from.len()).rev().find(|&i| to[i] < from[i]) {
            Some(0) => format!("move {} from step 1 to the ground", coins(from[0] - to[0])),
            Some(i) => format!(
                "move {} from step {} to step {i}",
                coins(from[i] - to[i]),
                i + 1
            ),
            None => format!("move to {}", heaps::format(to)),
        })
    }

    fn why_illegal(&self, from: &Heaps, to: &Heaps) -> String {
        if from.len() != to.len() {
            return format!("the staircase must keep its {} steps", from.len());
        }
        format!(
            "a move carries coins from one step to the next lower step only, and {} is not one move from {}",
            heaps::format(to),
            heaps::format(from)
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

impl Theory<Heaps> for Staircase {
    fn theorem(&self, _play: Play) -> &'static str {
        "Staircase Nim as Nim on the odd steps"
    }

    fn nimber(&self, p: &Heaps) -> Option<Nimber> {
        Some(odd_steps_nim_sum(p))
    }
    /// An odd step lowered to `x ^ change` by carrying coins down from it, or raised
    /// to it by carrying coins down from the even step above.
    fn moves_to_nimber(&self, p: &Heaps, target: Nimber) -> Option<Vec<Heaps>> {
        let change = odd_steps_nim_sum(p) ^ target;
        let mut found = Vec::new();
        if change == 0 {
            return Some(found);
        }
        if (p.len() as u64).saturating_mul(p.len() as u64) / 2 > THEORY_LISTS {
            return None;
        }
        for i in (0..p.len()).step_by(2) {
            let (x, wanted) = (p[i], p[i] ^ change);
            if wanted < x {
                found.push(carried(p, i, x - wanted));
            } else if i + 1 < p.len() && wanted - x <= p[i + 1] {
                found.push(carried(p, i + 1, wanted - x));
            }
        }
        Some(found)
    }
    fn explain(&self, p: &Heaps, play: Play) -> Vec<String> {
        if play == Play::Misere {
            return Vec::new();
        }
        let mut lines = vec![
            "Staircase Nim (Sprague): a position is P exactly when the coins on the odd-numbered \
             steps form a P-position of Nim. Coins on even steps do not count: carrying them \
             down to an odd step can be undone by carrying the same coins on to the next step."
                .into(),
            "The odd steps as Nim heaps:".into(),
        ];
        let rows: Vec<(String, u64)> = p
            .iter()
            .enumerate()
            .step_by(2)
            .map(|(i, &x)| (format!("step {}", i + 1), x))
            .collect();
        lines.extend(binary_columns(&rows, odd_steps_nim_sum(p)));
        lines
    }
}

impl Size<Heaps> for Staircase {
    fn weight(&self, p: &Heaps) -> u64 {
        p.len() as u64
    }

    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        Some(p.iter().fold(0, |a: u64, &x| a.saturating_add(x)))
    }

    /// Coins only move down and off the staircase, so each step holds at most all
    /// the coins: (coins + 1) to the power of the steps.
    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        let coins = p.iter().fold(0u64, |a, &x| a.saturating_add(x));
        let steps = u32::try_from(p.len()).unwrap_or(u32::MAX);
        Some(coins.saturating_add(1).saturating_pow(steps))
    }
}

/// The registry entry of `staircase`.
pub const FAMILY: Family = Family::game(
    "staircase",
    "Staircase Nim: carry coins from one step to the next lower one (coins on steps 1..n)",
    |_| Ok(GameBox::new("staircase", Staircase)),
)
.with_start("Staircase Nim", "staircase 3,2,4,1");

impl Picture<Heaps> for Staircase {
    /// Steps rising to the right above the ground, the coins stacked on each; a
    /// click carries a coin and the coins above it one step down.
    fn draw(&self, p: &Heaps, _history: &[Heaps]) -> Result<Drawing<Heaps>> {
        let tallest = p.iter().copied().max().unwrap_or(0);
        if tallest > 20 || p.len() > 16 {
            return Err(crate::too_large!(
                "a staircase of {} steps with {tallest} coins on a step is too large to draw: at most 16 steps and 20 coins a step",
                p.len()
            ));
        }
        const W: f64 = 56.0;
        const H: f64 = 22.0;
        let steps = p.len() as f64;
        let top = tallest.max(1) as f64 * H + 10.0;
        let (width, height) = (W * (steps + 1.0) + 10.0, top + H * steps + 26.0);
        let mut d = Drawing::new(
            width,
            height,
            "",
            "click a coin to carry it and the coins above it one step down",
        );
        d.add(Shape::rect(
            0.0,
            height - 18.0,
            width,
            18.0,
            colours::GROUND,
            "ground",
        ));
        d.add(
            Shape::text(6.0, height - 5.0, "ground", Anchor::Start, 12.0)
                .styled(Paint::fill("#ffffff"), "label on-dark"),
        );
        for (k, &coins) in p.iter().enumerate() {
            let x = W * (k as f64 + 1.0);
            let floor = height - 18.0 - H * (k as f64 + 1.0);
            d.add(Shape::rect(
                x,
                floor,
                width - x,
                H * (k as f64 + 1.0),
                colours::WOOD,
                "step",
            ));
            d.add(Shape::text(
                x + 4.0,
                floor + 15.0,
                format!("step {}", k + 1),
                Anchor::Start,
                12.0,
            ));
            for j in 0..coins {
                d.add(
                    Shape::ellipse(
                        x + W / 2.0,
                        floor - 8.0 - j as f64 * 11.0,
                        18.0,
                        7.0,
                        colours::COIN,
                        "coin",
                    )
                    .named(
                        format!("s{k}c{j}"),
                        format!("coin {} on step {}", j + 1, k + 1),
                    ),
                );
            }
        }
        d.offer_moves(self, p, |to| {
            let k = (0..p.len()).rev().find(|&k| to[k] < p[k])?;
            let first = to[k];
            let lit = (first..p[k]).map(|j| format!("s{k}c{j}")).collect();
            Some((vec![format!("s{k}c{first}")], lit))
        })?;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coins_go_down_one_step_at_a_time() {
        let mut out = Vec::new();
        Staircase
            .moves(&Heaps::from_slice(&[0, 2]), &mut out)
            .unwrap();
        assert_eq!(
            out,
            [Heaps::from_slice(&[1, 1]), Heaps::from_slice(&[2, 0])]
        );
        assert_eq!(
            Staircase
                .describe_move(&Heaps::from_slice(&[0, 2]), &Heaps::from_slice(&[1, 1]))
                .unwrap(),
            "move 1 coin from step 2 to step 1"
        );
    }
}
