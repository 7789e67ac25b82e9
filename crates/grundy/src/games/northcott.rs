//! Northcott's game: each row of a board holds one white and one black checker. White
//! moves a white checker, Black a black one, any number of squares along its row but
//! not onto or over the other checker; the player who cannot move loses.
//!
//! The game is partizan (the players have different moves) and loopy (a checker can
//! move back and forth). Putting the player to move into the position makes it an
//! impartial game on a larger graph, with cycles, which the retrograde solver labels.
//! The theorem: the gaps between the checkers are Nim heaps (moving away from the other
//! checker can be undone at once, and no one can retreat for ever), so the player to
//! move wins exactly when the nim-sum of the gaps is not 0, whatever their colour.

use super::Family;
use crate::drawing::{colours, Anchor, Paint, Shape};
use crate::notation::binary_columns;
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Outcome, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// The widest row grundy accepts.
pub const MAX_WIDTH: usize = 64;

/// Northcott's game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Northcott;

/// One row: its width and the columns (from 0) of the white and black checkers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// Squares in the row.
    pub width: u8,
    /// The white checker's column, from 0 at the left.
    pub white: u8,
    /// The black checker's column.
    pub black: u8,
}

impl Row {
    /// Empty squares between the two checkers.
    pub fn gap(&self) -> u64 {
        self.white.abs_diff(self.black) as u64 - 1
    }
}

/// The rows and the colour to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
    /// True when White is to move.
    pub white_to_move: bool,
}

impl Board {
    /// The nim-sum of the gaps.
    pub fn nim_sum(&self) -> u64 {
        self.rows.iter().fold(0, |a, r| a ^ r.gap())
    }
}

fn colour(white: bool) -> &'static str {
    if white {
        "White"
    } else {
        "Black"
    }
}

impl Game for Northcott {
    type Position = Board;

