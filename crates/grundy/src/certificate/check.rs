//! The checker of certificates ([`super`]): the plain rules of placement games and
//! a plain mex, written apart from the board search and sharing none of its code,
//! so that a nimber it accepts rests neither on the search's pruning nor on its
//! table, its canonical forms or its reductions of regions.
//!
//! Each listed region of nimber n must have, for every m < n, an option of nimber
//! m, and no option of nimber n. An option's nimber is the nim-sum of its regions'
//! nimbers (Sprague–Grundy), each listed or valued here; an option whose regions
//! are not all known is shown not to have nimber n by one move from it to a
//! position of nimber n (an option of nimber below n has its regions listed). Regions of at most [`VALUED_BY_CHECKER`] cells, and those
//! no piece fits in, are valued here. Last, the position's nimber must be the
//! nim-sum of its regions'. A certificate that passes proves its nimber whatever
//! produced it: a false nimber anywhere fails the check of the region it is
//! listed for.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{HEADER, VALUED_BY_CHECKER};
use crate::{invalid, Nimber, Result};

/// The most cells of a board the checker reads.
pub const MOST_CELLS: u32 = 128;

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every listed nimber, and the position's, holds.
    Checked(Checked),
    /// A nimber that does not hold, or one the certificate does not show: the
    /// sentence says which.
    Refused(String),
}

/// A certificate that holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The game, as the certificate names it.
    pub game: String,
    /// The position, as the certificate writes it.
    pub position: String,
    /// Its nimber, now proved.
    pub nimber: Nimber,
    /// How many listed regions were checked.
    pub regions: usize,
    /// How many small regions the checker valued itself.
    pub valued: usize,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Checked(c) => write!(
                f,
                "certificate checked: {} {} has nimber {}\n{} regions listed, each the mex of its options; {} smaller regions valued by the checker itself",
                c.game,
                c.position,
                c.nimber,
                crate::notation::count(c.regions as u64),
                crate::notation::count(c.valued as u64),
            ),
            Verdict::Refused(why) => write!(f, "certificate refused: {why}"),
        }
    }
}

/// A region: `cells` of a `rows` × `cols` box, cell (r, c) at bit r × cols + c.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Region {
    rows: u32,
    cols: u32,
    cells: u128,
}

/// The rules: every orientation of every piece, and the symmetries of the board
/// that map that set to itself.
struct Rules {
    /// The orientations' cells (row, col), from (0, 0), sorted.
    shapes: Vec<Vec<(u32, u32)>>,
    symmetries: Vec<u8>,
    placements: FxHashMap<(u32, u32), Vec<u128>>,
}

/// Cell (r, c) of an h × w box under symmetry `s`: turned over its diagonal when
/// bit 2 is set, then its columns reversed (bit 0) and its rows (bit 1).
fn turn(s: u8, (mut r, mut c): (u32, u32), (mut h, mut w): (u32, u32)) -> (u32, u32) {
    if s & 4 != 0 {
        (r, c, h, w) = (c, r, w, h);
    }
    if s & 1 != 0 {
        c = w - 1 - c;
    }
    if s & 2 != 0 {
        r = h - 1 - r;
    }
    (r, c)
}

fn shape_box(cells: &[(u32, u32)]) -> (u32, u32) {
    let h = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let w = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    (h, w)
}

fn turned_shape(s: u8, cells: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let b = shape_box(cells);
    let mut out: Vec<(u32, u32)> = cells.iter().map(|&c| turn(s, c, b)).collect();
    let r0 = out.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = out.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut out {
        *c = (c.0 - r0, c.1 - c0);
    }
    out.sort_unstable();
    out
}

