//! Placement games on boards: players in turn place a piece (a polyomino from a set,
//! unlimited supply) on empty cells; whoever cannot place loses. Cram places
//! dominoes, either way round.
//!
//! A board is written `5x7` (rows x columns, all empty) or as a picture, rows joined
//! by `/`, `.` an empty cell and `#` a filled one: `..#/.../...`; at most 64 cells.
//! Pieces are cell lists `row.col` joined by `,`, several pieces joined by `|`, in
//! every rotation and reflection unless `:fixed` follows: `place:0.0,0.1,1.0` (the
//! L-tromino), `place:0.0,0.1:fixed` (horizontal dominoes only).
//!
//! As play goes on the board falls apart into regions no piece can join: a board is
//! the sum of its regions ([`Game::components`]), each cut to its bounding box and
//! written in one canonical form under the symmetries of the board that map the
//! piece set to itself, so that the memo meets each region shape once.

use super::grid::{self, Cell};
use crate::{invalid, Game, Result};

/// A board of at most 64 cells; cell (r, c) is bit r × cols + c of `empty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u8,
    cols: u8,
    empty: u64,
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
    /// The fewest cells of a piece: smaller regions are left out as dead.
    smallest: u32,
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

fn transformed_size(s: u8, (h, w): (u8, u8)) -> (u8, u8) {
    if s < 4 {
        (h, w)
    } else {
        (w, h)
    }
}

/// Cells moved so that the least row and column are 0, sorted.
fn normalised(mut cells: Vec<(u8, u8)>) -> Vec<(u8, u8)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        *cell = (cell.0 - r0, cell.1 - c0);
    }
    cells.sort_unstable();
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
        shapes.sort();
        let symmetries = (0..8)
            .filter(|&s| {
                let mut image: Vec<_> = shapes.iter().map(|p| transform_shape(s, p)).collect();
                image.sort();
                image == shapes
            })
            .collect();
        Placement {
            name,
            shapes,
            symmetries,
            smallest,
        }
    }

    /// The name in a SPEC: `cram` or `place:…`.
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// Every way to place a piece on `b`, as the mask of cells it covers.
    fn placements(&self, b: &Board, mut each: impl FnMut(u64)) {
        for shape in &self.shapes {
            let (h, w) = size(shape);
            if h > b.rows || w > b.cols {
                continue;
            }
            let mask = shape.iter().fold(0u64, |m, &(r, c)| {
                m | 1 << (r as u32 * b.cols as u32 + c as u32)
            });
            for r in 0..=b.rows - h {
                for c in 0..=b.cols - w {
                    let placed = mask << (r as u32 * b.cols as u32 + c as u32);
                    if b.empty & placed == placed {
                        each(placed);
                    }
                }
            }
        }
    }

    /// `region` (empty cells of `b`) cut to its bounding box, in canonical form: of
    /// its images under the symmetries, the least as (rows, cols, cells on an 8 × 8
    /// grid), found by bit operations when the box fits in 8 × 8.
    fn canonical(&self, b: &Board, region: u64) -> Board {
        let cols = b.cols as u32;
        let top = region.trailing_zeros() / cols;
        let bottom = (63 - region.leading_zeros()) / cols;
        let full_row = u64::MAX >> (64 - cols);
        let columns = (top..=bottom).fold(0, |m, r| m | (region >> (r * cols)) & full_row);
        let (left, right) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        let (h, w) = (bottom - top + 1, right - left + 1);
        if h > 8 || w > 8 {
            return self.canonical_by_cells(b, region);
        }
        let row_mask = (1u64 << w) - 1;
        let grid = (0..h).fold(0u64, |m, r| {
            m | ((region >> ((top + r) * cols + left)) & row_mask) << (8 * r)
        });
        let mut best = (u32::MAX, u32::MAX, u64::MAX);
        for &s in &self.symmetries {
            let (image, ih, iw) = grid_image(s, grid, h, w);
            best = best.min((ih, iw, image));
        }
        let (h, w, grid) = best;
        let row_mask = (1u64 << w) - 1;
        Board {
            rows: h as u8,
            cols: w as u8,
            empty: (0..h).fold(0u64, |m, r| m | ((grid >> (8 * r)) & row_mask) << (r * w)),
        }
    }

    /// [`Placement::canonical`] cell by cell, for boxes wider or taller than 8.
    fn canonical_by_cells(&self, b: &Board, region: u64) -> Board {
        let cols = b.cols as u32;
        let mut cells = Vec::with_capacity(region.count_ones() as usize);
        let mut bits = region;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            cells.push(((i / cols) as u8, (i % cols) as u8));
        }
        let cells = normalised(cells);
        let box_size = size(&cells);
        let mut best: Option<Board> = None;
        for &s in &self.symmetries {
            let (h, w) = transformed_size(s, box_size);
            let empty = cells.iter().fold(0u64, |m, &cell| {
                let (r, c) = transform(s, cell, box_size);
                m | 1 << (r as u32 * w as u32 + c as u32)
            });
            let candidate = Board {
                rows: h,
                cols: w,
                empty,
            };
            if best.is_none_or(|b| (h, w, empty) < (b.rows, b.cols, b.empty)) {
                best = Some(candidate);
            }
        }
        best.expect("the identity is a symmetry")
    }
}

