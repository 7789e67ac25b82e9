//! Placement games on boards: players in turn place a piece (a polyomino from a set,
//! unlimited supply) on empty cells; whoever cannot place loses. Cram places
//! dominoes, either way round.
//!
//! A board is written `5x7` (rows x columns, all empty) or as a picture, rows joined
//! by `/`, `.` an empty cell and `#` a filled one: `..#/.../...`; at most 128
//! cells. The cells are the bits of a word ([`bits`]): `u64` for boards of at most
//! 64 cells, `u128` past that, each search on the narrowest that holds its board.
//! Pieces are cell lists `row.col` joined by `,`, several pieces joined by `|`, in
//! every rotation and reflection unless `:fixed` follows: `place:0.0,0.1,1.0` (the
//! L-tromino), `place:0.0,0.1:fixed` (horizontal dominoes only).
//!
//! As play goes on the board falls apart into regions no piece can join: a board is
//! the sum of its regions ([`Game::components`]), each cut to its bounding box and
//! written in one canonical form under the symmetries of the board that map the
//! piece set to itself, so that each region shape is met once. Boards a mirror
//! decides come from the theorem of [`mirror`]; nimbers from the pruned search of
//! [`search`].

mod bits;
#[cfg(not(target_family = "wasm"))]
mod certify;
pub(crate) mod kept;
mod known;
mod mirror;
mod search;
mod zeroed;

use super::grid::{self, Cell};
use super::Family;
#[cfg(not(target_family = "wasm"))]
use crate::certificate::Certificate;
use crate::solve::GameBox;
use crate::sorting::sort;
use crate::{
    invalid, too_large, Budget, Capabilities, Drawing, Game, Nimber, OwnSearch, Picture, Result,
    SearchTable, Size,
};
use bits::Bits;
use search::Shared;

/// The most cells of a board: 128; 64 in WebAssembly, whose engine is downloaded
/// with the static playground's pages and leaves out the search on 128-bit words
/// (and the certificates).
#[cfg(not(target_family = "wasm"))]
pub const MOST_CELLS: u32 = 128;
/// The most cells of a board: 128; 64 in WebAssembly, whose engine is downloaded
/// with the static playground's pages and leaves out the search on 128-bit words
/// (and the certificates).
#[cfg(target_family = "wasm")]
pub const MOST_CELLS: u32 = 64;

/// The word of a board's cells as the game holds it: 128 bits; 64 in WebAssembly
/// (see [`MOST_CELLS`]).
#[cfg(not(target_family = "wasm"))]
pub type Word = u128;
/// The word of a board's cells as the game holds it: 128 bits; 64 in WebAssembly
/// (see [`MOST_CELLS`]).
#[cfg(target_family = "wasm")]
pub type Word = u64;

/// A board of at most [`MOST_CELLS`] cells; cell (r, c) is bit r × cols + c of
/// `empty`. The search works on boards of the narrowest word that holds them
/// (`Board<u64>` for at most 64 cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board<B = Word> {
    rows: u8,
    cols: u8,
    empty: B,
}

impl<B: Bits> Board<B> {
    /// The cells of the board, empty or not.
    fn cells(&self) -> u32 {
        self.rows as u32 * self.cols as u32
    }

    /// The board on the game's word.
    fn wide(&self) -> Board {
        Board {
            rows: self.rows,
            cols: self.cols,
            empty: Bits::narrow(self.empty.wide()),
        }
    }
}

impl Board {
    /// The board on a word of `C`, which must hold its cells.
    fn narrow<C: Bits>(&self) -> Board<C> {
        debug_assert!(self.cells() <= C::BITS);
        Board {
            rows: self.rows,
            cols: self.cols,
            empty: C::narrow(self.empty.wide()),
        }
    }
}

/// The cells of a `rows` × `cols` board, all of them.
fn all_cells<B: Bits>(cells: u32) -> B {
    match cells {
        0 => B::ZERO,
        n => B::ALL >> (B::BITS - n),
    }
}

/// A placement game: its pieces in every allowed orientation.
#[derive(Clone, Debug)]
pub struct Placement {
    name: String,
    /// Each allowed orientation of each piece, its cells (row, col) from (0, 0),
    /// sorted; no two alike.
    shapes: Vec<Vec<(u8, u8)>>,
    /// The symmetries (see [`transform`]) that map the set of shapes to itself.
    symmetries: Vec<u8>,
    /// The symmetries < 4 (bit s for symmetry s) and those ≥ 4 (bit s − 4) among
    /// `symmetries`, for [`Placement::canonical`].
    symmetries_kept: u8,
    symmetries_turned: u8,
    /// The fewest cells of a piece: smaller regions are left out as dead.
    smallest: u32,
    /// Whether the game is Cram, whose positions drop their idle cells
    /// ([`Frame::without_idle_cells`]) in the search.
    cram: bool,
    /// What the search has learnt, kept for later questions.
    search: Shared,
}

