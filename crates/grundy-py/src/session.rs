//! A session: an [`Analyst`] with the Python games it knows, which keeps what it
//! learnt between analyses.
//!
//! A position comes from Python as a list of parts, each a SPEC (`"nim 13,12,8"`)
//! or a pair (game, position) of a game defined in Python. The session writes it
//! as one SPEC, with a token ([`pygame::token`]) for each Python position, has the
//! analyst read and analyse it on a thread of its own ([`run::stoppable`]), and
//! turns every position in the analysis back into Python: its text (a Python
//! game writes its own positions, [`PyGame`]), and its parts, each a SPEC or, of a
//! Python game, the pair (game, position object) found through the analyst's typed
//! positions. Tokens are only ever read back in an error message that quotes the
//! SPEC the session wrote.

use std::sync::{Arc, Mutex};

use grundy::analysis::{Method, Move, MoveValue, PartAnalysis};
use grundy::report::{self, ExplainReport, ValueReport};
use grundy::solve::GameBox;
use grundy::stop::StopFlag;
use grundy::{Analysis, Analyst, Asked, Effort, Gamma, Options, Play, Position};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::errors;
use crate::pygame::{self, Methods, Piece, Positions, PyGame, Run};
use crate::run;

/// A Python game known to a session.
struct Entry {
    name: String,
    object: Py<PyAny>,
    positions: Arc<Positions>,
    methods: Methods,
}

/// The state behind a session's lock.
struct Inner {
    analyst: Analyst,
    games: Vec<Entry>,
    run: Arc<Mutex<Run>>,
    /// The positions cap asked for, if any.
    max_positions: Option<usize>,
}

/// An analyst that keeps what it learnt between calls, with the Python games it
/// was given.
#[pyclass(module = "grundy._native", frozen)]
pub struct Session {
    inner: Mutex<Inner>,
}

/// Whether `name` can name a Python game in a SPEC.
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty()
        || name
            .chars()
            .any(|c| c.is_whitespace() || c == '+' || c == pygame::OPEN || c == pygame::CLOSE)
    {
        return Err(format!(
            "'{name}' cannot name a game: a name is one word, without spaces or '+'"
        ));
    }
    if grundy::spec::family(name).is_ok() {
        return Err(format!(
            "'{name}' is the name of a built-in game: give the Python game another name (its name attribute)"
        ));
    }
    Ok(())
}

impl Inner {
    fn adapter(&self, index: usize) -> PyGame {
        let e = &self.games[index];
        Python::attach(|py| {
            PyGame::new(
                index,
                e.name.clone(),
                e.object.clone_ref(py),
                e.positions.clone(),
                e.methods,
                self.run.clone(),
            )
        })
    }

    /// A fresh analyst with the same games: after a panic, what the old one held
    /// may be half made.
    fn reset(&mut self) {
        self.analyst = Analyst::new(self.analyst.budget().clone());
        for index in 0..self.games.len() {
            let game = self.adapter(index);
            let name = game.name.clone();
            self.analyst.add_game(GameBox::new(name, game));
        }
    }

    /// The index of the Python game `object`, registered under its name if new.
    fn register(&mut self, object: &Bound<'_, PyAny>) -> PyResult<usize> {
        let py = object.py();
        if let Some(i) = self.games.iter().position(|e| e.object.bind(py).is(object)) {
            return Ok(i);
        }
        if !object.hasattr("moves")? || !object.getattr("moves")?.is_callable() {
            return Err(errors::raise(
                py,
                "ParseError",
                format!(
                    "{} is not a game: a game has a method moves(position)",
                    object.repr()?
                ),
                None,
            ));
        }
        let name: String = match object.getattr("name") {
            Ok(name) if !name.is_none() => name.str()?.extract()?,
            _ => object
                .get_type()
                .name()?
                .extract::<String>()?
                .to_lowercase(),
        };
        check_name(&name).map_err(|m| errors::raise(py, "ParseError", m, None))?;
        if let Some(other) = self.games.iter().find(|e| e.name == name) {
            if other.object.bind(py).eq(object)? {
                return self.register(&other.object.clone_ref(py).into_bound(py));
            }
            return Err(errors::raise(
                py,
                "ParseError",
                format!("two different games are named '{name}': give each its own name (a name attribute)"),
                None,
            ));
        }
        self.games.push(Entry {
            name: name.clone(),
            object: object.clone().unbind(),
            positions: Arc::new(Positions::new(py)),
            methods: Methods::of(object)?,
        });
        let index = self.games.len() - 1;
        let game = self.adapter(index);
        self.analyst.add_game(GameBox::new(name, game));
        Ok(index)
    }