/// The image under symmetry `s` (numbered as in [`transform`]) of an h × w shape on
/// an 8 × 8 grid (row r in byte r), with its height and width.
fn grid_image(s: u8, grid: u64, h: u32, w: u32) -> (u64, u32, u32) {
    let mirror = |g: u64, w: u32| g.reverse_bits().swap_bytes() >> (8 - w);
    let flip = |g: u64, h: u32| g.swap_bytes() >> (8 * (8 - h));
    let (g, h, w) = if s < 4 {
        (grid, h, w)
    } else {
        (transpose(grid), w, h)
    };
    let g = match s % 4 {
        0 => g,
        1 => mirror(g, w),
        2 => flip(g, h),
        _ => flip(mirror(g, w), h),
    };
    (g, h, w)
}

/// An 8 × 8 grid reflected in its main diagonal: (r, c) to (c, r).
fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The empty cells of `b` joined edge to edge with the lowest empty cell.
fn region_of_lowest(b: &Board) -> u64 {
    let cols = b.cols as u32;
    let row = u64::MAX >> (64 - cols);
    let mut not_first_col = 0u64;
    for r in 0..b.rows as u32 {
        not_first_col |= (row & !1) << (r * cols);
    }
    let not_last_col = not_first_col >> 1;
    let mut region = b.empty & b.empty.wrapping_neg();
    loop {
        let grown = region
            | (region << 1 & not_first_col)
            | (region >> 1 & not_last_col)
            | region.checked_shl(cols).unwrap_or(0)
            | region.checked_shr(cols).unwrap_or(0);
        let grown = grown & b.empty;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

impl Game for Placement {
    type Position = Board;

    fn moves(&self, p: &Board, out: &mut Vec<Board>) {
        self.placements(p, |placed| {
            out.push(Board {
                empty: p.empty & !placed,
                ..*p
            })
        });
    }

    fn components(&self, p: &Board, out: &mut Vec<Board>) {
        let mut rest = *p;
        while rest.empty != 0 {
            let region = region_of_lowest(&rest);
            rest.empty &= !region;
            if region.count_ones() < self.smallest {
                continue;
            }
            out.push(self.canonical(p, region));
        }
    }

    /// The board, empty cells light and filled ones dark.
    fn picture(&self, p: &Board) -> Option<String> {
        let cols = p.cols as usize;
        Some(grid::picture(p.rows as usize, cols, |r, c| {
            match p.empty >> (r * cols + c) & 1 {
                1 => Cell::Empty,
                _ => Cell::Filled,
            }
        }))
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
            if r * c > 64 {
                return Err(invalid!(
                    "board '{text}' has {} cells: a board has at most 64 cells",
                    r * c
                ));
            }
            return Ok(Board {
                rows: r as u8,
                cols: c as u8,
                empty: if r * c == 64 {
                    u64::MAX
                } else {
                    (1 << (r * c)) - 1
                },
            });
        };
        let cols = lines[0].chars().count();
        if let Some(bad) = lines.iter().find(|l| l.chars().count() != cols) {
            return Err(invalid!(
                "board row '{bad}' has not the {cols} cells of the first row"
            ));
        }
        if lines.len() * cols > 64 || cols == 0 {
            return Err(invalid!(
                "board '{text}' has {} cells: a board has from 1 to 64 cells",
                lines.len() * cols
            ));
        }
        let mut empty = 0u64;
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

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        let mut placed = from.empty & !to.empty;
        let mut cells = Vec::new();
        while placed != 0 {
            let i = placed.trailing_zeros();
            placed &= placed - 1;
            let cols = from.cols as u32;
            cells.push(format!("({},{})", i / cols + 1, i % cols + 1));
        }
        let piece = if self.name == "cram" {
            "a domino"
        } else {
            "a piece"
        };
        format!("place {piece} on {}", cells.join(" "))
    }

    fn why_illegal(&self, from: &Board, to: &Board) -> String {
        if (from.rows, from.cols) != (to.rows, to.cols) {
            return format!("the board stays {}x{}", from.rows, from.cols);
        }
        "a move fills the empty cells of one piece, and that change is not one".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_splits_into_canonical_regions() {
        let cram = Placement::cram();
        // Two empty strips of 3, at the top and at the bottom: the same region.
        let board = cram.parse_position(".../###/...").unwrap();
        let mut parts = Vec::new();
        cram.components(&board, &mut parts);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], parts[1]);
        // A lone cell is dropped: no domino fits.
        let mut parts = Vec::new();
        cram.components(&cram.parse_position(".#./###").unwrap(), &mut parts);
        assert!(parts.is_empty());
    }

    #[test]
    fn grid_images_agree_with_the_cell_transforms() {
        let cells = [(0u8, 0u8), (0, 1), (1, 1), (2, 1), (2, 2)];
        let (h, w) = (3, 4);
        let grid = cells.iter().fold(0u64, |m, &(r, c)| m | 1 << (8 * r + c));
        for s in 0..8 {
            let (image, ih, iw) = grid_image(s, grid, h, w);
            let expected = cells.iter().fold(0u64, |m, &cell| {
                let (r, c) = transform(s, cell, (h as u8, w as u8));
                m | 1 << (8 * r + c)
            });
            assert_eq!(
                (image, ih, iw),
                (
                    expected,
                    transformed_size(s, (3, 4)).0 as u32,
                    transformed_size(s, (3, 4)).1 as u32
                ),
                "symmetry {s}"
            );
        }
    }

    #[test]
    fn pieces_must_be_connected() {
        let err = Placement::parse("0.0,0.2").unwrap_err().to_string();
        assert!(err.contains("not connected"), "{err}");
        assert_eq!(Placement::parse("0.0,0.1:fixed").unwrap().shapes.len(), 1);
        assert_eq!(Placement::parse("0.0,0.1,1.0").unwrap().shapes.len(), 4);
    }
}
