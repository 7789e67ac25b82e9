//! The Thirty-one game (Mott-Smith 1954): the ace to six of each suit lie face up;
//! the players in turn turn one card over, and the player who first makes the total
//! of the turned cards go above 31 loses. Here a card that would go above 31 is
//! simply not a move, so the player who cannot move loses (normal play).
//!
//! It looks like the take-away game with 1 to 6 chips from 31 (leave totals 3, 10,
//! 17, 24, 31), but no value may be turned more than four times, and an opponent who
//! keeps turning 4s defeats that strategy. The first player still wins: the search
//! finds how.

use super::Family;
use crate::drawing::{colours, Anchor, Paint, Shape};
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// The total a player must not go above.
pub const TARGET: u32 = 31;
/// Cards of each value, ace (1) to six.
pub const COPIES: u8 = 4;

/// The Thirty-one game.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThirtyOne;

/// The cards turned so far: how many of each value, ace to six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Turned([u8; 6]);

impl Turned {
    /// The total of the turned cards.
    pub fn total(&self) -> u32 {
        (1..=6).map(|v| v * self.0[v as usize - 1] as u32).sum()
    }

    /// How many cards of `value` (1 to 6) are turned.
    pub fn count(&self, value: u32) -> u8 {
        self.0[value as usize - 1]
    }

    fn with(&self, value: u32) -> Turned {
        let mut next = *self;
        next.0[value as usize - 1] += 1;
        next
    }
}

impl Game for ThirtyOne {
    type Position = Turned;

