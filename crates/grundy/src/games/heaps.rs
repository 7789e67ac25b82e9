//! Positions made of heaps of chips, shared by the heap games: the text syntax
//! (`13,12,8`), the split into single heaps, what changed in a move, and
//! [`HeapGame`], the one interface of the games whose heaps are played each on its
//! own (CGSuite's heap rulesets): such a game says what a move does to one heap, and
//! the rest of a [`Game`] follows.

use crate::drawing::{Marked, Marking};
use crate::{invalid, Capabilities, Drawing, Game, Heaps, Picture, Result};

/// A game played on heaps, each heap on its own: Nim, the take-and-break games, the
/// Aliquot game, games that add chips. It says what one move does to one heap; the
/// moves of a position, its split into heaps, its text and the words of a move come
/// from that, in the [`Game`] every `HeapGame` is.
///
/// ```
/// use grundy::{Game, HeapGame, Heaps};
///
/// /// Take one or two chips from a heap.
/// struct OneOrTwo;
///
/// impl HeapGame for OneOrTwo {
///     fn heap_options(&self, h: u64, out: &mut Vec<Heaps>) {
///         out.extend((1..=h.min(2)).map(|k| Heaps::from_slice(&[h - k])));
///     }
/// }
///
/// let p = OneOrTwo.parse_position("3,1").unwrap();
/// let mut moves = Vec::new();
/// OneOrTwo.moves(&p, &mut moves).unwrap();
/// assert_eq!(moves.len(), 3);
/// assert_eq!(OneOrTwo.describe_move(&p, &moves[1]).unwrap(), "take 2 from the heap of 3");
/// assert_eq!(
///     OneOrTwo.why_illegal(&p, &Heaps::from_slice(&[2, 0])),
///     "a move changes one heap only, but the heaps of 3 and 1 both changed"
/// );
/// ```
pub trait HeapGame: Send + 'static {
    /// Each way one move changes a heap of `h` chips, as the heaps left in its
    /// place (one heap for a move that takes or adds, several for one that splits,
    /// a heap of 0 for a heap taken whole), appended to `out`.
    fn heap_options(&self, h: u64, out: &mut Vec<Heaps>);

    /// Refuses a heap this game cannot hold, with the sentence naming it. Default:
    /// every heap is allowed.
    fn check_heap(&self, _h: u64) -> Result<()> {
        Ok(())
    }

    /// The move that leaves `left` in place of a heap of `h`, in words. Default:
    /// "take 3 from the heap of 7" or "add 1 chip to the heap of 6".
    fn describe_heap_move(&self, h: u64, left: &[u64]) -> String {
        match left {
            [n] if *n > h => format!("add {} to the heap of {h}", plural(n - h)),
            [n] => format!("take {} from the heap of {h}", h - n),
            _ => format!("split the heap of {h} into {}", in_words(left)),
        }
    }

    /// Why no move leaves `left` in place of a heap of `h`, in one sentence that
    /// states the rule. Default: [`why_not_taken`], for a game whose moves only take.
    fn why_not(&self, h: u64, left: &[u64]) -> String {
        why_not_taken(h, left)
    }

    /// What the game can do beyond its moves ([`Game::capabilities`]). Default:
    /// nothing more.
    fn heap_capabilities(&self) -> Capabilities<'_, Heaps> {
        Capabilities::default()
    }
}

/// Why a move of a game that only takes from one heap cannot leave `left` in place
/// of a heap of `h`: it would grow the heap, or leave more than one heap.
pub fn why_not_taken(h: u64, left: &[u64]) -> String {
    match left {
        [n] if *n > h => {
            format!("the heap of {h} cannot grow to {n}: a move only takes chips away")
        }
        [n] => format!("taking {} from the heap of {h} is not a move", h - n),
        _ => format!(
            "a move leaves one heap in place of the heap of {h}, not {}",
            in_words(left)
        ),
    }
}

/// Heaps in words: "3", "3 and 4", "1, 2 and 3".
pub fn in_words(heaps: &[u64]) -> String {
    match heaps {
        [] => String::new(),
        [a] => a.to_string(),
        [rest @ .., last] => format!("{} and {last}", format(rest).replace(',', ", ")),
    }
}

/// "1 chip", "3" (a count of chips added, as the moves' words write it).
fn plural(n: u64) -> String {
    match n {
        1 => "1 chip".into(),
        n => n.to_string(),
    }
}