/// Cell (r, c) of an h × w box under symmetry `s` (0..8: the four reflections and
/// rotations that keep the axes, then the four that swap them), with the box's new
/// height and width.
fn transform(s: u8, (r, c): (u8, u8), (h, w): (u8, u8)) -> (u8, u8) {
    let (fr, fc) = (h - 1 - r, w - 1 - c);
    match s {
        0 => (r, c),
        1 => (r, fc),
        2 => (fr, c),
        3 => (fr, fc),
        4 => (c, r),
        5 => (c, fr),
        6 => (fc, r),
        _ => (fc, fr),
    }
}

/// Cells moved so that the least row and column are 0, sorted.
fn normalised(mut cells: Vec<(u8, u8)>) -> Vec<(u8, u8)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        *cell = (cell.0 - r0, cell.1 - c0);
    }
    sort(&mut cells);
    cells
}

fn size(cells: &[(u8, u8)]) -> (u8, u8) {
    let h = cells.iter().map(|c| c.0).max().map_or(0, |r| r + 1);
    let w = cells.iter().map(|c| c.1).max().map_or(0, |c| c + 1);
    (h, w)
}

fn transform_shape(s: u8, cells: &[(u8, u8)]) -> Vec<(u8, u8)> {
    let box_size = size(cells);
    normalised(cells.iter().map(|&c| transform(s, c, box_size)).collect())
}