    /// The SPEC of a position given as parts: SPEC text, or (game, position) pairs.
    fn spec(&mut self, parts: &[Bound<'_, PyAny>]) -> PyResult<String> {
        let mut written = Vec::new();
        for part in parts {
            if let Ok(text) = part.cast::<PyString>() {
                written.push(text.to_cow()?.into_owned());
                continue;
            }
            let pair = part.cast::<PyTuple>().ok().filter(|t| t.len() == 2);
            let Some(pair) = pair else {
                return Err(errors::raise(
                    part.py(),
                    "ParseError",
                    format!(
                        "{} is not a part of a position: write a SPEC such as 'nim 3,4', or a (game, position) pair",
                        part.repr()?
                    ),
                    None,
                ));
            };
            let game = self.register(&pair.get_item(0)?)?;
            let id = self.games[game].positions.intern(&pair.get_item(1)?)?;
            written.push(format!(
                "{} {}",
                self.games[game].name,
                pygame::token(game, id)
            ));
        }
        Ok(written.join(" + "))
    }

    /// The game's own text of its position `id`: `format(position)`, or `str`.
    fn show(&self, py: Python<'_>, game: usize, id: u32) -> PyResult<String> {
        let e = self.games.get(game).ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err("a position of an unknown game")
        })?;
        let position = e.positions.get(py, id)?;
        let text = match e.methods.format {
            true => e.object.bind(py).call_method1("format", (position,))?,
            false => position,
        };
        text.str()?.extract()
    }

    /// `text` with every token replaced by the game's text of the position.
    fn display(&self, py: Python<'_>, text: &str) -> PyResult<String> {
        let mut out = String::with_capacity(text.len());
        for piece in pygame::pieces(text) {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Token(game, id) => out.push_str(&self.show(py, game, id)?),
            }
        }
        Ok(out)
    }

    /// A position of the engine as Python sees it: (text, parts), each part a SPEC
    /// or a (game, position) pair.
    /// A position as Python sees it: (its text, its parts), each part of a Python
    /// game the pair (game, position), any other its SPEC.
    fn position<'py>(&self, py: Python<'py>, position: &Position) -> PyResult<Bound<'py, PyTuple>> {
        let parts = PyList::empty(py);
        let engine = |e: grundy::Error| errors::to_py(py, e);
        for part in self.analyst.parts(position).map_err(engine)? {
            let name = self.analyst.game_name(&part).map_err(engine)?;
            let game = self.games.iter().find(|e| Some(e.name.as_str()) == name);
            match (
                game,
                self.analyst.own_position::<u32>(&part).map_err(engine)?,
            ) {
                (Some(e), Some(&id)) => {
                    parts.append((e.object.bind(py), e.positions.get(py, id)?))?
                }
                _ => parts.append(part.as_str())?,
            }
        }
        (position.as_str(), parts).into_pyobject(py)
    }

    fn a_move<'py>(&self, py: Python<'py>, m: &Move) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("position", self.position(py, &m.position)?)?;
        d.set_item("description", &m.description)?;
        Ok(d)
    }

    fn moves<'py>(&self, py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for m in moves {
            list.append(self.a_move(py, m)?)?;
        }
        Ok(list)
    }

    fn move_value<'py>(&self, py: Python<'py>, m: &MoveValue) -> PyResult<Bound<'py, PyDict>> {
        let d = self.a_move(py, &m.to)?;
        d.set_item("outcome", m.outcome.letter())?;
        d.set_item("nimber", m.nimber)?;
        Ok(d)
    }

    fn part<'py>(&self, py: Python<'py>, p: &PartAnalysis) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("position", self.position(py, &p.position)?)?;
        d.set_item("nimber", p.nimber)?;
        let gamma = p.gamma.as_ref().map(|g| crate::gamma(py, g)).transpose()?;
        d.set_item("gamma", gamma)?;
        let (method, theorem) = match p.method {
            Method::Theorem(name) => ("theorem", Some(name)),
            Method::Search => ("search", None),
            Method::Labelling => ("labelling", None),
        };
        d.set_item("method", method)?;
        d.set_item("theorem", theorem)?;
        d.set_item("reasoning", &p.reasoning)?;
        Ok(d)
    }

    /// The analysis as a dict of Python values.
    fn analysis<'py>(&self, py: Python<'py>, a: &Analysis) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("position", self.position(py, &a.position)?)?;
        d.set_item("notes", &a.notes)?;
        d.set_item("play", a.play.name())?;
        d.set_item("outcome", a.outcome.letter())?;
        d.set_item("nimber", a.nimber)?;
        let gamma = a.gamma.as_ref().map(|g| crate::gamma(py, g)).transpose()?;
        d.set_item("gamma", gamma)?;
        d.set_item("nimber_not_computed", &a.nimber_not_computed)?;
        d.set_item("terminal", a.terminal)?;
        let parts = PyList::empty(py);
        for p in &a.parts {
            parts.append(self.part(py, p)?)?;
        }
        d.set_item("parts", parts)?;
        d.set_item("winning_moves", self.moves(py, &a.winning_moves)?)?;
        d.set_item("winning_moves_not_computed", &a.winning_moves_not_computed)?;
        d.set_item("drawing_moves", self.moves(py, &a.drawing_moves)?)?;
        match &a.moves {
            Some(moves) => {
                let list = PyList::empty(py);
                for m in moves {
                    list.append(self.move_value(py, m)?)?;
                }
                d.set_item("moves", list)?;
            }
            None => d.set_item("moves", py.None())?,
        }
        match &a.explanation {
            Some(e) => {
                let reasoning = PyDict::new(py);
                crate::set_report(&reasoning, &ExplainReport::new(a))?;
                reasoning.set_item("html", report::explain::html(e))?;
                d.set_item("explanation", reasoning)?;
            }
            None => d.set_item("explanation", py.None())?,
        }
        match &a.computer_move {
            Some(m) => d.set_item("computer_move", self.a_move(py, m)?)?,
            None => d.set_item("computer_move", py.None())?,
        }
        d.set_item(
            "computer_move_unproved",
            a.computer_move_unproved.as_deref(),
        )?;
        // What the library says of it, in words and as JSON.
        let report = ValueReport::new(a);
        d.set_item("nimber_text", report.nimber_text())?;
        d.set_item("who_wins", report.who_wins())?;
        d.set_item("gamma_text", a.gamma.as_ref().map(Gamma::to_string))?;
        crate::set_report(&d, &report)?;
        Ok(d)
    }
}

