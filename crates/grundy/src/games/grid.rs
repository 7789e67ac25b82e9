//! Pictures of boards of square cells, shared by the board games (Chomp, Cram and
//! placement): an SVG document with one square per cell, carrying what a front end
//! needs to play by clicking it.

use std::fmt::Write as _;

/// How a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Not part of the board (drawn as nothing).
    Absent,
    /// An empty cell of the board.
    Empty,
    /// A filled or blocked cell.
    Filled,
    /// A marked cell, such as Chomp's poisoned square.
    Marked,
}

/// An attribute of a picture or a square for front ends that play by clicking,
/// ` data-NAME="VALUE"`; `value` is position text (digits, `,`, `x`, `.`, `#`, `/`),
/// which needs no escaping.
pub fn data(name: &str, value: impl std::fmt::Display) -> String {
    format!(r#" data-{name}="{value}""#)
}

/// An SVG picture of `rows` × `cols` cells, row 0 at the top, the root carrying the
/// attributes `root` ([`data`], or nothing); `cell(r, c)` says how each is drawn and
/// the attributes it carries. Each square carries its row and column too
/// (`data-cell="r,c"`, from 0 at the top left).
pub fn picture(
    rows: usize,
    cols: usize,
    root: &str,
    cell: impl Fn(usize, usize) -> (Cell, String),
) -> String {
    const SIZE: usize = 30;
    let (width, height) = (cols * SIZE + 2, rows * SIZE + 2);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"{root}>"#
    );
    for r in 0..rows {
        for c in 0..cols {
            let (look, data) = cell(r, c);
            let fill = match look {
                Cell::Absent => continue,
                Cell::Empty => "#f5deb3",
                Cell::Filled => "#555555",
                Cell::Marked => "#c0392b",
            };
            let _ = writeln!(
                svg,
                r##"<rect x="{}" y="{}" width="{SIZE}" height="{SIZE}" fill="{fill}" stroke="#333333" data-cell="{r},{c}"{data}/>"##,
                1 + c * SIZE,
                1 + r * SIZE
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_square_carries_its_row_and_column_and_its_data() {
        let svg = picture(2, 3, &data("board", "../..."), |r, c| match (r, c) {
            (0, 2) => (Cell::Absent, String::new()),
            (1, 0) => (Cell::Empty, data("move", 7)),
            _ => (Cell::Empty, String::new()),
        });
        assert_eq!(svg.matches("<rect").count(), 5);
        assert!(svg.contains(r#"data-cell="1,2"/>"#), "{svg}");
        assert!(!svg.contains(r#"data-cell="0,2""#), "{svg}");
        assert!(svg.contains(r#"data-cell="1,0" data-move="7"/>"#), "{svg}");
        assert!(
            svg.contains(r#"viewBox="0 0 92 62" data-board="../...">"#),
            "{svg}"
        );
    }
}