/// True when the cells join edge to edge.
fn connected(cells: &[(u8, u8)]) -> bool {
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(i) = stack.pop() {
        let (r, c) = cells[i];
        for (j, &(r2, c2)) in cells.iter().enumerate() {
            if !reached[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().all(|&r| r)
}

impl Placement {
    /// Cram: dominoes either way round.
    pub fn cram() -> Placement {
        Placement::new("cram".into(), vec![vec![(0, 0), (0, 1)]], true)
    }

    /// The game of the pieces in `text` (`0.0,0.1|0.0,1.0,1.1`, then `:fixed` for no
    /// rotations or reflections).
    pub fn parse(text: &str) -> Result<Placement> {
        let (list, rotations) = match text.strip_suffix(":fixed") {
            Some(list) => (list, false),
            None => (text, true),
        };
        let mut pieces = Vec::new();
        for piece in list.split('|') {
            let mut cells = Vec::new();
            for cell in piece.split(',').map(str::trim) {
                let parsed = cell
                    .split_once('.')
                    .and_then(|(r, c)| Some((r.parse::<u8>().ok()?, c.parse::<u8>().ok()?)))
                    .filter(|&(r, c)| r < 8 && c < 8);
                match parsed {
                    Some(rc) if !cells.contains(&rc) => cells.push(rc),
                    Some(_) => return Err(invalid!("piece '{piece}' names cell '{cell}' twice")),
                    None => {
                        return Err(invalid!(
                            "'{cell}' is not a cell: write row.col with each from 0 to 7, e.g. 0.1"
                        ))
                    }
                }
            }
            if !connected(&cells) {
                return Err(invalid!(
                    "piece '{piece}' is not connected: its cells must join edge to edge"
                ));
            }
            pieces.push(normalised(cells));
        }
        let name = pieces
            .iter()
            .map(|p| {
                let cells: Vec<String> = p.iter().map(|(r, c)| format!("{r}.{c}")).collect();
                cells.join(",")
            })
            .collect::<Vec<_>>()
            .join("|");
        let name = format!("place:{name}{}", if rotations { "" } else { ":fixed" });
        Ok(Placement::new(name, pieces, rotations))
    }

    fn new(name: String, pieces: Vec<Vec<(u8, u8)>>, rotations: bool) -> Placement {
        let smallest = pieces.iter().map(Vec::len).min().unwrap_or(0) as u32;
        let mut shapes: Vec<Vec<(u8, u8)>> = Vec::new();
        for piece in &pieces {
            let orientations = if rotations { 0..8 } else { 0..1 };
            for s in orientations {
                let shape = transform_shape(s, piece);
                if !shapes.contains(&shape) {
                    shapes.push(shape);
                }
            }
        }
        sort(&mut shapes);
        let symmetries: Vec<u8> = (0..8)
            .filter(|&s| {
                let mut image: Vec<_> = shapes.iter().map(|p| transform_shape(s, p)).collect();
                sort(&mut image);
                image == shapes
            })
            .collect();
        let bits = |range: std::ops::Range<u8>| {
            symmetries
                .iter()
                .filter(|s| range.contains(s))
                .fold(0, |m, &s| m | 1 << (s % 4))
        };
        let cram = shapes == [vec![(0, 0), (0, 1)], vec![(0, 0), (1, 0)]];
        Placement {
            name,
            shapes,
            symmetries_kept: bits(0..4),
            symmetries_turned: bits(4..8),
            symmetries,
            smallest,
            cram,
            search: Shared::default(),
        }
    }

    /// The name in a SPEC: `cram` or `place:…`.
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// Every way to place a piece on an empty board of `rows` × `cols`, as the mask
    /// of cells it covers.
    fn placement_masks<B: Bits>(&self, rows: u8, cols: u8) -> Box<[B]> {
        let mut masks = Vec::new();
        for shape in &self.shapes {
            let (h, w) = size(shape);
            if h > rows || w > cols {
                continue;
            }
            let mask = shape.iter().fold(B::ZERO, |m, &(r, c)| {
                m | B::ONE << (r as u32 * cols as u32 + c as u32)
            });
            for r in 0..=rows - h {
                for c in 0..=cols - w {
                    masks.push(mask << (r as u32 * cols as u32 + c as u32));
                }
            }
        }
        masks.into()
    }

    /// The regions of `b` that a piece fits in, each canonical.
    fn regions<B: Bits>(&self, b: &Board<B>, mut each: impl FnMut(Board<B>)) {
        let frame = Frame::new(b);
        for region in frame.regions(b.empty) {
            if region.count_ones() >= self.smallest {
                each(self.canonical(&frame, region));
            }
        }
    }

    /// `region` (empty cells in `frame`) cut to its bounding box, in canonical form.
    fn canonical<B: Bits>(&self, frame: &Frame<B>, region: B) -> Board<B> {
        self.least_form(frame.cut(region))
    }

    /// Of the images of `b` (cut to its box) under the symmetries, the least as
    /// (rows, cols, cells): the canonical form.
    fn least_form<B: Bits>(&self, b: Board<B>) -> Board<B> {
        let (h, w, cells) = (b.rows as u32, b.cols as u32, b.empty);
        let mut best = (h, w, cells);
        // An image is only least if it is no taller than it is wide, where a
        // quarter turn keeps the piece set.
        if h <= w || self.symmetries_turned == 0 {
            best = best.min(least_image(self.symmetries_kept, cells, h, w));
        }
        if w <= h && self.symmetries_turned != 0 {
            let turned = transposed(cells, h, w);
            best = best.min(least_image(self.symmetries_turned, turned, w, h));
        }
        let (h, w, cells) = best;
        Board {
            rows: h as u8,
            cols: w as u8,
            empty: cells,
        }
    }
}

/// The least image of `cells` (an h × w box row by row) under the symmetries < 4
/// whose bits are set in `kept`, as (rows, cols, cells).
fn least_image<B: Bits>(kept: u8, cells: B, h: u32, w: u32) -> (u32, u32, B) {
    let mut best = if kept & 1 != 0 { cells } else { B::ALL };
    if kept & 0b1000 != 0 {
        best = best.min(image(3, cells, h, w));
    }
    if kept & 0b0110 != 0 {
        let flipped = image(2, cells, h, w);
        if kept & 0b0100 != 0 {
            best = best.min(flipped);
        }
        if kept & 0b0010 != 0 {
            best = best.min(image(3, flipped, h, w));
        }
    }
    (h, w, best)
}

/// The image under symmetry `s` < 4 (numbered as in [`transform`]) of `cells`, an
/// h × w box row by row.
fn image<B: Bits>(s: u8, cells: B, h: u32, w: u32) -> B {
    let half_turn = |x: B| x.reverse_bits() >> (B::BITS - h * w);
    let flip = |x: B| {
        let row_mask = all_cells::<B>(w);
        (0..h).fold(B::ZERO, |m, r| {
            m | ((x >> (r * w)) & row_mask) << ((h - 1 - r) * w)
        })
    };
    match s {
        0 => cells,
        1 => half_turn(flip(cells)),
        2 => flip(cells),
        _ => half_turn(cells),
    }
}

/// `cells`, an h × w box row by row, reflected in its main diagonal: a w × h box.
fn transposed<B: Bits>(cells: B, h: u32, w: u32) -> B {
    if h <= 8 && w <= 8 {
        let cells = cells.low();
        let row_mask = u64::MAX >> (64 - w);
        let grid = (0..h).fold(0, |m, r| m | ((cells >> (r * w)) & row_mask) << (8 * r));
        let grid = transpose_8x8(grid);
        let row_mask = u64::MAX >> (64 - h);
        let out = (0..w).fold(0, |m, r| m | ((grid >> (8 * r)) & row_mask) << (r * h));
        return B::narrow(out as u128);
    }
    let mut out = B::ZERO;
    let mut bits = cells;
    while bits != B::ZERO {
        let i = bits.trailing_zeros();
        bits = bits.without_first();
        let (r, c) = (i / w, i % w);
        out |= B::ONE << (c * h + r);
    }
    out
}

/// An 8 × 8 grid (row r in byte r) reflected in its main diagonal.
fn transpose_8x8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The rows and columns of a board, for the bit operations on its cells: splitting
/// them into regions joined edge to edge, and cutting a region to its box.
struct Frame<B = u64> {
    rows: u32,
    cols: u32,
    first_col: B,
    last_col: B,
    first_row: B,
    last_row: B,
    not_first_col: B,
    not_last_col: B,
}

impl<B: Bits> Frame<B> {
    fn new(b: &Board<B>) -> Frame<B> {
        let (rows, cols) = (b.rows as u32, b.cols as u32);
        let first_col = (0..rows).fold(B::ZERO, |m, r| m | B::ONE << (r * cols));
        let last_col = first_col << (cols - 1);
        let all = all_cells::<B>(rows * cols);
        let first_row = all_cells::<B>(cols);
        Frame {
            rows,
            cols,
            first_col,
            last_col,
            first_row,
            last_row: first_row << ((rows - 1) * cols),
            not_first_col: all & !first_col,
            not_last_col: all & !last_col,
        }
    }

    /// The cells of the board next to `cells`, edge to edge.
    fn around(&self, cells: B) -> B {
        (cells << 1 & self.not_first_col)
            | (cells >> 1 & self.not_last_col)
            | (cells.checked_shl(self.cols).unwrap_or(B::ZERO)
                & (self.not_first_col | self.first_col))
            | cells.checked_shr(self.cols).unwrap_or(B::ZERO)
    }

    /// `cells` of a Cram position less cells that change no nimber (P. Beling's
    /// reductions in igs): where several tufts (cells with one neighbour) hang on
    /// one cell, all but one, since a domino on any of them is the same move; and
    /// every cell whose neighbours all carry a tuft. Both are checked against
    /// exhaustive search on every position of small boards.
    fn without_idle_cells(&self, p: B) -> B {
        let cols = self.cols;
        let right = p & (p >> 1) & self.not_last_col;
        let left = p & (p << 1) & self.not_first_col;
        let below = p & p.checked_shr(cols).unwrap_or(B::ZERO);
        let above = p & p.checked_shl(cols).unwrap_or(B::ZERO);
        let two = (right & left) | (below & above) | ((right | left) & (below | above));
        let tufts = (right ^ left ^ below ^ above) & !two;
        // The cell each tuft hangs on keeps the first of its tufts: below, right,
        // above, left.
        // (On a board of one row, of as many cells as the word has bits, a shift by
        // `cols` is out of range: checked, it gives no cells, as there are none.)
        let down = |x: B| x.checked_shl(cols).unwrap_or(B::ZERO);
        let up = |x: B| x.checked_shr(cols).unwrap_or(B::ZERO);
        let mut stars = down(tufts & below);
        let mut kept = p;
        let hung = (tufts & right) << 1;
        kept &= !((hung & stars) >> 1);
        stars |= hung;
        let hung = up(tufts & above);
        kept &= !down(hung & stars);
        stars |= hung;
        let hung = (tufts & left) >> 1;
        kept &= !((hung & stars) << 1);
        stars |= hung;
        let others = p & !(tufts | stars);
        kept & !(others & !self.around(others))
    }

    /// The cells of a Cram position `p` whose joins to the cell on their right can
    /// be cut without changing the game (P. Beling's igs). Take a 2 × 2 block of
    /// `p` whose top-left and bottom-right cells (or top-right and bottom-left) have
    /// no neighbours but the block's. A domino along its top leaves the position
    /// that the domino down the side under the emptied corner leaves, drawn
    /// otherwise (the cell left in the top row hangs on the same cell as the one
    /// left in the side); likewise along its bottom. So the two horizontal joins of
    /// the block can go: the moves across them have twins, and a move elsewhere
    /// keeps the block as it was or leaves two tufts on one cell, as good as one.
    /// Cut apart there, a region may fall into pieces: a sum. Returned: the left
    /// cells of the two joins of each such block. Checked against exhaustive
    /// search on every position of small boards.
    fn cut_joins(&self, p: B) -> B {
        let cols = self.cols;
        let below = |x: B| x.checked_shr(cols).unwrap_or(B::ZERO);
        let no_left = p & !(p << 1 & self.not_first_col);
        let no_right = p & !(p >> 1 & self.not_last_col);
        let no_up = p & !p.checked_shl(cols).unwrap_or(B::ZERO);
        let no_down = p & !below(p);
        // The top-left cells of the 2 × 2 blocks of p, then those closed.
        let blocks = p & (p >> 1) & self.not_last_col & below(p) & below(p >> 1);
        let closed = blocks
            & ((no_left & no_up & below(no_right & no_down) >> 1)
                | (no_up & no_right) >> 1 & below(no_left & no_down));
        closed | closed.checked_shl(cols).unwrap_or(B::ZERO)
    }

    /// The regions that `cells` form, joined edge to edge, each as its cells.
    fn regions(&self, cells: B) -> impl Iterator<Item = B> + '_ {
        self.regions_apart(cells, B::ZERO)
    }

    /// [`Frame::regions`], the cells `cut` not joined to the cell on their right.
    fn regions_apart(&self, cells: B, cut: B) -> impl Iterator<Item = B> + '_ {
        let (joined_right, joined_left) = (!cut, !(cut << 1));
        let mut rest = cells;
        std::iter::from_fn(move || {
            let mut region = rest & rest.wrapping_neg();
            if region == B::ZERO {
                return None;
            }
            loop {
                let near = ((region & joined_right) << 1 & self.not_first_col)
                    | ((region & joined_left) >> 1 & self.not_last_col)
                    | region.checked_shl(self.cols).unwrap_or(B::ZERO)
                    | region.checked_shr(self.cols).unwrap_or(B::ZERO);
                let grown = (region | near) & rest;
                if grown == region {
                    rest &= !region;
                    return Some(region);
                }
                region = grown;
            }
        })
    }

    /// Whether `left` is still joined up once `filled` is taken from the joined-up
    /// region `left | filled`: true when the cells touching `filled` are joined to
    /// one another close by (so a false answer may be wrong, a true one never is).
    fn stays_joined(&self, left: B, filled: B) -> bool {
        let touching = self.around(filled) & left;
        if touching.count_ones() <= 1 {
            return true;
        }
        let near = self.around(self.around(filled) | filled) & left;
        let mut reached = touching & touching.wrapping_neg();
        loop {
            let grown = (reached | self.around(reached)) & near;
            if grown == reached {
                return touching & !reached == B::ZERO;
            }
            reached = grown;
        }
    }

    /// `region` (cells of the board) cut to its bounding box.
    fn cut(&self, region: B) -> Board<B> {
        let cols = self.cols;
        if region & self.first_row != B::ZERO
            && region & self.last_row != B::ZERO
            && region & self.first_col != B::ZERO
            && region & self.last_col != B::ZERO
        {
            return Board {
                rows: self.rows as u8,
                cols: cols as u8,
                empty: region,
            };
        }
        let top = region.trailing_zeros() / cols;
        let bottom = (B::BITS - 1 - region.leading_zeros()) / cols;
        let h = bottom - top + 1;
        let columns =
            (top..=bottom).fold(B::ZERO, |m, r| m | (region >> (r * cols)) & self.first_row);
        let (left, right) = (
            columns.trailing_zeros(),
            B::BITS - 1 - columns.leading_zeros(),
        );
        let w = right - left + 1;
        let row_mask = all_cells::<B>(w);
        let cells = (0..h).fold(B::ZERO, |m, r| {
            m | ((region >> ((top + r) * cols + left)) & row_mask) << (r * w)
        });
        Board {
            rows: h as u8,
            cols: w as u8,
            empty: cells,
        }
    }
}

impl Game for Placement {
    type Position = Board;

    fn moves(&self, p: &Board, out: &mut Vec<Board>) -> Result<()> {
        for &placed in self.placement_masks::<Word>(p.rows, p.cols).iter() {
            if p.empty & placed == placed {
                out.push(Board {
                    empty: p.empty & !placed,
                    ..*p
                });
            }
        }
        Ok(())
    }

    fn components(&self, p: &Board, out: &mut Vec<Board>) -> Result<()> {
        self.regions(p, |region| out.push(region));
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Board> {
        let text = text.trim();
        let lines: Vec<&str> = if text.contains(['.', '#']) {
            text.split('/').map(str::trim).collect()
        } else {
            let Some((r, c)) = text.split_once('x') else {
                return Err(invalid!(
                    "'{text}' is not a board: write rows x columns (5x7) or a picture such as ../.#"
                ));
            };
            let number = |t: &str| {
                t.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| {
                        invalid!(
                            "'{}' is not a board size: expected a whole number from 1",
                            t.trim()
                        )
                    })
            };
            let (r, c) = (number(r)?, number(c)?);
            if r.checked_mul(c)
                .is_none_or(|cells| cells > MOST_CELLS as usize)
            {
                return Err(too_large!(
                    "board '{text}' has {} cells: a board has at most {MOST_CELLS} cells",
                    r as u128 * c as u128
                ));
            }
            return Ok(Board {
                rows: r as u8,
                cols: c as u8,
                empty: all_cells((r * c) as u32),
            });
        };
        let cols = lines[0].chars().count();
        if let Some(bad) = lines.iter().find(|l| l.chars().count() != cols) {
            return Err(invalid!(
                "board row '{bad}' has not the {cols} cells of the first row"
            ));
        }
        if lines.len() * cols > MOST_CELLS as usize || cols == 0 {
            return Err(invalid!(
                "board '{text}' has {} cells: a board has from 1 to {MOST_CELLS} cells",
                lines.len() * cols
            ));
        }
        let mut empty: Word = 0;
        for (r, line) in lines.iter().enumerate() {
            for (c, cell) in line.chars().enumerate() {
                match cell {
                    '.' => empty |= 1 << (r * cols + c),
                    '#' => {}
                    _ => {
                        return Err(invalid!(
                            "board row '{line}' has '{cell}': write '.' for an empty cell, '#' for a filled one"
                        ))
                    }
                }
            }
        }
        Ok(Board {
            rows: lines.len() as u8,
            cols: cols as u8,
            empty,
        })
    }

    fn format_position(&self, p: &Board) -> String {
        let cells = p.rows as u32 * p.cols as u32;
        if p.empty.count_ones() == cells {
            return format!("{}x{}", p.rows, p.cols);
        }
        picture_text(p)
    }

    fn describe_move(&self, from: &Board, to: &Board) -> Result<String> {
        let mut placed = from.empty & !to.empty;
        let mut cells = Vec::new();
        while placed != 0 {
            let i = placed.trailing_zeros();
            placed &= placed - 1;
            // (column, row), the rows counted from the bottom, as Chomp's squares.
            let (rows, cols) = (from.rows as u32, from.cols as u32);
            cells.push((i % cols + 1, rows - i / cols));
        }
        sort(&mut cells);
        let cells: Vec<String> = cells.iter().map(|(c, r)| format!("({c},{r})")).collect();
        let piece = if self.name == "cram" {
            "a domino"
        } else {
            "a piece"
        };
        Ok(format!("place {piece} on {}", cells.join(" ")))
    }

    fn why_illegal(&self, from: &Board, to: &Board) -> String {
        if (from.rows, from.cols) != (to.rows, to.cols) {
            return format!("the board stays {}x{}", from.rows, from.cols);
        }
        "a move fills the empty cells of one piece, and that change is not one".into()
    }

    fn capabilities(&self) -> Capabilities<'_, Board> {
        Capabilities {
            theory: Some(self),
            picture: Some(self),
            search: Some(self),
            size: Some(self),
            ..Capabilities::default()
        }
    }
}

