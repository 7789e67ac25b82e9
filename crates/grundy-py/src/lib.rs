//! `grundy._native`: the engine for Python. The package `grundy` (in `python/`)
//! wraps it in the objects a user meets: analyses, positions, tables, games of
//! one's own, and the census.
//!
//! - [`session`]: analyses of positions, with games defined in Python ([`pygame`]);
//! - the functions below: tables, periods, pictures of positions and of tables,
//!   Chomp's P-positions, a census step ([`census`]), a position's options unvalued
//!   (for a search split over Ray);
//! - [`run`]: every long computation runs with the interpreter's lock released and
//!   stops on Ctrl-C; [`errors`]: the engine's errors as Python exceptions.

pub mod census;
pub mod errors;
pub mod pygame;
pub mod run;
pub mod session;

use grundy::plot::{period_of, Chart};
use grundy::report::{PeriodReport, StatisticsReport};
use grundy::solve::sequence::Algorithm;
use grundy::solve::Value;
use grundy::table::{Column, Save, Table, TableRequest};
use grundy::{Asked, Budget, FrontEnd, Gamma, Outcome, Play};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::time::Duration;

/// The budget of a call asking `asked`: the library's for Python
/// ([`FrontEnd::budget`]), with `max_positions` and the `time=` keyword where given
/// (seconds, or `math.inf` for no limit).
pub(crate) fn budget(
    asked: Asked,
    max_positions: Option<usize>,
    time: Option<f64>,
) -> PyResult<Budget> {
    let mut budget = FrontEnd::Python.budget(asked);
    if let Some(positions) = max_positions {
        budget = budget.with_positions(positions);
    }
    match time {
        None => Ok(budget),
        Some(t) if t == f64::INFINITY => Ok(budget.with_time(None)),
        Some(t) if t > 0.0 && t.is_finite() => {
            Ok(budget.with_time(Duration::try_from_secs_f64(t).ok()))
        }
        Some(t) => Err(Python::attach(|py| {
            errors::raise(
                py,
                "ParseError",
                format!("time={t}: give the seconds the searches may take (more than 0), or math.inf for no limit"),
                None,
            )
        })),
    }
}

/// Sets `report` in `d` as the library writes it: its JSON at "report" and its text
/// at "text" (the Python side reads both).
pub(crate) fn set_report(
    d: &Bound<'_, PyDict>,
    report: &(impl serde::Serialize + std::fmt::Display),
) -> PyResult<()> {
    let json = serde_json::to_string(report)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("a report in JSON: {e}")))?;
    d.set_item("report", json)?;
    d.set_item("text", report.to_string())
}

/// Runs `work` within `budget`, stoppably (Ctrl-C, `timeout`), and raises its error
/// as Python's.
fn compute<T: Send>(
    py: Python<'_>,
    timeout: Option<f64>,
    budget: Budget,
    work: impl FnOnce(&Budget) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    let flag = budget.stop_flag().clone();
    errors::finish(
        py,
        run::stoppable(py, &flag, timeout, move || work(&budget)),
    )
}

/// The algorithm of heap sequences a `method=` keyword names.
fn algorithm(name: &str) -> PyResult<Algorithm> {
    match name {
        "rare-common" => Ok(Algorithm::RareCommon),
        "naive" => Ok(Algorithm::Naive),
        _ => Err(Python::attach(|py| {
            errors::raise(
                py,
                "ParseError",
                format!("unknown method '{name}': expected 'rare-common' or 'naive'"),
                None,
            )
        })),
    }
}