impl Rules {
    /// The rules of `game`: `cram`, or `place:` pieces of cells `row.col` joined by
    /// `,`, pieces joined by `|`, `:fixed` for no turning.
    fn of(game: &str) -> Result<Rules> {
        let (pieces, turning) = match game {
            "cram" => (vec![vec![(0, 0), (0, 1)]], true),
            _ => {
                let Some(list) = game.strip_prefix("place:") else {
                    return Err(invalid!(
                        "'{game}' is not a game a certificate is checked for: cram or place:PIECES"
                    ));
                };
                let (list, turning) = match list.strip_suffix(":fixed") {
                    Some(list) => (list, false),
                    None => (list, true),
                };
                let mut pieces = Vec::new();
                for piece in list.split('|') {
                    let mut cells = Vec::new();
                    for cell in piece.split(',') {
                        let rc = cell.split_once('.').and_then(|(r, c)| {
                            Some((r.parse::<u32>().ok()?, c.parse::<u32>().ok()?))
                        });
                        let rc = rc.filter(|&(r, c)| r < 8 && c < 8);
                        cells.push(rc.ok_or_else(|| invalid!("'{cell}' is not a cell row.col"))?);
                    }
                    pieces.push(turned_shape(0, &cells));
                }
                (pieces, turning)
            }
        };
        let mut shapes: Vec<Vec<(u32, u32)>> = Vec::new();
        for piece in &pieces {
            for s in 0..if turning { 8 } else { 1 } {
                let shape = turned_shape(s, piece);
                if !shapes.contains(&shape) {
                    shapes.push(shape);
                }
            }
        }
        shapes.sort_unstable();
        let symmetries = (0..8)
            .filter(|&s| {
                let mut image: Vec<_> = shapes.iter().map(|p| turned_shape(s, p)).collect();
                image.sort_unstable();
                image == shapes
            })
            .collect();
        Ok(Rules {
            shapes,
            symmetries,
            placements: FxHashMap::default(),
        })
    }

    /// Every placement of a piece on an empty `rows` × `cols` box, as the cells it
    /// covers.
    fn placements(&mut self, rows: u32, cols: u32) -> &[u128] {
        let shapes = &self.shapes;
        self.placements.entry((rows, cols)).or_insert_with(|| {
            let mut all = Vec::new();
            for shape in shapes {
                let (h, w) = shape_box(shape);
                for r in 0..(rows + 1).saturating_sub(h) {
                    for c in 0..(cols + 1).saturating_sub(w) {
                        all.push(
                            shape
                                .iter()
                                .fold(0, |m, &(i, j)| m | 1 << ((r + i) * cols + c + j)),
                        );
                    }
                }
            }
            all
        })
    }

    /// The placements that fit on the empty cells of `b`: its options.
    fn options(&mut self, b: Region) -> Vec<Region> {
        let placements = self.placements(b.rows, b.cols);
        placements
            .iter()
            .filter(|&&p| b.cells & p == p)
            .map(|&p| Region {
                cells: b.cells & !p,
                ..b
            })
            .collect()
    }

    /// The regions of `b` (its empty cells joined edge to edge), each cut to its
    /// box and in its least form under the symmetries.
    fn regions(&self, b: Region) -> SmallVec<[Region; 4]> {
        let edges = Edges::of(b.rows, b.cols);
        let mut left = b.cells;
        let mut out = SmallVec::new();
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = region | edges.neighbours(region) & left;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            out.push(self.least_form(Region { cells: region, ..b }));
        }
        out
    }

    /// `b` cut to its box, then the least of its images under the symmetries.
    fn least_form(&self, b: Region) -> Region {
        let mut cells = [(0u32, 0u32); MOST_CELLS as usize];
        let (mut count, mut bits) = (0, b.cells);
        let (mut r0, mut c0, mut r1, mut c1) = (u32::MAX, u32::MAX, 0, 0);
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let (r, c) = (i / b.cols, i % b.cols);
            (r0, c0, r1, c1) = (r0.min(r), c0.min(c), r1.max(r), c1.max(c));
            cells[count] = (r, c);
            count += 1;
        }
        let (h, w) = (r1 + 1 - r0, c1 + 1 - c0);
        let cells = &cells[..count];
        self.symmetries
            .iter()
            .map(|&s| {
                let (rows, cols) = if s & 4 != 0 { (w, h) } else { (h, w) };
                let cells = cells.iter().fold(0u128, |m, &(r, c)| {
                    let (r, c) = turn(s, (r - r0, c - c0), (h, w));
                    m | 1 << (r * cols + c)
                });
                Region { rows, cols, cells }
            })
            .min()
            .expect("the identity is a symmetry")
    }
}

