//! The SOS game (28th USA Mathematical Olympiad, 1999): a row of n empty squares; the
//! players in turn write an S or an O in an empty square, and the first to complete
//! S-O-S in three consecutive squares wins. A full board without SOS is a draw.
//!
//! A board with SOS on it has no move: the player who completed it has won, so the
//! player to move has lost, as in normal play. A full board without SOS is a drawn
//! end ([`Game::is_drawn_end`]). There is no theorem to lean on: the search answers.

use super::Family;
use crate::drawing::{colours, Anchor, Paint, Shape};
use crate::solve::GameBox;
use crate::{invalid, Capabilities, DrawnEnds, Game, Outcome, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// The longest row grundy accepts.
pub const MAX_SQUARES: usize = 64;

/// The SOS game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sos;

/// A row of squares: bit i of `filled` is set when square i + 1 has a letter, and
/// then bit i of `s` tells S (set) from O.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    len: u8,
    filled: u64,
    s: u64,
}

impl Row {
    /// An empty row of `len` squares.
    pub fn empty(len: usize) -> Row {
        Row {
            len: len as u8,
            filled: 0,
            s: 0,
        }
    }

    /// The letter in square `i` (from 0): 'S', 'O' or '-'.
    pub fn letter(&self, i: usize) -> char {
        match (self.filled >> i & 1, self.s >> i & 1) {
            (0, _) => '-',
            (_, 1) => 'S',
            _ => 'O',
        }
    }

    /// True when S-O-S stands in three consecutive squares.
    pub fn has_sos(&self) -> bool {
        let s = self.filled & self.s;
        let o = self.filled & !self.s;
        s & (o >> 1) & (s >> 2) != 0
    }

    /// The empty squares where a letter completes SOS at once.
    pub fn completing_squares(&self) -> u64 {
        let mask = if self.len == 64 {
            u64::MAX
        } else {
            (1 << self.len) - 1
        };
        let empty = !self.filled & mask;
        let s = self.filled & self.s;
        let o = self.filled & !self.s;
        let s_first = (o >> 1) & (s >> 2);
        let s_last = (o << 1) & (s << 2);
        let o_between = (s << 1) & (s >> 1);
        empty & (s_first | s_last | o_between)
    }

    /// True when some three consecutive squares can still become S-O-S.
    fn sos_possible(&self) -> bool {
        let mask = if self.len == 64 {
            u64::MAX
        } else {
            (1 << self.len) - 1
        };
        let empty = !self.filled & mask;
        let s_or_empty = (self.filled & self.s) | empty;
        let o_or_empty = (self.filled & !self.s) | empty;
        let windows = s_or_empty & (o_or_empty >> 1) & (s_or_empty >> 2);
        windows & (mask >> 2) != 0
    }

    /// True when every empty square is bad: either letter there lets the opponent
    /// complete SOS.
    fn every_square_bad(&self) -> bool {
        (0..self.len as usize)
            .filter(|&i| self.filled >> i & 1 == 0)
            .all(|i| {
                self.written(i, true).completing_squares() != 0
                    && self.written(i, false).completing_squares() != 0
            })
    }

    fn full(&self) -> bool {
        self.filled.count_ones() == self.len as u32
    }

    fn written(&self, i: usize, letter_s: bool) -> Row {
        Row {
            len: self.len,
            filled: self.filled | 1 << i,
            s: self.s | (letter_s as u64) << i,
        }
    }
}

impl Game for Sos {
    type Position = Row;

    fn moves(&self, p: &Row, out: &mut Vec<Row>) -> Result<()> {
        if p.has_sos() {
            return Ok(());
        }
        for i in (0..p.len as usize).filter(|&i| p.filled >> i & 1 == 0) {
            out.push(p.written(i, true));
            out.push(p.written(i, false));
        }
        Ok(())
    }

    /// An empty row of n squares (`7`), or the squares written with S, O and `-`.
    fn parse_position(&self, text: &str) -> Result<Row> {
        let text = text.trim();
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            return match text.parse::<usize>() {
                Ok(n) if (1..=MAX_SQUARES).contains(&n) => Ok(Row::empty(n)),
                _ => Err(invalid!(
                    "'{text}' squares: an SOS row has 1 to {MAX_SQUARES} squares"
                )),
            };
        }
        if text.is_empty() || text.len() > MAX_SQUARES {
            return Err(invalid!(
                "'{text}' is not an SOS row: write its length (e.g. 7) or its squares with S, O and - (e.g. S--O-)"
            ));
        }
        let mut row = Row::empty(text.len());
        for (i, c) in text.chars().enumerate() {
            row = match c {
                'S' | 's' => row.written(i, true),
                'O' | 'o' => row.written(i, false),
                '-' => row,
                _ => {
                    return Err(invalid!(
                        "'{c}' in '{text}' is not a square: write S, O, or - for an empty one"
                    ))
                }
            };
        }
        Ok(row)
    }

    fn format_position(&self, p: &Row) -> String {
        (0..p.len as usize).map(|i| p.letter(i)).collect()
    }

    fn describe_move(&self, from: &Row, to: &Row) -> Result<String> {
        Ok(
            match (0..to.len as usize).find(|&i| (from.filled ^ to.filled) >> i & 1 == 1) {
                Some(i) => {
                    let sos = if to.has_sos() { ", completing SOS" } else { "" };
                    format!("write {} in square {}{sos}", to.letter(i), i + 1)
                }
                None => "write nothing".into(),
            },
        )
    }

    fn why_illegal(&self, from: &Row, to: &Row) -> String {
        if from.has_sos() {
            return "SOS is already on the board: the game is over".into();
        }
        if from.len != to.len {
            return format!("the row must keep its {} squares", from.len);
        }
        if from.filled & !to.filled != 0 || (from.s ^ to.s) & from.filled != 0 {
            return "letters already written stay as they are".into();
        }
        "a move writes one letter in one empty square".into()
    }

    fn capabilities(&self) -> Capabilities<'_, Row> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            drawn_ends: Some(self),
            alone: true,
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

