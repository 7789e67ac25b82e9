//! The commands that answer once: `value`, `moves`, `table`, `explain`, `draw`; each
//! prints text, or one JSON object with `--json` (the fields are documented in the
//! README); `draw` prints an SVG document.

use anyhow::{bail, Result};
use grundy::solve::{Solver, Sum, Value};
use grundy::table::Save;
use grundy::{explain as reasoning, spec, table as tables, Outcome, Play};
use serde::Serialize;

use crate::{progress, Common, PeriodArgs, TableArgs};

/// A position one move away, as in JSON.
#[derive(Serialize)]
struct Move {
    position: String,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<Option<u64>>,
}

#[derive(Serialize)]
struct ValueJson {
    position: String,
    play: &'static str,
    outcome: &'static str,
    nimber: Option<u64>,
    winning_moves: Vec<Move>,
}

fn solve(spec_text: &str, common: &Common) -> Result<(Solver, Sum)> {
    let mut solver = Solver::new(common.max_positions);
    let sum = spec::parse(spec_text, &mut solver)?;
    Ok((solver, sum))
}

fn print_json(value: &impl Serialize) -> Result<()> {
    out!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

fn nimber_text(v: Value) -> String {
    v.nimber.map_or(
        "none (misère play, or a game with cycles or draws)".into(),
        |g| g.to_string(),
    )
}

/// `grundy value`: outcome, nimber, every winning move.
pub fn value(spec_text: &str, common: &Common) -> Result<()> {
    let (mut solver, sum) = solve(spec_text, common)?;
    let play = common.play();
    let v = solver.value(&sum, play)?;
    let winning = solver.winning_moves(&sum, play)?;
    let winning: Vec<Move> = winning
        .iter()
        .map(|m| Move {
            position: solver.format(m),
            description: solver.describe_move(&sum, m),
            outcome: None,
            nimber: None,
        })
        .collect();
    if common.json {
        return print_json(&ValueJson {
            position: solver.format(&sum),
            play: play.name(),
            outcome: v.outcome.letter(),
            nimber: v.nimber,
            winning_moves: winning,
        });
    }
    out!("{}", solver.format(&sum));
    out!(
        "{}-position: {} ({} play)",
        v.outcome.letter(),
        who_wins(v.outcome),
        play_words(play)
    );
    out!("nimber: {}", nimber_text(v));
    if winning.is_empty() {
        out!("winning moves: none");
    } else {
        out!("winning moves ({}):", winning.len());
        for m in &winning {
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

fn who_wins(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "the previous player wins",
        Outcome::N => "the player to move wins",
        Outcome::D => "a draw with perfect play",
    }
}

/// `grundy moves`: every move with the outcome and nimber it leaves.
pub fn moves(spec_text: &str, common: &Common) -> Result<()> {
    let (mut solver, sum) = solve(spec_text, common)?;
    let play = common.play();
    let mut all = Vec::new();
    for m in solver.moves(&sum)? {
        let v = solver.value(&m, play)?;
        all.push(Move {
            position: solver.format(&m),
            description: solver.describe_move(&sum, &m),
            outcome: Some(v.outcome.letter()),
            nimber: Some(v.nimber),
        });
    }
    if common.json {
        #[derive(Serialize)]
        struct MovesJson {
            position: String,
            play: &'static str,
            moves: Vec<Move>,
        }
        return print_json(&MovesJson {
            position: solver.format(&sum),
            play: play.name(),
            moves: all,
        });
    }
    out!(
        "{} ({} play): {} moves",
        solver.format(&sum),
        play_words(play),
        all.len()
    );
    let width = all.iter().map(|m| m.position.len()).max().unwrap_or(0);
    for m in &all {
        let nimber = m.nimber.flatten().map_or("-".into(), |g| g.to_string());
        let outcome = m.outcome.unwrap_or("?");
        out!(
            "  {:<width$}  {outcome}  {nimber:>4}   {}",
            m.position,
            m.description
        );
    }
    Ok(())
}

/// `grundy explain`: the reasoning in words and binary columns.
pub fn explain(spec_text: &str, common: &Common) -> Result<()> {
    let (mut solver, sum) = solve(spec_text, common)?;
    let lines = reasoning::explain(&mut solver, &sum, common.play())?;
    if common.json {
        #[derive(Serialize)]
        struct ExplainJson {
            position: String,
            play: &'static str,
            lines: Vec<String>,
        }
        let position = solver.format(&sum);
        return print_json(&ExplainJson {
            position,
            play: common.play().name(),
            lines,
        });
    }
    for line in lines {
        out!("{line}");
    }
    Ok(())
}

/// `grundy draw`: the picture of a position of one part.
pub fn draw(spec_text: &str) -> Result<()> {
    let mut solver = Solver::new(1);
    let sum = spec::parse(spec_text, &mut solver)?;
    let [part] = sum.0[..] else {
        bail!(
            "'{spec_text}' has {} parts: draw shows one part at a time",
            sum.0.len()
        );
    };
    match solver.picture(part) {
        Some(svg) => out!("{}", svg.trim_end()),
        None => bail!(
            "'{}' has no picture: draw knows hackenbush, chomp, cram and place",
            solver.game_name(part.game)
        ),
    }
    Ok(())
}

/// The values of a heap table: two bytes a heap from the heap-sequence engine (a
/// long table is never held as anything larger), or the solver's values.
enum Column {
    Nimbers(Vec<u16>),
    Values(Vec<Value>),
}

impl Column {
    fn len(&self) -> usize {
        match self {
            Column::Nimbers(values) => values.len(),
            Column::Values(values) => values.len(),
        }
    }

    fn get(&self, n: usize) -> Value {
        match self {
            Column::Nimbers(values) => Value::of_nimber(values[n] as u64),
            Column::Values(values) => values[n],
        }
    }
}

/// `grundy table`: a heap game's g(0..N), every vertex of a graph game, or the
/// P-positions of Chomp with a few rows.
pub fn table(args: &TableArgs, common: &Common) -> Result<()> {
    let (game, to, rows, play) = (args.game.as_str(), args.to, args.rows, common.play());
    if game == "chomp" {
        return chomp_table(rows, to, common);
    }
    if rows.is_some() {
        bail!("--rows is for 'table chomp'; '{game}' has no rows");
    }
    if let Some(path) = game.strip_prefix("graph:") {
        if to.is_some() {
            bail!("--to is for heap games; a graph table lists every vertex of '{path}'");
        }
        return graph_table(path, common);
    }
    let Some(to) = to else {
        bail!("'table {game}' needs --to N, the largest heap size to tabulate");
    };
    let by_sequence = play == Play::Normal && spec::heap_rules(game).is_ok();
    let column = if by_sequence {
        let save = match (&args.save, &args.resume) {
            (Some(path), _) => Save::To(path),
            (_, Some(path)) => Save::Resume(path),
            _ => Save::No,
        };
        let bar = progress::bar(to + 1, "heaps");
        let method = args.sequence.method();
        let (_, values) =
            tables::sequence(game, to, method, save, common.max_positions, &mut |done| {
                bar.set_position(done)
            })?;
        bar.finish_and_clear();
        if let Some(path) = args.save.as_ref().or(args.resume.as_ref()) {
            if !common.json {
                out!("{game}: g(0..={to}) computed and saved in {path}");
                return Ok(());
            }
        }
        Column::Nimbers(values)
    } else if args.save.is_some() || args.resume.is_some() {
        bail!("--save and --resume are for take-and-break heap games under normal play");
    } else {
        let mut solver = Solver::new(common.max_positions);
        Column::Values(tables::heaps(&mut solver, game, to, play)?)
    };
    let values = (0..column.len()).map(|n| column.get(n));
    if common.json {
        #[derive(Serialize)]
        struct TableJson {
            game: String,
            play: &'static str,
            values: Vec<Option<u64>>,
            outcomes: Vec<&'static str>,
        }
        return print_json(&TableJson {
            game: game.to_string(),
            play: play.name(),
            values: values.clone().map(|v| v.nimber).collect(),
            outcomes: values.map(|v| v.outcome.letter()).collect(),
        });
    }
    out!("{game}, one heap, {} play", play_words(play));
    match play {
        Play::Normal => out!("{:>8}  {:>5}  outcome", "n", "g(n)"),
        Play::Misere => out!("{:>8}  outcome", "n"),
    }
    for (n, v) in values.clone().enumerate() {
        match v.nimber {
            Some(g) => out!("{n:>8}  {g:>5}  {}", v.outcome.letter()),
            None => out!("{n:>8}  {}", v.outcome.letter()),
        }
    }
    let p: Vec<String> = values
        .enumerate()
        .filter(|(_, v)| v.outcome == Outcome::P)
        .map(|(n, _)| n.to_string())
        .collect();
    out!("P-positions: {}", p.join(", "));
    Ok(())
}

/// `grundy period`: the period of a take-and-break game, and whether it is proved.
pub fn period(args: &PeriodArgs, common: &Common) -> Result<()> {
    let bar = progress::bar(args.to + 1, "heaps");
    let method = args.sequence.method();
    let (name, period) = tables::period(
        &args.game,
        args.to,
        method,
        common.max_positions,
        &mut |done| bar.set_position(done),
    )?;
    bar.finish_and_clear();
    if common.json {
        #[derive(Serialize)]
        struct PeriodJson {
            game: String,
            preperiod: Option<u64>,
            period: Option<u64>,
            saltus: Option<i64>,
            proved: bool,
            checked_to: Option<u64>,
        }
        return print_json(&PeriodJson {
            game: name,
            preperiod: period.map(|p| p.preperiod),
            period: period.map(|p| p.period),
            saltus: period.map(|p| p.saltus),
            proved: period.is_some_and(|p| p.proved),
            checked_to: period.map(|p| p.checked_to),
        });
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

fn graph_table(path: &str, common: &Common) -> Result<()> {
    let play = common.play();
    let t = tables::graph(path, play)?;
    if common.json {
        #[derive(Serialize)]
        struct GraphJson<'a> {
            game: String,
            play: &'static str,
            vertices: &'a [String],
            values: Option<&'a [u64]>,
            outcomes: Vec<&'static str>,
            kernel: &'a [String],
        }
        return print_json(&GraphJson {
            game: format!("graph:{path}"),
            play: play.name(),
            vertices: &t.vertices,
            values: t.nimbers.as_deref(),
            outcomes: t.outcomes.iter().map(|o| o.letter()).collect(),
            kernel: &t.kernel,
        });
    }
    out!(
        "graph:{path}, {} play, {} vertices",
        play_words(play),
        t.vertices.len()
    );
    let width = t.vertices.iter().map(String::len).max().unwrap_or(6).max(6);
    out!("  {:<width$}  outcome  nimber", "vertex");
    for (i, name) in t.vertices.iter().enumerate() {
        let g = t.nimbers.as_ref().map_or("-".into(), |g| g[i].to_string());
        out!("  {name:<width$}  {:<7}  {g}", t.outcomes[i].letter());
    }
    let draws = t.outcomes.iter().filter(|&&o| o == Outcome::D).count();
    if draws > 0 {
        out!("{draws} vertices are draws (D): play can cycle forever; no nimbers on a graph with cycles.");
    }
    out!("P-positions (the kernel): {}", t.kernel.join(" "));
    Ok(())
}

fn chomp_table(rows: Option<usize>, to: Option<u64>, common: &Common) -> Result<()> {
    let (Some(rows), Some(to)) = (rows, to) else {
        bail!("'table chomp' needs --rows R and --to W: at most R rows, at most W squares in the bottom row");
    };
    if common.misere {
        bail!("'table chomp' lists normal-play P-positions; --misere does not apply");
    }
    let Ok(width) = u32::try_from(to) else {
        bail!("--to {to} is too wide for a Chomp table");
    };
    let found = tables::chomp_p_positions(rows, width, common.max_positions)?;
    if common.json {
        #[derive(Serialize)]
        struct ChompJson<'a> {
            game: &'static str,
            rows: usize,
            to: u32,
            p_positions: &'a [Vec<u32>],
        }
        return print_json(&ChompJson {
            game: "chomp",
            rows,
            to: width,
            p_positions: &found,
        });
    }
    out!(
        "chomp, at most {rows} rows, bottom row at most {width}: {} P-positions (rows bottom first)",
        found.len()
    );
    for p in &found {
        let rows: Vec<String> = p.iter().map(u32::to_string).collect();
        out!("  {}", rows.join(","));
    }
    Ok(())
}
