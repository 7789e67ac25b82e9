//! Dynamic subtraction: one pile; the first move takes at least one chip but not the
//! whole pile, and after that a player may take at most `factor` times what the
//! opponent just took (Ferguson's exercise 1.7).
//!
//! - `dynamic` (factor 1): write n in binary; the player to move wins exactly when
//!   the smallest power of 2 in it is at most the limit, by taking it. The second
//!   player wins from the start exactly when n is a power of 2.
//! - `fibonacci` (factor 2, Whinihan's Fibonacci Nim): the same with n written by
//!   Zeckendorf's theorem as a sum of non-neighbouring Fibonacci numbers 1, 2, 3, 5,
//!   8, …; the second player wins exactly when n is a Fibonacci number.
//!
//! A position is the pile and the most the player to move may take.

use super::heaps;
use super::Family;
use crate::drawing::{colours, Anchor, Shape};
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Outcome, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// A dynamic subtraction game: take at most `factor` times the opponent's last take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dynamic {
    factor: u64,
}

/// A pile of chips and the most the player to move may take (never above the pile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    /// Chips left.
    pub chips: u64,
    /// The most the player to move may take.
    pub limit: u64,
}

/// Zeckendorf's representation of n: non-neighbouring Fibonacci numbers (1, 2, 3, 5,
/// …), largest first, adding up to n.
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 2].checked_add(fibs[fibs.len() - 1]) {
        if next > n {
            break;
        }
        fibs.push(next);
    }
    let mut terms = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The powers of 2 that add up to n (its binary digits), largest first.
pub fn binary_terms(n: u64) -> Vec<u64> {
    (0..64)
        .rev()
        .map(|b| 1u64 << b)
        .filter(|p| n & p != 0)
        .collect()
}

impl Dynamic {
    /// Dynamic subtraction: at most what the opponent took.
    pub const DYNAMIC: Dynamic = Dynamic { factor: 1 };
    /// Fibonacci Nim: at most twice what the opponent took.
    pub const FIBONACCI: Dynamic = Dynamic { factor: 2 };

    /// The pile's terms: binary for factor 1, Zeckendorf for factor 2.
    pub fn terms(&self, n: u64) -> Vec<u64> {
        if self.factor == 1 {
            binary_terms(n)
        } else {
            zeckendorf(n)
        }
    }

    /// The theorem: the player to move wins exactly when the smallest term of the pile
    /// is at most the limit (taking it leaves a smallest term more than `factor` times
    /// larger).
    pub fn is_p_position(&self, p: Pile) -> bool {
        self.terms(p.chips).last().is_none_or(|&t| t > p.limit)
    }

    /// The position at the start of a game with `chips` chips.
    pub fn start(chips: u64) -> Pile {
        Pile {
            chips,
            limit: chips.saturating_sub(1),
        }
    }

    fn after_taking(&self, p: Pile, take: u64) -> Pile {
        let chips = p.chips - take;
        Pile {
            chips,
            limit: take.saturating_mul(self.factor).min(chips),
        }
    }

    fn name(&self) -> &'static str {
        if self.factor == 1 {
            "dynamic subtraction"
        } else {
            "Fibonacci Nim"
        }
    }
}

impl Game for Dynamic {
    type Position = Pile;

