//! Moore's Nim_k (E. H. Moore 1910): Nim in which a move takes chips from up to k
//! heaps at once (at least one chip in all). Moore's theorem: a position is P exactly
//! when, writing the heaps in binary, the number of 1s in every column is divisible by
//! k + 1. Nimble is the same game told with coins on a strip of squares: a coin on
//! square n is a heap of n, and a move slides up to k coins to the left.

use super::heaps;
use super::Family;
use crate::drawing::{colours, Anchor, Shape};
use crate::drawing::{Marked, Marking};
use crate::solve::GameBox;
use crate::{invalid, Capabilities, Game, Heaps, Nimber, Outcome, Play, Result, Size, Theory};
use crate::{Drawing, Picture};

/// How the position is told: heaps of chips, or coins on numbered squares (Nimble).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// Heaps of chips (`moore:K`).
    Heaps,
    /// Coins on squares 0, 1, 2, … (`nimble`, `nimble-k:K`).
    Squares,
}

/// Moore's Nim_k, or Nimble with up to k coins per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moore {
    k: usize,
    board: Board,
}

/// The number of 1s in each binary column of `heaps`, highest column first, for the
/// columns up to the highest 1.
pub fn column_counts(heaps: &[u64]) -> Vec<usize> {
    let max = heaps.iter().max().copied().unwrap_or(0).max(1);
    let bits = 64 - max.leading_zeros();
    (0..bits)
        .rev()
        .map(|b| heaps.iter().filter(|&&h| h >> b & 1 == 1).count())
        .collect()
}

/// Nim_k on n heaps plays as Nim_min(k, n): no move changes more heaps than there
/// are, and no column holds more 1s than there are heaps. Any k, however large,
/// works through this.
fn effective(k: usize, heaps: &[u64]) -> usize {
    k.min(heaps.len().max(1))
}

/// Moore's theorem: P exactly when every column's count of 1s is divisible by k + 1.
pub fn is_p_position(heaps: &[u64], k: usize) -> bool {
    let k = effective(k, heaps);
    column_counts(heaps).iter().all(|&n| n % (k + 1) == 0)
}

/// The winning move that Moore's proof constructs, from an N-position: going down
/// the columns, a column whose count of 1s is r more than a multiple of k + 1 is
/// mended either by setting bits of heaps already lowered (their lower bits are
/// free), or by lowering r more heaps that have a 1 there; one of the two always
/// fits within k heaps. `None` from a P-position.
pub fn constructed_winning_move(heaps: &[u64], k: usize) -> Option<Heaps> {
    let k = effective(k, heaps);
    let mut next = Heaps::from_slice(heaps);
    let mut lowered = vec![false; heaps.len()];
    let mut count = 0;
    for b in (0..64).rev() {
        let fixed: Vec<usize> = (0..heaps.len())
            .filter(|&i| !lowered[i] && heaps[i] >> b & 1 == 1)
            .collect();
        let r = fixed.len() % (k + 1);
        let add = (k + 1 - r) % (k + 1);
        let free: Vec<usize> = (0..heaps.len()).filter(|&i| lowered[i]).collect();
        if add <= count {
            for (j, &i) in free.iter().enumerate() {
                set_bit(&mut next[i], b, j < add);
            }
        } else {
            for &i in &fixed[..r] {
                lowered[i] = true;
                set_bit(&mut next[i], b, false);
            }
            for &i in &free {
                set_bit(&mut next[i], b, false);
            }
            count += r;
        }
    }
    (count > 0).then_some(next)
}

fn set_bit(h: &mut u64, b: u32, one: bool) {
    *h = (*h & !(1 << b)) | (u64::from(one) << b);
}

/// The most moves listed one by one to find every winning move; past it, the
/// winning move of Moore's proof stands for them.
const LISTED: u64 = 100_000;

impl Moore {
    /// Nim_k told with `board`; `k` is at least 1.
    pub fn new(k: usize, board: Board) -> Self {
        assert!(k >= 1, "Nim_k needs k >= 1");
        Moore { k, board }
    }