/// The cells of a `rows` × `cols` box, and those of its first and last columns.
struct Edges {
    cols: u32,
    all: u128,
    first_column: u128,
    last_column: u128,
}

impl Edges {
    fn of(rows: u32, cols: u32) -> Edges {
        let all = match rows * cols {
            MOST_CELLS => u128::MAX,
            n => (1u128 << n) - 1,
        };
        let first_column = (0..rows).fold(0u128, |m, r| m | 1 << (r * cols));
        Edges {
            cols,
            all,
            first_column,
            last_column: first_column << (cols - 1),
        }
    }

    /// The cells next to `cells`, edge to edge.
    fn neighbours(&self, cells: u128) -> u128 {
        ((cells << 1 & !self.first_column)
            | (cells >> 1 & !self.last_column)
            | cells << self.cols
            | cells >> self.cols)
            & self.all
    }
}

/// A board in the games' syntax: `5x7`, or rows joined by `/` of `.` (empty) and
/// `#` (filled).
fn read_board(text: &str) -> Result<Region> {
    let too_large = || invalid!("board '{text}' has more than {MOST_CELLS} cells");
    if let Some((r, c)) = text.split_once('x') {
        let (rows, cols) = match (r.parse::<u32>(), c.parse::<u32>()) {
            (Ok(rows), Ok(cols)) if rows > 0 && cols > 0 => (rows, cols),
            _ => return Err(invalid!("'{text}' is not a board")),
        };
        let cells = rows.checked_mul(cols).ok_or_else(too_large)?;
        return match cells {
            MOST_CELLS => Ok(Region {
                rows,
                cols,
                cells: u128::MAX,
            }),
            n if n < MOST_CELLS => Ok(Region {
                rows,
                cols,
                cells: (1 << n) - 1,
            }),
            _ => Err(too_large()),
        };
    }
    let lines: Vec<&str> = text.split('/').collect();
    let cols = lines[0].len() as u32;
    if cols == 0 || lines.iter().any(|l| l.len() as u32 != cols) {
        return Err(invalid!(
            "'{text}' is not a board: its rows differ in length"
        ));
    }
    let rows = lines.len() as u32;
    if rows * cols > MOST_CELLS {
        return Err(too_large());
    }
    let mut cells = 0u128;
    for (r, line) in lines.iter().enumerate() {
        for (c, cell) in line.chars().enumerate() {
            match cell {
                '.' => cells |= 1 << (r as u32 * cols + c as u32),
                '#' => {}
                _ => return Err(invalid!("'{text}' is not a board: '{cell}' is not . or #")),
            }
        }
    }
    Ok(Region { rows, cols, cells })
}