/// The table of `game`, as a dict: `kind` is "heaps" (`values`: an array of
/// nimbers, or None; `outcomes`: a string of P/N/D letters), "vertices" (a graph
/// game) or "p_positions" (Chomp).
#[pyfunction]
#[pyo3(signature = (game, to = None, rows = None, misere = false, max_positions = None, method = "rare-common", save = None, resume = None, timeout = None, time = None))]
#[allow(clippy::too_many_arguments)]
fn table<'py>(
    py: Python<'py>,
    game: &str,
    to: Option<u64>,
    rows: Option<usize>,
    misere: bool,
    max_positions: Option<usize>,
    method: &str,
    save: Option<String>,
    resume: Option<String>,
    timeout: Option<f64>,
    time: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = self::algorithm(method)?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let budget = budget(Asked::Sequence, max_positions, time)?;
    let table = compute(py, timeout, budget, |budget| {
        let save = match (&save, &resume) {
            (Some(path), _) => Save::To(path),
            (_, Some(path)) => Save::Resume(path),
            _ => Save::No,
        };
        let request = TableRequest {
            to,
            rows,
            play,
            budget: budget.clone(),
            save,
            algorithm,
        };
        grundy::tabulate::table(game, &request, &mut |_| {})
    })?;
    let d = PyDict::new(py);
    d.set_item("play", play.name())?;
    match table {
        Table::Heaps {
            game,
            values,
            saved,
        } => {
            d.set_item("kind", "heaps")?;
            d.set_item("game", game)?;
            d.set_item("saved", saved)?;
            match values {
                Column::Nimbers(_) | Column::Periodic { .. } => {
                    // The values are handed over without a copy (the array owns
                    // the vector); a periodic table's are spelt out first.
                    let values = values.into_nimbers().unwrap_or_default();
                    d.set_item("values", PyArray1::from_vec(py, values))?;
                    d.set_item("outcomes", py.None())?;
                }
                Column::Values(values) => {
                    let letters: String = values.iter().map(|v| v.outcome.letter()).collect();
                    let nimbers: Option<Vec<u64>> = values.iter().map(|v| v.nimber).collect();
                    match nimbers {
                        Some(n) => d.set_item("values", PyArray1::from_vec(py, n))?,
                        None => d.set_item("values", py.None())?,
                    }
                    d.set_item("outcomes", letters)?;
                }
            }
        }
        Table::Vertices(t) => {
            d.set_item("kind", "vertices")?;
            d.set_item("game", t.game)?;
            d.set_item("vertices", t.vertices)?;
            let letters: Vec<&str> = t.outcomes.iter().map(|o| o.letter()).collect();
            d.set_item("outcomes", letters)?;
            d.set_item("values", t.nimbers)?;
            match &t.gammas {
                Some(gammas) => {
                    let list = PyList::empty(py);
                    for g in gammas {
                        list.append(gamma(py, g)?)?;
                    }
                    d.set_item("gamma", list)?;
                    let texts: Vec<String> = gammas.iter().map(Gamma::to_string).collect();
                    d.set_item("gamma_text", texts)?;
                }
                None => {
                    d.set_item("gamma", py.None())?;
                    d.set_item("gamma_text", py.None())?;
                }
            }
            d.set_item("kernel", t.kernel)?;
        }
        Table::PPositions {
            game,
            rows,
            to,
            positions,
        } => {
            d.set_item("kind", "p_positions")?;
            d.set_item("game", game)?;
            d.set_item("rows", rows)?;
            d.set_item("to", to)?;
            d.set_item("positions", positions)?;
        }
    }
    Ok(d)
}

/// The statistics of g(0..=to) of the heap game `game` (normal play): a dict with
/// the report's JSON (`report`) and its text (`text`).
#[pyfunction]
#[pyo3(signature = (game, to, max_positions = None, method = "rare-common", timeout = None, time = None))]
fn statistics<'py>(
    py: Python<'py>,
    game: &str,
    to: u64,
    max_positions: Option<usize>,
    method: &str,
    timeout: Option<f64>,
    time: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = self::algorithm(method)?;
    let budget = budget(Asked::Sequence, max_positions, time)?;
    let table = compute(py, timeout, budget, |budget| {
        let request = TableRequest {
            algorithm,
            ..TableRequest::heaps(to, Play::Normal, budget.clone())
        };
        grundy::tabulate::table(game, &request, &mut |_| {})
    })?;
    let Some((name, statistics)) = table.statistics() else {
        return Err(errors::raise(
            py,
            "ParseError",
            format!(
                "'{game}' is not a heap game with nimbers: statistics count a heap table's nimbers"
            ),
            None,
        ));
    };
    let d = PyDict::new(py);
    set_report(&d, &StatisticsReport::new(name, &statistics))?;
    Ok(d)
}

