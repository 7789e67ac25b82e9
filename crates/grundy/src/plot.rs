//! Pictures of a heap game's sequence, as SVG documents, for every front end
//! (`grundy draw GAME --to N`, the playground's sequence page, Python's `svg()`):
//! g(n) against n, with the rare values of the rare/common partition in red and the
//! period shaded where it is known, and the histogram of the values (how many heaps
//! have each). A table of outcomes only (misère play) is drawn as P, N and D.
//!
//! An axis whose largest value is [`LOG_FROM`] or more is logarithmic (n + 1 on a
//! log scale, ticks at 0 and the powers of ten); any other has its ticks at round
//! numbers (multiples of 1, 2 or 5 times a power of ten). Ticks closer than their
//! labels' room are left out. The names of the axes sit in the margins, clear of
//! the tick labels. The picture is 480 × 300 with text 15 units high or more, so it
//! stays readable shown 350 px wide.

use std::fmt::Write as _;

use crate::notation::escape_xml as escape;
use crate::solve::sequence::period::{self, Period};
use crate::solve::sequence::Algorithm;
use crate::table::{Column, Table, TableRequest};
use crate::{invalid, spec, tabulate, Budget, Outcome, Play, Result};

/// Which picture of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    /// g(n) against n.
    Values,
    /// How many heaps have each value.
    Histogram,
}

/// An axis is logarithmic when its largest value is at least this: its range then
/// spans four powers of ten or more.
pub const LOG_FROM: u64 = 10_000;

const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 300.0;
/// The margins: the tick labels of the y axis on the left, the name of the y axis
/// and the legend on top, the tick labels and the name of the x axis below.
const LEFT: f64 = 58.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 44.0;
const BOTTOM: f64 = 56.0;
/// The size of the text.
const FONT: f64 = 16.0;
const LEGEND_FONT: f64 = 15.0;
/// The least room between two ticks' labels, along the x and the y axis.
const X_GAP: f64 = 64.0;
const Y_GAP: f64 = 26.0;
/// The most heaps drawn as a dot each (with its value as a tooltip), and the most
/// drawn as large dots; more are drawn as the pixels they cover, so that a picture
/// of millions of heaps stays small.
const DOTS: usize = 500;
const LARGE_DOTS: usize = 160;
/// The most bars of a histogram with their counts as tooltips.
const TOOLTIP_BARS: usize = 64;

const INK: &str = "#333333";
const COMMON: &str = "#2c5d8f";
const RARE: &str = "#c0392b";
const BAND: &str = "#f3e6c4";

/// The picture `chart` of the heap table `table`, as an SVG document, with
/// `period` shaded where one is given ([`period_of`] finds a table's). Only the
/// tables of one heap have these pictures.
pub fn svg(table: &Table, chart: Chart, period: Option<&Period>) -> Result<String> {
    let Table::Heaps { game, values, .. } = table else {
        return Err(invalid!(
            "only the table of a heap game has a plot: a graph's or Chomp's table has none"
        ));
    };
    match chart {
        Chart::Values => Ok(values_svg(game, values, period)),
        Chart::Histogram => histogram_svg(game, values),
    }
}

/// The period a plot of a heap table of a take-and-break game shades: the proved
/// one its values were read from, else the one its values show
/// ([`period::find`]), else, for a table shorter than [`LOOK_AHEAD`] heaps, the one
/// that many heaps show (so that a short plot of Kayles shades its period from
/// heap 71), searched within `budget`.
pub fn period_of(table: &Table, budget: &Budget) -> Option<Period> {
    let Table::Heaps { game, values, .. } = table else {
        return None;
    };
    let rules = spec::heap_rules(game).ok()?.rules;
    let seen = match values {
        Column::Periodic { period, .. } => return Some(*period),
        Column::Nimbers(values) => period::find(values, &rules),
        Column::Values(_) => return None,
    };
    let short = (values.len() as u64) < LOOK_AHEAD;
    match seen {
        None if short => {
            let ahead = tabulate::period(
                game,
                LOOK_AHEAD - 1,
                Algorithm::RareCommon,
                budget,
                &mut |_| {},
            );
            ahead.ok()?.1
        }
        seen => seen,
    }
}

/// How many heaps are searched for the period of a shorter table's plot.
pub const LOOK_AHEAD: u64 = 4096;

