//! Pictures of boards of square cells, shared by the board games (Chomp, Cram and
//! placement): one square a cell, named where a move marks it, and the rows and
//! columns numbered as every board game's moves write a cell: (column, row), the
//! rows counted from 1 at the bottom, the columns from 1 at the left.

use std::fmt::Write as _;

use crate::drawing::{colours, Anchor, Paint, Shape};
use crate::Drawing;

/// How a cell is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Not part of the board (drawn as nothing).
    Absent,
    /// An empty cell, named `cell(r, c)` where a title says what a click on it does.
    Empty(Option<String>),
    /// A filled or blocked cell.
    Filled,
    /// A cell of the k-th piece placed, the last one placed marked where `last`.
    Piece(usize, bool),
    /// A cell that loses, such as Chomp's poisoned square, with what it is.
    Poisoned(&'static str),
}

/// The side of a cell, in pixels.
pub const SIZE: f64 = 30.0;

/// The room the numbers of the rows and columns take.
const AXIS: f64 = 18.0;

/// The name of the cell in row `r` and column `c` (from 0 at the top left).
pub fn cell(r: usize, c: usize) -> String {
    format!("r{r}c{c}")
}

/// The row and column of the cell named `id` ([`cell`]).
pub fn cell_of(id: &str) -> Option<(usize, usize)> {
    let (r, c) = id.strip_prefix('r')?.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// The four shades of the pieces placed, in turn.
const PIECES: [Paint; 4] = [
    Paint::new("#6b4f2a", "#2b2116", 2.5),
    Paint::new("#3f5e74", "#2b2116", 2.5),
    Paint::new("#5a6b3a", "#2b2116", 2.5),
    Paint::new("#6a4a63", "#2b2116", 2.5),
];

/// A board of `rows` × `cols` cells, row 0 at the top, numbered from the bottom
/// left, each cell drawn as `look(r, c)` says; moved by `how`. Each square carries
/// its row and column (`data-cell="r,c"`, from 0 at the top left).
pub fn board<P>(
    rows: usize,
    cols: usize,
    how: &str,
    look: impl Fn(usize, usize) -> Cell,
) -> Drawing<P> {
    let mut d = Drawing::new(width(cols), width(rows), "", how);
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = corner(r, c);
            let square = |paint: Paint, class: &str| {
                Shape::rect(x, y, SIZE, SIZE, paint, class).with("cell", format!("{r},{c}"))
            };
            d.add(match look(r, c) {
                Cell::Absent => continue,
                Cell::Empty(None) => square(colours::CELL, "cell"),
                Cell::Empty(Some(title)) => square(colours::CELL, "cell").named(cell(r, c), title),
                Cell::Filled => square(colours::FILLED, "filled"),
                Cell::Piece(k, last) => {
                    let class = format!("piece piece-{}", k % 4);
                    match last {
                        true => square(colours::POISON, &class)
                            .also("last-move")
                            .titled("the last move"),
                        false => square(PIECES[k % 4], &class),
                    }
                }
                Cell::Poisoned(what) => square(colours::POISON, "poisoned").titled(what),
            });
        }
    }
    number(&mut d, rows, cols, |_, _| true);
    d
}

/// The side of a board of `cells` cells, in pixels, its numbers beside it.
fn width(cells: usize) -> f64 {
    cells as f64 * SIZE + 2.0 + AXIS
}

/// Numbers the rows of a board of `rows` × `cols` cells from 1 at the bottom and
/// its columns from 1 at the left, those whose number and last number `shown`
/// keeps (each label with its `data-row` or `data-col`, from 0 at the top left).
fn number<P>(d: &mut Drawing<P>, rows: usize, cols: usize, shown: impl Fn(usize, usize) -> bool) {
    for r in (0..rows).filter(|&r| shown(rows - r, rows)) {
        let (_, y) = corner(r, 0);
        d.add(
            Shape::text(
                AXIS - 4.0,
                y + SIZE / 2.0 + 4.0,
                (rows - r).to_string(),
                Anchor::End,
                10.0,
            )
            .also("axis-label")
            .with("row", r),
        );
    }
    let (_, below) = corner(rows, 0);
    for c in (0..cols).filter(|&c| shown(c + 1, cols)) {
        let (x, _) = corner(0, c);
        d.add(
            Shape::text(
                x + SIZE / 2.0,
                below + 13.0,
                (c + 1).to_string(),
                Anchor::Middle,
                10.0,
            )
            .also("axis-label")
            .with("col", c),
        );
    }
}