impl<G: HeapGame> Game for G {
    type Position = Heaps;

    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        let mut options = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            options.clear();
            self.heap_options(h, &mut options);
            out.extend(options.iter().map(|left| with_heaps(p, i, left)));
        }
        Ok(())
    }

    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) -> Result<()> {
        split(p, out);
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Heaps> {
        let heaps = parse(text)?;
        heaps.iter().try_for_each(|&h| self.check_heap(h))?;
        Ok(heaps)
    }

    fn format_position(&self, p: &Heaps) -> String {
        format(p)
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> Result<String> {
        Ok(match replaced(from, to) {
            Some((_, h, left)) => self.describe_heap_move(h, left),
            None => format!("move from {} to {}", format(from), format(to)),
        })
    }

    fn why_illegal(&self, from: &Heaps, to: &Heaps) -> String {
        if from == to {
            return "a move must change a heap".into();
        }
        match replaced(from, to) {
            Some((_, h, left)) => self.why_not(h, left),
            None if from.len() == to.len() => {
                let changed: Vec<u64> = (0..from.len())
                    .filter(|&i| from[i] != to[i])
                    .map(|i| from[i])
                    .collect();
                format!(
                    "a move changes one heap only, but the heaps of {} and {} both changed",
                    changed[0], changed[1]
                )
            }
            None => format!(
                "a move changes one heap only, and no one heap of {} changed gives {}",
                format(from),
                format(to)
            ),
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Heaps> {
        self.heap_capabilities()
    }
}

/// Reads heap sizes written as `13,12,8`.
pub fn parse(text: &str) -> Result<Heaps> {
    if text.trim().is_empty() {
        return Err(invalid!(
            "expected heap sizes such as 13,12,8, found nothing"
        ));
    }
    text.split(',')
        .map(|token| match token.trim() {
            "" => Err(invalid!(
                "a heap size is missing in '{text}' (two commas in a row, or one at an end)"
            )),
            token => parse_number(token, "heap size"),
        })
        .collect()
}

/// Reads one whole number, naming `what` it should be in the error.
pub fn parse_number(token: &str, what: &str) -> Result<u64> {
    if token.is_empty() {
        return Err(invalid!("a {what} is missing"));
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid!(
            "'{token}' is not a {what}: expected a whole number such as 7"
        ));
    }
    token
        .parse()
        .map_err(|_| invalid!("'{token}' is too large for a {what}: at most {}", u64::MAX))
}

/// Writes heap sizes as `13,12,8`.
pub fn format(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// How many heap positions lie at or below `heaps`, heap by heap: the product of
/// (h + 1), saturating at `u64::MAX`. A bound on the positions reachable in a game
/// whose moves only lower heaps.
pub fn at_or_below(heaps: &[u64]) -> u64 {
    heaps
        .iter()
        .fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)))
}

/// Each non-empty heap on its own, appended to `out`: the independent parts of a
/// heap position.
pub fn split(heaps: &[u64], out: &mut Vec<Heaps>) {
    out.extend(
        heaps
            .iter()
            .filter(|&&h| h > 0)
            .map(|&h| smallvec::smallvec![h]),
    );
}

/// The size of the one heap of a position of at most one heap (0 for none);
/// `None` when there are several.
pub fn single(heaps: &[u64]) -> Option<u64> {
    match heaps {
        [] => Some(0),
        [h] => Some(*h),
        _ => None,
    }
}

/// `heaps` with heap `i` replaced by `new`.
pub fn with(heaps: &[u64], i: usize, new: u64) -> Heaps {
    let mut next = Heaps::from_slice(heaps);
    next[i] = new;
    next
}

/// The heap that changed between two positions, with its old and new size; or why
/// the change is not a move that takes chips from one heap.
pub fn single_take(from: &[u64], to: &[u64]) -> std::result::Result<(usize, u64, u64), String> {
    if from.len() != to.len() {
        return Err(format!(
            "the number of heaps must stay {}, but {} has {}",
            from.len(),
            format(to),
            to.len()
        ));
    }
    let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
    match changed[..] {
        [] => Err("a move must take at least one chip".into()),
        [i] if to[i] > from[i] => Err(format!(
            "the heap of {} cannot grow to {}: a move only takes chips away",
            from[i], to[i]
        )),
        [i] => Ok((i, from[i], to[i])),
        [i, j, ..] => Err(format!(
            "a move takes from one heap only, but the heaps of {} and {} both changed",
            from[i], from[j]
        )),
    }
}

/// The one heap that a move replaced: its index, its size, and the heaps left in
/// its place (at least one: a heap taken whole leaves a heap of 0).
pub fn replaced<'a>(from: &[u64], to: &'a [u64]) -> Option<(usize, u64, &'a [u64])> {
    let i = (0..from.len()).find(|&i| to.get(i) != Some(&from[i]))?;
    let left = (to.len() + 1).checked_sub(from.len()).filter(|&r| r >= 1)?;
    (to[..i] == from[..i] && to[i + left..] == from[i + 1..])
        .then(|| (i, from[i], &to[i..i + left]))
}

