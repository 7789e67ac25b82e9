//! The commands that answer once: `value`, `moves`, `table`, `explain`, `period`,
//! `quotient`, `draw`; each prints the library's report as text, or as one JSON
//! object with `--json` (the fields are documented in docs/json.md), a table also
//! as CSV; `draw` prints the library's picture of a position or a sequence, as an
//! SVG document or a TikZ picture; `exercise` prints the engine's verdict on an
//! answer to an exercise of the notes; `certify` prints the certificate of a
//! board's nimber, and `check` the verdict of the certificates' own checker.

use std::fmt::Display;
use std::io::Write as _;
use std::sync::mpsc::RecvTimeoutError;

use anyhow::Result;
use grundy::certificate::check::Verdict;
use grundy::learn::practice::practice;
use grundy::learn::Exercise;
use grundy::plot::{self, Chart};
use grundy::report::{
    ExerciseReport, ExplainReport, Heading, HeapHeading, HeapRow, MovesReport, PeriodReport,
    QuotientReport, StatisticsReport, TableReport, ValueReport,
};
use grundy::solve::Value;
use grundy::table::{Save, TableRequest};
use grundy::{tabulate, tikz, Analysis, Analyst, Budget, Options, Play};
use serde::Serialize;

use crate::{
    progress, Common, DrawArgs, DrawFormat, ExerciseArgs, PeriodArgs, QuotientArgs, TableArgs,
    TableFormat,
};

/// Prints `report`: as JSON with `json`, else as text.
fn print(report: &(impl Serialize + Display), json: bool) -> Result<()> {
    match json {
        true => write_out(|out| serde_json::to_writer_pretty(out, report).map_err(Into::into)),
        false => print_text(report),
    }
}

/// Prints `text`, written out as it is made (a long heap table or Wythoff's
/// millions of moves are never held whole).
fn print_text(text: &impl Display) -> Result<()> {
    write_out(|out| write!(out, "{text}"))
}

/// Writes to standard output through one buffer, and a newline at the end.
fn write_out(
    write: impl FnOnce(&mut std::io::BufWriter<std::io::StdoutLock>) -> std::io::Result<()>,
) -> Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = write(&mut out)
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

/// `grundy value`: outcome, nimber, every winning move. As text, the position
/// once a search has begun, what theorems and tables give at once, and what a
/// search adds after it.
pub fn value(spec_text: &str, common: &Common, budget: &Budget) -> Result<()> {
    if common.json {
        let a = analyse(spec_text, common, budget, false, false)?;
        return print(&ValueReport::new(&a), true);
    }
    let options = Options {
        play: common.play(),
        ..Options::default()
    };
    let mut analyst = Analyst::new(budget.clone());
    let position = analyst.parse(spec_text)?;
    // The heading, once the analysis has taken longer than a quick search (a
    // refusal known at once prints nothing but its sentence), or with the answer.
    let heading = Heading::new(&position, analyst.notes()).to_string();
    let shown = std::sync::Mutex::new(false);
    let show_heading = || {
        let mut shown = shown.lock().expect("not poisoned");
        if !std::mem::replace(&mut *shown, true) {
            let _ = print_text(&heading);
        }
    };
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let whole = std::thread::scope(|scope| {
        let show = &show_heading;
        scope.spawn(move || {
            if finished.recv_timeout(grundy::analysis::QUICK) == Err(RecvTimeoutError::Timeout) {
                show();
            }
        });
        let mut first = None;
        let whole = progress::searching(budget, || {
            analyst.analyse_in_stages(&position, &options, |at_once| {
                show_heading();
                let _ = print_text(&ValueReport::at_once(at_once));
                first = Some(at_once.clone());
            })
        });
        match &whole {
            Ok(_) => show_heading(),
            // Nothing more is printed to standard output.
            Err(_) => *shown.lock().expect("not poisoned") = true,
        }
        drop(done);
        whole.map(|whole| (whole, first))
    })?;
    match &whole {
        (whole, Some(first)) => print_text(&ValueReport::after(whole, first)),
        (whole, None) => print_text(&ValueReport::rest(whole)),
    }
}

/// `grundy certify`: the certificate of a board's nimber, written to standard
/// output as the search finishes.
pub fn certify(spec_text: &str, budget: &Budget) -> Result<()> {
    let mut analyst = Analyst::new(budget.clone());
    let position = analyst.parse(spec_text)?;
    let certificate = progress::searching(budget, || analyst.certificate(&position))?;
    print_text(&certificate)
}

/// `grundy check`: the checker's verdict on a certificate; false when refused.
pub fn check(file: &str) -> Result<bool> {
    let text = match file {
        "-" => std::io::read_to_string(std::io::stdin()),
        _ => std::fs::read_to_string(file),
    };
    let text = text.map_err(|e| grundy::Error::Io {
        path: file.to_string(),
        source: e,
    })?;
    let verdict = grundy::certificate::check::check(&text)?;
    print_text(&verdict)?;
    Ok(matches!(verdict, Verdict::Checked(_)))
}

/// `grundy moves`: every move with the outcome and nimber it leaves.
pub fn moves(spec_text: &str, common: &Common, budget: &Budget) -> Result<()> {
    let a = analyse(spec_text, common, budget, true, false)?;
    print(&MovesReport::new(&a), common.json)
}