/// The period of the take-and-break game `game`: a dict (game, preperiod, period,
/// saltus, proved, checked_to), the numbers None when no period was seen.
#[pyfunction]
#[pyo3(signature = (game, to = None, max_positions = None, method = "rare-common", timeout = None, time = None))]
fn period<'py>(
    py: Python<'py>,
    game: &str,
    to: Option<u64>,
    max_positions: Option<usize>,
    method: &str,
    timeout: Option<f64>,
    time: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = self::algorithm(method)?;
    let budget = budget(Asked::Sequence, max_positions, time)?;
    let to = to.unwrap_or_else(|| grundy::tabulate::period_to(&budget));
    let (name, found) = compute(py, timeout, budget, |budget| {
        grundy::tabulate::period(game, to, algorithm, budget, &mut |_| {})
    })?;
    let d = PyDict::new(py);
    set_report(&d, &PeriodReport::new(name, to, found))?;
    Ok(d)
}

/// One step of the census of `game` to heap `to` ([`census::step`]): from
/// `values` (None at the start), at most `chunk` heaps more. A dict of the row's
/// fields (`status` named), `done`, and `values` (an array, for the next step).
#[pyfunction]
#[pyo3(signature = (game, to, values = None, chunk = u64::MAX, method = "rare-common", timeout = None))]
fn census_step<'py>(
    py: Python<'py>,
    game: &str,
    to: u64,
    values: Option<PyReadonlyArray1<'py, u16>>,
    chunk: u64,
    method: &str,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = self::algorithm(method)?;
    let values = values.map_or_else(Vec::new, |v| v.as_array().to_vec());
    let (row, values) = compute(py, timeout, Budget::default(), |budget| {
        census::step(game, values, to, chunk, algorithm, budget)
    })?;
    let d = PyDict::new(py);
    d.set_item("game", &row.game)?;
    d.set_item("status", row.status().name())?;
    d.set_item("preperiod", row.period.map(|p| p.preperiod))?;
    d.set_item("period", row.period.map(|p| p.period))?;
    d.set_item("saltus", row.period.map(|p| p.saltus))?;
    d.set_item("max_value", row.max_value)?;
    d.set_item("last_heap", row.last_heap)?;
    d.set_item("mask", row.mask)?;
    d.set_item("rare", row.rare)?;
    d.set_item("last_rare", row.last_rare)?;
    d.set_item("note", row.note)?;
    d.set_item("done", row.done)?;
    d.set_item("values", PyArray1::from_vec(py, values))?;
    Ok(d)
}

/// The options of the position `spec` (games of the registry), unvalued: for
/// each, its SPEC and the words of the move. A search split over machines values
/// them apart.
#[pyfunction]
fn options(py: Python<'_>, spec: &str) -> PyResult<Vec<(String, String)>> {
    compute(py, None, Budget::default(), |budget| {
        let mut analyst = grundy::Analyst::new(budget.clone());
        let position = analyst.parse(spec)?;
        analyst
            .moves(&position)?
            .into_iter()
            .map(|option| {
                Ok((
                    option.to_string(),
                    analyst.describe_move(&position, &option)?,
                ))
            })
            .collect()
    })
}

/// The canonical form of the position `spec` under its games' symmetries (a board
/// cut to its cells' box, the least of its images), as a SPEC: the same for
/// positions that are images of each other, so that a split search asks once of
/// twin options.
#[pyfunction]
fn canonical_form(py: Python<'_>, spec: &str) -> PyResult<String> {
    compute(py, None, Budget::default(), |budget| {
        let mut analyst = grundy::Analyst::new(budget.clone());
        let position = analyst.parse(spec)?;
        Ok(analyst.canonical_form(&position)?.to_string())
    })
}

/// The picture of the one-part position `spec`, as an SVG document.
#[pyfunction]
fn draw(py: Python<'_>, spec: &str) -> PyResult<String> {
    compute(py, None, Budget::default(), |_| grundy::draw(spec))
}