    /// Reads the k of `moore:K` or `nimble-k:K`.
    pub fn parse(text: &str, board: Board) -> Result<Self> {
        let k = heaps::parse_number(text.trim(), "number of heaps a move may change")?;
        match usize::try_from(k) {
            Ok(k) if k >= 1 => Ok(Moore::new(k, board)),
            _ => Err(invalid!(
                "'{text}' cannot be k: a move changes at least 1 heap, e.g. moore:2"
            )),
        }
    }

    /// The name in SPEC syntax.
    pub fn name(&self) -> String {
        match (self.board, self.k) {
            (Board::Heaps, k) => format!("moore:{k}"),
            (Board::Squares, 1) => "nimble".into(),
            (Board::Squares, k) => format!("nimble-k:{k}"),
        }
    }

    /// Every way to lower the heaps from index `start` on, changing at most `left`
    /// more of them; `current` holds the heaps changed so far.
    fn lower(
        &self,
        p: &Heaps,
        start: usize,
        left: usize,
        current: &mut Heaps,
        out: &mut Vec<Heaps>,
    ) {
        if left == 0 {
            return;
        }
        for i in start..p.len() {
            for v in 0..p[i] {
                current[i] = v;
                out.push(current.clone());
                self.lower(p, i + 1, left - 1, current, out);
            }
            current[i] = p[i];
        }
    }

    fn misere_p(&self, p: &Heaps) -> bool {
        if p.iter().any(|&h| h > 1) {
            is_p_position(p, self.k)
        } else {
            p.iter().filter(|&&h| h == 1).count() % (effective(self.k, p) + 1) == 1
        }
    }
}