/// "take 9 from the heap of 13", for a move that takes from one heap.
pub fn describe_take(from: &[u64], to: &[u64]) -> String {
    match single_take(from, to) {
        Ok((_, old, new)) => format!("take {} from the heap of {old}", old - new),
        Err(_) => format!("move from {} to {}", format(from), format(to)),
    }
}

/// What a click on a chip does, in a picture of heaps ([`picture`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// Takes the chip clicked and every chip right of it (Nim, subtraction games);
    /// a dashed place past a heap adds chips up to it.
    TakeTail,
    /// Marks a run of chips, its first and its last, to take (the take-and-break
    /// codes); a split that takes nothing is made at the chip it starts from.
    Runs,
}

/// The most chips a heap is drawn with as chips, and the most heaps: past either,
/// the heaps are drawn in strips ([`STRIP_CHIPS`]).
pub const DRAWN_CHIPS: u64 = 60;
/// See [`DRAWN_CHIPS`].
pub const DRAWN_HEAPS: usize = 24;
/// The chips of one strip, in heaps drawn in strips: a heap of 250 is three strips.
pub const STRIP_CHIPS: u64 = 100;
/// The most strips a picture of heaps is drawn with (heaps of 50,000 chips in all).
pub const STRIPS: u64 = 500;

/// The name of chip `j` of heap `i` in a picture of heaps.
pub fn chip(i: usize, j: u64) -> String {
    format!("h{i}c{j}")
}

/// The chips `from..to` of heap `i`, by name.
pub fn chips(i: usize, from: u64, to: u64) -> Vec<String> {
    (from..to).map(|j| chip(i, j)).collect()
}

/// The name of the `k`-th strip of heap `i` (its chips from `k` × [`STRIP_CHIPS`]).
fn strip(i: usize, k: u64) -> String {
    format!("h{i}s{k}")
}

/// Chip `j` of heap `i` in a picture drawn in strips: a cell of its strip.
fn strip_chip(i: usize, j: u64) -> String {
    format!("{}:{}", strip(i, j / STRIP_CHIPS), j % STRIP_CHIPS)
}

/// The heap and the chip of a strip's cell ([`strip_chip`]).
fn strip_chip_of(id: &str) -> Option<(usize, u64)> {
    let (i, rest) = id.strip_prefix('h')?.split_once('s')?;
    let (k, c) = rest.split_once(':')?;
    let (k, c): (u64, u64) = (k.parse().ok()?, c.parse().ok()?);
    (c < STRIP_CHIPS).then_some((i.parse().ok()?, k * STRIP_CHIPS + c))
}

/// The chips `from..to` of heap `i` drawn in strips, as runs of its strips' cells.
fn strip_runs(i: usize, from: u64, to: u64) -> Vec<String> {
    let mut runs = Vec::new();
    let mut first = from;
    while first < to {
        let last = to.min((first / STRIP_CHIPS + 1) * STRIP_CHIPS) - 1;
        runs.push(match first == last {
            true => strip_chip(i, first),
            false => format!("{}-{}", strip_chip(i, first), last % STRIP_CHIPS),
        });
        first = last + 1;
    }
    runs
}

/// Whether the heaps `p` are drawn in strips rather than as chips: a heap of more
/// than [`DRAWN_CHIPS`], or more than [`DRAWN_HEAPS`] heaps.
fn drawn_in_strips(p: &[u64]) -> bool {
    p.iter().any(|&h| h > DRAWN_CHIPS) || p.len() > DRAWN_HEAPS
}