/// The plot of a heap table of `game` as an SVG document, drawn by the library
/// (`grundy draw GAME --to N`): g(n) against n, or with `histogram` how many heaps
/// have each value. The table is its nimbers (`values`), or where it has none its
/// outcomes (`outcomes`, a letter a heap); its period is shaded (`period_of`).
#[pyfunction]
#[pyo3(signature = (game, values = None, outcomes = None, histogram = false))]
fn plot(
    py: Python<'_>,
    game: &str,
    values: Option<PyReadonlyArray1<'_, u64>>,
    outcomes: Option<&str>,
    histogram: bool,
) -> PyResult<String> {
    let column = match (values, outcomes) {
        (Some(values), _) => {
            let values = values.as_slice()?;
            let small: Option<Vec<u16>> = values.iter().map(|&v| u16::try_from(v).ok()).collect();
            match small {
                Some(nimbers) => Column::Nimbers(nimbers),
                None => Column::Values(values.iter().map(|&g| Value::of_nimber(g)).collect()),
            }
        }
        (None, Some(letters)) => {
            let outcome = |letter| match letter {
                'P' => Ok(Outcome::P),
                'N' => Ok(Outcome::N),
                'D' => Ok(Outcome::D),
                _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "'{letter}' is not an outcome: expected P, N or D"
                ))),
            };
            let values: PyResult<Vec<Value>> = letters
                .chars()
                .map(|l| {
                    Ok(Value {
                        outcome: outcome(l)?,
                        nimber: None,
                    })
                })
                .collect();
            Column::Values(values?)
        }
        (None, None) => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "plot needs the table's values or its outcomes",
            ))
        }
    };
    let table = Table::Heaps {
        game: game.to_string(),
        values: column,
        saved: None,
    };
    let chart = match histogram {
        true => Chart::Histogram,
        false => Chart::Values,
    };
    compute(py, None, Budget::default(), |budget| {
        grundy::plot::svg(&table, chart, period_of(&table, budget).as_ref())
    })
}

/// The P-positions of Chomp with at most `rows` rows and a bottom row of at most
/// `to` squares, rows bottom first.
#[pyfunction]
#[pyo3(signature = (rows, to, max_positions = None, timeout = None, time = None))]
fn chomp_p_positions(
    py: Python<'_>,
    rows: usize,
    to: u32,
    max_positions: Option<usize>,
    timeout: Option<f64>,
    time: Option<f64>,
) -> PyResult<Vec<Vec<u32>>> {
    let budget = budget(Asked::Sequence, max_positions, time)?;
    compute(py, timeout, budget, |budget| {
        grundy::games::chomp::p_positions(rows, to, budget)
    })
}

/// Every family a SPEC can name, as the registry holds it: a dict a family, with
/// the fields of `grundy.Family`.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    grundy::games::FAMILIES
        .iter()
        .map(|f| {
            let d = PyDict::new(py);
            d.set_item("syntax", f.syntax())?;
            d.set_item("about", f.about)?;
            d.set_item("name", f.name)?;
            d.set_item("group", f.group)?;
            d.set_item("start", f.start)?;
            d.set_item("start_graph", f.start_graph)?;
            d.set_item("heap_game", f.heap_game)?;
            Ok(d)
        })
        .collect()
}

/// A γ value as the JSON writes it: an int, or a dict `{"infinite": [K]}`.
fn gamma<'py>(py: Python<'py>, g: &Gamma) -> PyResult<Bound<'py, PyAny>> {
    match g {
        Gamma::Finite(m) => Ok(m.into_pyobject(py)?.into_any()),
        Gamma::Infinite { infinite } => {
            let d = PyDict::new(py);
            d.set_item("infinite", infinite)?;
            Ok(d.into_any())
        }
    }
}

/// Refuses `path` as the file `what` ("the census") is kept in, before anything
/// is computed or written, unless it is a new path or a regular file that starts
/// with `heading` (one that grundy wrote): the check `--save` makes
/// ([`grundy::files::accept_kept`]), raised as `grundy.FileError`.
#[pyfunction]
fn accept_kept(py: Python<'_>, path: &str, heading: &str, what: &str) -> PyResult<()> {
    grundy::files::accept_kept(path, heading, grundy::files::Keep::Start).map_err(|e| {
        let message = grundy::tidy(&format!("cannot keep {what} in '{path}': {e}"));
        errors::raise(py, "FileError", message, None)
    })
}

/// The module `grundy._native`.
#[pymodule(gil_used = true)]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<session::Session>()?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(statistics, m)?)?;
    m.add_function(wrap_pyfunction!(census_step, m)?)?;
    m.add_function(wrap_pyfunction!(options, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_form, m)?)?;
    m.add_function(wrap_pyfunction!(draw, m)?)?;
    m.add_function(wrap_pyfunction!(plot, m)?)?;
    m.add_function(wrap_pyfunction!(chomp_p_positions, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(accept_kept, m)?)?;
    Ok(())
}
