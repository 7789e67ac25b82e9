//! Chomp (Gale; Schuh's game in another form): a Young diagram of squares, rows
//! written bottom first and never longer than the row below (`8,5,1`), or a
//! rectangle `8x3` (8 columns, 3 rows). A move chomps a square (x, y) — column x,
//! row y, counted from 1 at the poisoned corner (1, 1) — removing it and every square
//! right of it and above it. Whoever must take the poisoned square loses, so the
//! diagram of that square alone is the terminal position.
//!
//! The diagrams inside a box of h rows and w columns are the lattice paths across
//! it: C(w + h, h) of them, ranked densely ([`Rectangle`]) so that a whole box solves in one
//! bottom-up pass ([`nimbers_in_rectangle`]). Chomp of three and four rows has a
//! faster way to its P-positions ([`three_row_p_positions`], [`four_row_p_positions`]).

use crate::sorting::sort;
use smallvec::SmallVec;

use super::grid::{self, Cell};
use super::heaps::parse_number;
use super::Family;
use crate::drawing::{self, colours, Marked, Marking, Paint};
use crate::solve::GameBox;
use crate::table::{Save, Table, TableRequest};
use crate::{
    invalid, mex, too_large, Budget, Capabilities, Drawing, Game, Nimber, Outcome, Picture, Play,
    Result, Size, Theory,
};

/// Row lengths, bottom row first, non-increasing, each at least 1.
pub type Rows = SmallVec<[u32; 4]>;

/// The game of Chomp.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chomp;

/// The diagram left by chomping the square in column `x`, row `y` (both from 0).
fn chomped(p: &[u32], x: u32, y: usize) -> Rows {
    let mut next: Rows = p.iter().copied().collect();
    for row in &mut next[y..] {
        *row = (*row).min(x);
    }
    while next.last() == Some(&0) {
        next.pop();
    }
    next
}

/// The most rows a board written `WxH` may have (its rows are held one by one).
const MOST_ROWS: u64 = 1 << 20;

/// The square (column, row, from 1) chomped between two diagrams, and how many
/// squares went, if one chomp does it.
fn chomp_between(from: &[u32], to: &[u32]) -> Option<(u32, usize, u32)> {
    let y = (0..from.len()).find(|&y| to.get(y).copied().unwrap_or(0) != from[y])?;
    let x = to.get(y).copied().unwrap_or(0);
    let taken = from.iter().sum::<u32>() - to.iter().sum::<u32>();
    (x < from[y] && (x, y) != (0, 0) && chomped(from, x, y)[..] == *to).then_some((
        x + 1,
        y + 1,
        taken,
    ))
}

impl Game for Chomp {
    type Position = Rows;