impl Theory<Row> for Sos {
    fn theorem(&self, _play: Play) -> &'static str {
        "the SOS theorem"
    }

    /// A board on which no three consecutive squares can still become SOS is a draw.
    /// Two lemmas of the olympiad's solution, for normal play: a player who can
    /// complete SOS wins; a player who cannot, on a board not full whose every empty
    /// square is bad (either letter there lets the opponent complete SOS), loses.
    fn outcome(&self, p: &Row, play: Play) -> Option<Outcome> {
        if p.has_sos() || p.full() {
            return None;
        }
        if !p.sos_possible() {
            return Some(Outcome::D);
        }
        if play == Play::Misere {
            return None;
        }
        if p.completing_squares() != 0 {
            return Some(Outcome::N);
        }
        p.every_square_bad().then_some(Outcome::P)
    }
}

impl Size<Row> for Sos {
    fn count_moves(&self, p: &Row) -> Option<u64> {
        match p.has_sos() {
            true => Some(0),
            false => Some(2 * (p.len as u64 - p.filled.count_ones() as u64)),
        }
    }

    /// Each empty square stays empty or gets an S or an O: 3 to the power of the
    /// empty squares.
    fn count_positions(&self, p: &Row) -> Option<u64> {
        let empty = p.len as u32 - p.filled.count_ones();
        Some(3u64.saturating_pow(empty))
    }
}

impl DrawnEnds<Row> for Sos {
    fn is_drawn_end(&self, p: &Row) -> bool {
        p.full() && !p.has_sos()
    }
}

/// The registry entry of `sos`.
pub const FAMILY: Family = Family::game(
    "sos",
    "the SOS game: write S or O, first to complete SOS wins, a full board draws (n, or S-O-)",
    |_| Ok(GameBox::new("sos", Sos)),
)
.with_start("The SOS game", "sos 7");

impl Picture<Row> for Sos {
    /// The row of squares, numbered; each empty square offers an S and an O to click.
    fn draw(&self, p: &Row, _history: &[Row]) -> Result<Drawing<Row>> {
        let len = p.len as usize;
        if len > 30 {
            return Err(crate::too_large!(
                "a row of {len} squares is too large to draw: at most 30"
            ));
        }
        const C: f64 = 44.0;
        let mut d = Drawing::new(
            C * len as f64 + 4.0,
            C + 24.0,
            "",
            "click S or O in an empty square",
        );
        let choice = |i: usize, letter: char| format!("s{i}{letter}");
        for i in 0..len {
            let x = 2.0 + C * i as f64;
            d.add(Shape::rect(x, 2.0, C, C, colours::LIGHT, "square light"));
            d.add(Shape::text(
                x + C / 2.0,
                C + 18.0,
                (i + 1).to_string(),
                Anchor::Middle,
                12.0,
            ));
            match p.letter(i) {
                '-' => {
                    for (k, letter) in ['S', 'O'].into_iter().enumerate() {
                        let y = 4.0 + k as f64 * (C / 2.0 - 2.0);
                        d.add(
                            Shape::rect(
                                x + 3.0,
                                y,
                                C - 6.0,
                                C / 2.0 - 4.0,
                                Paint::new("#ffffff", "#bbbbbb", 1.0),
                                "sos-choice",
                            )
                            .rounded(3.0)
                            .named(
                                choice(i, letter),
                                format!("write {letter} in square {}", i + 1),
                            ),
                        );
                        d.add(
                            Shape::text(
                                x + C / 2.0,
                                y + 15.0,
                                letter.to_string(),
                                Anchor::Middle,
                                15.0,
                            )
                            .styled(Paint::fill("#777777"), "sos-choice-letter"),
                        );
                    }
                }
                letter => d.add(
                    Shape::text(
                        x + C / 2.0,
                        C / 2.0 + 12.0,
                        letter.to_string(),
                        Anchor::Middle,
                        26.0,
                    )
                    .styled(colours::DARK_INK, "sos-letter"),
                ),
            }
        }
        d.offer_moves(self, p, |to| {
            let i = (0..len).find(|&i| p.letter(i) != to.letter(i))?;
            let at = choice(i, to.letter(i));
            Some((vec![at.clone()], vec![at]))
        })?;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sos_is_seen_and_ends_the_game() {
        let g = Sos;
        let p = g.parse_position("-SOS-").unwrap();
        assert!(p.has_sos());
        let mut out = Vec::new();
        g.moves(&p, &mut out).unwrap();
        assert!(out.is_empty());
        assert!(!g.is_drawn_end(&p));
        let full = g.parse_position("SOOS").unwrap();
        assert!(g.is_drawn_end(&full));
        assert_eq!(g.format_position(&g.parse_position("4").unwrap()), "----");
        assert!(g
            .parse_position("SXO")
            .unwrap_err()
            .to_string()
            .contains("'X'"));
    }
}