/// The picture `chart` of the table of `game` that `request` asks for (one heap
/// of a heap game), with its period shaded ([`period_of`]).
pub fn sequence(game: &str, request: &TableRequest, chart: Chart) -> Result<String> {
    // Known before anything is computed: misère play has outcomes, not nimbers.
    if chart == Chart::Histogram && request.play == Play::Misere {
        return Err(invalid!(
            "the histogram of '{game}' counts nimbers, and a misère table has outcomes only"
        ));
    }
    let table = tabulate::table(game, request, &mut |_| {})?;
    svg(&table, chart, period_of(&table, &request.budget).as_ref())
}

/// A linear or logarithmic axis from 0 to `largest`, drawn from the pixel `from`
/// to the pixel `to` (a y axis runs upward: `to` < `from`).
struct Axis {
    largest: f64,
    log: bool,
    from: f64,
    to: f64,
}

impl Axis {
    fn new(largest: u64, from: f64, to: f64) -> Axis {
        Axis {
            largest: largest.max(1) as f64,
            log: largest >= LOG_FROM,
            from,
            to,
        }
    }

    /// Where `v` is drawn.
    fn at(&self, v: f64) -> f64 {
        let share = match self.log {
            true => (1.0 + v).ln() / (1.0 + self.largest).ln(),
            false => v / self.largest,
        };
        self.from + (self.to - self.from) * share
    }

    /// The values of the ticks, each at least `gap` pixels from the one before.
    fn ticks(&self, gap: f64) -> Vec<u64> {
        let largest = self.largest as u64;
        let candidates: Vec<u64> = match self.log {
            true => std::iter::once(0)
                .chain(std::iter::successors(Some(1u64), |p| p.checked_mul(10)))
                .take_while(|&v| v <= largest)
                .collect(),
            false => {
                let most = ((self.to - self.from).abs() / gap).floor().max(1.0);
                let step = round_step(self.largest / most);
                (0..=largest / step).map(|k| k * step).collect()
            }
        };
        let mut kept: Vec<u64> = Vec::new();
        for v in candidates {
            let clear = kept
                .last()
                .is_none_or(|&last| (self.at(v as f64) - self.at(last as f64)).abs() >= gap);
            if clear {
                kept.push(v);
            }
        }
        kept
    }
}

/// The least of 1, 2, 5, 10, 20, 50, … that is at least `at_least`.
fn round_step(at_least: f64) -> u64 {
    let mut power = 1u64;
    loop {
        for step in [power, 2 * power, 5 * power] {
            if step as f64 >= at_least {
                return step;
            }
        }
        power *= 10;
    }
}

/// A tick's label: 0, 20, 1000, 20k, 1M.
fn tick_label(v: u64) -> String {
    match v {
        v if v >= 1_000_000 && v % 1_000_000 == 0 => format!("{}M", v / 1_000_000),
        v if v >= 10_000 && v % 1_000 == 0 => format!("{}k", v / 1_000),
        v => v.to_string(),
    }
}

/// The document's opening, with its title for screen readers and tooltips.
fn open(svg: &mut String, title: &str) {
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="{FONT}" class="plot" role="img" aria-label="{0}">"#,
        escape(title)
    );
    let _ = writeln!(svg, "<title>{}</title>", escape(title));
}