impl Game for Moore {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        self.lower(p, 0, self.k, &mut p.clone(), out);
        Ok(())
    }

    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        if self.k == 1 {
            heaps::split(p, out);
        } else {
            out.push(p.clone());
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Heaps> {
        match self.board {
            Board::Heaps => heaps::parse(text),
            Board::Squares => text
                .split(',')
                .map(|t| heaps::parse_number(t.trim(), "square number"))
                .collect(),
        }
    }

    fn format_position(&self, p: &Heaps) -> String {
        heaps::format(p)
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> Result<String> {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        let words: Vec<String> = changed
            .iter()
            .map(|&i| match self.board {
                Board::Heaps => format!("take {} from the heap of {}", from[i] - to[i], from[i]),
                Board::Squares => {
                    format!("move the coin on square {} to square {}", from[i], to[i])
                }
            })
            .collect();
        Ok(words.join(" and "))
    }

    fn why_illegal(&self, from: &Heaps, to: &Heaps) -> String {
        let (things, what) = match self.board {
            Board::Heaps => ("heaps", "a move only takes chips away"),
            Board::Squares => ("coins", "coins only move to the left"),
        };
        if from.len() != to.len() {
            return format!("the number of {things} must stay {}", from.len());
        }
        if let Some(i) = (0..from.len()).find(|&i| to[i] > from[i]) {
            return format!("{} cannot become {}: {what}", from[i], to[i]);
        }
        let changed = (0..from.len()).filter(|&i| from[i] != to[i]).count();
        match changed {
            0 => "a move must change something".into(),
            n => format!("a move changes at most {} {things}, not {n}", self.k),
        }
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

impl Theory<Heaps> for Moore {
    fn theorem(&self, _play: Play) -> &'static str {
        "Moore's theorem"
    }

    fn nimber(&self, p: &Heaps) -> Option<Nimber> {
        // Nim_1 is Nim; and with at most one heap not empty, every move lowers that
        // one heap: it is a Nim heap (Bouton).
        if self.k == 1 || p.iter().filter(|&&h| h > 0).count() <= 1 {
            return Some(p.iter().fold(0, |a, b| a ^ b));
        }
        None
    }
    fn nim_heap(&self, p: &Heaps) -> Option<u64> {
        heaps::single(p)
    }
    /// Every move to a P-position, by Moore's theorem; from a position with more
    /// than [`LISTED`] moves, the one winning move that Moore's proof constructs.
    fn moves_to_nimber(&self, p: &Heaps, target: Nimber) -> Option<Vec<Heaps>> {
        if target != 0 || self.k == 1 {
            return None;
        }
        if self.count_moves(p).is_some_and(|n| n > LISTED) {
            return Some(constructed_winning_move(p, self.k).into_iter().collect());
        }
        let mut all = Vec::new();
        self.lower(p, 0, self.k, &mut p.clone(), &mut all);
        all.retain(|q| is_p_position(q, self.k));
        Some(all)
    }
    fn outcome(&self, p: &Heaps, play: Play) -> Option<Outcome> {
        let p_position = match play {
            Play::Normal => is_p_position(p, self.k),
            Play::Misere => self.misere_p(p),
        };
        Some(if p_position { Outcome::P } else { Outcome::N })
    }
    fn explain(&self, p: &Heaps, play: Play) -> Vec<String> {
        let k = effective(self.k, p);
        let mut lines = Vec::new();
        if self.board == Board::Squares {
            lines.push(
                "Nimble is Nim in disguise: a coin on square n is a heap of n chips, and moving \
                 it left is taking chips from that heap."
                    .into(),
            );
        }
        if k == 1 {
            return lines;
        }
        lines.push(format!(
            "Moore's theorem for Nim_{k}: a position is P exactly when, with the heaps written in \
             binary and added in base {} without carry, the result is zero: the number of 1s in \
             every column is divisible by {}.",
            k + 1,
            k + 1
        ));
        let counts = column_counts(p);
        let cell = counts
            .iter()
            .map(|n| n.to_string().len())
            .max()
            .unwrap_or(1);
        let label = p
            .iter()
            .map(|h| h.to_string().len())
            .max()
            .unwrap_or(1)
            .max(8);
        let row = |name: String, cells: Vec<String>| {
            let cells: Vec<String> = cells.iter().map(|c| format!("{c:>cell$}")).collect();
            format!("  {name:<label$}  {}", cells.join(" "))
        };
        let bits = counts.len();
        for &h in p {
            let digits = (0..bits).rev().map(|b| (h >> b & 1).to_string()).collect();
            lines.push(row(h.to_string(), digits));
        }
        lines.push(format!(
            "  {}",
            "-".repeat(label + 2 + (cell + 1) * bits - 1)
        ));
        lines.push(row(
            "1s".into(),
            counts.iter().map(usize::to_string).collect(),
        ));
        lines.push(row(
            format!("mod {}", k + 1),
            counts.iter().map(|n| (n % (k + 1)).to_string()).collect(),
        ));
        let p_position = is_p_position(p, k);
        lines.push(if p_position {
            "Every column is divisible: a P-position under normal play.".into()
        } else {
            "Some column is not divisible: an N-position under normal play.".into()
        });
        if play == Play::Misere {
            lines.push(format!(
                "Misère Nim_{k}: the same while some heap has 2 or more chips; once every heap has \
                 at most 1, the position is P exactly when the number of heaps of 1 is 1 more \
                 than a multiple of {}.",
                k + 1
            ));
        }
        lines
    }
}

impl Size<Heaps> for Moore {
    fn weight(&self, p: &Heaps) -> u64 {
        p.len() as u64
    }

    fn count_moves(&self, p: &Heaps) -> Option<u64> {
        // e[j]: the ways to lower exactly j heaps (elementary symmetric sums).
        let k = effective(self.k, p);
        let mut e = vec![0u64; k + 1];
        e[0] = 1;
        for &h in p {
            for j in (1..=k).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h));
            }
        }
        Some(e[1..].iter().fold(0, |a: u64, &n| a.saturating_add(n)))
    }

    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        Some(heaps::at_or_below(p))
    }
}

/// The registry entry of `moore`.
pub const FAMILY: Family = Family::game(
    "moore",
    "Moore's Nim_K: take chips from up to K heaps at once",
    |k| Moore::parse(k, Board::Heaps).map(|g| GameBox::new(g.name(), g)),
)
.with_parameter("K", "moore:2")
.with_start("Moore's Nim", "moore:2 3,5,6,7");