/// `b` as a picture: rows joined by `/`, `.` empty, `#` filled.
fn picture(b: Region) -> String {
    let rows: Vec<String> = (0..b.rows)
        .map(|r| {
            (0..b.cols)
                .map(|c| match b.cells >> (r * b.cols + c) & 1 {
                    1 => '.',
                    _ => '#',
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// The checker's state: the rules, the listed nimbers, the small regions valued.
struct Checker {
    rules: Rules,
    listed: FxHashMap<Region, Nimber>,
    small: FxHashMap<Region, Nimber>,
}

impl Checker {
    /// The nimber of a region in least form, if listed or valued here.
    fn region_nimber(&mut self, region: Region) -> Option<Nimber> {
        if let Some(&n) = self.listed.get(&region) {
            return Some(n);
        }
        if region.cells.count_ones() <= VALUED_BY_CHECKER {
            return Some(self.small_nimber(region));
        }
        self.rules.options(region).is_empty().then_some(0)
    }

    /// The nimber of a small region: the mex of its options' nimbers.
    fn small_nimber(&mut self, region: Region) -> Nimber {
        if let Some(&n) = self.small.get(&region) {
            return n;
        }
        let mut seen = Vec::new();
        for option in self.rules.options(region) {
            let parts = self.rules.regions(option);
            let v = parts.into_iter().fold(0, |v, p| v ^ self.small_nimber(p));
            seen.push(v);
        }
        let n = (0..)
            .find(|v| !seen.contains(v))
            .expect("some value is missing");
        self.small.insert(region, n);
        n
    }

    /// The nimber of `b` (any cells of a box), if each of its regions' is known.
    fn nimber(&mut self, b: Region) -> Option<Nimber> {
        let mut v = 0;
        for part in self.rules.regions(b) {
            v ^= self.region_nimber(part)?;
        }
        Some(v)
    }

    /// Why `region` does not have nimber `n` as listed, if it does not.
    fn refuse(&mut self, region: Region, n: Nimber, text: &str) -> Option<String> {
        let mut shown = vec![false; n as usize];
        for option in self.rules.options(region) {
            match self.nimber(option) {
                Some(v) if v == n => {
                    return Some(format!(
                        "region {text} is listed with nimber {n}, but its option {} has nimber {n}",
                        picture(option)
                    ))
                }
                Some(v) if v < n => shown[v as usize] = true,
                Some(_) => {}
                None => {
                    let answered = self
                        .rules
                        .options(option)
                        .into_iter()
                        .any(|reply| self.nimber(reply) == Some(n));
                    if !answered {
                        return Some(format!(
                            "region {text} is listed with nimber {n}, but the certificate does not show that its option {} has another nimber: not every region of it is listed, and no move from it leads to nimber {n}",
                            picture(option)
                        ));
                    }
                }
            }
        }
        let missing = shown.iter().position(|&s| !s)?;
        Some(format!(
            "region {text} is listed with nimber {n}, but the certificate shows no option of it with nimber {missing}"
        ))
    }
}

/// Reads a certificate and checks it; an error for a text that is not one.
pub fn check(text: &str) -> Result<Verdict> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines.next() != Some(HEADER) {
        return Err(invalid!(
            "this is not a grundy certificate: its first line is not '{HEADER}'"
        ));
    }
    let mut field = |name: &str| -> Result<String> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .and_then(|l| l.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| invalid!("the certificate has no '{name}' line where expected"))
    };
    let game = field("game")?;
    let position = field("position")?;
    let nimber_text = field("nimber")?;
    let nimber: Nimber = nimber_text
        .parse()
        .map_err(|_| invalid!("'{nimber_text}' is not a nimber"))?;
    let rules = Rules::of(&game)?;
    let board = read_board(&position)?;
    let mut checker = Checker {
        rules,
        listed: FxHashMap::default(),
        small: FxHashMap::default(),
    };
    let mut listed = Vec::new();
    let mut ended = false;
    for line in lines {
        if ended {
            return Err(invalid!(
                "the certificate goes on after its 'end': '{line}'"
            ));
        }
        if line == "end" {
            ended = true;
            continue;
        }
        let read = line.strip_prefix("region ").and_then(|l| l.split_once(' '));
        let Some((picture, n)) = read else {
            return Err(invalid!("'{line}' is not a line 'region PICTURE NIMBER'"));
        };
        let n: Nimber = n
            .parse()
            .map_err(|_| invalid!("'{n}' is not a nimber (in '{line}')"))?;
        let region = checker.rules.least_form(read_board(picture)?);
        if checker.listed.insert(region, n).is_some_and(|m| m != n) {
            return Ok(Verdict::Refused(format!(
                "region {picture} is listed twice, with different nimbers"
            )));
        }
        listed.push((region, n, picture.to_string()));
    }
    if !ended {
        return Err(invalid!(
            "the certificate stops before its 'end' line: it was cut short"
        ));
    }
    for (region, n, text) in &listed {
        if let Some(why) = checker.refuse(*region, *n, text) {
            return Ok(Verdict::Refused(why));
        }
    }
    let verdict = match checker.nimber(board) {
        Some(v) if v == nimber => Verdict::Checked(Checked {
            game,
            position,
            nimber,
            regions: listed.len(),
            valued: checker.small.len(),
        }),
        Some(v) => Verdict::Refused(format!(
            "{game} {position} is listed with nimber {nimber}, but its regions' nimbers add up to {v}"
        )),
        None => Verdict::Refused(format!(
            "{game} {position} is listed with nimber {nimber}, but not every region of it is listed"
        )),
    };
    Ok(verdict)
}