#[pymethods]
impl Session {
    /// A session whose searches keep at most `max_positions` positions (default:
    /// what half the machine's memory holds).
    #[new]
    #[pyo3(signature = (max_positions = None))]
    fn new(max_positions: Option<usize>) -> PyResult<Self> {
        let inner = Inner {
            analyst: Analyst::new(crate::budget(Asked::Position, max_positions, None)?),
            games: Vec::new(),
            run: Arc::default(),
            max_positions,
        };
        Ok(Session {
            inner: Mutex::new(inner),
        })
    }

    /// The most positions a search may keep.
    #[getter]
    fn max_positions(&self) -> PyResult<usize> {
        Ok(self.lock()?.analyst.budget().positions())
    }

    /// Adds the Python game `game`, so that SPECs may name it; its name.
    fn register(&self, game: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut inner = self.lock()?;
        let index = inner.register(game)?;
        Ok(inner.games[index].name.clone())
    }

    /// The position given by `parts` (SPECs and (game, position) pairs), read and
    /// written back: (text, parts).
    fn normalise<'py>(
        &self,
        py: Python<'py>,
        parts: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut guard = self.lock()?;
        let inner = &mut guard;
        let spec = inner.spec(&parts)?;
        let written = inner.analyst.parse(&spec);
        let written = written.map_err(|e| self.error(py, inner, e))?;
        inner.position(py, &written)
    }

    /// Whether the position given by `parts` has nimber `nimber` (normal play):
    /// for a board, the board search's question, which stops at the first winning
    /// move and costs less than the nimber.
    #[pyo3(signature = (parts, nimber, timeout = None, time = None))]
    fn has_nimber<'py>(
        &self,
        py: Python<'py>,
        parts: Vec<Bound<'py, PyAny>>,
        nimber: u64,
        timeout: Option<f64>,
        time: Option<f64>,
    ) -> PyResult<bool> {
        let mut guard = self.lock()?;
        let inner = &mut guard;
        let spec = inner.spec(&parts)?;
        let flag = StopFlag::new();
        *inner.run.lock().expect("run state") = Run { flag: flag.clone() };
        let budget =
            crate::budget(Asked::Position, inner.max_positions, time)?.with_stop(flag.clone());
        inner.analyst.set_budget(budget);
        run_on(py, inner, &flag, timeout, move |analyst| {
            let position = analyst.parse(&spec)?;
            analyst.has_nimber(&position, nimber)
        })
    }

    /// What the board search of `spec`'s game has learnt, as bytes to hand to
    /// another session's (`absorb_search`).
    fn export_search<'py>(&self, py: Python<'py>, spec: &str) -> PyResult<Bound<'py, PyBytes>> {
        let mut guard = self.lock()?;
        let inner = &mut guard;
        let exported = inner
            .analyst
            .parse(spec)
            .and_then(|position| inner.analyst.export_search(&position));
        let bytes = exported.map_err(|e| self.error(py, inner, e))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Adds to the board search of `spec`'s game what another session's exported.
    fn absorb_search(&self, py: Python<'_>, spec: &str, data: &[u8]) -> PyResult<()> {
        let mut guard = self.lock()?;
        let inner = &mut guard;
        let absorbed = inner
            .analyst
            .parse(spec)
            .and_then(|position| inner.analyst.absorb_search(&position, data));
        absorbed.map_err(|e| self.error(py, inner, e))
    }

    /// How many positions the board searches of this session have learnt
    /// something of: the measure of their work.
    #[getter]
    fn learnt(&self) -> PyResult<usize> {
        Ok(self.lock()?.analyst.learnt())
    }

    /// The analysis of the position given by `parts`, as a dict.
    #[pyo3(signature = (parts, misere = false, all_moves = false, explain = false, computer_move = false, outcome_only = false, timeout = None, time = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        parts: Vec<Bound<'py, PyAny>>,
        misere: bool,
        all_moves: bool,
        explain: bool,
        computer_move: bool,
        outcome_only: bool,
        timeout: Option<f64>,
        time: Option<f64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut guard = self.lock()?;
        let inner = &mut guard;
        let spec = inner.spec(&parts)?;
        let options = Options {
            play: if misere { Play::Misere } else { Play::Normal },
            all_moves,
            explain,
            computer_move,
        };
        let flag = StopFlag::new();
        *inner.run.lock().expect("run state") = Run { flag: flag.clone() };
        let effort = Effort::outcome_only(outcome_only);
        let budget = crate::budget(Asked::Position, inner.max_positions, time)?
            .with_stop(flag.clone())
            .with_effort(effort);
        inner.analyst.set_budget(budget);
        let analysis = run_on(py, inner, &flag, timeout, move |analyst| {
            let position = analyst.parse(&spec)?;
            analyst.analyse(&position, &options)
        })?;
        inner.analysis(py, &analysis)
    }
}