    fn moves(&self, p: &Turned, out: &mut Vec<Turned>) -> Result<()> {
        let total = p.total();
        let values = (1..=6).filter(|&v| p.count(v) < COPIES && total + v <= TARGET);
        out.extend(values.map(|v| p.with(v)));
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Turned> {
        let text = text.trim();
        let mut turned = Turned::default();
        if text == "-" {
            return Ok(turned);
        }
        for token in text.split(',') {
            let token = token.trim();
            let value = match token {
                "1" | "2" | "3" | "4" | "5" | "6" => token.parse::<u32>().expect("a digit"),
                _ => {
                    return Err(invalid!(
                        "'{token}' is not a card: write the turned cards 1 to 6 such as 3,4,3, or - for none"
                    ))
                }
            };
            if turned.count(value) == COPIES {
                return Err(invalid!(
                    "'{text}' turns more than {COPIES} cards of {value}: there are only {COPIES}"
                ));
            }
            turned = turned.with(value);
        }
        if turned.total() > TARGET {
            return Err(invalid!(
                "'{text}' adds up to {}, above {TARGET}: that game is already over",
                turned.total()
            ));
        }
        Ok(turned)
    }

    /// The turned cards in increasing order, `-` for none.
    fn format_position(&self, p: &Turned) -> String {
        let cards: Vec<String> = (1..=6u32)
            .flat_map(|v| std::iter::repeat_n(v.to_string(), p.count(v) as usize))
            .collect();
        if cards.is_empty() {
            "-".into()
        } else {
            cards.join(",")
        }
    }

    fn describe_move(&self, from: &Turned, to: &Turned) -> Result<String> {
        Ok(match (1..=6).find(|&v| to.count(v) > from.count(v)) {
            Some(v) => format!("turn a {v}, making the total {}", to.total()),
            None => "turn no card".into(),
        })
    }

    fn why_illegal(&self, from: &Turned, to: &Turned) -> String {
        let added: Vec<u32> = (1..=6).filter(|&v| to.count(v) != from.count(v)).collect();
        match added[..] {
            [v] if to.count(v) == from.count(v) + 1 => {
                if from.count(v) == COPIES {
                    format!("all {COPIES} cards of {v} are already turned")
                } else {
                    format!(
                        "turning a {v} would make the total {}, above {TARGET}",
                        to.total()
                    )
                }
            }
            _ => "a move turns over exactly one more card, keeping those already turned".into(),
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Turned> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

/// At most four cards of each of six values are turned: 5⁶ positions at most,
/// fewer the more are turned.
impl Size<Turned> for ThirtyOne {
    fn count_positions(&self, p: &Turned) -> Option<u64> {
        Some(p.0.iter().map(|&turned| 5 - turned as u64).product())
    }
}

impl Theory<Turned> for ThirtyOne {
    fn theorem(&self, _play: Play) -> &'static str {
        "the Thirty-one analysis"
    }

    fn explain(&self, p: &Turned, play: Play) -> Vec<String> {
        if play == Play::Misere {
            return Vec::new();
        }
        let total = p.total();
        let left: Vec<String> = (1..=6u32)
            .map(|v| format!("{v}×{}", COPIES - p.count(v)))
            .collect();
        let mut lines = vec![
            format!(
                "The total is {total}; the cards left are {}. A card that would take the total \
                 above {TARGET} cannot be turned (turning it loses at once).",
                left.join(", ")
            ),
            "With unlimited cards this would be the take-away game with 1 to 6 from 31: leave a \
             total of 3, 10, 17, 24 or 31 (31 minus a multiple of 7). But each value has only \
             four cards, so grundy searches the game itself."
                .into(),
        ];
        let wanted = (TARGET - total) % 7;
        lines.push(match wanted {
            0 => "The total is already a naive target: the naive strategy has no move to make."
                .into(),
            v if p.count(v) < COPIES => format!(
                "The naive strategy would turn a {v} (total {}).",
                total + v
            ),
            v => format!(
                "The naive strategy would turn a {v}, but all four {v}s are gone: this is where it fails."
            ),
        });
        lines
    }
}

/// The registry entry of `thirty-one`.
pub const FAMILY: Family = Family::game(
    "thirty-one",
    "the Thirty-one game: turn cards 1-6 (four of each), never above 31 (cards turned, or -)",
    |_| Ok(GameBox::new("thirty-one", ThirtyOne)),
)
.with_start("Thirty-one", "thirty-one -");

impl Picture<Turned> for ThirtyOne {
    /// Four cards of each value, those turned face down under the pile; a click on
    /// the card on top turns it.
    fn draw(&self, p: &Turned, _history: &[Turned]) -> Result<Drawing<Turned>> {
        const W: f64 = 46.0;
        const H: f64 = 62.0;
        let (width, height) = (6.0 * (W + 8.0) + 8.0, 4.0 * 18.0 + H + 40.0);
        let total = p.total();
        let mut d = Drawing::new(width, height, "", "click a card to turn it");
        d.add(Shape::text(
            8.0,
            height - 8.0,
            format!("total {total} (never above 31)"),
            Anchor::Start,
            12.0,
        ));
        for v in 1..=6u32 {
            let down = p.count(v) as usize;
            for k in 0..4 {
                let (x, y) = (8.0 + (v - 1) as f64 * (W + 8.0), 6.0 + k as f64 * 18.0);
                let face_down = k < down;
                let card = match face_down {
                    true => Shape::rect(x, y, W, H, colours::CARD_DOWN, "card down"),
                    false => Shape::rect(x, y, W, H, colours::CARD, "card"),
                }
                .rounded(5.0);
                let on_top = k == 3 && !face_down;
                d.add(match on_top {
                    true => card.named(
                        format!("v{v}"),
                        format!("turn a {v}, making the total {}", total + v),
                    ),
                    false => card,
                });
                let ink = if face_down {
                    Paint::fill("#dfe8f3")
                } else {
                    colours::DARK_INK
                };
                d.add(
                    Shape::text(x + 8.0, y + 14.0, v.to_string(), Anchor::Start, 14.0)
                        .styled(ink, "card-value"),
                );
                if on_top {
                    d.add(
                        Shape::text(
                            x + W / 2.0,
                            y + H - 12.0,
                            v.to_string(),
                            Anchor::Middle,
                            24.0,
                        )
                        .styled(colours::DARK_INK, "card-big"),
                    );
                }
            }
        }
        d.offer_moves(self, p, |to| {
            let v = (1..=6).find(|&v| to.count(v) > p.count(v))?;
            Some((vec![format!("v{v}")], vec![format!("v{v}")]))
        })?;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_write_and_run_out() {
        let g = ThirtyOne;
        let p = g.parse_position("4,3,4").unwrap();
        assert_eq!(g.format_position(&p), "3,4,4");
        assert_eq!(p.total(), 11);
        assert!(g
            .parse_position("7")
            .unwrap_err()
            .to_string()
            .contains("'7'"));
        assert!(g.parse_position("6,6,6,6,6").is_err());
        let mut out = Vec::new();
        g.moves(&g.parse_position("6,6,6,6,5").unwrap(), &mut out)
            .unwrap();
        assert_eq!(out.len(), 2, "only an ace or a 2 keeps 29 at most 31");
    }
}