    fn moves(&self, p: &Rows, out: &mut Vec<Rows>) -> Result<()> {
        for (y, &len) in p.iter().enumerate() {
            let first = if y == 0 { 1 } else { 0 };
            out.extend((first..len).map(|x| chomped(p, x, y)));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Rows> {
        let text = text.trim();
        let rows: Rows = match text.split_once('x') {
            Some((w, h)) => {
                let w = parse_number(w.trim(), "board width")?;
                let h = parse_number(h.trim(), "number of rows")?;
                if w == 0 || h == 0 {
                    return Err(invalid!(
                        "'{text}' has no squares: a board needs width and height at least 1"
                    ));
                }
                if w > u32::MAX as u64 || h > MOST_ROWS {
                    return Err(match h <= u32::MAX as u64 && w <= MOST_ROWS {
                        true => invalid!(
                            "'{text}' has {h} rows, more than the {MOST_ROWS} grundy holds; turned on its side it is the same game, 'chomp {h}x{w}', which grundy answers"
                        ),
                        false => invalid!(
                            "'{text}' is too large a board: grundy holds rows of at most {} squares, and at most {MOST_ROWS} rows",
                            u32::MAX
                        ),
                    });
                }
                std::iter::repeat_n(w as u32, h as usize).collect()
            }
            None => {
                let mut rows = Rows::new();
                for token in text.split(',').map(str::trim) {
                    let len = parse_number(token, "row length")?;
                    if len == 0 || len > u32::MAX as u64 {
                        return Err(invalid!(
                            "'{token}' is not a row length: a row has from 1 to {} squares",
                            u32::MAX
                        ));
                    }
                    rows.push(len as u32);
                }
                rows
            }
        };
        if let Some(y) = (1..rows.len()).find(|&y| rows[y] > rows[y - 1]) {
            return Err(invalid!(
                "row {} ({} squares) is longer than the row below it ({}): rows are written bottom first and never grow",
                y + 1,
                rows[y],
                rows[y - 1]
            ));
        }
        Ok(rows)
    }

    fn format_position(&self, p: &Rows) -> String {
        if p.len() > 1 && p.iter().all(|&r| r == p[0]) {
            return format!("{}x{}", p[0], p.len());
        }
        let rows: Vec<String> = p.iter().map(u32::to_string).collect();
        rows.join(",")
    }

    fn describe_move(&self, from: &Rows, to: &Rows) -> Result<String> {
        Ok(match chomp_between(from, to) {
            Some((x, y, 1)) => format!("chomp ({x},{y}), taking 1 square"),
            Some((x, y, n)) => format!(
                "chomp ({x},{y}), taking {} squares",
                crate::notation::count(n.into())
            ),
            None => format!("move to {}", self.format_position(to)),
        })
    }

    fn why_illegal(&self, from: &Rows, to: &Rows) -> String {
        format!(
            "no square of {} chomped leaves {}: a chomp takes a square and all squares right of it and above it",
            self.format_position(from),
            self.format_position(to)
        )
    }

    fn capabilities(&self) -> Capabilities<'_, Rows> {
        Capabilities {
            theory: Some(self),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

impl Size<Rows> for Chomp {
    fn count_moves(&self, p: &Rows) -> Option<u64> {
        Some(p.iter().map(|&r| r as u64).sum::<u64>() - 1)
    }
    /// The diagrams inside `p`: choosing each row's length, from the bottom up, at
    /// most the row below and at most `p`'s row, counted row by row.
    fn count_positions(&self, p: &Rows) -> Option<u64> {
        let squares: u64 = p.iter().map(|&r| r as u64).sum();
        if squares > 1 << 28 {
            return Some(u64::MAX);
        }
        // ways[r]: the diagrams of the rows so far whose last row has length r.
        let mut ways = vec![0u64; p[0] as usize + 1];
        ways[1..].fill(1);
        for &len in &p[1..] {
            let mut next = vec![0u64; len as usize + 1];
            let mut at_least = 0u64;
            for r in (0..ways.len()).rev() {
                at_least = at_least.saturating_add(ways[r]);
                if r <= len as usize {
                    next[r] = at_least;
                }
            }
            ways = next;
        }
        Some(ways.iter().fold(0u64, |a, &w| a.saturating_add(w)))
    }
}

/// The shapes whose outcome a theorem gives, at any size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// An L: the poisoned square with an arm of `right` squares to its right and
    /// one of `up` squares above it (a single row or column included). A chomp
    /// shortens one arm, so the L is Nim with heaps `right` and `up`: nimber
    /// right ⊕ up, P exactly when the arms are equal.
    L { right: u32, up: u32 },
    /// Two rows, `bottom` ≥ `top` ≥ 2 squares (a top row of 1 is an L): P exactly when
    /// bottom = top + 1. `turned`: two columns of those heights instead, left and
    /// right, the same game (a chomp is the same move in the diagram reflected in its
    /// diagonal).
    TwoRows { bottom: u32, top: u32, turned: bool },
    /// A square of side `side` ≥ 3 (smaller ones are Ls or two rows): chomping (2, 2)
    /// leaves the L of equal arms, and the first player mirrors every move on it.
    Square { side: u32 },
    /// Any other rectangle larger than the poisoned square: N by strategy stealing,
    /// with no winning move named.
    Rectangle,
}

/// The shape of `p` that a theorem answers, if any.
fn shape(p: &[u32]) -> Option<Shape> {
    let rectangle = p.iter().all(|&row| row == p[0]);
    if p[1..].iter().all(|&row| row == 1) {
        Some(Shape::L {
            right: p[0] - 1,
            up: p.len() as u32 - 1,
        })
    } else if let [bottom, top] = *p {
        Some(Shape::TwoRows {
            bottom,
            top,
            turned: false,
        })
    } else if p[0] == 2 {
        Some(Shape::TwoRows {
            bottom: p.len() as u32,
            top: p.iter().filter(|&&row| row == 2).count() as u32,
            turned: true,
        })
    } else if rectangle && p.len() == p[0] as usize {
        Some(Shape::Square { side: p[0] })
    } else {
        rectangle.then_some(Shape::Rectangle)
    }
}

/// Two rows of `bottom` and `top` squares, or (`turned`) two columns of those heights.
fn two_rows(bottom: u32, top: u32, turned: bool) -> Rows {
    if !turned {
        return Rows::from_slice(&[bottom, top]);
    }
    let mut rows = Rows::from_elem(1, bottom as usize);
    rows[..top as usize].fill(2);
    rows
}

/// The L with arms `right` and `up`.
fn l_shape(right: u32, up: u32) -> Rows {
    let mut rows = Rows::from_elem(1, up as usize + 1);
    rows[0] = right + 1;
    rows
}

/// The theorems on Chomp in the notes, under normal play: an L is Nim with its two
/// arms as heaps; two rows (a, b) are P exactly when a = b + 1, and so are two
/// columns, the same diagram reflected in its diagonal; a square is won by
/// chomping (2, 2) and mirroring on the L; any rectangle larger than the poisoned
/// square is N by strategy stealing: if chomping the top right square alone lost,
/// the first player would steal the reply, since every reply is also a move from the
/// whole rectangle.
impl Theory<Rows> for Chomp {
    fn theorem(&self, _play: Play) -> &'static str {
        "the theory of Chomp (strategy stealing, the L, two rows)"
    }

    fn nimber(&self, p: &Rows) -> Option<Nimber> {
        match shape(p)? {
            Shape::L { right, up } => Some((right ^ up) as Nimber),
            _ => None,
        }
    }

    fn outcome(&self, p: &Rows, play: Play) -> Option<Outcome> {
        if play != Play::Normal {
            return None;
        }
        let p_position = match shape(p)? {
            Shape::L { right, up } => right == up,
            Shape::TwoRows { bottom, top, .. } => bottom == top + 1,
            Shape::Square { .. } | Shape::Rectangle => false,
        };
        Some(if p_position { Outcome::P } else { Outcome::N })
    }

    /// Every move to nimber `target` from an L (as in Nim); from two rows (or columns)
    /// or a square, every winning move (`target` 0), which is unique: two rows (a, b)
    /// go to (b + 1, b) when a > b + 1 and to (a, a − 1) when a = b; a square goes to
    /// its L, since any other chomp leaves a rectangle (N) or a position from which
    /// chomping (2, 2) leaves the L of equal arms.
    fn moves_to_nimber(&self, p: &Rows, target: Nimber) -> Option<Vec<Rows>> {
        match shape(p)? {
            Shape::L { right, up } => {
                let mut found = Vec::new();
                if let Some(r) = u32::try_from(target ^ up as Nimber)
                    .ok()
                    .filter(|&r| r < right)
                {
                    found.push(l_shape(r, up));
                }
                if let Some(u) = u32::try_from(target ^ right as Nimber)
                    .ok()
                    .filter(|&u| u < up)
                {
                    found.push(l_shape(right, u));
                }
                (found.iter().map(|q| q.len() as u64).sum::<u64>() <= crate::THEORY_LISTS)
                    .then_some(found)
            }
            _ if target != 0 => None,
            Shape::TwoRows {
                bottom,
                top,
                turned,
            } if bottom == top => Some(vec![two_rows(bottom, top - 1, turned)]),
            Shape::TwoRows {
                bottom,
                top,
                turned,
            } if bottom > top + 1 => Some(vec![two_rows(top + 1, top, turned)]),
            Shape::TwoRows { .. } => Some(Vec::new()),
            Shape::Square { side } => Some(vec![l_shape(side - 1, side - 1)]),
            Shape::Rectangle => None,
        }
    }

    fn explain(&self, p: &Rows, play: Play) -> Vec<String> {
        if play != Play::Normal {
            return Vec::new();
        }
        let line = match shape(p) {
            None => return Vec::new(),
            Some(Shape::L { right, up }) => format!(
                "An L: the poisoned square with {right} squares to its right and {up} above it. \
                 A chomp shortens one arm, so the L is Nim with heaps {right} and {up}: \
                 nimber {right} ⊕ {up} = {}, a P-position exactly when the arms are equal.",
                right ^ up
            ),
            Some(Shape::TwoRows {
                bottom,
                top,
                turned,
            }) => {
                let (line, long, short, end, turn) = match turned {
                    false => ("row", "bottom", "top", "last", ""),
                    true => (
                        "column",
                        "left",
                        "right",
                        "top",
                        " (two rows turned on their side: a chomp is the same move in the \
                         diagram reflected in its diagonal)",
                    ),
                };
                format!(
                    "Two {line}s of {bottom} and {top}{turn}: the P-positions of two-{line} Chomp \
                     are the {line}s (a, a − 1). From (a, a − 1), shortening the {long} {line} \
                     leaves two {line}s of equal length, and shortening the {short} {line} \
                     leaves a {long} {line} longer by two or more; from the first, chomping the \
                     {short} {line}'s {end} square restores (b, b − 1), and from the second, \
                     cutting the {long} {line} to one more than the {short}."
                )
            }
            Some(Shape::Square { side }) => format!(
                "A square of side {side}: chomping (2,2) leaves an L whose two arms have \
                 {} squares each, and on an L the first player mirrors every move of the \
                 opponent on the other arm, until the opponent must take the poisoned square.",
                side - 1
            ),
            Some(Shape::Rectangle) => "Strategy stealing: a rectangle larger than the poisoned \
                 square is an N-position. Suppose chomping the top right square alone lost; \
                 then the opponent would have a winning reply, and the first player could \
                 have made that reply at once, since chomping any square also removes the top \
                 right one. So some first move wins, though the argument does not say which."
                .into(),
        };
        vec![line]
    }
}

/// The most squares of a Chomp diagram drawn a square a shape, with every move
/// listed (each square carries the diagram its chomp leaves, so a picture grows
/// with squares × rows); larger diagrams are drawn a row a strip, their moves asked
/// for by their marks, up to [`STRIPS`] rows and columns.
const DRAWN_SQUARES: usize = 400;
/// See [`DRAWN_SQUARES`].
const STRIPS: usize = 1_000;
/// How a Chomp diagram is played by clicking.
const HOW: &str = "click a square to chomp it, with every square above it and right of it";

impl Picture<Rows> for Chomp {
    /// The diagram as squares, the bottom row lowest, the poisoned square red, the
    /// rows and columns numbered as moves write them; a click chomps a square, with
    /// every square above it and right of it (each square also carries the diagram
    /// its chomp leaves, `data-move`).
    fn draw(&self, p: &Rows, _history: &[Rows]) -> Result<Drawing<Rows>> {
        let (rows, cols) = (p.len(), p[0] as usize);
        if rows > STRIPS || cols > STRIPS {
            return Err(too_large!(
                "a Chomp diagram of {rows} rows and {cols} columns is too large to draw: at most {STRIPS} rows and {STRIPS} columns"
            ));
        }
        if rows * cols > DRAWN_SQUARES {
            // A row a strip, the poisoned square over the first cell of the bottom one.
            let mut d = grid::strips(rows, cols, HOW, |r| p[rows - 1 - r] as usize);
            d.add(
                grid_square(rows - 1, 0, colours::POISON, "poisoned")
                    .titled("the poisoned square (1,1): whoever must take it loses"),
            );
            return Ok(d);
        }
        let inside = |r: usize, c: usize| c < p[rows - 1 - r] as usize;
        let mut d = grid::board(rows, cols, HOW, |r, c| match (c, rows - 1 - r) {
            (0, 0) => Cell::Poisoned("the poisoned square (1,1): whoever must take it loses"),
            (c, y) if inside(r, c) => {
                Cell::Empty(Some(format!("chomp the square ({},{})", c + 1, y + 1)))
            }
            _ => Cell::Absent,
        });
        let mut offers = Vec::new();
        for shape in &mut d.shapes {
            let Some((r, c)) = shape.id.as_deref().and_then(grid::cell_of) else {
                continue;
            };
            let after = chomped(p, c as u32, rows - 1 - r);
            shape.data.push(("move", self.format_position(&after)));
            let lit = (0..=r)
                .flat_map(|r2| {
                    (c..cols)
                        .filter(move |&c2| inside(r2, c2))
                        .map(move |c2| grid::cell(r2, c2))
                })
                .collect();
            let words = self.describe_move(p, &after)?;
            offers.push((vec![grid::cell(r, c)], lit, after, words));
        }
        for (marks, lit, to, words) in offers {
            d.offer(marks, lit, to, words);
        }
        Ok(d)
    }

    /// A click on a square of a diagram drawn in strips chomps it: the cells it
    /// takes are lit row by row, as runs of their strips.
    fn marking(&self, p: &Rows, marks: &[String]) -> Result<Marking<Rows>> {
        let rows = p.len();
        if rows * p[0] as usize <= DRAWN_SQUARES {
            return Ok(self.draw(p, &[])?.marking(marks));
        }
        let mut exact = Vec::new();
        if let [id] = marks {
            if let Some((r, c)) = grid::strip_cell(id).filter(|&(r, c)| {
                r < rows && c < p[rows - 1 - r] as usize && (r, c) != (rows - 1, 0)
            }) {
                let after = chomped(p, c as u32, rows - 1 - r);
                let lit = (0..=r)
                    .filter(|&r2| p[rows - 1 - r2] as usize > c)
                    .map(|r2| format!("r{r2}:{c}-{}", p[rows - 1 - r2] - 1))
                    .collect();
                let words = self.describe_move(p, &after)?;
                exact.push(Marked {
                    marks: vec![id.clone()],
                    lit,
                    to: after,
                    words,
                });
            }
        }
        Ok(Marking {
            exact,
            more: Vec::new(),
        })
    }

    fn leading(&self, p: &Rows, to: &Rows) -> Result<Option<Marked<Rows>>> {
        let rows = p.len();
        match chomp_between(p, to) {
            Some((x, y, _)) if rows * p[0] as usize > DRAWN_SQUARES => {
                let id = format!("r{}:{}", rows - y, x - 1);
                Ok(self.marking(p, &[id])?.exact.pop())
            }
            _ => Ok(self.draw(p, &[])?.move_to(to)),
        }
    }
}

/// The square of row `r` (from the top) and column `c` of a board drawn in strips.
fn grid_square(r: usize, c: usize, paint: Paint, class: &str) -> drawing::Shape {
    let (x, y) = grid::corner(r, c);
    drawing::Shape::rect(x, y, grid::SIZE, grid::SIZE, paint, class)
}

/// The diagrams inside a rectangle of `height` rows and `width` columns (the empty one
/// included), ranked densely: the rows r1 ≥ … ≥ rh (zeros for missing rows) have rank
/// Σ C(r_i + h − i, h − i + 1). A diagram inside another has a smaller rank, so
/// ranks in increasing order visit every option before the position.
#[derive(Clone, Debug)]
pub struct Rectangle {
    height: usize,
    width: u32,
    /// binomial[n][k] for n ≤ width + height, k ≤ height.
    binomial: Vec<Vec<u64>>,
}

/// How many diagrams fit in a box of `height` rows and `width` columns, C(width +
/// height, height), saturating at `u64::MAX`: known before any table is made.
pub fn diagrams(height: usize, width: u32) -> u64 {
    let (n, k) = (
        width as u128 + height as u128,
        (height as u128).min(width as u128),
    );
    let mut c: u128 = 1;
    for i in 0..k {
        // c = C(n - k + i + 1, i + 1), exact at each step.
        c = match c.checked_mul(n - k + i + 1) {
            Some(product) if product / (i + 1) <= u64::MAX as u128 => product / (i + 1),
            _ => return u64::MAX,
        };
    }
    c as u64
}

impl Rectangle {
    /// The rectangle of `height` rows and `width` columns.
    pub fn new(height: usize, width: u32) -> Rectangle {
        let top = width as usize + height;
        let mut binomial = vec![vec![0u64; height + 1]; top + 1];
        for n in 0..=top {
            binomial[n][0] = 1;
            for k in 1..=height.min(n) {
                binomial[n][k] = binomial[n - 1][k - 1].saturating_add(binomial[n - 1][k]);
            }
        }
        Rectangle {
            height,
            width,
            binomial,
        }
    }

    /// How many diagrams fit: C(width + height, height).
    pub fn len(&self) -> u64 {
        self.binomial[self.width as usize + self.height][self.height]
    }

    /// False: the empty diagram always fits.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The rank of a diagram that fits in the rectangle.
    pub fn rank(&self, rows: &[u32]) -> u64 {
        let h = self.height;
        (0..h)
            .map(|i| {
                let r = rows.get(i).copied().unwrap_or(0) as usize;
                self.binomial[r + h - 1 - i][h - i]
            })
            .sum()
    }

    /// The diagram of a rank, its empty rows dropped.
    pub fn unrank(&self, mut rank: u64) -> Rows {
        let h = self.height;
        let mut rows = Rows::new();
        let mut c = self.width as usize + h;
        for i in 0..h {
            let k = h - i;
            while self.binomial[c][k] > rank {
                c -= 1;
            }
            rank -= self.binomial[c][k];
            rows.push((c + 1 - k) as u32);
        }
        while rows.last() == Some(&0) {
            rows.pop();
        }
        rows
    }
}

/// The nimber of every diagram inside `b`, by rank, in one bottom-up pass; the empty
/// diagram (rank 0) is not a position and gets nimber 0 unused. More diagrams than
/// the budget's positions is refused at once.
pub fn nimbers_in_rectangle(b: &Rectangle, budget: &Budget) -> Result<Vec<Nimber>> {
    budget.fits(b.len())?;
    let mut nimbers = vec![0; b.len() as usize];
    let mut options = Vec::new();
    let mut values = Vec::new();
    let mut every = crate::stop::Every::default();
    for rank in 1..b.len() {
        every.step(budget)?;
        let rows = b.unrank(rank);
        options.clear();
        Chomp.moves(&rows, &mut options)?;
        every.steps(options.len(), budget)?;
        values.clear();
        values.extend(options.iter().map(|o| nimbers[b.rank(o) as usize]));
        nimbers[rank as usize] = mex(values.iter().copied());
    }
    Ok(nimbers)
}

/// The P-positions of Chomp with at most three rows and a bottom row of at most
/// `width` squares, as rows (a, b, c), zeros for missing rows, sorted.
///
/// For fixed upper rows (b, c) at most one bottom row a makes a P-position (from a
/// longer one, shortening the bottom row alone reaches it); call it f(b, c). The
/// moves that keep a are to (a, x, min(c, x)) for x < b and to (a, b, x) for x < c,
/// P exactly when a is f of those rows; the moves that do not are to (x, x, min(c, x))
/// for 1 ≤ x < b, whatever a is. So f(b, c) is the least a ≥ max(b, 1) not among the
/// f of the first kind, unless some move of the second kind reaches a P-position.
/// The sets are kept as bit sets, one per c, and scanned from a = b up: about
/// width² × (f − b)/64 word operations. Values past `width` are kept as none: they
/// make no P-position of the table and exclude no value of it. The (width + 1)
/// (width + 2)/2 pairs (b, c) count against the budget's positions.
pub fn three_row_p_positions(width: u32, budget: &Budget) -> Result<Vec<[u32; 3]>> {
    let w = width as usize;
    let words = (w + 1).div_ceil(64);
    budget.fits(((w + 1) * (w + 2) / 2) as u64)?;
    const NONE: u32 = u32::MAX;
    // For each c, the values f(x, x) for x < c and f(x, c) for c ≤ x < b.
    let mut below = vec![0u64; (w + 1) * words];
    // For each c, whether some 1 ≤ x < b has f(x, min(c, x)) = x.
    let mut dead = vec![false; w + 1];
    let mark = |set: &mut [u64], v: u32| {
        if v != NONE {
            set[v as usize / 64] |= 1 << (v % 64);
        }
    };
    let mut found = Vec::new();
    let mut row = Vec::with_capacity(w + 1);
    let mut same_b = vec![0u64; words];
    for b in 0..=w {
        budget.check()?;
        row.clear();
        same_b.fill(0);
        for c in 0..=b {
            let value = if dead[c] {
                NONE
            } else {
                let sets = [&below[c * words..][..words], &same_b[..]];
                least_missing_within(&sets, b.max(1), w)
            };
            if value != NONE {
                found.push([value, b as u32, c as u32]);
            }
            row.push(value);
            mark(&mut same_b, value);
        }
        // Rows (b, c) join the sets of the larger b: as f(x, c) for c ≤ x = b, and
        // f(b, b) for every c > b.
        for (c, &value) in row.iter().enumerate() {
            mark(&mut below[c * words..][..words], value);
            if b >= 1 && value == b as u32 {
                dead[c] = true;
            }
        }
        for c in b + 1..=w {
            mark(&mut below[c * words..][..words], row[b]);
            if b >= 1 && row[b] == b as u32 {
                dead[c] = true;
            }
        }
    }
    sort(&mut found);
    Ok(found)
}

/// The P-positions of Chomp with at most four rows and a bottom row of at most
/// `width` squares, as rows (a, b, c, d), zeros for missing rows, sorted.
///
/// The recursion of [`three_row_p_positions`], one row up. For fixed upper rows
/// u = (b, c, d), at most one bottom row a ≥ max(b, 1) makes a P-position (proved:
/// from a longer bottom row, shortening it alone reaches the shorter); call it f(u).
/// A chomp in rows 2–4 keeps a and leaves upper rows u′, a P-position exactly when
/// a = f(u′): with t the column left of the chomp, u′ is (b, c, t) for t < d,
/// (b, t, d) for d ≤ t < c, (b, t, t) for t < d, (t, c, d) for c ≤ t < b, (t, t, d)
/// for d ≤ t < c, and (t, t, t) for t < d. A chomp of the bottom row at t + 1 ≤ b
/// leaves (t, t, min(c, t), min(d, t)) whatever a is: if that is ever a P-position,
/// no a makes u one. So f(u) is the least a ≥ max(b, 1) not among the six sets of
/// f(u′), unless such a chomp reaches a P-position. Each set grows along one row
/// with the others fixed, so it is kept as a bit set that gains one value a step:
/// about width³/6 × 6 × width/64 word operations in all. Values past `width` are
/// kept as none: they make no P-position of the table and exclude no value of it.
/// The (width + 1)(width + 2)(width + 3)/6 upper rows count against the budget's
/// positions.
pub fn four_row_p_positions(width: u32, budget: &Budget) -> Result<Vec<[u32; 4]>> {
    let w = width as usize;
    let upper_rows = (w as u64 + 1) * (w as u64 + 2) * (w as u64 + 3) / 6;
    budget.fits(upper_rows)?;
    let words = (w + 1).div_ceil(64);
    let set = || vec![0u64; words];
    let pairs = |n: usize| (n + 1) * (n + 2) / 2;
    // The index of a pair (x, y), y ≤ x ≤ w, in a triangle of pairs.
    let pair = |x: usize, y: usize| x * (x + 1) / 2 + y;
    const NONE: u32 = u32::MAX;
    let mark = |set: &mut [u64], v: u32| {
        if v != NONE {
            set[v as usize / 64] |= 1 << (v % 64);
        }
    };
    // f(t, c, d) for c ≤ t < b, by (c, d); f(t, t, d) for d ≤ t < c, by (c, d); and
    // f(t, t, t) for t < d, by d. Each a bit set.
    let mut by_lower = vec![0u64; pairs(w) * words];
    let mut by_diagonal = vec![0u64; pairs(w) * words];
    let mut by_cube = vec![0u64; (w + 2) * words];
    // Whether some c ≤ t < b has f(t, c, d) = t, by (c, d); the least t ≥ max(d, 1)
    // with f(t, t, d) = t, by d; the least t ≥ 1 with f(t, t, t) = t.
    let mut dead_lower = vec![false; pairs(w)];
    let mut first_diagonal = vec![u32::MAX; w + 1];
    let mut first_cube = u32::MAX;
    let mut found = Vec::new();
    // f(b, c, d) of the current b, by (c, d).
    let mut f = vec![NONE; pairs(w)];
    let mut same_b_and_d = vec![0u64; (w + 1) * words];
    let mut same_b_diagonal = vec![0u64; (w + 2) * words];
    for b in 0..=w {
        budget.check()?;
        same_b_and_d.fill(0);
        same_b_diagonal[..words].fill(0);
        let lowest = b.max(1);
        for c in 0..=b {
            let mut same_bc = set();
            for d in 0..=c {
                let dead = dead_lower[pair(c, d)]
                    || (first_diagonal[d] as usize) < c
                    || (first_cube as usize) < d;
                let value = if dead {
                    NONE
                } else {
                    let sets: [&[u64]; 6] = [
                        &same_bc[..],
                        &same_b_and_d[d * words..][..words],
                        &same_b_diagonal[d * words..][..words],
                        &by_lower[pair(c, d) * words..][..words],
                        &by_diagonal[pair(c, d) * words..][..words],
                        &by_cube[d * words..][..words],
                    ];
                    least_missing_within(&sets, lowest, w)
                };
                f[pair(c, d)] = value;
                if value != NONE {
                    found.push([value, b as u32, c as u32, d as u32]);
                }
                mark(&mut same_bc, value);
            }
            // Row c of this b done: f(b, c, d) joins (b, t, d) for the larger c, and
            // f(b, c, c) joins (b, t, t) for every d > c.
            for d in 0..=c {
                mark(&mut same_b_and_d[d * words..][..words], f[pair(c, d)]);
            }
            let (done, next) = same_b_diagonal.split_at_mut((c + 1) * words);
            next[..words].copy_from_slice(&done[c * words..]);
            mark(&mut next[..words], f[pair(c, c)]);
        }
        // This b done: f(b, c, d) joins (t, c, d), f(b, b, d) joins (t, t, d) for
        // every larger c, and f(b, b, b) joins (t, t, t) for every larger d.
        for c in 0..=b {
            for d in 0..=c {
                let value = f[pair(c, d)];
                mark(&mut by_lower[pair(c, d) * words..][..words], value);
                if b >= 1 && value == b as u32 {
                    dead_lower[pair(c, d)] = true;
                }
            }
        }
        for d in 0..=b {
            let value = f[pair(b, d)];
            for c in b + 1..=w {
                mark(&mut by_diagonal[pair(c, d) * words..][..words], value);
            }
            if b >= 1 && value == b as u32 {
                first_diagonal[d] = first_diagonal[d].min(b as u32);
            }
        }
        let (done, next) = by_cube.split_at_mut((b + 1) * words);
        next[..words].copy_from_slice(&done[b * words..]);
        mark(&mut next[..words], f[pair(b, b)]);
        if b >= 1 && f[pair(b, b)] == b as u32 {
            first_cube = first_cube.min(b as u32);
        }
    }
    sort(&mut found);
    Ok(found)
}

/// The least value in `lowest..=most` in none of the bit sets (of equal length), or
/// none.
fn least_missing_within(sets: &[&[u64]], lowest: usize, most: usize) -> u32 {
    let taken = |word: usize| sets.iter().fold(0, |bits, set| bits | set[word]);
    let mut word = lowest / 64;
    let mut bits = taken(word) | ((1u64 << (lowest % 64)) - 1);
    while bits == u64::MAX {
        word += 1;
        if word == sets[0].len() {
            return u32::MAX;
        }
        bits = taken(word);
    }
    match word * 64 + bits.trailing_ones() as usize {
        v if v <= most => v as u32,
        _ => u32::MAX,
    }
}

/// The registry entry of `chomp`.
pub const FAMILY: Family = Family::game(
    "chomp",
    "Chomp: take a square and all right of and above it; (1,1) is poisoned",
    |_| Ok(GameBox::new("chomp", Chomp)),
)
.with_table(p_position_table)
.with_start("Chomp and the divisor game", "chomp 5x4");

/// The P-positions of Chomp with at most `rows` rows and at most `to` squares in the
/// bottom row, each as its rows (bottom first), in increasing order.
fn p_position_table(_: &str, request: &TableRequest) -> Result<Table> {
    let (Some(rows), Some(to)) = (request.rows, request.to) else {
        return Err(invalid!(
            "a Chomp table needs at most how many rows and how wide a bottom row (rows R, to W)"
        ));
    };
    if request.play == Play::Misere {
        return Err(invalid!(
            "a Chomp table lists normal-play P-positions; misère play does not apply"
        ));
    }
    if !matches!(request.save, Save::No) {
        return Err(invalid!(
            "only take-and-break heap games under normal play are saved and resumed"
        ));
    }
    let Ok(width) = u32::try_from(to) else {
        return Err(too_large!(
            "a bottom row of {to} squares is too wide for a Chomp table"
        ));
    };
    Ok(Table::PPositions {
        game: "chomp".into(),
        rows,
        to: width,
        positions: p_positions(rows, width, &request.budget)?,
    })
}

/// The P-positions of Chomp with at most `rows` rows and at most `to` squares in the
/// bottom row, each as its rows (bottom first), in increasing order; up to four rows
/// by the fast recursions, more by the dense table of the whole box.
pub fn p_positions(rows: usize, to: u32, budget: &Budget) -> Result<Vec<Vec<u32>>> {
    if rows == 0 || to == 0 {
        return Err(invalid!(
            "a Chomp table needs at least 1 row and a width of at least 1"
        ));
    }
    let rows_of = |p: &[u32]| -> Option<Vec<u32>> {
        p[rows.min(p.len())..]
            .iter()
            .all(|&r| r == 0)
            .then(|| p.iter().copied().filter(|&r| r > 0).collect())
    };
    let mut found: Vec<Vec<u32>> = if rows <= 3 {
        three_row_p_positions(to, budget)?
            .iter()
            .filter_map(|p| rows_of(p))
            .collect()
    } else if rows == 4 {
        four_row_p_positions(to, budget)?
            .iter()
            .filter_map(|p| rows_of(p))
            .collect()
    } else {
        budget.fits(diagrams(rows, to))?;
        let b = Rectangle::new(rows, to);
        let nimbers = nimbers_in_rectangle(&b, budget)?;
        (1..b.len())
            .filter(|&rank| nimbers[rank as usize] == 0)
            .map(|rank| b.unrank(rank).to_vec())
            .collect()
    };
    sort(&mut found);
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagrams_are_binomials_and_saturate() {
        assert_eq!(diagrams(3, 4), 35);
        assert_eq!(diagrams(7, 7), 3432);
        assert_eq!(diagrams(0, 9), 1);
        assert_eq!(diagrams(usize::MAX, 2), u64::MAX);
        assert_eq!(diagrams(30, 30), 118_264_581_564_861_424);
        assert_eq!(diagrams(40, 40), u64::MAX);
    }

    #[test]
    fn ranks_are_dense_and_respect_inclusion() {
        let b = Rectangle::new(3, 4);
        assert_eq!(b.len(), 35);
        for rank in 0..b.len() {
            let rows = b.unrank(rank);
            assert_eq!(b.rank(&rows), rank, "{rows:?}");
            let mut options = Vec::new();
            Chomp.moves(&rows, &mut options).unwrap();
            assert!(options.iter().all(|o| b.rank(o) < rank));
        }
    }

    #[test]
    fn positions_are_counted_without_search() {
        // Inside 4x3: C(7, 3) lattice paths, less the one with an empty bottom row.
        assert_eq!(
            Chomp.count_positions(&Rows::from_slice(&[4, 4, 4])),
            Some(34)
        );
        // 2,1: the diagrams 1; 2; 1,1; 2,1.
        assert_eq!(Chomp.count_positions(&Rows::from_slice(&[2, 1])), Some(4));
    }

    #[test]
    fn rows_must_not_grow_upward() {
        let err = Chomp.parse_position("8,9,2").unwrap_err().to_string();
        assert!(err.contains("row 2 (9 squares) is longer"), "{err}");
        assert!(Chomp.parse_position("3,0").is_err());
        assert_eq!(Chomp.parse_position("8x3").unwrap().as_slice(), [8, 8, 8]);
    }

    #[test]
    fn each_square_of_the_picture_chomps_it_and_lights_what_it_takes() {
        let d = Chomp.draw(&Rows::from_slice(&[3, 2]), &[]).unwrap();
        // Row 0 is the top row (2 squares), row 1 the bottom (3).
        let chomp = |cell: &str| d.moves.iter().find(|m| m.marks == [cell]).unwrap();
        assert_eq!(chomp("r0c0").to.as_slice(), [3]);
        assert_eq!(chomp("r0c1").to.as_slice(), [3, 1]);
        assert_eq!(chomp("r1c1").to.as_slice(), [1, 1]);
        assert_eq!(chomp("r1c1").lit, ["r0c1", "r1c1", "r1c2"]);
        assert_eq!(chomp("r1c2").to.as_slice(), [2, 2]);
        assert_eq!(chomp("r1c2").words, "chomp (3,1), taking 1 square");
        // The poisoned square has no move; every other square has one.
        assert_eq!(d.moves.len(), 4);
        let svg = d.svg();
        assert!(
            svg.contains(r#"class="poisoned" data-cell="1,0">"#),
            "{svg}"
        );
        assert!(svg.contains(r#"data-cell="1,2" data-move="2x2">"#), "{svg}");
    }

    #[test]
    fn a_picture_lists_its_moves_up_to_400_squares_then_is_drawn_in_strips_and_is_bounded() {
        let small = Chomp.draw(&Rows::from_slice(&[20; 20]), &[]).unwrap();
        assert!(!small.on_request && small.moves.len() == 399);
        let next = Chomp.draw(&Rows::from_slice(&[21; 20]), &[]).unwrap();
        assert!(next.on_request && next.moves.is_empty());
        let strips = Chomp.draw(&Rows::from_slice(&[1000; 1000]), &[]).unwrap();
        assert!(strips.on_request && strips.moves.is_empty());
        for rows in [Rows::from_slice(&[1; 1001]), Rows::from_slice(&[1001])] {
            let e = Chomp.draw(&rows, &[]).unwrap_err().to_string();
            assert!(
                e.contains("too large to draw: at most 1000 rows and 1000 columns"),
                "{e}"
            );
        }
    }
}