/// The two axes, their ticks with labels (`y_label` names a y tick), and their
/// names: the y axis's above it, the x axis's centred below the tick labels.
fn axes(
    svg: &mut String,
    x: &Axis,
    y: &Axis,
    x_ticks: &[(f64, String)],
    y_label: impl Fn(u64) -> String,
    names: (&str, &str),
) {
    let (bottom, left) = (y.from, x.from);
    let _ = writeln!(
        svg,
        r#"<path d="M {left} {} V {bottom} H {}" stroke="{INK}" fill="none"/>"#,
        y.to, x.to
    );
    for (at, label) in x_ticks {
        let _ = writeln!(
            svg,
            r#"<line x1="{at:.1}" y1="{bottom}" x2="{at:.1}" y2="{}" stroke="{INK}"/>"#,
            bottom + 5.0
        );
        let _ = writeln!(
            svg,
            r#"<text x="{at:.1}" y="{}" text-anchor="middle">{label}</text>"#,
            bottom + 22.0
        );
    }
    for v in y.ticks(Y_GAP) {
        let at = y.at(v as f64);
        let _ = writeln!(
            svg,
            r#"<line x1="{}" y1="{at:.1}" x2="{left}" y2="{at:.1}" stroke="{INK}"/>"#,
            left - 5.0
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            left - 8.0,
            at + FONT * 0.35,
            y_label(v)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
        (x.from + x.to) / 2.0,
        HEIGHT - 8.0,
        names.0
    );
    let _ = writeln!(svg, r#"<text x="8" y="{}">{}</text>"#, TOP - 18.0, names.1);
}

/// A legend in the top margin, right-aligned: a swatch and words for each entry.
fn legend(svg: &mut String, entries: &[(&str, String)]) {
    let mut right = WIDTH - RIGHT;
    let baseline = TOP - 18.0;
    for (colour, words) in entries.iter().rev() {
        let _ = writeln!(
            svg,
            r#"<text x="{right:.1}" y="{baseline}" font-size="{LEGEND_FONT}" text-anchor="end">{words}</text>"#
        );
        right -= LEGEND_FONT * 0.5 * words.chars().count() as f64 + 6.0;
        let _ = writeln!(
            svg,
            r#"<rect x="{:.1}" y="{}" width="12" height="12" fill="{colour}"/>"#,
            right - 12.0,
            baseline - 11.0
        );
        right -= 12.0 + 18.0;
    }
}

/// g(n) against n, rare values in red; for a table of outcomes only, the outcome
/// as a level (P 0, N 1, D 2), P-positions in red.
fn values_svg(game: &str, values: &Column, period: Option<&Period>) -> String {
    let heaps = values.len();
    let statistics = values.statistics();
    let level = |n: usize| -> (u64, bool) {
        let value = values.get(n);
        match (&statistics, value.nimber) {
            (Some(s), Some(g)) => (g, s.is_rare(g)),
            _ => match value.outcome {
                Outcome::P => (0, true),
                Outcome::N => (1, false),
                Outcome::D => (2, false),
            },
        }
    };
    let top = match &statistics {
        Some(s) => s.largest,
        None => (0..heaps).map(|n| level(n).0).max().unwrap_or(0),
    };
    let last = heaps.saturating_sub(1) as u64;
    let x = Axis::new(last, LEFT, WIDTH - RIGHT);
    let y = Axis::new(top, HEIGHT - BOTTOM, TOP);
    let (name, marked) = match &statistics {
        Some(s) => ("g(n)", format!("rare (mask {})", s.mask)),
        None => ("outcome", "P-positions".to_string()),
    };
    let mut svg = String::new();
    open(
        &mut svg,
        &format!("{name} of {game} for n from 0 to {last}; {marked} in red"),
    );
    let mut entries = vec![(RARE, marked)];
    if let Some(p) = period.filter(|p| p.period > 0 && p.preperiod < heaps as u64) {
        bands(&mut svg, &x, &y, p, last);
        entries.push((BAND, format!("period {} from {}", p.period, p.preperiod)));
    }
    legend(&mut svg, &entries);
    let x_ticks: Vec<(f64, String)> = x
        .ticks(X_GAP)
        .into_iter()
        .map(|v| (x.at(v as f64), tick_label(v)))
        .collect();
    let y_label = |v: u64| match &statistics {
        Some(_) => tick_label(v),
        None => ["P", "N", "D"][v as usize].to_string(),
    };
    axes(&mut svg, &x, &y, &x_ticks, y_label, ("n", name));
    if heaps <= DOTS {
        let radius = if heaps <= LARGE_DOTS { 3.5 } else { 2.2 };
        for n in 0..heaps {
            let (v, rare) = level(n);
            let colour = if rare { RARE } else { COMMON };
            let shown = values
                .get(n)
                .nimber
                .map_or(values.get(n).outcome.letter().to_string(), |g| {
                    g.to_string()
                });
            let _ = writeln!(
                svg,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{radius}" fill="{colour}"><title>g({n}) = {shown}</title></circle>"#,
                x.at(n as f64),
                y.at(v as f64)
            );
        }
    } else {
        let mut pixels = Pixels::new();
        for n in 0..heaps {
            let (v, rare) = level(n);
            pixels.mark(x.at(n as f64), y.at(v as f64), rare);
        }
        pixels.draw(&mut svg);
    }
    svg.push_str("</svg>\n");
    svg
}

/// The period's stretches shaded in turn from the preperiod on, or shaded as one
/// where a stretch would be narrower than 4 pixels; a dashed line at the preperiod.
fn bands(svg: &mut String, x: &Axis, y: &Axis, p: &Period, last: u64) {
    let starts: Vec<u64> = (0..)
        .map(|k| p.preperiod + k * p.period)
        .take_while(|&s| s <= last)
        .collect();
    let width = |s: u64| x.at((s + p.period).min(last) as f64) - x.at(s as f64);
    let narrowest = starts
        .iter()
        .filter(|&&s| s + p.period <= last)
        .map(|&s| width(s))
        .fold(f64::INFINITY, f64::min);
    let shaded: Vec<(u64, u64)> = match narrowest >= 4.0 {
        true => starts
            .iter()
            .step_by(2)
            .map(|&s| (s, (s + p.period).min(last)))
            .collect(),
        false => vec![(p.preperiod, last)],
    };
    for (from, to) in shaded {
        let _ = writeln!(
            svg,
            r#"<rect x="{:.1}" y="{}" width="{:.1}" height="{}" fill="{BAND}"/>"#,
            x.at(from as f64),
            y.to,
            (x.at(to as f64) - x.at(from as f64)).max(1.0),
            y.from - y.to
        );
    }
    let at = x.at(p.preperiod as f64);
    let _ = writeln!(
        svg,
        r##"<line x1="{at:.1}" y1="{}" x2="{at:.1}" y2="{}" stroke="#b08d3c" stroke-dasharray="4 3"/>"##,
        y.to, y.from
    );
}

/// The pixels that heaps cover, common and rare, drawn as runs down each column.
struct Pixels {
    /// 0 for none, 1 for a common value, 2 for a rare one (which wins).
    cells: Vec<u8>,
}

impl Pixels {
    const COLUMNS: usize = WIDTH as usize + 1;
    const ROWS: usize = HEIGHT as usize + 1;

    fn new() -> Pixels {
        Pixels {
            cells: vec![0; Self::COLUMNS * Self::ROWS],
        }
    }

    fn mark(&mut self, x: f64, y: f64, rare: bool) {
        let (c, r) = (x.round() as usize, y.round() as usize);
        let cell = &mut self.cells[c.min(Self::COLUMNS - 1) * Self::ROWS + r.min(Self::ROWS - 1)];
        *cell = (*cell).max(1 + rare as u8);
    }

    /// Each run of one kind down a column as a rectangle 2 pixels wide.
    fn draw(&self, svg: &mut String) {
        for (c, column) in self.cells.chunks(Self::ROWS).enumerate() {
            let mut r = 0;
            while r < column.len() {
                let kind = column[r];
                let run = column[r..].iter().take_while(|&&k| k == kind).count();
                if kind > 0 {
                    let colour = if kind == 2 { RARE } else { COMMON };
                    let _ = writeln!(
                        svg,
                        r#"<rect x="{}" y="{}" width="2" height="{}" fill="{colour}"/>"#,
                        c as f64 - 1.0,
                        r as f64 - 1.0,
                        run + 1
                    );
                }
                r += run;
            }
        }
    }
}

/// The histogram: a bar for each value, as tall as the number of heaps with it,
/// rare values' bars in red; bars that would be narrower than a pixel share one,
/// as tall as the tallest.
fn histogram_svg(game: &str, values: &Column) -> Result<String> {
    let Some(statistics) = values.statistics() else {
        return Err(invalid!(
            "the histogram of '{game}' counts nimbers, and this table has outcomes only"
        ));
    };
    let counts: &[u64] = statistics.histograms.last().map_or(&[], |h| &h.counts);
    let most = counts.iter().copied().max().unwrap_or(0);
    let x = Axis::new(counts.len() as u64, LEFT, WIDTH - RIGHT);
    let y = Axis::new(most, HEIGHT - BOTTOM, TOP);
    let mut svg = String::new();
    let last = values.len().saturating_sub(1);
    open(
        &mut svg,
        &format!(
            "how many heaps of {game} from 0 to {last} have each value g(n); rare (mask {}) in red",
            statistics.mask
        ),
    );
    legend(
        &mut svg,
        &[(RARE, format!("rare (mask {})", statistics.mask))],
    );
    let x_ticks: Vec<(f64, String)> = x
        .ticks(X_GAP)
        .into_iter()
        .filter(|&v| (v as usize) < counts.len())
        .map(|v| (x.at(v as f64 + 0.5), tick_label(v)))
        .collect();
    axes(&mut svg, &x, &y, &x_ticks, tick_label, ("g(n)", "heaps"));
    let mut bars: Vec<(i64, i64, bool, u64, u64)> = Vec::new();
    for (v, &count) in counts.iter().enumerate().filter(|&(_, &c)| c > 0) {
        let rare = statistics.is_rare(v as u64);
        let (from, to) = (x.at(v as f64), x.at(v as f64 + 1.0));
        let (left, right) = (
            from.floor() as i64,
            (to.floor() as i64).max(from.floor() as i64 + 1),
        );
        match bars.iter_mut().rev().find(|b| b.0 == left && b.2 == rare) {
            Some(bar) => bar.3 = bar.3.max(count),
            None => bars.push((left, right, rare, count, v as u64)),
        }
    }
    let tooltips = counts.len() <= TOOLTIP_BARS;
    for (left, right, rare, count, v) in bars {
        let colour = if rare { RARE } else { COMMON };
        let top = y.at(count as f64);
        let gap = if right - left > 3 { 1 } else { 0 };
        let _ = write!(
            svg,
            r#"<rect x="{left}" y="{top:.1}" width="{}" height="{:.1}" fill="{colour}""#,
            right - left - gap,
            y.from - top
        );
        let _ = match tooltips {
            true => writeln!(svg, "><title>g = {v}: {count} heaps</title></rect>"),
            false => writeln!(svg, "/>"),
        };
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Save, TableRequest};
    use crate::{tabulate, Budget, Play};

    fn table(game: &str, to: u64, play: Play) -> Table {
        let request = TableRequest::heaps(to, play, Budget::default());
        tabulate::table(game, &request, &mut |_| {}).unwrap()
    }

    /// The texts of the elements `<text …>` whose attributes contain `attribute`,
    /// with their baselines.
    fn texts<'a>(svg: &'a str, attribute: &str) -> Vec<(f64, &'a str)> {
        svg.lines()
            .filter(|l| l.starts_with("<text") && l.contains(attribute))
            .map(|l| {
                let y = l
                    .split(r#" y=""#)
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                let text = l.split('>').nth(1).unwrap().trim_end_matches("</text");
                (y.parse().unwrap(), text)
            })
            .collect()
    }

    fn labels<'a>(svg: &'a str, attribute: &str) -> Vec<&'a str> {
        texts(svg, attribute).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn a_short_sequence_is_dots_at_round_ticks_with_its_rare_values_in_red() {
        let t = table("kayles", 100, Play::Normal);
        let svg = svg(&t, Chart::Values, None).unwrap();
        let statistics = t.statistics().unwrap().1;
        // x ticks below the axis, y ticks right-aligned left of it.
        let x = labels(&svg, r#"text-anchor="middle""#);
        assert_eq!(x, ["0", "20", "40", "60", "80", "100", "n"]);
        let y = labels(&svg, r#"<text x="50" "#);
        assert_eq!(
            y.iter().filter(|l| l.parse::<u64>().is_ok()).count() as u64,
            statistics.largest / 2 + 1,
            "{y:?}: ticks 0, 2, 4, … up to g's largest, {}",
            statistics.largest
        );
        assert_eq!(svg.matches("<circle").count(), 101);
        assert_eq!(
            svg.matches(r##"r="3.5" fill="#c0392b""##).count() as u64,
            statistics.rare
        );
        // Kayles: g(5) = 4, and 0 is always rare.
        assert!(svg.contains("<title>g(5) = 4</title>"), "{svg}");
        assert!(svg.contains(r##"fill="#c0392b"><title>g(0) = 0</title>"##));
        assert!(svg.contains(&format!("rare (mask {})", statistics.mask)));
    }

    #[test]
    fn the_name_of_the_y_axis_is_above_its_top_tick_label() {
        for (game, to) in [("kayles", 100), ("grundy-game", 3000), ("octal:0.6", 500)] {
            let svg = svg(&table(game, to, Play::Normal), Chart::Values, None).unwrap();
            let (name_y, name) = texts(&svg, r#"<text x="8""#)[0];
            assert_eq!(name, "g(n)");
            let top_tick = texts(&svg, r#"<text x="50" "#)
                .into_iter()
                .filter(|(_, t)| t.parse::<u64>().is_ok())
                .map(|(y, _)| y)
                .fold(f64::INFINITY, f64::min);
            // Baselines: the tick label's top (a font size above its baseline) is
            // below the name's baseline.
            assert!(name_y < top_tick - FONT, "{game}: {name_y} vs {top_tick}");
        }
    }

    #[test]
    fn a_long_sequence_has_a_log_axis_at_powers_of_ten_and_is_drawn_as_pixels() {
        let t = table("kayles", 20_000, Play::Normal);
        let svg = svg(&t, Chart::Values, None).unwrap();
        let x = labels(&svg, r#"text-anchor="middle""#);
        // 1 is too close to 0 to be labelled.
        assert_eq!(x, ["0", "10", "100", "1000", "10k", "n"]);
        assert_eq!(svg.matches("<circle").count(), 0);
        assert!(svg.matches(r#"width="2""#).count() > 100, "{svg}");
        assert!(svg.len() < 200_000, "{} bytes", svg.len());
        // The rare values are marked in red, none right of the last rare heap (70).
        let at = |v: f64| Axis::new(20_000, LEFT, WIDTH - RIGHT).at(v);
        let last_rare = t.statistics().unwrap().1.last_rare.unwrap();
        assert_eq!(last_rare, 70);
        let red: Vec<f64> = svg
            .lines()
            .filter(|l| l.contains(r#" width="2" "#) && l.ends_with(r##"fill="#c0392b"/>"##))
            .map(|l| {
                l[r#"<rect x=""#.len()..]
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            })
            .collect();
        assert!(!red.is_empty());
        assert!(
            red.iter().all(|&x| x + 1.0 <= at(last_rare as f64).round()),
            "{red:?}"
        );
        assert!((at(20_000.0) - (WIDTH - RIGHT)).abs() < 1e-9);
        assert!(
            (at(99.0) - (LEFT + (WIDTH - RIGHT - LEFT) * 2.0 / 20_001f64.log10())).abs() < 1e-9
        );
    }

    #[test]
    fn a_period_is_shaded_stretch_by_stretch_from_the_preperiod() {
        // Kayles: period 12 from heap 71.
        let (_, p) = tabulate::period(
            "kayles",
            200,
            Default::default(),
            &Budget::default(),
            &mut |_| {},
        )
        .unwrap();
        let p = p.unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        let t = table("kayles", 200, Play::Normal);
        assert!(!svg(&t, Chart::Values, None).unwrap().contains("period"));
        // Drawn from the request, the period is shaded.
        let request = TableRequest::heaps(200, Play::Normal, Budget::default());
        let drawn = sequence("kayles", &request, Chart::Values).unwrap();
        assert_eq!(drawn, svg(&t, Chart::Values, Some(&p)).unwrap());
        let shaded = svg(&t, Chart::Values, Some(&p)).unwrap();
        assert!(shaded.contains("period 12 from 71"), "{shaded}");
        // Stretches 71–83, 95–107, …, 191–200: every other of the 11 from 71, and
        // the legend's swatch.
        assert_eq!(shaded.matches(r##"fill="#f3e6c4"/>"##).count(), 6 + 1);
        // A table read from its proved period has it, shaded as one stretch where
        // the stretches would be narrower than 4 pixels.
        let t = table("kayles", 5000, Play::Normal);
        let Table::Heaps { values, .. } = &t else {
            panic!()
        };
        assert!(matches!(values, Column::Periodic { .. }));
        let own = period_of(&t, &Budget::default()).unwrap();
        assert_eq!((own.preperiod, own.period), (71, 12));
        let shaded = svg(&t, Chart::Values, Some(&own)).unwrap();
        assert!(shaded.contains("period 12 from 71"), "{shaded}");
        assert_eq!(shaded.matches(r##"fill="#f3e6c4"/>"##).count(), 1 + 1);
        // The values to 100 do not show it (its preperiod is more than half of
        // them), but the first LOOK_AHEAD heaps do.
        let t = table("kayles", 100, Play::Normal);
        let Table::Heaps {
            values: Column::Nimbers(values),
            ..
        } = &t
        else {
            panic!()
        };
        assert_eq!(
            period::find(values, &spec::heap_rules("kayles").unwrap().rules),
            None
        );
        let ahead = period_of(&t, &Budget::default()).unwrap();
        assert_eq!(
            (ahead.preperiod, ahead.period, ahead.proved),
            (71, 12, true)
        );
        // A game with no period seen has none to shade; nor has a game not of
        // take-and-break (Nim's table is the solver's).
        let t = table("grundy-game", 300, Play::Normal);
        assert_eq!(period_of(&t, &Budget::default()), None);
        let t = table("nim", 50, Play::Normal);
        assert_eq!(period_of(&t, &Budget::default()), None);
    }

    #[test]
    fn the_histogram_counts_each_value() {
        let t = table("kayles", 100, Play::Normal);
        let statistics = t.statistics().unwrap().1;
        let svg = svg(&t, Chart::Histogram, None).unwrap();
        let counts = &statistics.histograms.last().unwrap().counts;
        for (v, &count) in counts.iter().enumerate().filter(|&(_, &c)| c > 0) {
            assert!(svg.contains(&format!("<title>g = {v}: {count} heaps</title>")));
        }
        assert_eq!(counts.iter().sum::<u64>(), 101);
        assert_eq!(labels(&svg, r#"<text x="8""#), ["heaps"]);
        // The tallest bar reaches the top of the plot.
        let most = counts.iter().max().unwrap();
        let tallest = format!(r#"y="{TOP:.1}""#);
        assert!(svg.contains(&format!("{tallest} ")), "{svg}");
        let v = counts.iter().position(|c| c == most).unwrap();
        assert!(svg.contains(&format!("<title>g = {v}: {most} heaps</title>")));
    }

    #[test]
    fn a_histogram_of_millions_has_a_log_count_axis() {
        let t = table("kayles", 1_000_000, Play::Normal);
        let svg = svg(&t, Chart::Histogram, None).unwrap();
        let y = labels(&svg, r#"<text x="50" "#);
        // 1 is too close to 0 to be labelled.
        assert_eq!(y, ["0", "10", "100", "1000", "10k", "100k"]);
    }

    #[test]
    fn a_misere_table_plots_its_outcomes_and_has_no_histogram() {
        let t = table("kayles", 20, Play::Misere);
        let svg = svg(&t, Chart::Values, None).unwrap();
        let y = labels(&svg, r#"<text x="50" "#);
        assert!(y.starts_with(&["P", "N"]), "{y:?}");
        assert_eq!(labels(&svg, r#"<text x="8""#), ["outcome"]);
        // Misère Kayles: heap 1 is P (the player to move must take it and lose).
        assert!(
            svg.contains(r##"fill="#c0392b"><title>g(1) = P</title>"##),
            "{svg}"
        );
        let e = super::svg(&t, Chart::Histogram, None).unwrap_err();
        assert!(e.to_string().contains("outcomes only"), "{e}");
    }

    #[test]
    fn only_heap_tables_are_plotted() {
        let request = TableRequest {
            to: Some(4),
            rows: Some(2),
            play: Play::Normal,
            budget: Budget::default(),
            save: Save::No,
            algorithm: Default::default(),
        };
        let chomp = tabulate::table("chomp", &request, &mut |_| {}).unwrap();
        let e = svg(&chomp, Chart::Values, None).unwrap_err();
        assert!(
            e.to_string().contains("only the table of a heap game"),
            "{e}"
        );
    }

    #[test]
    fn a_games_name_is_escaped() {
        let t = Table::Heaps {
            game: "a<b&c".into(),
            values: Column::Nimbers(vec![0, 1, 0]),
            saved: None,
        };
        let svg = svg(&t, Chart::Values, None).unwrap();
        assert!(
            svg.contains("<title>g(n) of a&lt;b&amp;c for n from 0 to 2;"),
            "{svg}"
        );
        assert!(!svg.contains("a<b"));
    }

    #[test]
    fn ticks_are_round_and_labels_short() {
        assert_eq!(
            [0.4, 1.0, 1.5, 3.0, 7.0, 16.7, 450.0].map(round_step),
            [1, 1, 2, 5, 10, 20, 500]
        );
        assert_eq!(
            [0, 999, 5000, 20_000, 25_500, 3_000_000].map(tick_label),
            ["0", "999", "5000", "20k", "25500", "3M"]
        );
    }
}
