//! The commands that answer once: `value`, `moves`, `table`, `explain`, `draw`; each
//! prints text, or one JSON object with `--json` (the fields are documented in the
//! guide, docs/json.md); `draw` prints an SVG document.

use anyhow::Result;
use grundy::analysis::MoveValue;
use grundy::notation::{shorten, LABEL};
use grundy::solve::Value;
use grundy::table::{Column, Save, Table, TableRequest};
use grundy::{table as tables, Analysis, Analyst, Budget, Options, Outcome, Play};
use grundy_cli::reports;
use serde::Serialize;
use std::io::Write as _;

use crate::{progress, Common, PeriodArgs, QuotientArgs, TableArgs};

/// Prints `value` as JSON, written out as it is serialised (a long heap table is
/// never held as text).
fn print_json(value: &impl Serialize) -> Result<()> {
    use std::io::Write as _;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush());
    if let Err(e) = written {
        crate::output_failed(e);
    }
    Ok(())
}

/// The analysis of `spec_text` with the options asked for, within `budget`.
fn analyse(
    spec_text: &str,
    common: &Common,
    budget: &Budget,
    all_moves: bool,
    explain: bool,
) -> Result<Analysis> {
    let options = Options {
        play: common.play(),
        all_moves,
        explain,
        computer_move: false,
    };
    let mut analyst = Analyst::new(budget.clone());
    let position = analyst.parse(spec_text)?;
    Ok(progress::searching(budget, || {
        analyst.analyse(&position, &options)
    })?)
}

/// The nimber, or why there is none, for text.
pub fn nimber_text(a: &Analysis) -> String {
    match (a.nimber, &a.nimber_not_computed) {
        (Some(g), _) => g.to_string(),
        (None, Some(why)) => format!("not computed ({why})"),
        (None, None) => "none (misère play, or a game with cycles or draws)".into(),
    }
}

/// `grundy value`: outcome, nimber, every winning move.
pub fn value(spec_text: &str, common: &Common, budget: &Budget) -> Result<()> {
    let a = analyse(spec_text, common, budget, false, false)?;
    if common.json {
        return print_json(&a.value_report());
    }
    out!("{}", a.position);
    for note in &a.notes {
        out!("note: {note}");
    }
    out!(
        "{}-position: {} ({} play)",
        a.outcome.letter(),
        a.who_wins(),
        play_words(a.play)
    );
    out!("nimber: {}", nimber_text(&a));
    if let Some(gamma) = &a.gamma {
        out!("γ: {gamma} (generalised Sprague–Grundy value; the sum by Smith's rule)");
    }
    if let Some(why) = &a.winning_moves_not_computed {
        out!("winning moves: not computed ({why})");
    } else if a.winning_moves.is_empty() {
        out!("winning moves: none");
    } else {
        out!("winning moves ({}):", a.winning_moves.len());
        for m in &a.winning_moves {
            out!("  {}   ({})", m.position, m.description);
        }
    }
    if a.gamma.is_some() && !a.drawing_moves.is_empty() {
        out!("moves that keep the draw ({}):", a.drawing_moves.len());
        for m in &a.drawing_moves {
            out!("  {}   ({})", m.position, m.description);
        }
    }
    Ok(())
}

/// "normal" or "misère", for text.
fn play_words(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misère",
    }
}

/// `grundy moves`: every move with the outcome and nimber it leaves.
pub fn moves(spec_text: &str, common: &Common, budget: &Budget) -> Result<()> {
    let a = analyse(spec_text, common, budget, true, false)?;
    if common.json {
        return print_json(&a.moves_report());
    }
    let all: &[MoveValue] = a.moves.as_deref().unwrap_or_default();
    out!(
        "{} ({} play): {} moves",
        a.position,
        play_words(a.play),
        all.len()
    );
    // Positions are printed whole; only the padding is capped.
    let width = all
        .iter()
        .map(|m| m.to.position.chars().count())
        .max()
        .unwrap_or(0)
        .min(LABEL);
    // Millions of lines (Wythoff's options): written through one buffer, not a
    // write to the terminal or pipe each.
    let mut lines = std::io::BufWriter::new(std::io::stdout().lock());
    for m in all {
        let nimber = m.nimber.map_or("-".into(), |g| g.to_string());
        let line = writeln!(
            lines,
            "  {:<width$}  {}  {nimber:>4}   {}",
            m.to.position,
            m.outcome.letter(),
            m.to.description
        );
        line.unwrap_or_else(|e| crate::output_failed(e));
    }
    lines.flush().unwrap_or_else(|e| crate::output_failed(e));
    Ok(())
}

/// `grundy explain`: the reasoning in words and binary columns.
pub fn explain(spec_text: &str, common: &Common, budget: &Budget) -> Result<()> {
    let a = analyse(spec_text, common, budget, false, true)?;
    if common.json {
        return print_json(&a.explain_report());
    }
    for line in a.explanation.as_deref().unwrap_or_default() {
        out!("{line}");
    }
    Ok(())
}

