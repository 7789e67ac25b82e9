//! Coin-turning games (Lenstra): a row of coins, heads or tails, in places 1, 2, …,
//! n from the left. A move turns one head to tails and, if the player likes, some
//! coins to its left (either way up):
//!
//! - Turning Turtles (`turtles`): at most one other coin. It is Nim in disguise: a
//!   head in place n is a heap of n chips.
//! - Mock Turtles (`mock-turtles`): at most two other coins. A head in place n has the
//!   n-th odious number as its nimber (1, 2, 4, 7, 8, 11, …: an odd count of 1s).
//!
//! In both, a position's nimber is the nim-sum of its single heads' nimbers (a theorem
//! of coin-turning games), though the heads are not independent parts: a move may turn
//! two heads at once.

use super::Family;
use crate::drawing::{colours, Anchor, Shape};
use crate::notation::binary_columns;
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Nimber, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// The most coins a row may have.
pub const MAX_COINS: usize = 128;

/// A coin-turning game that turns one head and up to `most - 1` coins to its left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoinTurning {
    most: usize,
}

/// A row of coins: bit i of `heads` is the coin in place i + 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    len: u8,
    heads: u128,
}

impl Coins {
    /// The places (from 1) of the heads, left to right.
    pub fn head_places(&self) -> Vec<u64> {
        (0..self.len as u64)
            .filter(|&i| self.heads >> i & 1 == 1)
            .map(|i| i + 1)
            .collect()
    }

    fn turned(&self, places: &[u64]) -> Coins {
        let flips = places.iter().fold(0u128, |a, &p| a | 1 << (p - 1));
        Coins {
            len: self.len,
            heads: self.heads ^ flips,
        }
    }
}

/// The n-th odious number (n from 1): the n-th number with an odd count of 1s.
pub fn odious(n: u64) -> Nimber {
    let twice = 2 * (n - 1);
    if twice.count_ones() % 2 == 1 {
        twice
    } else {
        twice + 1
    }
}

impl CoinTurning {
    /// Turning Turtles: a head and at most one coin to its left.
    pub const TURTLES: CoinTurning = CoinTurning { most: 2 };
    /// Mock Turtles: a head and at most two coins to its left.
    pub const MOCK_TURTLES: CoinTurning = CoinTurning { most: 3 };

    /// The nimber of a single head in `place`.
    pub fn head_nimber(&self, place: u64) -> Nimber {
        if self.most == 2 {
            place
        } else {
            odious(place)
        }
    }

    fn name(&self) -> &'static str {
        if self.most == 2 {
            "Turning Turtles"
        } else {
            "Mock Turtles"
        }
    }
}

impl Game for CoinTurning {
    type Position = Coins;