/// Heaps drawn as rows of chips, each heap under its label and wrapped into rows of
/// [`CHIPS_A_ROW`] (so that a chip is 32 px across on a phone too), with room for
/// `room` chips: each chip named [`chip`] (a place past a heap, where a move adds
/// chips, drawn dashed); moved by `how`. Refused past [`DRAWN_CHIPS`] and
/// [`DRAWN_HEAPS`].
pub fn rows_of_chips<P>(p: &[u64], room: u64, how: &str) -> Result<Drawing<P>> {
    use crate::drawing::{colours, Anchor, Shape};
    let widest = p.iter().copied().max().unwrap_or(0);
    if widest > DRAWN_CHIPS {
        return Err(crate::too_large!(
            "a heap of {widest} chips is too large to draw: at most {DRAWN_CHIPS} chips a heap"
        ));
    }
    if p.len() > DRAWN_HEAPS {
        return Err(crate::too_large!(
            "{} heaps are too many to draw: at most {DRAWN_HEAPS}",
            p.len()
        ));
    }
    const R: f64 = 16.0;
    const STEP: f64 = 34.0;
    const LABEL: f64 = 18.0;
    const EDGE: f64 = 4.0;
    let room = room.max(widest).clamp(1, DRAWN_CHIPS);
    let rows = room.div_ceil(CHIPS_A_ROW) as f64;
    let block = LABEL + STEP * rows + 6.0;
    let mut d = Drawing::new(
        2.0 * EDGE + STEP * room.min(CHIPS_A_ROW) as f64,
        block * p.len().max(1) as f64,
        "",
        how,
    );
    for (i, &h) in p.iter().enumerate() {
        let top = block * i as f64;
        d.add(
            Shape::text(
                EDGE,
                top + 13.0,
                format!("heap {}: {h}", i + 1),
                Anchor::Start,
                12.0,
            )
            .with("heap", i),
        );
        for j in 0..room {
            let (paint, class, title) = match j < h {
                true => (
                    colours::CHIP,
                    "chip",
                    format!("chip {} of heap {}", j + 1, i + 1),
                ),
                false => (
                    colours::GHOST,
                    "chip ghost",
                    format!("add chips to heap {} up to {}", i + 1, j + 1),
                ),
            };
            let x = EDGE + STEP * (j % CHIPS_A_ROW) as f64 + STEP / 2.0;
            let y = top + LABEL + STEP * (j / CHIPS_A_ROW) as f64 + STEP / 2.0;
            d.add(
                Shape::circle(x, y, R, paint, class)
                    .named(chip(i, j), title)
                    .with("heap", i)
                    .with("chip", j),
            );
        }
    }
    Ok(d)
}

/// The most chips in one row of a heap's picture: longer heaps wrap.
pub const CHIPS_A_ROW: u64 = 10;

/// Heaps drawn in strips of [`STRIP_CHIPS`] chips, each heap under its label and
/// each strip numbered by its first chip, a line after every tenth chip; heap `i`
/// drawn to `reach[i]` chips (past the heap, where a move adds chips, faded), and
/// the chips the last move took from it up to `taken[i]` drawn as taken. Its moves
/// are asked for by their marks (a strip's cell `h{i}s{k}:{c}`, [`marking`]).
/// Refused past [`STRIPS`] strips.
fn strips_of_chips<P>(p: &[u64], reach: &[u64], taken: &[u64], how: &str) -> Result<Drawing<P>> {
    use crate::drawing::{colours, Anchor, Paint, Shape};
    use std::fmt::Write as _;
    const CELL: f64 = 12.0;
    const HIGH: f64 = 22.0;
    const GAP: f64 = 4.0;
    const LABEL: f64 = 18.0;
    const LEFT: f64 = 44.0;
    let rows = |i: usize| reach[i].max(taken[i]).div_ceil(STRIP_CHIPS);
    fits_strips(p, (0..p.len()).map(rows).sum())?;
    let height: f64 = (0..p.len())
        .map(|i| LABEL + (HIGH + GAP) * rows(i) as f64 + 6.0)
        .sum();
    let mut d = Drawing::new(
        LEFT + CELL * STRIP_CHIPS as f64 + 4.0,
        height.max(LABEL),
        "",
        how,
    );
    d.on_request = true;
    let mut tens = String::new();
    let mut top = 0.0;
    for (i, &h) in p.iter().enumerate() {
        d.add(
            Shape::text(
                4.0,
                top + 13.0,
                format!("heap {}: {}", i + 1, crate::notation::count(h)),
                Anchor::Start,
                12.0,
            )
            .with("heap", i),
        );
        top += LABEL;
        for k in 0..rows(i) {
            let first = k * STRIP_CHIPS;
            let y = top + (HIGH + GAP) * k as f64;
            let x = |j: u64| LEFT + CELL * (j - first) as f64;
            d.add(Shape::text(
                LEFT - 4.0,
                y + 15.0,
                crate::notation::count(first + 1),
                Anchor::End,
                10.0,
            ));
            let cells = reach[i].saturating_sub(first).min(STRIP_CHIPS);
            if cells > 0 {
                let title = format!(
                    "chips {} to {} of heap {}",
                    crate::notation::count(first + 1),
                    crate::notation::count(first + cells),
                    i + 1
                );
                d.add(
                    Shape::rect(
                        x(first),
                        y,
                        CELL * cells as f64,
                        HIGH,
                        colours::CHIP,
                        "strip chip",
                    )
                    .named(strip(i, k), title)
                    .with("cells", cells)
                    .with("heap", i),
                );
            }
            // Faded: past the heap where a move adds chips, and what the last move took.
            let faded = [
                (
                    reach[i],
                    colours::GHOST,
                    "over ghost",
                    "a move adds chips here",
                ),
                (
                    taken[i],
                    colours::TAKEN,
                    "over chip taken",
                    "taken by the last move",
                ),
            ];
            for (end, paint, class, title) in faded {
                let (from, to) = (h.max(first), end.min(first + STRIP_CHIPS));
                if from < to {
                    let width = CELL * (to - from) as f64;
                    d.add(Shape::rect(x(from), y, width, HIGH, paint, class).titled(title));
                }
            }
            for j in (first + 10..first + cells).step_by(10) {
                let _ = write!(tens, "M{} {y} L{} {} ", x(j), x(j), y + HIGH);
            }
        }
        top += (HIGH + GAP) * rows(i) as f64 + 6.0;
    }
    if !tens.is_empty() {
        d.add(Shape::path(tens, Paint::line("#a77f0e", 1.0), "tens"));
    }
    Ok(d)
}

