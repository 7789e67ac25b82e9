//! Wythoff's game: two heaps; a move takes any number of chips from one heap, or the
//! same number from both. Wythoff's theorem: the P-positions are the pairs
//! (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k), k = 0, 1, 2, …, with φ the golden ratio — two
//! complementary Beatty sequences. Under misère play the P-positions are the same
//! except that (0, 0) and (1, 2) give way to (0, 1) and (2, 2).

use super::heaps;
use super::Family;
use crate::drawing::{colours, Anchor, Paint, Shape};
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Heaps, Nimber, Outcome, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// Wythoff's game; a position is two heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

/// a × b as a 256-bit number (high, low).
fn wide_mul(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u64::MAX as u128);
    let (b1, b0) = (b >> 64, b & u64::MAX as u128);
    let low = a0 * b0;
    let (mid, carry) = (a1 * b0).overflowing_add(a0 * b1);
    let (low, low_carry) = low.overflowing_add(mid << 64);
    let high = a1 * b1 + (mid >> 64) + ((carry as u128) << 64) + low_carry as u128;
    (high, low)
}

/// ⌊k√5⌋ for any k < 2^64: from the square root in floating point, corrected in
/// integers, while 5k² fits in 64 bits; beyond, by bisection on r² ≤ 5k² in exact
/// 256-bit arithmetic.
fn floor_k_sqrt5(k: u64) -> u128 {
    if k < 1 << 30 {
        let n = 5 * k * k;
        let mut r = (n as f64).sqrt() as u64;
        while r * r > n {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= n {
            r += 1;
        }
        return r as u128;
    }
    let five_k2 = wide_mul(5 * k as u128, k as u128);
    let (mut low, mut high) = (0u128, 1u128 << 66);
    while high - low > 1 {
        let mid = (low + high) / 2;
        if wide_mul(mid, mid) <= five_k2 {
            low = mid;
        } else {
            high = mid;
        }
    }
    low
}

/// ⌊kφ⌋ = ⌊(k + ⌊k√5⌋) / 2⌋, exactly, for any k < 2^64.
pub fn lower(k: u64) -> u128 {
    (k as u128 + floor_k_sqrt5(k)) / 2
}

/// The P-position (⌊kφ⌋, ⌊kφ⌋ + k).
pub fn p_pair(k: u64) -> (u128, u128) {
    let a = lower(k);
    (a, a + k as u128)
}

/// The largest k < 2^64 with `f(k)` ≤ x, for an increasing f with f(0) = 0.
fn last_at_most(x: u128, f: impl Fn(u64) -> u128) -> u64 {
    let (mut low, mut high) = (0u64, u64::MAX);
    while low < high {
        let mid = low + (high - low).div_ceil(2);
        if f(mid) <= x {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    low
}

/// The other heap of the P-position that has a heap of `x`: every x is in exactly
/// one, as ⌊kφ⌋ or as ⌊kφ⌋ + k (the two Beatty sequences are complementary). The
/// partner of a heap near 2^64 may be larger than any heap.
pub fn partner(x: u64) -> u128 {
    // Near the floating-point guesses first, checked exactly; else by bisection.
    if x < 1 << 50 {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let near = |guess: f64| (guess as u64).saturating_sub(2)..=(guess as u64) + 2;
        for k in near(x as f64 / phi) {
            if lower(k) == x as u128 {
                return x as u128 + k as u128;
            }
        }
        for k in near(x as f64 / (phi * phi)) {
            if lower(k) + k as u128 == x as u128 {
                return lower(k);
            }
        }
    }
    let x = x as u128;
    let k = last_at_most(x, lower);
    if lower(k) == x {
        return x + k as u128;
    }
    let k = last_at_most(x, |k| lower(k) + k as u128);
    lower(k)
}

/// Wythoff's theorem: (a, b) is P exactly when it is (⌊kφ⌋, ⌊kφ²⌋) in some order.
pub fn is_p_position(a: u64, b: u64) -> bool {
    partner(a) == b as u128
}

fn misere_p(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    matches!((a, b), (0, 1) | (2, 2)) || (a >= 3 && is_p_position(a, b))
}

impl Game for Wythoff {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        let (a, b) = (p[0], p[1]);
        out.extend((0..a).map(|x| heaps::with(p, 0, x)));
        out.extend((0..b).map(|y| heaps::with(p, 1, y)));
        out.extend((1..=a.min(b)).map(|t| Heaps::from_slice(&[a - t, b - t])));
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Heaps> {
        let p = heaps::parse(text)?;
        if p.len() != 2 {
            return Err(invalid!(
                "'{text}' is not a position of Wythoff's game: write two heaps, e.g. 3,5"
            ));
        }
        Ok(p)
    }

    fn format_position(&self, p: &Heaps) -> String {
        heaps::format(p)
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> Result<String> {
        if from[0] != to[0] && from[1] != to[1] {
            return Ok(format!("take {} from both heaps", from[0] - to[0]));
        }
        Ok(heaps::describe_take(from, to))
    }

    fn why_illegal(&self, from: &Heaps, to: &Heaps) -> String {
        if to.len() != 2 {
            return "Wythoff's game keeps its two heaps".into();
        }
        if to[0] > from[0] || to[1] > from[1] {
            return "a move only takes chips away".into();
        }
        format!(
            "taking {} and {} is not a move: take from one heap, or the same number from both",
            from[0] - to[0],
            from[1] - to[1]
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

impl Theory<Heaps> for Wythoff {
    fn theorem(&self, _play: Play) -> &'static str {
        "Wythoff's theorem"
    }

    /// A P-position has nimber 0; other nimbers are searched.
    fn nimber(&self, p: &Heaps) -> Option<Nimber> {
        is_p_position(p[0], p[1]).then_some(0)
    }
    /// The moves to P-positions: to the partner of either heap, or along the
    /// diagonal to the P-position with the same difference.
    fn moves_to_nimber(&self, p: &Heaps, target: Nimber) -> Option<Vec<Heaps>> {
        if target != 0 {
            return None;
        }
        let (a, b) = (p[0], p[1]);
        let mut found = Vec::new();
        if partner(a) < b as u128 {
            found.push(heaps::with(p, 1, partner(a) as u64));
        }
        if partner(b) < a as u128 {
            found.push(heaps::with(p, 0, partner(b) as u64));
        }
        let (low, _) = p_pair(a.abs_diff(b));
        if low < a.min(b) as u128 {
            let t = a.min(b) - low as u64;
            found.push(Heaps::from_slice(&[a - t, b - t]));
        }
        Some(found)
    }
    fn outcome(&self, p: &Heaps, play: Play) -> Option<Outcome> {
        let p_position = match play {
            Play::Normal => is_p_position(p[0], p[1]),
            Play::Misere => misere_p(p[0], p[1]),
        };
        Some(if p_position { Outcome::P } else { Outcome::N })
    }
    fn explain(&self, p: &Heaps, play: Play) -> Vec<String> {
        let (a, b) = (p[0].min(p[1]), p[0].max(p[1]));
        let k = b - a;
        let (low, high) = p_pair(k);
        let first: Vec<String> = (0..6)
            .map(|k| format!("({}, {})", p_pair(k).0, p_pair(k).1))
            .collect();
        let mut lines = vec![
            "Wythoff's theorem: the P-positions are (⌊kφ⌋, ⌊kφ²⌋) for k = 0, 1, 2, …, where \
             φ = (1 + √5)/2 ≈ 1.618 and ⌊kφ²⌋ = ⌊kφ⌋ + k: two Beatty sequences that together \
             hold every positive number exactly once."
                .into(),
            format!("The first ones: {}, …", first.join(", ")),
            format!(
                "Here the heaps differ by k = {k}; the P-position with that difference is \
                 (⌊{k}φ⌋, ⌊{k}φ²⌋) = ({low}, {high}), so ({a}, {b}) is {}.",
                if (low, high) == (a as u128, b as u128) {
                    "P"
                } else {
                    "N"
                }
            ),
        ];
        if play == Play::Misere {
            lines.push(
                "Misère play: the same P-positions, except that (0, 1) and (2, 2) take the \
                 place of (0, 0) and (1, 2)."
                    .into(),
            );
        }
        lines
    }
}

impl Size<Heaps> for Wythoff {
    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        Some(p[0].saturating_add(p[1]).saturating_add(p[0].min(p[1])))
    }

    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        Some(heaps::at_or_below(p))
    }
}

/// The registry entry of `wythoff`.
pub const FAMILY: Family = Family::game(
    "wythoff",
    "Wythoff's game: take from one heap, or the same from both (two heaps a,b)",
    |_| Ok(GameBox::new("wythoff", Wythoff)),
)
.with_start("Wythoff's game", "wythoff 7,10");

impl Picture<Heaps> for Wythoff {
    /// A queen on a board, at column a and row b from the bottom left; a click on a
    /// square left of her, below her or diagonally below-left moves her there.
    fn draw(&self, p: &Heaps, history: &[Heaps]) -> Result<Drawing<Heaps>> {
        let (a, b) = (p[0], p[1]);
        // The board of the game's start, so that it keeps its size as the queen moves.
        let n = history
            .iter()
            .chain([p])
            .flat_map(|q| q.iter().copied())
            .max()
            .unwrap_or(0)
            + 1;
        if n > 30 {
            return Err(crate::too_large!(
                "a queen at ({a}, {b}) is too far out to draw: at most 29 squares from the corner"
            ));
        }
        let c = ((420 / n) as f64).clamp(14.0, 34.0);
        let side = c * n as f64;
        let mut d = Drawing::new(
            side + 30.0,
            side + 26.0,
            "",
            "click a square left of the queen, below her, or diagonally below-left of her",
        );
        let x_at = |x: u64| 26.0 + c * x as f64;
        let y_at = |y: u64| 4.0 + c * (n - 1 - y) as f64;
        let square = |x: u64, y: u64| format!("q{x}_{y}");
        for x in 0..n {
            d.add(Shape::text(
                x_at(x) + c / 2.0,
                side + 20.0,
                x.to_string(),
                Anchor::Middle,
                12.0,
            ));
            d.add(Shape::text(
                20.0,
                y_at(x) + c / 2.0 + 4.0,
                x.to_string(),
                Anchor::End,
                12.0,
            ));
            for y in 0..n {
                let (paint, class) = match (x + y) % 2 {
                    0 => (colours::LIGHT, "square light"),
                    _ => (colours::DARK, "square dark"),
                };
                let shape = Shape::rect(x_at(x), y_at(y), c, c, paint, class)
                    .named(square(x, y), format!("move the queen to ({x}, {y})"));
                d.add(match (x, y) {
                    (0, 0) => shape.also("goal"),
                    _ => shape,
                });
            }
        }
        d.add(
            Shape::text(
                x_at(a) + c / 2.0,
                y_at(b) + c * 0.78,
                "\u{265B}",
                Anchor::Middle,
                c * 0.8,
            )
            .styled(Paint::fill("#3b2a59"), "queen"),
        );
        d.offer_moves(self, p, |to| {
            let at = square(to[0], to[1]);
            Some((vec![at.clone()], vec![at]))
        })?;
        d.class_marked("target");
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beatty_pairs_start_as_wythoff_found() {
        let pairs: Vec<(u128, u128)> = (0..8).map(p_pair).collect();
        assert_eq!(
            pairs,
            [
                (0, 0),
                (1, 2),
                (3, 5),
                (4, 7),
                (6, 10),
                (8, 13),
                (9, 15),
                (11, 18)
            ]
        );
        assert_eq!(partner(13), 8);
        assert_eq!(partner(8), 13);
        let k = 1 << 40;
        assert_eq!(partner(lower(k) as u64), lower(k) + k as u128);
        // Exact at the ends of u64: ⌊kφ⌋ for k = 2^63 against φ to 40 digits,
        // 1.618033988749894848204586834365638117720…
        assert_eq!(lower(1 << 63), 14_923_729_446_516_375_050);
        let top = u64::MAX;
        let p = partner(top);
        assert!(p > top as u128 || partner(p as u64) == top as u128);
        // Every number has one partner, and the fast and the exact ways agree.
        for x in (0..10_000).chain((1 << 50) - 100..(1 << 50) + 100) {
            let p = partner(x);
            assert_eq!(partner(p as u64), x as u128, "{x}");
            let k = last_at_most(x as u128, lower);
            let exact = match lower(k) == x as u128 {
                true => x as u128 + k as u128,
                false => lower(last_at_most(x as u128, |k| lower(k) + k as u128)),
            };
            assert_eq!(p, exact, "{x}");
        }
        // The Beatty sequences cover every number near the top exactly once.
        for x in (top - 1000)..=top {
            let p = partner(x);
            if p <= u64::MAX as u128 {
                assert_eq!(partner(p as u64), x as u128, "{x}");
            }
        }
    }
}