/// Each empty cell stays empty or is covered: 2 to the power of the empty cells.
impl Size<Board> for Placement {
    fn count_positions(&self, p: &Board) -> Option<u64> {
        Some(1u64.checked_shl(p.empty.count_ones()).unwrap_or(u64::MAX))
    }
}

/// The board as a picture in text, rows joined by `/`, `.` an empty cell and `#` a
/// filled one: cell (r, c) is character r × (cols + 1) + c.
fn picture_text(p: &Board) -> String {
    let rows: Vec<String> = (0..p.rows as u32)
        .map(|r| {
            (0..p.cols as u32)
                .map(|c| match p.empty >> (r * p.cols as u32 + c) & 1 {
                    1 => '.',
                    _ => '#',
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

impl Picture<Board> for Placement {
    /// The board, empty cells light and filled ones dark, each piece placed in the
    /// game so far (`history`) in a shade of its own and the last one marked; a
    /// piece is placed by marking its cells.
    fn draw(&self, p: &Board, history: &[Board]) -> Result<Drawing<Board>> {
        let (rows, cols) = (p.rows as usize, p.cols as usize);
        let bit = |r: usize, c: usize| (1 as Word) << (r * cols + c);
        // The pieces placed: the cells each move of the game filled, in order.
        let mut boards: Vec<&Board> = history
            .iter()
            .filter(|h| (h.rows, h.cols) == (p.rows, p.cols))
            .collect();
        boards.push(p);
        let pieces: Vec<Word> = boards
            .windows(2)
            .map(|w| w[0].empty & !w[1].empty)
            .filter(|&placed| placed != 0 && placed & p.empty == 0)
            .collect();
        let mut d = grid::board(
            rows,
            cols,
            "click empty cells to mark a piece; it is placed once they make one",
            |r, c| match pieces.iter().position(|&placed| placed & bit(r, c) != 0) {
                _ if p.empty & bit(r, c) != 0 => Cell::Empty(Some(format!(
                    "mark the cell ({},{}): column {}, row {}",
                    c + 1,
                    rows - r,
                    c + 1,
                    rows - r
                ))),
                Some(k) => Cell::Piece(k, k + 1 == pieces.len()),
                None => Cell::Filled,
            },
        );
        // The board in words: its engine notation is no name for a person.
        let empty = p.empty.count_ones();
        d.label = format!(
            "a {rows}×{cols} board, {empty} of its {} cells empty",
            rows * cols
        );
        d.offer_moves(self, p, |to| {
            let placed = p.empty & !to.empty;
            let cells: Vec<String> = (0..rows * cols)
                .filter(|&i| placed >> i & 1 == 1)
                .map(|i| grid::cell(i / cols, i % cols))
                .collect();
            Some((cells.clone(), cells))
        })?;
        Ok(d)
    }
}

impl OwnSearch<Board> for Placement {
    fn has_nimber(&self, p: &Board, k: Nimber, budget: &Budget) -> Result<bool> {
        self.search.lock().is_p(self, p, k, budget)
    }

    /// Its cells cut to their box, the least of its images under the symmetries
    /// that keep the piece set: the form the search's table knows it by.
    fn canonical_form(&self, p: &Board) -> Board {
        match p.empty == 0 {
            true => *p,
            false => self.canonical(&Frame::new(p), p.empty),
        }
    }

    #[cfg(not(target_family = "wasm"))]
    fn certificate(&self, p: &Board, budget: &Budget) -> Option<Result<Certificate>> {
        Some(certify::certificate(self, p, budget))
    }
}

impl SearchTable for Placement {
    fn keep(&self, budget: &Budget) -> Result<()> {
        self.search.lock().keep(self, budget)
    }

    fn learnt(&self) -> usize {
        self.search.lock().learnt()
    }

    #[cfg(not(target_family = "wasm"))]
    fn export(&self) -> Option<Vec<u8>> {
        Some(self.search.lock().export(self))
    }

    #[cfg(not(target_family = "wasm"))]
    fn absorb(&self, bytes: &[u8], budget: &Budget) -> Result<()> {
        self.search.lock().absorb(self, bytes, budget)
    }
}

/// The registry entry of `cram`.
pub const CRAM: Family = Family::game(
    "cram",
    "Cram: place a domino on two empty adjacent cells of the board",
    |_| Ok(GameBox::new("cram", Placement::cram())),
)
.with_start("Cram and placement", "cram 4x4");

/// The registry entry of `place`.
pub const PLACE: Family = Family::game(
    "place",
    "place a piece (cells row.col, pieces joined by '|', ':fixed' for no turning)",
    |pieces| Placement::parse(pieces).map(|g| GameBox::new(g.name(), g)),
)
.with_parameter("PIECES", "place:0.0,0.1,1.0")
.with_start("Cram and placement", "place:0.0,0.1,1.0 4x5");

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// The Cram nimber of `cells` in `frame` by exhaustive search.
    fn cram_nimber(frame: &Frame, cells: u64, memo: &mut FxHashMap<u64, u8>) -> u8 {
        if let Some(&g) = memo.get(&cells) {
            return g;
        }
        let mut seen = 0u128;
        let pairs = [
            (cells & (cells >> 1) & frame.not_last_col, 1),
            (
                cells & cells.checked_shr(frame.cols).unwrap_or(0),
                frame.cols,
            ),
        ];
        for (mut firsts, step) in pairs {
            while firsts != 0 {
                let i = firsts.trailing_zeros();
                firsts &= firsts - 1;
                let g = cram_nimber(frame, cells & !(1 << i) & !(1 << (i + step)), memo);
                seen |= 1 << g;
            }
        }
        let g = seen.trailing_ones() as u8;
        memo.insert(cells, g);
        g
    }

    /// The frame of an empty board of `rows` × `cols`.
    fn empty_frame(rows: u8, cols: u8) -> Frame {
        Frame::new(&Board {
            rows,
            cols,
            empty: 0,
        })
    }

    #[test]
    fn idle_cells_change_no_cram_nimber() {
        // Every position of these boards has the nimber of what is left of it.
        for (rows, cols) in [(4, 4), (3, 6), (6, 3), (2, 8), (1, 12), (4, 5), (5, 4)] {
            let frame = empty_frame(rows, cols);
            let mut memo = FxHashMap::default();
            let mut removed = 0;
            for cells in 0..1u64 << (rows as u32 * cols as u32) {
                let kept = frame.without_idle_cells(cells);
                assert_eq!(kept & !cells, 0);
                removed += (kept != cells) as u32;
                assert_eq!(
                    cram_nimber(&frame, kept, &mut memo),
                    cram_nimber(&frame, cells, &mut memo),
                    "{rows}x{cols} cells {cells:#b} less idle ones {kept:#b}"
                );
            }
            assert!(removed > 0, "{rows}x{cols}: nothing removed");
        }
    }

    #[test]
    fn cut_joins_change_no_cram_nimber() {
        // A lone 2 × 2 block is two dominoes side by side: nimber 1 + 1 = 0.
        let frame = empty_frame(2, 2);
        let block = frame.regions_apart(0b1111, frame.cut_joins(0b1111));
        assert_eq!(block.collect::<Vec<_>>(), [0b0101, 0b1010]);
        // Every position of these boards has the nimber of the sum of the pieces it
        // falls into with its joins cut, its idle cells dropped or not.
        for (rows, cols) in [(4, 4), (3, 6), (6, 3), (2, 8), (4, 5), (5, 4)] {
            let frame = empty_frame(rows, cols);
            let mut memo = FxHashMap::default();
            let mut split = 0;
            for cells in 0..1u64 << (rows as u32 * cols as u32) {
                let g = cram_nimber(&frame, cells, &mut memo);
                for kept in [cells, frame.without_idle_cells(cells)] {
                    let pieces: Vec<u64> =
                        frame.regions_apart(kept, frame.cut_joins(kept)).collect();
                    assert_eq!(pieces.iter().fold(0, |m, &p| m | p), kept);
                    split += (pieces.len() > frame.regions(kept).count()) as u32;
                    let sum = pieces
                        .iter()
                        .fold(0, |sum, &piece| sum ^ cram_nimber(&frame, piece, &mut memo));
                    assert_eq!(sum, g, "{rows}x{cols} cells {kept:#b} cut apart");
                }
            }
            assert!(split > 0, "{rows}x{cols}: nothing cut apart");
        }
    }

    #[test]
    fn a_board_splits_into_canonical_regions() {
        let cram = Placement::cram();
        // Two empty strips of 3, at the top and at the bottom: the same region.
        let board = cram.parse_position(".../###/...").unwrap();
        let mut parts = Vec::new();
        cram.components(&board, &mut parts).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], parts[1]);
        // A lone cell is dropped: no domino fits.
        let mut parts = Vec::new();
        cram.components(&cram.parse_position(".#./###").unwrap(), &mut parts)
            .unwrap();
        assert!(parts.is_empty());
    }

    #[test]
    fn images_agree_with_the_cell_transforms() {
        let cells = [(0u8, 0u8), (0, 1), (1, 1), (2, 1), (2, 2), (2, 8)];
        for (h, w) in [(3u8, 9u8), (3, 4), (8, 8)] {
            let cells: Vec<_> = cells.iter().copied().filter(|&(_, c)| c < w).collect();
            let bits = |w: u8, cells: &mut dyn Iterator<Item = (u8, u8)>| {
                cells.fold(0u64, |m, (r, c)| m | 1 << (r as u32 * w as u32 + c as u32))
            };
            let compact = bits(w, &mut cells.iter().copied());
            for s in 0..8u8 {
                let iw = if s < 4 { w } else { h };
                let expected = bits(iw, &mut cells.iter().map(|&c| transform(s, c, (h, w))));
                let found = if s < 4 {
                    image(s, compact, h as u32, w as u32)
                } else {
                    let turned = transposed(compact, h as u32, w as u32);
                    image(s - 4, turned, w as u32, h as u32)
                };
                assert_eq!(found, expected, "symmetry {s} of a {h}x{w} box");
            }
        }
    }

    #[test]
    fn pieces_must_be_connected() {
        let err = Placement::parse("0.0,0.2").unwrap_err().to_string();
        assert!(err.contains("not connected"), "{err}");
        assert_eq!(Placement::parse("0.0,0.1:fixed").unwrap().shapes.len(), 1);
        assert_eq!(Placement::parse("0.0,0.1,1.0").unwrap().shapes.len(), 4);
    }

    #[test]
    fn the_picture_places_a_piece_on_its_cells_and_shows_the_pieces_placed() {
        let cram = Placement::cram();
        let start = cram.parse_position("2x3").unwrap();
        let d = cram.draw(&start, &[]).unwrap();
        // Seven dominoes on a 2x3 board, each made by marking its two cells.
        assert_eq!(d.moves.len(), 7);
        let across = d
            .moves
            .iter()
            .find(|m| m.marks == ["r0c0", "r0c1"])
            .unwrap();
        // (column, row), the rows counted from the bottom: the top row of two is row 2.
        assert_eq!(across.words, "place a domino on (1,2) (2,2)");
        // The pieces placed in the game so far, in turn, the last one marked.
        let first = across.to;
        let second = cram.parse_position("##./##.").unwrap();
        let d = cram.draw(&second, &[start, first]).unwrap();
        let svg = d.svg();
        assert!(
            svg.contains(r#"class="piece piece-0" data-cell="0,0""#),
            "{svg}"
        );
        assert!(
            svg.contains(r#"class="piece piece-1 last-move" data-cell="1,1""#),
            "{svg}"
        );
        assert_eq!(d.moves.len(), 1, "one domino is left to place");
        // A board without its history: the cells filled, no piece.
        let svg = cram.draw(&second, &[]).unwrap().svg();
        assert_eq!(svg.matches(r#"class="filled""#).count(), 4, "{svg}");
    }
}