/// Refuses heaps drawn in `strips` strips, past [`STRIPS`]; with the heaps' own
/// strips, before any of their moves is listed (a heap of 10^12 has 10^12).
fn fits_strips(p: &[u64], strips: u64) -> Result<()> {
    if strips <= STRIPS {
        return Ok(());
    }
    Err(crate::too_large!(
        "heaps of {} chips in all are too large to draw: at most {} chips in strips of {STRIP_CHIPS}",
        crate::notation::count(p.iter().fold(0, |a: u64, &h| a.saturating_add(h))),
        crate::notation::count(STRIPS * STRIP_CHIPS)
    ))
}

/// The strips that heaps `p` take at least.
fn strips_of(p: &[u64]) -> u64 {
    p.iter()
        .fold(0, |a, &h| a.saturating_add(h.div_ceil(STRIP_CHIPS)))
}

/// How a picture of heaps is played by clicking, in the words under it.
fn how(click: Click) -> &'static str {
    match click {
        Click::TakeTail => "click a chip to take it and every chip right of it",
        Click::Runs => "click a chip, and another in the same heap to mark a run, then take it",
    }
}

/// A game of heaps drawn as chips: each move made by clicking chips as
/// [`ChipPicture::click`] says. Its [`Picture`] follows: heaps of up to
/// [`DRAWN_CHIPS`] as chips with every move listed, larger ones in strips whose
/// moves are asked for by their marks; the chips the last move took (from the last
/// position of the history, of as many heaps) drawn faded where they were.
pub trait ChipPicture: HeapGame {
    /// What a click on a chip does.
    fn click(&self) -> Click;
}

// The pictures are drawn by functions of `&dyn ChipPicture`, not for each game:
// one copy of their code in the engine, not one a game (the engine in WebAssembly
// is downloaded).
impl<G: ChipPicture> Picture<Heaps> for G {
    fn draw(&self, p: &Heaps, history: &[Heaps]) -> Result<Drawing<Heaps>> {
        draw_chips(self, p, history)
    }

    fn marking(&self, p: &Heaps, marks: &[String]) -> Result<Marking<Heaps>> {
        chips_marking(self, p, marks)
    }

    fn leading(&self, p: &Heaps, to: &Heaps) -> Result<Option<Marked<Heaps>>> {
        chips_leading(self, p, to)
    }
}