/// `grundy quotient`: the misère quotient of a heap game, heap by heap.
pub fn quotient(args: &QuotientArgs, budget: &Budget) -> Result<()> {
    let (name, q) = tables::quotient(&args.game, args.to, args.max_order, budget)?;
    let heaps: Vec<String> = (1..=q.checked_to())
        .map(|n| q.word(q.element_of_heap(n).expect("every heap up to checked_to")))
        .collect();
    if args.json {
        #[derive(Serialize)]
        struct Generator<'a> {
            name: &'a str,
            heap: u64,
        }
        #[derive(Serialize)]
        struct QuotientJson<'a> {
            game: &'a str,
            order: usize,
            generators: Vec<Generator<'a>>,
            relations: &'a [String],
            presentation: String,
            p_portion: Vec<String>,
            heaps: &'a [String],
            changes: &'a [u64],
            tame: bool,
            proved: bool,
            checked_to: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            period: Option<u64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            preperiod: Option<u64>,
        }
        return print_json(&QuotientJson {
            game: &name,
            order: q.order(),
            generators: q
                .generators()
                .iter()
                .map(|g| Generator {
                    name: &g.name,
                    heap: g.heap,
                })
                .collect(),
            relations: q.relations(),
            presentation: q.presentation(),
            p_portion: q.p_words(),
            heaps: &heaps,
            changes: q.changes(),
            tame: q.is_tame(),
            proved: q.period().is_some(),
            checked_to: q.checked_to(),
            period: q.period().map(|p| p.period),
            preperiod: q.period().map(|p| p.preperiod),
        });
    }
    out!(
        "{name}: misère quotient of the heaps 1 to {}, order {}",
        q.checked_to(),
        q.order()
    );
    out!("presentation: {}", q.presentation());
    out!("P-portion: {{{}}}", q.p_words().join(", "));
    let generators: Vec<String> = q
        .generators()
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    out!("generators: {}", generators.join(", "));
    let changes: Vec<String> = q.changes().iter().map(u64::to_string).collect();
    out!("the presentation changed at heaps {}", changes.join(", "));
    out!("heaps:");
    for (n, word) in heaps.iter().enumerate() {
        out!("  {:>6}  {word}", n + 1);
    }
    if q.is_tame() {
        out!("tame: the quotient is misère Nim's on the heaps' nimbers (Conway's genus theory)");
    } else {
        out!("not tame: the quotient is not misère Nim's on the heaps' nimbers");
    }
    match q.period() {
        Some(p) => out!(
            "checked to heap {}: exact for every sum of heaps up to {}, and proved for heaps of any size: the heaps' elements repeat with period {} from heap {}",
            q.checked_to(),
            q.checked_to(),
            p.period,
            p.preperiod
        ),
        None => out!(
            "checked to heap {}: exact for every sum of heaps up to {}; not proved beyond",
            q.checked_to(),
            q.checked_to()
        ),
    }
    Ok(())
}

/// `grundy draw`: the picture of a position of one part.
pub fn draw(spec_text: &str) -> Result<()> {
    let svg = grundy::draw(spec_text)?;
    out!("{}", svg.trim_end());
    Ok(())
}

/// `grundy table`: a heap game's g(0..N), every vertex of a graph game, or the
/// P-positions of Chomp with a few rows.
pub fn table(args: &TableArgs, common: &Common, budget: &Budget) -> Result<()> {
    let save = match (&args.save, &args.resume) {
        (Some(path), _) => Save::To(path),
        (_, Some(path)) => Save::Resume(path),
        _ => Save::No,
    };
    let request = TableRequest {
        to: args.to,
        rows: args.rows,
        play: common.play(),
        budget: budget.clone(),
        save,
        method: args.sequence.method(),
    };
    let bar = progress::bar(args.to.unwrap_or(0).saturating_add(1), "heaps");
    // A sequence's rows are printed as its values come, unless they are saved or
    // printed as one JSON object.
    let streamed = !common.json && matches!(save, Save::No);
    let mut printed = 0;
    let table = tables::table(&args.game, &request, &mut |values| {
        bar.set_position(values.len() as u64);
        if streamed {
            bar.suspend(|| {
                if printed == 0 {
                    heap_table_head(&args.game, Play::Normal);
                }
                for (n, &g) in values.iter().enumerate().skip(printed) {
                    let v = Value::of_nimber(g.into());
                    heap_row(n, v.nimber, v.outcome, Play::Normal);
                }
            });
            printed = values.len();
        }
    })?;
    bar.finish_and_clear();
    match table {
        Table::Heaps {
            game,
            values,
            saved,
        } => heap_table(&game, &values, saved, printed, common),
        Table::Vertices(t) => graph_table(&t, common),
        Table::PPositions {
            game,
            rows,
            to,
            positions,
        } => p_position_table(&game, rows, to, &positions, common),
    }
}

/// The heading of a heap table.
fn heap_table_head(game: &str, play: Play) {
    out!("{game}, one heap, {} play", play_words(play));
    match play {
        Play::Normal => out!("{:>8}  {:>5}  outcome", "n", "g(n)"),
        Play::Misere => out!("{:>8}  outcome", "n"),
    }
}