/// A board too large for a shape a cell: each row one strip of cells from the left
/// edge, `length(r)` cells long (row 0 at the top), named [`row`] (its cell `c` is
/// marked as `r{r}:{c}`); the lines between cells drawn once over the whole board,
/// and every tenth row and column numbered. Its moves are asked for by their marks.
pub fn strips<P>(
    rows: usize,
    cols: usize,
    how: &str,
    length: impl Fn(usize) -> usize,
) -> Drawing<P> {
    let mut d = Drawing::new(width(cols), width(rows), "", how);
    d.on_request = true;
    for r in 0..rows {
        let cells = length(r);
        if cells == 0 {
            continue;
        }
        let (x, y) = corner(r, 0);
        d.add(
            Shape::rect(x, y, cells as f64 * SIZE, SIZE, colours::CELL, "strip cell")
                .named(row(r), format!("a row of {cells} cells"))
                .with("cells", cells)
                .with("row", r),
        );
    }
    let (left, top) = corner(0, 0);
    let (right, bottom) = corner(rows, cols);
    let mut lines = String::new();
    for c in 0..=cols {
        let x = corner(0, c).0;
        let _ = write!(lines, "M{x} {top} L{x} {bottom} ");
    }
    for r in 0..=rows {
        let y = corner(r, 0).1;
        let _ = write!(lines, "M{left} {y} L{right} {y} ");
    }
    d.add(Shape::path(
        lines,
        Paint::line("#999999", 1.0),
        "grid-lines",
    ));
    // Numbered at 1, at every tenth and at the last, as the moves count them.
    number(&mut d, rows, cols, |name, last| {
        name == 1 || name == last || name % 10 == 0
    });
    d
}

/// The top left corner of the cell in row `r` and column `c` (from 0 at the top
/// left).
pub fn corner(r: usize, c: usize) -> (f64, f64) {
    (AXIS + 1.0 + c as f64 * SIZE, 1.0 + r as f64 * SIZE)
}

/// The name of row `r`'s strip ([`strips`]).
pub fn row(r: usize) -> String {
    format!("r{r}")
}

/// The row and the cell of a strip's cell `r{r}:{c}` ([`strips`]).
pub fn strip_cell(id: &str) -> Option<(usize, usize)> {
    let (r, c) = id.strip_prefix('r')?.split_once(':')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_square_carries_its_row_and_column_and_the_board_is_numbered() {
        let d: Drawing<u8> = board(2, 3, "click", |r, c| match (r, c) {
            (0, 2) => Cell::Absent,
            (1, 0) => Cell::Poisoned("poison"),
            (0, 0) => Cell::Empty(Some("chomp it".into())),
            _ => Cell::Empty(None),
        });
        let svg = d.svg();
        assert_eq!(svg.matches("<rect").count(), 5, "{svg}");
        assert!(!svg.contains(r#"data-cell="0,2""#), "{svg}");
        assert!(
            svg.contains(r#"class="cell" data-id="r0c0" data-cell="0,0"><title>chomp it</title>"#),
            "{svg}"
        );
        // Rows numbered from the bottom, columns along the bottom.
        assert!(
            svg.contains(r#"class="label axis-label" data-row="0">2</text>"#),
            "{svg}"
        );
        assert!(
            svg.contains(r#"class="label axis-label" data-col="2">3</text>"#),
            "{svg}"
        );
    }
}