/// The registry entry of `nimble`.
pub const NIMBLE: Family = Family::game(
    "nimble",
    "Nimble: slide one coin left on a strip of squares (the coins' squares)",
    |_| Ok(GameBox::new("nimble", Moore::new(1, Board::Squares))),
)
.with_start("Nimble", "nimble 2,5,7,9");

/// The registry entry of `nimble-k`.
pub const NIMBLE_K: Family = Family::game(
    "nimble-k",
    "Nimble sliding up to K coins left at once (Moore's Nim_K in disguise)",
    |k| Moore::parse(k, Board::Squares).map(|g| GameBox::new(g.name(), g)),
)
.with_parameter("K", "nimble-k:2")
.with_start("Nimble", "nimble-k:2 2,5,7,9");

/// The most moves a picture of Moore's game lists (about 400 KB to send): past
/// it, they are asked for by their marks ([`Picture::marking`]).
const DRAWN_MOVES: u64 = 2_000;

impl Moore {
    /// Whether the picture of `p` leaves its moves to be asked for by their marks:
    /// Moore's Nim past [`DRAWN_MOVES`] moves, and Nimble sliding several coins at
    /// once, whose marks pair each coin with its square in the order clicked (as
    /// a set of marks they could pair two ways).
    fn moves_on_request(&self, p: &Heaps) -> bool {
        match self.board {
            Board::Heaps => self.count_moves(p).is_none_or(|n| n > DRAWN_MOVES),
            Board::Squares => self.k > 1,
        }
    }

    /// The position `marks` make from `p`, in the order clicked: chips of distinct
    /// heaps (take the chip and every chip right of it), or coins each followed by
    /// a square to its left; `Err` where the marks are no start of a move. With
    /// it, how many heaps or coins it moves, and the coin that waits for its
    /// square, if one does.
    fn marked_position(
        &self,
        p: &Heaps,
        marks: &[String],
    ) -> std::result::Result<(Heaps, usize, Option<usize>), ()> {
        let mut to = p.clone();
        let mut moved: Vec<usize> = Vec::new();
        let mut waiting = None;
        for mark in marks {
            let (i, j) = match (self.board, waiting.take()) {
                (Board::Heaps, _) => heaps::chip_of(mark).ok_or(())?,
                (Board::Squares, None) => {
                    let i: usize = mark
                        .strip_prefix('c')
                        .and_then(|i| i.parse().ok())
                        .ok_or(())?;
                    if i >= p.len() || p[i] == 0 || moved.contains(&i) {
                        return Err(());
                    }
                    waiting = Some(i);
                    continue;
                }
                (Board::Squares, Some(i)) => (
                    i,
                    mark.strip_prefix('q')
                        .and_then(|q| q.parse().ok())
                        .ok_or(())?,
                ),
            };
            if i >= p.len() || j >= p[i] || moved.contains(&i) || moved.len() == self.k {
                return Err(());
            }
            to[i] = j;
            moved.push(i);
        }
        Ok((to, moved.len(), waiting))
    }

    /// The marks of the move from `p` to `to`, and what it lights.
    fn marks_of(&self, p: &Heaps, to: &Heaps) -> (Vec<String>, Vec<String>) {
        let (mut marks, mut lit) = (Vec::new(), Vec::new());
        for i in (0..p.len()).filter(|&i| p[i] != to[i]) {
            match self.board {
                Board::Heaps => {
                    marks.push(heaps::chip(i, to[i]));
                    lit.extend(heaps::chips(i, to[i], p[i]));
                }
                Board::Squares => {
                    marks.extend([format!("c{i}"), format!("q{}", to[i])]);
                    lit.push(format!("q{}", to[i]));
                }
            }
        }
        (marks, lit)
    }
}