    fn moves(&self, p: &Pile, out: &mut Vec<Pile>) -> Result<()> {
        out.extend((1..=p.limit).map(|take| self.after_taking(*p, take)));
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Pile> {
        let (chips, limit) = match text.split_once('/') {
            None => (text.trim(), None),
            Some((chips, limit)) => (chips.trim(), Some(limit.trim())),
        };
        let chips = heaps::parse_number(chips, "number of chips")?;
        match limit {
            None => Ok(Dynamic::start(chips)),
            Some(limit) => {
                let limit = heaps::parse_number(limit, "most chips a move may take")?;
                if chips > 0 && limit == 0 {
                    return Err(invalid!(
                        "'{text}': the most a move may take is at least 1 (write {chips}/1 or more)"
                    ));
                }
                Ok(Pile {
                    chips,
                    limit: limit.min(chips),
                })
            }
        }
    }

    /// `n` at the start (take anything but the whole pile), else `n/limit`.
    fn format_position(&self, p: &Pile) -> String {
        if p == &Dynamic::start(p.chips) {
            p.chips.to_string()
        } else {
            format!("{}/{}", p.chips, p.limit)
        }
    }

    fn describe_move(&self, from: &Pile, to: &Pile) -> Result<String> {
        Ok(format!(
            "take {} from the pile of {}",
            from.chips - to.chips,
            from.chips
        ))
    }

    fn why_illegal(&self, from: &Pile, to: &Pile) -> String {
        if to.chips >= from.chips {
            return "a move takes at least one chip".into();
        }
        let take = from.chips - to.chips;
        if take > from.limit {
            return format!(
                "taking {take} is not allowed: at most {} may be taken now",
                from.limit
            );
        }
        format!(
            "after taking {take}, the next player may take at most {}, so write {}",
            self.after_taking(*from, take).limit,
            self.format_position(&self.after_taking(*from, take))
        )
    }

    fn capabilities(&self) -> Capabilities<'_, Pile> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

impl Theory<Pile> for Dynamic {
    fn theorem(&self, _play: Play) -> &'static str {
        if self.factor == 1 {
            "the binary rule of dynamic subtraction"
        } else {
            "Zeckendorf's theorem"
        }
    }

    /// Every move to a P-position, by the theorem, without listing the moves: a
    /// winning take t leaves a pile whose smallest term is more than `factor` × t,
    /// and then the terms of t are the smallest terms of the pile (for binary terms
    /// plainly; for Zeckendorf's, since t is less than half the next term, its terms
    /// stay apart from it). So the winning takes are among the sums of the pile's
    /// smallest terms, at most 64 or 92 of them.
    fn moves_to_nimber(&self, p: &Pile, target: u64) -> Option<Vec<Pile>> {
        if target != 0 {
            return None;
        }
        let mut winning = Vec::new();
        let mut take = 0u64;
        for &term in self.terms(p.chips).iter().rev() {
            take += term;
            if take > p.limit {
                break;
            }
            let q = self.after_taking(*p, take);
            if self.is_p_position(q) {
                winning.push(q);
            }
        }
        Some(winning)
    }

    /// Under misère play whoever takes the last chip loses, so no one takes the whole
    /// pile while another move is left: a pile of n ≥ 1 chips plays as the normal game
    /// on n − 1 chips (the limit at most n − 1), whose empty pile is the misère pile of
    /// one chip that must be taken.
    fn outcome(&self, p: &Pile, play: Play) -> Option<Outcome> {
        let p = match play {
            Play::Normal => *p,
            Play::Misere if p.limit == 0 => return Some(Outcome::N),
            Play::Misere => Pile {
                chips: p.chips - 1,
                limit: p.limit.min(p.chips - 1),
            },
        };
        Some(match self.is_p_position(p) {
            true => Outcome::P,
            false => Outcome::N,
        })
    }
    fn explain(&self, p: &Pile, play: Play) -> Vec<String> {
        if play == Play::Misere {
            if p.limit == 0 {
                return vec![
                    "No chip may be taken: under misère play the player to move has won.".into(),
                ];
            }
            let normal = Pile {
                chips: p.chips - 1,
                limit: p.limit.min(p.chips - 1),
            };
            let mut lines = vec![format!(
                "Under misère play whoever takes the last chip loses, so no one takes the whole pile while another move is left: the pile of {} plays as the normal game on {} chips, at most {} taken now.",
                p.chips, normal.chips, normal.limit
            )];
            lines.extend(self.explain(&normal, Play::Normal));
            return lines;
        }
        let terms = self.terms(p.chips);
        let written: Vec<String> = terms.iter().map(u64::to_string).collect();
        let mut lines = vec![if self.factor == 1 {
            "Dynamic subtraction: write the pile as a sum of distinct powers of 2 (its binary \
             digits). Taking the smallest power leaves a pile whose smallest power is larger \
             than what the opponent may then take; so the player to move wins exactly when the \
             smallest power is at most the limit, and from the start the second player wins \
             exactly when the pile is a power of 2."
                .to_string()
        } else {
            "Fibonacci Nim, by Zeckendorf's theorem: every positive number is one sum of distinct \
             non-neighbouring Fibonacci numbers (1, 2, 3, 5, 8, 13, 21, 34, 55, …). Taking the \
             smallest term leaves a pile whose smallest term is more than twice as large, out of \
             the opponent's reach; so the player to move wins exactly when the smallest term is \
             at most the limit, and from the start the second player wins exactly when the pile \
             is a Fibonacci number."
                .to_string()
        }];
        if p.chips == 0 {
            lines.push("The pile is empty: the player to move has lost.".into());
            return lines;
        }
        let smallest = *terms.last().expect("a non-empty pile has terms");
        lines.push(format!(
            "Here {} = {}; the smallest term is {smallest}, and at most {} may be taken now.",
            p.chips,
            written.join(" + "),
            p.limit
        ));
        lines.push(if smallest <= p.limit {
            format!(
                "{smallest} ≤ {}: an N-position; take {smallest}, leaving {} with the opponent \
                 allowed at most {}.",
                p.limit,
                p.chips - smallest,
                (smallest * self.factor).min(p.chips - smallest)
            )
        } else {
            format!(
                "{smallest} > {}: a P-position of {}; every move leaves the opponent a \
                 smallest term they can take.",
                p.limit,
                self.name()
            )
        });
        lines
    }
}

impl Size<Pile> for Dynamic {
    fn count_moves(&self, p: &Pile) -> Option<u64> {
        Some(p.limit)
    }