/// `grundy explain`: the reasoning in words and binary columns.
pub fn explain(spec_text: &str, common: &Common, budget: &Budget) -> Result<()> {
    let a = analyse(spec_text, common, budget, false, true)?;
    print(&ExplainReport::new(&a), common.json)
}

/// `grundy quotient`: the misère quotient of a heap game, heap by heap.
pub fn quotient(args: &QuotientArgs, budget: &Budget) -> Result<()> {
    let (name, q) = tabulate::quotient(&args.game, args.to, args.max_order, budget)?;
    print(&QuotientReport::new(&name, &q), args.json)
}

/// `grundy draw`: the picture of a position of one part.
pub fn draw(args: &DrawArgs, budget: &Budget) -> Result<()> {
    let spec_text = args.spec.join(" ");
    let svg = match args.to {
        Some(to) => {
            let [game] = &args.spec[..] else {
                anyhow::bail!(
                    "unexpected '{}' after '{}': --to draws the sequence of a heap game, written alone",
                    args.spec[1..].join(" "),
                    args.spec[0]
                );
            };
            let request = TableRequest {
                to: Some(to),
                rows: None,
                play: if args.misere {
                    Play::Misere
                } else {
                    Play::Normal
                },
                budget: budget.clone(),
                save: Save::No,
                algorithm: Default::default(),
            };
            let chart = match args.histogram {
                true => Chart::Histogram,
                false => Chart::Values,
            };
            progress::searching(budget, || plot::sequence(game, &request, chart))?
        }
        None => grundy::draw(&spec_text)?,
    };
    let picture = match args.format {
        DrawFormat::Svg => svg,
        DrawFormat::Tikz => tikz::of_svg(&svg)?,
    };
    out!("{}", picture.trim_end());
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
        algorithm: args.sequence.algorithm(),
    };
    let total = args.to.unwrap_or(0).saturating_add(1);
    let bar = progress::bar(total, "heaps");
    let mut checkpoints = progress::Checkpoints::new(total);
    // A sequence's rows are printed as its values come, unless they are saved or
    // printed as one JSON object.
    let format = args.format();
    let streamed = format == TableFormat::Text && !args.stats && matches!(save, Save::No);
    let mut printed = 0;
    let table = tabulate::table(&args.game, &request, &mut |progress| {
        checkpoints.report(&bar, progress);
        if streamed {
            bar.suspend(|| {
                if printed == 0 {
                    let (game, play) = (args.game.as_str(), Play::Normal);
                    out!("{}", HeapHeading { game, play });
                }
                for (n, &g) in progress.values.iter().enumerate().skip(printed) {
                    let value = Value::of_nimber(g.into());
                    out!(
                        "{}",
                        HeapRow {
                            n,
                            value,
                            play: Play::Normal
                        }
                    );
                }
            });
            printed = progress.values.len();
        }
    })?;
    bar.finish_and_clear();
    if args.stats {
        let Some((game, statistics)) = table.statistics() else {
            anyhow::bail!("--stats is for the heap tables of normal play, of nimbers");
        };
        let report = StatisticsReport::new(game, &statistics);
        return match format {
            TableFormat::Csv => anyhow::bail!("--stats is printed as text or JSON, not as CSV"),
            _ => print(&report, format == TableFormat::Json),
        };
    }
    let report = TableReport::new(&table, common.play());
    match format {
        TableFormat::Text => print_text(&report.rest(printed)),
        TableFormat::Json => print(&report, true),
        TableFormat::Csv => print_text(&report.csv()),
    }
}

/// `grundy period`: the period of a take-and-break game, and whether it is proved.
pub fn period(args: &PeriodArgs, common: &Common, budget: &Budget) -> Result<()> {
    let to = args.to.unwrap_or_else(|| tabulate::period_to(budget));
    let bar = progress::bar(to.saturating_add(1), "heaps");
    let algorithm = args.sequence.algorithm();
    let (name, period) = tabulate::period(&args.game, to, algorithm, budget, &mut |done| {
        bar.set_position(done)
    })?;
    bar.finish_and_clear();
    print(&PeriodReport::new(name, to, period), common.json)
}

/// `grundy exercise`: the question; the verdict on `--answer` (false when it is
/// wrong) or on each answer of `--answers`; the hints with `--hints`.
pub fn exercise(args: &ExerciseArgs, budget: &Budget) -> Result<bool> {
    let play = match args.misere {
        true => Play::Misere,
        false => Play::Normal,
    };
    let exercise = match args.practice {
        Some(level) => {
            let seed = args.seed.unwrap_or_else(|| {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
                now.map_or(0, |d| d.as_nanos() as u64)
            });
            practice(&args.kind, level, seed)?
        }
        None => Exercise::read(&args.kind, &args.what.join(" "), play)?,
    };
    let mut report = ExerciseReport::new(&exercise, args.answer.as_deref(), args.hints, budget)?;
    if let Some(file) = &args.answers {
        let text = std::fs::read_to_string(file)
            .map_err(|e| anyhow::anyhow!("cannot read the answers in {}: {e}", file.display()))?;
        report = report.with_class(&exercise, &text, budget)?;
    }
    print(&report, args.json)?;
    Ok(report.correct != Some(false))
}