    fn moves(&self, p: &Board, out: &mut Vec<Board>) -> Result<()> {
        for (i, row) in p.rows.iter().enumerate() {
            let (own, other) = if p.white_to_move {
                (row.white, row.black)
            } else {
                (row.black, row.white)
            };
            let squares = if own < other {
                0..other
            } else {
                other + 1..row.width
            };
            for to in squares.filter(|&c| c != own) {
                let mut next = p.clone();
                next.white_to_move = !p.white_to_move;
                let moved = &mut next.rows[i];
                if p.white_to_move {
                    moved.white = to;
                } else {
                    moved.black = to;
                }
                out.push(next);
            }
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Board> {
        let mut words = text.split_whitespace();
        let (Some(rows), Some(side), None) = (words.next(), words.next(), words.next()) else {
            return Err(invalid!(
                "'{text}' is not a Northcott position: write the rows, then who moves, e.g. 'W..B,.B.W white'"
            ));
        };
        let white_to_move = match side.to_ascii_lowercase().as_str() {
            "white" | "w" => true,
            "black" | "b" => false,
            _ => {
                return Err(invalid!(
                    "'{side}' is not a player: write white or black for the side to move"
                ))
            }
        };
        let rows = rows
            .split(',')
            .map(|row| {
                let bad = || {
                    invalid!(
                        "'{row}' is not a row: write one W, one B and dots for empty squares, at most {MAX_WIDTH} in all"
                    )
                };
                if row.len() < 2 || row.len() > MAX_WIDTH {
                    return Err(bad());
                }
                let find = |c: char| {
                    let mut at = row.char_indices().filter(|&(_, x)| x.eq_ignore_ascii_case(&c));
                    match (at.next(), at.next()) {
                        (Some((i, _)), None) => Ok(i as u8),
                        _ => Err(bad()),
                    }
                };
                if let Some(c) = row.chars().find(|c| !matches!(c, '.' | 'W' | 'B' | 'w' | 'b')) {
                    return Err(invalid!(
                        "'{c}' in row '{row}' is not a square: write W, B or a dot"
                    ));
                }
                Ok(Row {
                    width: row.len() as u8,
                    white: find('W')?,
                    black: find('B')?,
                })
            })
            .collect::<Result<Vec<Row>>>()?;
        Ok(Board {
            rows,
            white_to_move,
        })
    }

    fn format_position(&self, p: &Board) -> String {
        let rows: Vec<String> = p
            .rows
            .iter()
            .map(|r| {
                (0..r.width)
                    .map(|c| match c {
                        c if c == r.white => 'W',
                        c if c == r.black => 'B',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let side = if p.white_to_move { "white" } else { "black" };
        format!("{} {side}", rows.join(","))
    }

    fn describe_move(&self, from: &Board, to: &Board) -> Result<String> {
        let changed = (0..from.rows.len()).find(|&i| from.rows[i] != to.rows[i]);
        let Some(i) = changed else {
            return Ok("pass".into());
        };
        let (a, b) = if from.white_to_move {
            (from.rows[i].white, to.rows[i].white)
        } else {
            (from.rows[i].black, to.rows[i].black)
        };
        Ok(format!(
            "move the {} checker in row {} from column {} to column {}",
            colour(from.white_to_move).to_ascii_lowercase(),
            i + 1,
            a + 1,
            b + 1
        ))
    }

    fn why_illegal(&self, from: &Board, to: &Board) -> String {
        if to.white_to_move == from.white_to_move {
            return format!(
                "after {}'s move it is {}'s turn: end the position with '{}'",
                colour(from.white_to_move),
                colour(!from.white_to_move),
                if from.white_to_move { "black" } else { "white" }
            );
        }
        if to.rows.len() != from.rows.len()
            || to
                .rows
                .iter()
                .zip(&from.rows)
                .any(|(a, b)| a.width != b.width)
        {
            return "the board must keep its rows and their widths".into();
        }
        format!(
            "{} moves one {} checker along its row, never onto or over the other checker",
            colour(from.white_to_move),
            colour(from.white_to_move).to_ascii_lowercase()
        )
    }

    fn capabilities(&self) -> Capabilities<'_, Board> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            cycles: true,
            alone: true,
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

/// Each row's two checkers stand on two of its squares, and either colour may be
/// to move: 2 × the product of width² over the rows.
impl Size<Board> for Northcott {
    fn count_positions(&self, p: &Board) -> Option<u64> {
        Some(p.rows.iter().fold(2u64, |a, row| {
            a.saturating_mul(row.width as u64 * row.width as u64)
        }))
    }
}

impl Theory<Board> for Northcott {
    fn theorem(&self, _play: Play) -> &'static str {
        "Northcott's game as Nim on the gaps"
    }

    fn outcome(&self, p: &Board, play: Play) -> Option<Outcome> {
        match play {
            Play::Normal if p.nim_sum() == 0 => Some(Outcome::P),
            Play::Normal => Some(Outcome::N),
            Play::Misere => None,
        }
    }
    fn explain(&self, p: &Board, play: Play) -> Vec<String> {
        if play == Play::Misere {
            return Vec::new();
        }
        let mover = colour(p.white_to_move);
        let rows: Vec<(String, u64)> = p
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (format!("row {} gap", i + 1), r.gap()))
            .collect();
        let total = p.nim_sum();
        let mut lines = vec![
            "Northcott's game is Nim on the gaps between the checkers. Moving towards the other \
             checker shrinks a gap, as a Nim move; moving away grows it, but the opponent can \
             close it again at once, and a player can only retreat until the board's edge. So \
             the player to move wins exactly when the nim-sum of the gaps is not 0, whatever \
             their colour."
                .into(),
        ];
        lines.extend(binary_columns(&rows, total));
        lines.push(if total == 0 {
            format!(
                "The nim-sum is 0: {mover}, to move, loses; with {} to move, {} would lose.",
                colour(!p.white_to_move),
                colour(!p.white_to_move)
            )
        } else {
            format!(
                "The nim-sum is {total}: {mover}, to move, wins by shrinking a gap so that the \
                 nim-sum is 0 (and so would {} with the move).",
                colour(!p.white_to_move)
            )
        });
        lines
    }
}

/// The registry entry of `northcott`.
pub const FAMILY: Family = Family::game(
    "northcott",
    "Northcott's game, partizan and loopy (rows like W..B,.B.W then white or black to move)",
    |_| Ok(GameBox::new("northcott", Northcott)),
)
.with_start("Northcott's game", "northcott W...B,.B..W.,W.B white");

impl Picture<Board> for Northcott {
    /// The rows of squares with their checkers, the side to move written below; a
    /// click on a square moves the mover's checker of that row there.
    fn draw(&self, p: &Board, _history: &[Board]) -> Result<Drawing<Board>> {
        const C: f64 = 36.0;
        let cols = p.rows.iter().map(|r| r.width as usize).max().unwrap_or(1);
        if cols > 30 || p.rows.len() > 20 {
            return Err(crate::too_large!(
                "a board of {} rows of {cols} squares is too large to draw: at most 20 rows of 30",
                p.rows.len()
            ));
        }
        let (width, height) = (C * cols as f64 + 70.0, C * p.rows.len() as f64 + 28.0);
        let mover = if p.white_to_move { "white" } else { "black" };
        let mut d = Drawing::new(
            width,
            height,
            "",
            "click a square to move your checker of that row there",
        );
        d.add(Shape::text(
            4.0,
            height - 6.0,
            format!("{} to move", colour(p.white_to_move)),
            Anchor::Start,
            12.0,
        ));
        let square = |r: usize, c: usize| format!("r{r}c{c}");
        for (r, row) in p.rows.iter().enumerate() {
            let y = 4.0 + C * r as f64;
            d.add(Shape::text(
                4.0,
                y + C / 2.0 + 4.0,
                format!("row {}", r + 1),
                Anchor::Start,
                12.0,
            ));
            for c in 0..row.width as usize {
                let (paint, class) = match (r + c) % 2 {
                    0 => (colours::LIGHT, "square light"),
                    _ => (colours::DARK, "square dark"),
                };
                let title = format!(
                    "move the {mover} checker of row {} to column {}",
                    r + 1,
                    c + 1
                );
                d.add(
                    Shape::rect(64.0 + C * c as f64, y, C, C, paint, class)
                        .named(square(r, c), title),
                );
            }
            for (c, white) in [(row.white, true), (row.black, false)] {
                let (fill, class) = match white {
                    true => ("#ffffff", "checker white"),
                    false => ("#222222", "checker black"),
                };
                d.add(Shape::circle(
                    64.0 + C * c as f64 + C / 2.0,
                    y + C / 2.0,
                    C / 2.0 - 5.0,
                    Paint::new(fill, "#222222", 2.0),
                    class,
                ));
            }
        }
        d.offer_moves(self, p, |to| {
            let r = (0..p.rows.len()).find(|&r| p.rows[r] != to.rows[r])?;
            let c = match p.white_to_move {
                true => to.rows[r].white,
                false => to.rows[r].black,
            } as usize;
            Some((vec![square(r, c)], vec![square(r, c)]))
        })?;
        d.class_marked("target");
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkers_move_within_their_rows() {
        let g = Northcott;
        let p = g.parse_position("W..B,.BW. white").unwrap();
        assert_eq!(p.nim_sum(), 2);
        let mut out = Vec::new();
        g.moves(&p, &mut out).unwrap();
        let moves: Vec<String> = out.iter().map(|q| g.format_position(q)).collect();
        assert_eq!(
            moves,
            [".W.B,.BW. black", "..WB,.BW. black", "W..B,.B.W black"]
        );
        assert!(g
            .parse_position("W..B green")
            .unwrap_err()
            .to_string()
            .contains("'green'"));
        assert!(g.parse_position("W..W white").is_err());
    }
}