/// `work` on the session's analyst, stoppable by `flag`, Ctrl-C and `timeout`:
/// its result, or its error with the games' text (the session starts afresh after
/// an error).
fn run_on<T: Send>(
    py: Python<'_>,
    inner: &mut Inner,
    flag: &StopFlag,
    timeout: Option<f64>,
    work: impl FnOnce(&mut Analyst) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    let analyst = &mut inner.analyst;
    let outcome = run::stoppable(py, flag, timeout, move || work(analyst));
    if outcome.result.is_err() {
        inner.reset();
    }
    let outcome = run::Outcome {
        result: outcome
            .result
            .map(|r| r.map_err(|e| self_display(py, inner, e))),
        interrupt: outcome.interrupt,
    };
    errors::finish(py, outcome)
}

/// The error with the tokens in its message replaced by the games' text.
fn self_display(py: Python<'_>, inner: &Inner, e: grundy::Error) -> grundy::Error {
    let shown = |text: &str| inner.display(py, text).unwrap_or_else(|_| text.to_string());
    match e {
        grundy::Error::Invalid(m) => grundy::Error::Invalid(shown(&m)),
        grundy::Error::TooLarge(m) => grundy::Error::TooLarge(shown(&m)),
        grundy::Error::Budget { limit, needs, part } => grundy::Error::Budget {
            limit,
            needs,
            part: part.map(|p| shown(&p)),
        },
        other => other,
    }
}

impl Session {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Inner>> {
        match self.inner.try_lock() {
            Ok(guard) => Ok(guard),
            Err(std::sync::TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => Err(Python::attach(|py| {
                errors::raise(
                    py,
                    "Error",
                    "this session is busy with another computation (in another thread)".into(),
                    None,
                )
            })),
        }
    }

    fn error(&self, py: Python<'_>, inner: &Inner, e: grundy::Error) -> PyErr {
        errors::to_py(py, self_display(py, inner, e))
    }
}