impl Picture<Heaps> for Moore {
    /// Heaps as rows of chips, clicks marking what to take from each heap (a chip
    /// and every chip right of it), up to k heaps; or, on squares, the coins on a
    /// numbered strip, a click choosing a coin and the next a square left of it.
    fn draw(&self, p: &Heaps, history: &[Heaps]) -> Result<Drawing<Heaps>> {
        // The size of the game's start, kept as heaps shrink and coins move left.
        let widest = history
            .iter()
            .chain([p])
            .flat_map(|q| q.iter().copied())
            .max()
            .unwrap_or(0);
        let mut d = match self.board {
            Board::Heaps => heaps::rows_of_chips(
                p,
                widest.min(heaps::DRAWN_CHIPS),
                &match self.k {
                    1 => "click a chip to take it and every chip right of it".to_string(),
                    k => format!("click chips to mark what to take from each heap, up to {k} heaps, then take them"),
                },
            )?,
            Board::Squares => strip(p, widest, self.k)?,
        };
        // The room of chips taken stays empty: no move adds chips.
        d.shapes.retain(|shape| !shape.class.contains("ghost"));
        // A position too large to draw is refused above, before any move is
        // counted or listed (a heap of 10^12 has 10^12 moves).
        if self.moves_on_request(p) {
            d.on_request = true;
            return Ok(d);
        }
        let mut moves = Vec::new();
        self.moves(p, &mut moves)?;
        for to in moves {
            let words = self.describe_move(p, &to)?;
            let (marks, lit) = self.marks_of(p, &to);
            d.offer(marks, lit, to, words);
        }
        Ok(d)
    }

    /// The move of the marks, in the order clicked, and what adds to them: the
    /// chips of heaps not yet marked, a square left of the coin chosen, or the
    /// coins not yet moved.
    fn marking(&self, p: &Heaps, marks: &[String]) -> Result<Marking<Heaps>> {
        if !self.moves_on_request(p) {
            return Ok(self.draw(p, &[])?.marking(marks));
        }
        let mut found = Marking {
            exact: Vec::new(),
            more: Vec::new(),
        };
        let Ok((to, moved, waiting)) = self.marked_position(p, marks) else {
            return Ok(found);
        };
        if let (None, 1..) = (waiting, moved) {
            let (marks, lit) = self.marks_of(p, &to);
            let words = self.describe_move(p, &to)?;
            found.exact.push(Marked {
                marks,
                lit,
                to: to.clone(),
                words,
            });
        }
        let open = |i: &usize| p[*i] > 0 && p[*i] == to[*i];
        found.more = match (self.board, waiting) {
            _ if moved == self.k || marks.is_empty() => Vec::new(),
            (Board::Heaps, _) => (0..p.len())
                .filter(open)
                .flat_map(|i| (0..p[i]).map(move |j| heaps::chip(i, j)))
                .collect(),
            (Board::Squares, Some(coin)) => (0..p[coin]).map(|q| format!("q{q}")).collect(),
            (Board::Squares, None) => (0..p.len()).filter(open).map(|i| format!("c{i}")).collect(),
        };
        Ok(found)
    }

    fn leading(&self, p: &Heaps, to: &Heaps) -> Result<Option<Marked<Heaps>>> {
        if !self.moves_on_request(p) {
            return Ok(self.draw(p, &[])?.move_to(to));
        }
        let (marks, lit) = self.marks_of(p, to);
        Ok(match self.marked_position(p, &marks) {
            Ok((made, 1.., None)) if made == *to => Some(Marked {
                marks,
                lit,
                to: to.clone(),
                words: self.describe_move(p, to)?,
            }),
            _ => None,
        })
    }
}