    fn moves(&self, p: &Coins, out: &mut Vec<Coins>) -> Result<()> {
        for head in p.head_places() {
            out.push(p.turned(&[head]));
            for j in 1..head {
                out.push(p.turned(&[head, j]));
                if self.most == 3 {
                    out.extend((1..j).map(|i| p.turned(&[head, j, i])));
                }
            }
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Coins> {
        let text = text.trim();
        if text.is_empty() || text.len() > MAX_COINS {
            return Err(invalid!(
                "'{text}' is not a row of 1 to {MAX_COINS} coins written with H and T, e.g. THTTH"
            ));
        }
        let mut heads = 0u128;
        for (i, c) in text.chars().enumerate() {
            match c {
                'H' | 'h' => heads |= 1 << i,
                'T' | 't' => {}
                _ => {
                    return Err(invalid!(
                        "'{c}' in '{text}' is not a coin: write H for heads and T for tails"
                    ))
                }
            }
        }
        Ok(Coins {
            len: text.len() as u8,
            heads,
        })
    }

    fn format_position(&self, p: &Coins) -> String {
        (0..p.len)
            .map(|i| if p.heads >> i & 1 == 1 { 'H' } else { 'T' })
            .collect()
    }

    fn describe_move(&self, from: &Coins, to: &Coins) -> Result<String> {
        let flipped = Coins {
            len: from.len,
            heads: from.heads ^ to.heads,
        };
        let words: Vec<String> = flipped
            .head_places()
            .iter()
            .rev()
            .map(|&place| {
                let (was, now) = if from.heads >> (place - 1) & 1 == 1 {
                    ("heads", "tails")
                } else {
                    ("tails", "heads")
                };
                format!("the coin in place {place} from {was} to {now}")
            })
            .collect();
        Ok(format!("turn {}", words.join(" and ")))
    }

    fn why_illegal(&self, from: &Coins, to: &Coins) -> String {
        if from.len != to.len {
            return format!("the row must keep its {} coins", from.len);
        }
        let flipped = Coins {
            len: from.len,
            heads: from.heads ^ to.heads,
        }
        .head_places();
        match flipped.last() {
            None => "a move must turn at least one coin".into(),
            Some(&right) if from.heads >> (right - 1) & 1 == 0 => {
                format!("the rightmost coin turned (place {right}) must go from heads to tails")
            }
            _ => format!(
                "{} turns at most {} coins, not {}",
                self.name(),
                self.most,
                flipped.len()
            ),
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Coins> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

/// A move turns a head and coins to its left, so the coins right of the last head
/// never turn: 2 to the power of the last head's place.
impl Size<Coins> for CoinTurning {
    fn count_positions(&self, p: &Coins) -> Option<u64> {
        let last = 128 - p.heads.leading_zeros();
        Some(1u64.checked_shl(last).unwrap_or(u64::MAX))
    }
}

impl Theory<Coins> for CoinTurning {
    fn theorem(&self, _play: Play) -> &'static str {
        if self.most == 2 {
            "Turning Turtles as Nim on the heads"
        } else {
            "Mock Turtles and the odious numbers"
        }
    }

    fn nimber(&self, p: &Coins) -> Option<Nimber> {
        let heads = p.head_places().into_iter();
        Some(heads.fold(0, |a, place| a ^ self.head_nimber(place)))
    }
    /// Turning Turtles as Nim: the head in place h goes to place h XOR change.
    fn moves_to_nimber(&self, p: &Coins, target: Nimber) -> Option<Vec<Coins>> {
        if self.most != 2 {
            return None;
        }
        let change = self.nimber(p)? ^ target;
        let mut found = Vec::new();
        for head in p.head_places() {
            let to = head ^ change;
            if to == 0 {
                found.push(p.turned(&[head]));
            } else if to < head {
                found.push(p.turned(&[head, to]));
            }
        }
        Some(found)
    }
    fn explain(&self, p: &Coins, play: Play) -> Vec<String> {
        if play == Play::Misere {
            return Vec::new();
        }
        let mut lines = vec![if self.most == 2 {
            "Turning Turtles is Nim in disguise: a head in place n is a Nim heap of n chips. \
             Turning it to tails empties the heap; also turning a coin in place m < n takes \
             the heap down to m (if that coin was heads, two heaps of m cancel)."
                .to_string()
        } else {
            "Mock Turtles: a head in place n has the n-th odious number (1, 2, 4, 7, 8, 11, 13, \
             14, …, an odd number of 1s in binary) as its nimber, and the position the nim-sum \
             of its heads' nimbers."
                .to_string()
        }];
        let rows: Vec<(String, u64)> = p
            .head_places()
            .into_iter()
            .map(|place| (format!("place {place}"), self.head_nimber(place)))
            .collect();
        let total = rows.iter().fold(0, |a, r| a ^ r.1);
        lines.extend(binary_columns(&rows, total));
        lines
    }
}

/// The registry entry of `turtles`.
pub const TURTLES: Family = Family::game(
    "turtles",
    "Turning Turtles: turn a head to tails and maybe one coin to its left (a row like THTTH)",
    |_| Ok(GameBox::new("turtles", CoinTurning::TURTLES)),
)
.with_start("Turning Turtles", "turtles THTTHHTH");

/// The registry entry of `mock-turtles`.
pub const MOCK_TURTLES: Family = Family::game(
    "mock-turtles",
    "Mock Turtles: turn a head to tails and up to two coins to its left",
    |_| Ok(GameBox::new("mock-turtles", CoinTurning::MOCK_TURTLES)),
)
.with_start("Turning Turtles", "mock-turtles HTTHTHH");

impl Picture<Coins> for CoinTurning {
    /// The row of coins, heads gold and tails grey, numbered; clicks mark the coins
    /// to turn.
    fn draw(&self, p: &Coins, _history: &[Coins]) -> Result<Drawing<Coins>> {
        let len = p.len as usize;
        if len > 40 {
            return Err(crate::too_large!(
                "a row of {len} coins is too large to draw: at most 40"
            ));
        }
        const C: f64 = 40.0;
        let mut d = Drawing::new(
            C * len as f64 + 4.0,
            C + 30.0,
            "",
            "mark the coins to turn, then turn them",
        );
        for i in 0..len {
            let x = 2.0 + C * i as f64 + C / 2.0;
            let heads = p.heads >> i & 1 == 1;
            let (paint, class, face, word) = match heads {
                true => (colours::COIN, "coin heads", "H", "heads"),
                false => (colours::TAILS, "coin tails", "T", "tails"),
            };
            d.add(
                Shape::circle(x, C / 2.0 + 2.0, C / 2.0 - 3.0, paint, class).named(
                    format!("c{i}"),
                    format!("the coin in place {} ({word})", i + 1),
                ),
            );
            d.add(
                Shape::text(x, C / 2.0 + 8.0, face, Anchor::Middle, 18.0)
                    .styled(colours::DARK_INK, "coin-letter"),
            );
            d.add(Shape::text(
                x,
                C + 22.0,
                (i + 1).to_string(),
                Anchor::Middle,
                12.0,
            ));
        }
        d.offer_moves(self, p, |to| {
            let turned: Vec<String> = (0..len)
                .filter(|&i| (p.heads ^ to.heads) >> i & 1 == 1)
                .map(|i| format!("c{i}"))
                .collect();
            Some((turned.clone(), turned))
        })?;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_and_moves_turn_a_head_and_coins_to_its_left() {
        let g = CoinTurning::TURTLES;
        let p = g.parse_position("THT").unwrap();
        assert_eq!(p.head_places(), [2]);
        let mut out = Vec::new();
        g.moves(&p, &mut out).unwrap();
        let rows: Vec<String> = out.iter().map(|q| g.format_position(q)).collect();
        assert_eq!(rows, ["TTT", "HTT"]);
        assert_eq!(
            g.describe_move(&p, &out[1]).unwrap(),
            "turn the coin in place 2 from heads to tails and the coin in place 1 from tails to heads"
        );
        assert!(g
            .parse_position("THX")
            .unwrap_err()
            .to_string()
            .contains("'X'"));
        assert_eq!(
            (1..=8).map(odious).collect::<Vec<_>>(),
            [1, 2, 4, 7, 8, 11, 13, 14]
        );
    }
}