/// The picture of `p` for `game`, after the positions of `history`.
fn draw_chips(game: &dyn ChipPicture, p: &Heaps, history: &[Heaps]) -> Result<Drawing<Heaps>> {
    fits_strips(p, strips_of(p))?;
    let click = game.click();
    let options: Vec<Vec<Heaps>> = p
        .iter()
        .map(|&h| {
            let mut out = Vec::new();
            game.heap_options(h, &mut out);
            out
        })
        .collect();
    // How far each heap grows by a move that adds chips.
    let adds: Vec<u64> = options
        .iter()
        .zip(p)
        .map(|(options, &h)| {
            let most = options.iter().filter_map(|left| match left[..] {
                [n] if click == Click::TakeTail => Some(n),
                _ => None,
            });
            most.max().unwrap_or(0).max(h)
        })
        .collect();
    // The chips the last move took, drawn faded past the heap it left (after
    // the first of the heaps a split left), and the heaps a split made.
    let last = history.last().and_then(|before| replaced(before, p));
    let mut taken = p.to_vec();
    let mut split = 0..0;
    if let Some((i, h, left)) = last {
        taken[i] = p[i].max(h.saturating_sub(left[1..].iter().sum()));
        if left.len() > 1 {
            split = i..i + left.len();
        }
    }
    let mut d = match drawn_in_strips(p) {
        true => {
            let reach: Vec<u64> = adds
                .iter()
                .zip(p)
                .map(|(&a, &h)| a.min(h + STRIP_CHIPS))
                .collect();
            strips_of_chips(p, &reach, &taken, how(click))?
        }
        false => {
            let room = adds
                .iter()
                .chain(&taken)
                .copied()
                .max()
                .unwrap_or(0)
                .min(DRAWN_CHIPS);
            rows_of_chips(p, room, how(click))?
        }
    };
    d.shapes.retain_mut(|shape| {
        let heap = shape.data.iter().find(|(name, _)| *name == "heap");
        let made = heap.is_some_and(|(_, i)| i.parse().is_ok_and(|i| split.contains(&i)));
        if shape.class == "label" && made {
            shape.class.push_str(" last-move");
        }
        match shape.id.as_deref().and_then(chip_of) {
            // A place past a heap stays where a move adds chips up to it, and where
            // the last move took a chip.
            Some((i, j)) if j >= p[i] => {
                let adds = adds[i] > j;
                let taken = j < taken[i];
                if taken && !adds {
                    shape.paint = crate::drawing::colours::TAKEN;
                    shape.class = "chip taken".into();
                    shape.id = None;
                    shape.title = Some("taken by the last move".into());
                }
                adds || taken
            }
            _ => true,
        }
    });
    if d.on_request {
        return Ok(d);
    }
    for (i, &h) in p.iter().enumerate() {
        for left in &options[i] {
            let words = game.describe_heap_move(h, left);
            for (marks, lit) in clicks(h, left, click) {
                if lit.end > DRAWN_CHIPS {
                    continue; // adds chips past the picture: typed only
                }
                let marks = marks.iter().map(|&j| chip(i, j)).collect();
                d.offer(
                    marks,
                    chips(i, lit.start, lit.end),
                    with_heaps(p, i, left),
                    words.clone(),
                );
            }
        }
    }
    Ok(d)
}

/// The moves that `marks` on the picture of `p` make, for `game`: of a heap drawn
/// in strips, whose clicks are cells of one heap's strips, the moves and the cells
/// that mark more of a move.
fn chips_marking(game: &dyn ChipPicture, p: &Heaps, marks: &[String]) -> Result<Marking<Heaps>> {
    if !drawn_in_strips(p) {
        return Ok(draw_chips(game, p, &[])?.marking(marks));
    }
    fits_strips(p, strips_of(p))?;
    let mut found = Marking {
        exact: Vec::new(),
        more: Vec::new(),
    };
    let Some(marked) = marks
        .iter()
        .map(|id| strip_chip_of(id))
        .collect::<Option<Vec<_>>>()
    else {
        return Ok(found);
    };
    let Some(&(i, _)) = marked.first().filter(|(i, _)| *i < p.len()) else {
        return Ok(found);
    };
    if marked.iter().any(|&(other, _)| other != i) {
        return Ok(found);
    }
    let chips: Vec<u64> = marked.iter().map(|&(_, j)| j).collect();
    let h = p[i];
    let mut options = Vec::new();
    game.heap_options(h, &mut options);
    let mut more = std::collections::BTreeSet::new();
    for left in &options {
        for (clicked, lit) in clicks(h, left, game.click()) {
            if !chips.iter().all(|j| clicked.contains(j)) {
                continue;
            }
            if clicked.len() == chips.len() {
                found.exact.push(Marked {
                    marks: clicked.iter().map(|&j| strip_chip(i, j)).collect(),
                    lit: strip_runs(i, lit.start, lit.end),
                    to: with_heaps(p, i, left),
                    words: game.describe_heap_move(h, left),
                });
            } else if clicked.len() > chips.len() {
                more.extend(clicked.into_iter().filter(|j| !chips.contains(j)));
            }
        }
    }
    // Runs of consecutive chips (cut at the strips' ends by strip_runs).
    let mut more = more.into_iter().peekable();
    while let Some(first) = more.next() {
        let mut last = first;
        while let Some(&next) = more.peek().filter(|&&n| n == last + 1) {
            last = next;
            more.next();
        }
        found.more.extend(strip_runs(i, first, last + 1));
    }
    Ok(found)
}

/// The marks on the picture of `p` that lead to `to`, for `game`.
fn chips_leading(game: &dyn ChipPicture, p: &Heaps, to: &Heaps) -> Result<Option<Marked<Heaps>>> {
    if !drawn_in_strips(p) {
        return Ok(draw_chips(game, p, &[])?.move_to(to));
    }
    fits_strips(p, strips_of(p))?;
    let Some((i, h, left)) = replaced(p, to) else {
        return Ok(None);
    };
    Ok(clicks(h, left, game.click())
        .into_iter()
        .next()
        .map(|(marks, lit)| Marked {
            marks: marks.iter().map(|&j| strip_chip(i, j)).collect(),
            lit: strip_runs(i, lit.start, lit.end),
            to: to.clone(),
            words: game.describe_heap_move(h, left),
        }))
}