    /// The piles of fewer chips, each with a limit of at most its chips (and, in
    /// dynamic subtraction, at most the limit now).
    fn count_positions(&self, p: &Pile) -> Option<u64> {
        let limits = match self.factor {
            1 => p.limit.min(p.chips),
            _ => p.chips,
        };
        Some(
            p.chips
                .saturating_add(1)
                .saturating_mul(limits.saturating_add(1)),
        )
    }
}

/// The registry entry of `dynamic`.
pub const DYNAMIC: Family = Family::game(
    "dynamic",
    "dynamic subtraction: take at most what the opponent just took (pile n, or n/limit)",
    |_| Ok(GameBox::new("dynamic", Dynamic::DYNAMIC)),
)
.with_start("Dynamic subtraction", "dynamic 20");

/// The registry entry of `fibonacci`.
pub const FIBONACCI: Family = Family::game(
    "fibonacci",
    "Fibonacci Nim: take at most twice what the opponent just took (pile n, or n/limit)",
    |_| Ok(GameBox::new("fibonacci", Dynamic::FIBONACCI)),
)
.with_start("Fibonacci Nim", "fibonacci 20");

impl Picture<Pile> for Dynamic {
    /// The pile in rows of 20 chips, those beyond the limit dimmed; a click takes a
    /// chip and every chip after it.
    fn draw(&self, p: &Pile, _history: &[Pile]) -> Result<Drawing<Pile>> {
        if p.chips > 80 {
            return Err(crate::too_large!(
                "a pile of {} chips is too large to draw: at most 80",
                p.chips
            ));
        }
        const PER: u64 = 20;
        const STEP: f64 = 26.0;
        let rows = p.chips.div_ceil(PER).max(1) as f64;
        let (width, height) = (
            STEP * p.chips.clamp(1, PER) as f64 + 20.0,
            30.0 * rows + 30.0,
        );
        let mut d = Drawing::new(
            width,
            height,
            "",
            "click a chip to take it and every chip after it",
        );
        d.add(Shape::text(
            4.0,
            height - 8.0,
            format!("pile of {}; take 1 to {}", p.chips, p.limit.min(p.chips)),
            Anchor::Start,
            12.0,
        ));
        for j in 0..p.chips {
            let take = p.chips - j;
            let shape = Shape::circle(
                14.0 + STEP * (j % PER) as f64,
                16.0 + 30.0 * (j / PER) as f64,
                11.0,
                colours::CHIP,
                if take <= p.limit { "chip" } else { "chip dim" },
            );
            d.add(shape.named(format!("c{j}"), format!("take {take} from the pile")));
        }
        d.offer_moves(self, p, |to| {
            let lit = (to.chips..p.chips).map(|j| format!("c{j}")).collect();
            Some((vec![format!("c{}", to.chips)], lit))
        })?;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeckendorf_writes_43_as_the_notes_do() {
        assert_eq!(zeckendorf(43), [34, 8, 1]);
        assert_eq!(zeckendorf(100), [89, 8, 3]);
        assert_eq!(zeckendorf(0), Vec::<u64>::new());
        assert_eq!(binary_terms(44), [32, 8, 4]);
        let g = Dynamic::FIBONACCI;
        assert_eq!(
            g.parse_position("43").unwrap(),
            Pile {
                chips: 43,
                limit: 42
            }
        );
        assert_eq!(g.format_position(&Pile { chips: 9, limit: 2 }), "9/2");
        assert!(g
            .parse_position("9/x")
            .unwrap_err()
            .to_string()
            .contains("'x'"));
    }
}