/// Coins on a strip of numbered squares, each coin named `c{i}` and square `q{n}`,
/// up to `k` coins slid by a move. The strip is `last` squares long at least.
fn strip(p: &Heaps, last: u64, k: usize) -> Result<Drawing<Heaps>> {
    let last = p.iter().copied().max().unwrap_or(0).max(last).max(1);
    if last > 40 {
        return Err(crate::too_large!(
            "a coin on square {last} is too far out to draw: at most square 40"
        ));
    }
    const C: f64 = 34.0;
    let mut d = Drawing::new(
        C * (last + 1) as f64 + 4.0,
        C + 34.0,
        "",
        &match k {
            1 => "click a coin, then a square to its left".to_string(),
            k => format!(
                "click a coin, then a square to its left, for up to {k} coins, then slide them"
            ),
        },
    );
    for q in 0..=last {
        let x = 2.0 + C * q as f64;
        let (paint, class) = match q % 2 {
            0 => (colours::LIGHT, "square light"),
            _ => (colours::DARK, "square dark"),
        };
        d.add(
            Shape::rect(x, 2.0, C, C, paint, class)
                .named(format!("q{q}"), format!("move a coin to square {q}")),
        );
        d.add(Shape::text(
            x + C / 2.0,
            C + 18.0,
            q.to_string(),
            Anchor::Middle,
            12.0,
        ));
    }
    let mut stacked = std::collections::HashMap::new();
    for (i, &q) in p.iter().enumerate() {
        let level = stacked.entry(q).or_insert(0u32);
        let cy = 2.0 + C / 2.0 - *level as f64 * 5.0;
        *level += 1;
        d.add(
            Shape::circle(
                2.0 + C * q as f64 + C / 2.0,
                cy,
                C / 2.0 - 5.0,
                colours::COIN,
                "coin",
            )
            .named(format!("c{i}"), format!("the coin on square {q}")),
        );
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_too_large_to_draw_is_refused_before_its_moves_are_listed() {
        // 10^12 moves each, were they listed first.
        let huge = Heaps::from_slice(&[1_000_000_000_000, 1]);
        let e = Moore::new(2, Board::Heaps).draw(&huge, &[]).unwrap_err();
        assert!(e.to_string().contains("too large to draw"), "{e}");
        let e = Moore::new(1, Board::Squares).draw(&huge, &[]).unwrap_err();
        assert!(e.to_string().contains("too far out to draw"), "{e}");
    }

    #[test]
    fn a_picture_marks_what_to_take_from_each_heap_and_stays_small() {
        use crate::Picture;
        let two = Moore::new(2, Board::Heaps);
        let p = Heaps::from_slice(&[3, 4, 5]);
        let d = two.draw(&p, &[]).unwrap();
        // Every move: 12 from one heap, 3·4 + 3·5 + 4·5 from two.
        assert_eq!(d.moves.len(), 12 + 47);
        let both = d
            .moves
            .iter()
            .find(|m| m.to.as_slice() == [1, 4, 2])
            .unwrap();
        assert_eq!(both.marks, ["h0c1", "h2c2"]);
        assert_eq!(both.lit, ["h0c1", "h0c2", "h2c2", "h2c3", "h2c4"]);
        // 3,600 moves are too many to send: each is asked for by its marks, a chip
        // of each heap it takes from.
        let p = Heaps::from_slice(&[10, 20, 30, 40]);
        let big = two.draw(&p, &[]).unwrap();
        assert!(big.on_request && big.moves.is_empty());
        let marks = |m: &[&str]| m.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let one = two.marking(&p, &marks(&["h1c5"])).unwrap();
        assert_eq!(one.exact[0].to.as_slice(), [10, 5, 30, 40]);
        assert_eq!(one.exact[0].words, "take 15 from the heap of 20");
        // A second heap's chips add to it; the heap marked does not.
        assert_eq!(one.more.len(), 10 + 30 + 40);
        assert!(one.more.contains(&"h3c39".to_string()) && !one.more.contains(&"h1c0".to_string()));
        let both = two.marking(&p, &marks(&["h1c5", "h3c0"])).unwrap();
        assert_eq!(both.exact[0].to.as_slice(), [10, 5, 30, 0]);
        assert_eq!(both.exact[0].lit.len(), 15 + 40);
        assert!(both.more.is_empty(), "two heaps at most: {:?}", both.more);
        for wrong in [
            &["h1c5", "h1c2"][..],
            &["h1c20"],
            &["h1c5", "h2c1", "h3c1"],
            &["c1"],
        ] {
            assert!(
                two.marking(&p, &marks(wrong)).unwrap().exact.is_empty(),
                "{wrong:?}"
            );
        }
        // The hint's move, led to by its marks.
        let led = two
            .leading(&p, &Heaps::from_slice(&[10, 5, 30, 0]))
            .unwrap()
            .unwrap();
        assert_eq!(led.marks, ["h1c5", "h3c0"]);
        assert!(two
            .leading(&p, &Heaps::from_slice(&[1, 5, 30, 0]))
            .unwrap()
            .is_none());
    }

    #[test]
    fn nimble_slides_several_coins_by_clicking_each_coin_then_its_square() {
        use crate::Picture;
        let two = Moore::new(2, Board::Squares);
        let p = Heaps::from_slice(&[2, 5, 7, 9]);
        let d = two.draw(&p, &[]).unwrap();
        assert!(d.on_request && d.how.contains("up to 2 coins"), "{}", d.how);
        let marks = |m: &[&str]| m.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        // A coin: the squares to its left add to it.
        let coin = two.marking(&p, &marks(&["c1"])).unwrap();
        assert!(coin.exact.is_empty());
        assert_eq!(coin.more, ["q0", "q1", "q2", "q3", "q4"]);
        // Its square: the move, or another coin to slide with it.
        let one = two.marking(&p, &marks(&["c1", "q3"])).unwrap();
        assert_eq!(one.exact[0].to.as_slice(), [2, 3, 7, 9]);
        assert_eq!(one.more, ["c0", "c2", "c3"]);
        let both = two.marking(&p, &marks(&["c1", "q3", "c3", "q0"])).unwrap();
        assert_eq!(both.exact[0].to.as_slice(), [2, 3, 7, 0]);
        assert_eq!(
            both.exact[0].words,
            "move the coin on square 5 to square 3 and move the coin on square 9 to square 0"
        );
        assert!(both.more.is_empty());
        // A square right of its coin, or a coin twice, makes nothing.
        for wrong in [&["c1", "q6"][..], &["c1", "q3", "c1"], &["q3"]] {
            let m = two.marking(&p, &marks(wrong)).unwrap();
            assert!(m.exact.is_empty() && m.more.is_empty(), "{wrong:?}");
        }
        let led = two
            .leading(&p, &Heaps::from_slice(&[2, 3, 7, 0]))
            .unwrap()
            .unwrap();
        assert_eq!(led.marks, ["c1", "q3", "c3", "q0"]);
        // One coin at a time (plain Nimble): every move listed.
        let one_coin = Moore::new(1, Board::Squares).draw(&p, &[]).unwrap();
        assert_eq!(one_coin.moves.len(), 2 + 5 + 7 + 9);
    }

    #[test]
    fn the_constructed_move_wins_from_every_small_n_position() {
        for k in 1..=3 {
            for a in 0..8u64 {
                for b in 0..8 {
                    for c in 0..8 {
                        for d in [0, 5] {
                            let p = [a, b, c, d];
                            let found = constructed_winning_move(&p, k);
                            assert_eq!(found.is_none(), is_p_position(&p, k), "{p:?} k={k}");
                            let Some(q) = found else { continue };
                            assert!(is_p_position(&q, k), "{p:?} -> {q:?}");
                            let lowered = p.iter().zip(&q).filter(|(x, y)| x != y).count();
                            assert!((1..=k).contains(&lowered), "{p:?} -> {q:?}");
                            assert!(p.iter().zip(&q).all(|(x, y)| y <= x), "{p:?} -> {q:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn moves_lower_up_to_k_heaps_and_are_counted() {
        let g = Moore::new(2, Board::Heaps);
        for p in [[1, 2, 3].as_slice(), &[4, 0, 2, 5], &[3]] {
            let p = Heaps::from_slice(p);
            let mut out = Vec::new();
            g.moves(&p, &mut out).unwrap();
            assert_eq!(g.count_moves(&p), Some(out.len() as u64));
            let mut distinct = out.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), out.len());
        }
        let from = Heaps::from_slice(&[9, 5]);
        assert_eq!(
            Moore::new(2, Board::Squares)
                .describe_move(&from, &Heaps::from_slice(&[4, 0]))
                .unwrap(),
            "move the coin on square 9 to square 4 and move the coin on square 5 to square 0"
        );
    }
}