/// `p` with heap `i` replaced by the heaps `left`.
fn with_heaps(p: &[u64], i: usize, left: &[u64]) -> Heaps {
    let mut to = Heaps::from_slice(&p[..i]);
    to.extend_from_slice(left);
    to.extend_from_slice(&p[i + 1..]);
    to
}

/// The heap and the chip of a chip's name ([`chip`]).
pub fn chip_of(id: &str) -> Option<(usize, u64)> {
    let (i, j) = id.strip_prefix('h')?.split_once('c')?;
    Some((i.parse().ok()?, j.parse().ok()?))
}

/// Each way to click the move that leaves `left` in place of a heap of `h` chips:
/// the chips clicked, and the chips lit (from the first).
fn clicks(h: u64, left: &[u64], click: Click) -> Vec<(Vec<u64>, std::ops::Range<u64>)> {
    let run = |first: u64, last: u64| {
        let marks = match first == last {
            true => vec![first],
            false => vec![first, last],
        };
        (marks, first..last + 1)
    };
    match (click, left) {
        (Click::TakeTail, &[n]) if n < h => vec![(vec![n], n..h)],
        (Click::TakeTail, &[n]) if n > h => vec![(vec![n - 1], h..n)],
        (Click::TakeTail, _) => Vec::new(),
        // The whole heap, or a run at one end or the other.
        (Click::Runs, &[0]) if h > 0 => vec![run(0, h - 1)],
        (Click::Runs, &[n]) if n < h => {
            let mut ways = vec![run(n, h - 1)];
            if n > 0 {
                ways.push(run(0, h - 1 - n));
            }
            ways
        }
        // A split that takes nothing, at the chip the right part starts from.
        (Click::Runs, &[a, b]) if a + b == h && a > 0 && b > 0 => {
            let mut ways = vec![(vec![a], a..h)];
            if a != b {
                ways.push((vec![b], b..h));
            }
            ways
        }
        // A run taken from between two heaps left.
        (Click::Runs, &[a, b]) if a + b < h && a > 0 && b > 0 => {
            let mut ways = vec![run(a, h - 1 - b)];
            if a != b {
                ways.push(run(b, h - 1 - a));
            }
            ways
        }
        (Click::Runs, _) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn heap_lists_read_and_write() {
        assert_eq!(parse("13,12,8").unwrap().as_slice(), [13, 12, 8]);
        assert_eq!(parse(" 1 , 2 ").unwrap().as_slice(), [1, 2]);
        assert_eq!(format(&[13, 4, 8]), "13,4,8");
        for bad in ["", "3,", "-3", "x", "1,,2", "99999999999999999999"] {
            assert!(parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    /// Nim's heaps as a [`HeapGame`]: the moves of each heap in turn, and the
    /// sentences for changes that are not one move.
    #[test]
    fn a_heap_game_is_a_game() {
        let nim = crate::games::nim::Nim;
        let p = nim.parse_position("2,1").unwrap();
        let mut moves = Vec::new();
        nim.moves(&p, &mut moves).unwrap();
        let moves: Vec<String> = moves.iter().map(|m| format(m)).collect();
        assert_eq!(moves, ["0,1", "1,1", "2,0"]);
        let why = |to: &[u64]| nim.why_illegal(&p, &Heaps::from_slice(to));
        assert_eq!(why(&[2, 1]), "a move must change a heap");
        assert_eq!(
            why(&[3, 1]),
            "the heap of 2 cannot grow to 3: a move only takes chips away"
        );
        assert_eq!(
            why(&[1, 0]),
            "a move changes one heap only, but the heaps of 2 and 1 both changed"
        );
        assert_eq!(
            why(&[1, 1, 1]),
            "a move leaves one heap in place of the heap of 2, not 1 and 1"
        );
        assert_eq!(
            why(&[1]),
            "a move changes one heap only, and no one heap of 2,1 changed gives 1"
        );
    }

    /// The chips the last move took stay in place, faded and not to be clicked.
    #[test]
    fn a_picture_shows_what_the_last_move_took() {
        let nim = crate::games::nim::Nim;
        let (before, now) = (Heaps::from_slice(&[3, 4]), Heaps::from_slice(&[3, 1]));
        let d = nim.draw(&now, &[before]).unwrap();
        let taken: Vec<_> = d
            .shapes
            .iter()
            .filter(|s| s.class == "chip taken")
            .collect();
        assert_eq!(taken.len(), 3);
        assert!(taken.iter().all(|s| s.id.is_none()));
        assert_eq!(d.moves.len(), 4);
        // A position of another number of heaps says nothing of the last move.
        let d = nim.draw(&now, &[Heaps::from_slice(&[3, 4, 5])]).unwrap();
        assert!(d.shapes.iter().all(|s| s.class != "chip taken"));
    }

    fn kayles() -> crate::games::take_break::TakeBreak {
        let rules = crate::spec::heap_rules("kayles").unwrap();
        crate::games::take_break::TakeBreak::new(rules, crate::Budget::default())
    }

    /// After a split, the chips taken are drawn past the first heap left, and the
    /// labels of the heaps it made are marked.
    #[test]
    fn a_picture_shows_the_split_the_last_move_made() {
        let kayles = kayles();
        let (before, now) = (Heaps::from_slice(&[2, 9]), Heaps::from_slice(&[2, 4, 3]));
        let d = kayles.draw(&now, &[before]).unwrap();
        let taken = d.shapes.iter().filter(|s| s.class == "chip taken").count();
        assert_eq!(taken, 2);
        let marked: Vec<_> = d
            .shapes
            .iter()
            .filter(|s| s.class == "label last-move")
            .collect();
        assert_eq!(marked.len(), 2);
        assert!(d.shows_last_move());
    }

    /// Past 60 chips a heap is drawn in strips of 100, its moves asked for by a
    /// strip's cell: chip 251 of a heap of 300 is cell 50 of its third strip.
    #[test]
    fn large_heaps_are_drawn_in_strips_and_played_by_their_cells() {
        let nim = crate::games::nim::Nim;
        let p = Heaps::from_slice(&[300, 61]);
        let d = nim.draw(&p, &[]).unwrap();
        assert!(d.on_request && d.moves.is_empty());
        let strips = d.shapes.iter().filter(|s| s.class == "strip chip").count();
        assert_eq!(strips, 3 + 1);
        let m = nim.marking(&p, &["h0s2:50".into()]).unwrap();
        assert_eq!(m.exact.len(), 1);
        assert_eq!(m.exact[0].to.as_slice(), [250, 61]);
        assert_eq!(m.exact[0].lit, ["h0s2:50-99"]);
        assert_eq!(m.exact[0].words, "take 50 from the heap of 300");
        let led = nim
            .leading(&p, &Heaps::from_slice(&[300, 0]))
            .unwrap()
            .unwrap();
        assert_eq!(
            (led.marks, led.lit),
            (vec!["h1s0:0".to_string()], vec!["h1s0:0-60".to_string()])
        );
        // Past the heap, or in another heap than the first mark: no move.
        assert!(nim
            .marking(&p, &["h1s0:99".into()])
            .unwrap()
            .exact
            .is_empty());
        let two = nim
            .marking(&p, &["h0s0:1".into(), "h1s0:1".into()])
            .unwrap();
        assert!(two.exact.is_empty() && two.more.is_empty());
        // Kayles: chip 101 alone is a move, and the start of a run with either neighbour.
        let kayles = kayles();
        let m = kayles
            .marking(&Heaps::from_slice(&[150]), &["h0s1:0".into()])
            .unwrap();
        let words = |m: &Marked<Heaps>| m.words.replace("49 and 100", "100 and 49");
        assert!(!m.exact.is_empty());
        assert!(m
            .exact
            .iter()
            .all(|m| words(m) == "take 1 from the heap of 150 and split the rest into 100 and 49"));
        assert_eq!(m.more, ["h0s0:99", "h0s1:1"]);
        // Bounded: 500 strips of 100 chips.
        assert!(nim.draw(&Heaps::from_slice(&[50_000]), &[]).is_ok());
        let refused = nim.draw(&Heaps::from_slice(&[50_001]), &[]).unwrap_err();
        assert!(
            refused.to_string().contains("at most 50,000 chips"),
            "{refused}"
        );
        // A heap of 10^12 is refused before its moves are listed, asked for by a
        // cell or by a move alike.
        let huge = Heaps::from_slice(&[1_000_000_000_000]);
        assert!(nim.draw(&huge, &[]).is_err());
        assert!(nim.marking(&huge, &["h0s0:1".into()]).is_err());
        assert!(nim.leading(&huge, &Heaps::from_slice(&[1])).is_err());
    }

    #[test]
    fn a_take_is_recognised_and_explained() {
        assert_eq!(single_take(&[13, 12, 8], &[13, 4, 8]), Ok((1, 12, 4)));
        assert_eq!(
            describe_take(&[13, 20], &[13, 17]),
            "take 3 from the heap of 20"
        );
        assert!(single_take(&[3, 4], &[3, 5])
            .unwrap_err()
            .contains("cannot grow"));
        assert!(single_take(&[3, 4], &[2, 3])
            .unwrap_err()
            .contains("one heap only"));
        assert!(single_take(&[3, 4], &[3])
            .unwrap_err()
            .contains("number of heaps"));
    }
}