/// One row of a heap table.
fn heap_row(n: usize, nimber: Option<u64>, outcome: Outcome, play: Play) {
    match (nimber, play) {
        (Some(g), _) => out!("{n:>8}  {g:>5}  {}", outcome.letter()),
        (None, Play::Normal) => out!("{n:>8}  {:>5}  {}", "-", outcome.letter()),
        (None, Play::Misere) => out!("{n:>8}  {}", outcome.letter()),
    }
}

/// A heap table, its first `printed` rows (and heading) already printed as they
/// came.
fn heap_table(
    game: &str,
    column: &Column,
    saved: Option<String>,
    printed: usize,
    common: &Common,
) -> Result<()> {
    let play = common.play();
    if let Some(path) = saved {
        if !common.json {
            out!(
                "{game}: g(0..={}) computed and saved in {path}",
                column.len() - 1
            );
            return Ok(());
        }
    }
    if common.json {
        return print_json(&reports::heap_table(game, play, column));
    }
    let values = (0..column.len()).map(|n| column.get(n));
    if printed == 0 {
        heap_table_head(game, play);
    }
    for (n, v) in values.clone().enumerate().skip(printed) {
        heap_row(n, v.nimber, v.outcome, play);
    }
    // Written as found: a long table's P-positions are never held as text.
    use std::io::Write as _;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let p_positions = values.enumerate().filter(|(_, v)| v.outcome == Outcome::P);
    let written = write!(out, "P-positions: ")
        .and_then(|()| {
            for (i, (n, _)) in p_positions.enumerate() {
                write!(out, "{}{n}", if i == 0 { "" } else { ", " })?;
            }
            writeln!(out)
        })
        .and_then(|()| out.flush());
    if let Err(e) = written {
        crate::output_failed(e);
    }
    Ok(())
}

/// `grundy period`: the period of a take-and-break game, and whether it is proved.
pub fn period(args: &PeriodArgs, common: &Common, budget: &Budget) -> Result<()> {
    let bar = progress::bar(args.to.saturating_add(1), "heaps");
    let method = args.sequence.method();
    let (name, period) = tables::period(&args.game, args.to, method, budget, &mut |done| {
        bar.set_position(done)
    })?;
    bar.finish_and_clear();
    if common.json {
        return print_json(&reports::period(name, period));
    }
    match period {
        None => out!("{name}: no period seen up to heap {}", args.to),
        Some(p) => {
            let saltus = if p.saltus == 0 {
                String::new()
            } else {
                format!(", saltus {}", p.saltus)
            };
            out!(
                "{name}: period {} from heap {} (preperiod {}){saltus}",
                p.period,
                p.preperiod,
                p.preperiod
            );
            if p.proved {
                out!("proved: the values up to heap {} repeat long enough for the periodicity theorem", p.checked_to);
            } else {
                out!(
                    "not proved: seen in the values up to heap {}, but no theorem covers it yet",
                    p.checked_to
                );
            }
        }
    }
    Ok(())
}

fn graph_table(t: &grundy::table::GraphTable, common: &Common) -> Result<()> {
    let play = common.play();
    if common.json {
        return print_json(&reports::graph_table(t, play));
    }
    out!(
        "{}, {} play, {} vertices",
        t.game,
        play_words(play),
        t.vertices.len()
    );
    let width = t
        .vertices
        .iter()
        .map(|v| v.chars().count())
        .max()
        .unwrap_or(6)
        .clamp(6, LABEL);
    out!("  {:<width$}  outcome  value", "vertex");
    for (i, name) in t.vertices.iter().enumerate() {
        let g = t.gammas.as_ref().map_or("-".into(), |g| g[i].to_string());
        let name = shorten(name, LABEL);
        out!("  {name:<width$}  {:<7}  {g}", t.outcomes[i].letter());
    }
    let draws = t.outcomes.iter().filter(|&&o| o == Outcome::D).count();
    if draws > 0 {
        out!("{draws} vertices are draws (D): play can cycle forever.");
    }
    if t.gammas.is_some() && t.nimbers.is_none() {
        out!("value: the generalised Sprague–Grundy value γ (Smith; Fraenkel–Yesha), a nimber or ∞(K), K the finite values among the moves.");
    }
    out!("P-positions (the kernel): {}", t.kernel.join(" "));
    Ok(())
}

fn p_position_table(
    game: &str,
    rows: usize,
    width: u32,
    found: &[Vec<u32>],
    common: &Common,
) -> Result<()> {
    if common.json {
        return print_json(&reports::p_positions(game, rows, width, found));
    }
    out!(
        "{game}, at most {rows} rows, bottom row at most {width}: {} P-positions (rows bottom first)",
        found.len()
    );
    for p in found {
        let rows: Vec<String> = p.iter().map(u32::to_string).collect();
        out!("  {}", rows.join(","));
    }
    Ok(())
}
