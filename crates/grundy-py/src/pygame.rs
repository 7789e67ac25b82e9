//! A game defined in Python, seen by the engine as a [`grundy::Game`].
//!
//! The Python object has a method `moves(position)` and, optionally, `parts`,
//! `parse`, `format` and `describe`. Its positions are any hashable Python objects;
//! the adapter interns each in a Python list and dict (so that Python's own hash and
//! equality decide which positions are the same) and hands the engine the index, a
//! `u32`. The engine then searches the game exactly as it searches a built-in one:
//! memoised, without recursion, within the position budget, watching the stop flag.
//!
//! Moves are asked of Python once per position and cached here, since the memoised
//! search lists a position's moves again each time it comes back to it.
//!
//! A position is written, inside the engine, as a token that names the game and the
//! index ([`token`]); the session turns tokens back into Python objects and into the
//! game's own text ([`crate::session`]), so that a Python game needs no text syntax.
//!
//! An exception raised by the Python code ends the search as the engine's
//! [`grundy::Error::Game`], which carries the exception itself: the session raises
//! it as it was raised, with its traceback ([`crate::errors::to_py`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use grundy::stop::StopFlag;
use grundy::{Capabilities, Game};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Opens a position token.
pub const OPEN: char = '\u{E000}';
/// Closes a position token.
pub const CLOSE: char = '\u{E001}';

/// The text that stands for position `id` of game `game` inside the engine.
pub fn token(game: usize, id: u32) -> String {
    format!("{OPEN}{game}:{id}{CLOSE}")
}

/// Reads a token written by [`token`]: the game and the position.
pub fn read_token(text: &str) -> Option<(usize, u32)> {
    let inner = text.strip_prefix(OPEN)?.strip_suffix(CLOSE)?;
    let (game, id) = inner.split_once(':')?;
    Some((game.parse().ok()?, id.parse().ok()?))
}

/// The pieces of `text`: plain text and tokens, in order.
pub enum Piece<'a> {
    /// Text with no token in it.
    Text(&'a str),
    /// A token: the game and the position.
    Token(usize, u32),
}

/// Splits `text` into plain text and tokens.
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let Some(len) = rest[start..].find(CLOSE) else {
            break;
        };
        let end = start + len + CLOSE.len_utf8();
        match read_token(&rest[start..end]) {
            Some((game, id)) => {
                if start > 0 {
                    out.push(Piece::Text(&rest[..start]));
                }
                out.push(Piece::Token(game, id));
            }
            None => out.push(Piece::Text(&rest[..end])),
        }
        rest = &rest[end..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// The run of the engine in progress, as the games see it.
#[derive(Default)]
pub struct Run {
    /// The stop flag of the current run.
    pub flag: StopFlag,
}

/// The positions of one Python game met so far: index to object, object to index.
pub struct Positions {
    /// Position `i` is `list[i]`.
    pub list: Py<PyList>,
    /// The index of each position.
    pub index: Py<PyDict>,
}

impl Positions {
    /// An empty table.
    pub fn new(py: Python<'_>) -> Self {
        Positions {
            list: PyList::empty(py).unbind(),
            index: PyDict::new(py).unbind(),
        }
    }

    /// The index of `position`, added if new.
    pub fn intern(&self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        let py = position.py();
        let index = self.index.bind(py);
        if let Some(id) = index.get_item(position)? {
            return id.extract();
        }
        let list = self.list.bind(py);
        let id = u32::try_from(list.len()).map_err(|_| {
            pyo3::exceptions::PyMemoryError::new_err("a game of more than 2^32 positions")
        })?;
        index.set_item(position, id)?;
        list.append(position)?;
        Ok(id)
    }

    /// Position `id`.
    pub fn get<'py>(&self, py: Python<'py>, id: u32) -> PyResult<Bound<'py, PyAny>> {
        self.list.bind(py).get_item(id as usize)
    }

    /// How many positions are known.
    pub fn len(&self, py: Python<'_>) -> usize {
        self.list.bind(py).len()
    }
}

/// Which of the optional methods a Python game has.
#[derive(Clone, Copy, Debug, Default)]
pub struct Methods {
    pub parts: bool,
    pub parse: bool,
    pub format: bool,
    pub describe: bool,
    pub svg: bool,
    pub cycles: bool,
}

impl Methods {
    /// The methods `game` has (callables only) and whether it declares cycles.
    pub fn of(game: &Bound<'_, PyAny>) -> PyResult<Self> {
        let has = |name: &str| -> PyResult<bool> {
            Ok(game.hasattr(name)? && game.getattr(name)?.is_callable())
        };
        let cycles = match game.getattr("cycles") {
            Ok(c) => c.is_truthy()?,
            Err(_) => false,
        };
        Ok(Methods {
            parts: has("parts")?,
            parse: has("parse")?,
            format: has("format")?,
            describe: has("describe")?,
            svg: has("svg")?,
            cycles,
        })
    }
}

/// A Python game, as the engine sees it.
pub struct PyGame {
    /// Its index in the session (written in its tokens).
    pub index: usize,
    /// Its name in SPECs.
    pub name: String,
    /// The Python object.
    pub object: Py<PyAny>,
    /// Its positions.
    pub positions: Arc<Positions>,
    /// Its optional methods.
    pub methods: Methods,
    /// The run in progress, shared with the session.
    pub run: Arc<Mutex<Run>>,
    /// The moves of each position asked so far.
    moves: RefCell<HashMap<u32, Box<[u32]>>>,
    /// The parts of each position asked so far.
    parts: RefCell<HashMap<u32, Box<[u32]>>>,
}

impl PyGame {
    /// The adapter of `object`, the session's game number `index`.
    pub fn new(
        index: usize,
        name: String,
        object: Py<PyAny>,
        positions: Arc<Positions>,
        methods: Methods,
        run: Arc<Mutex<Run>>,
    ) -> Self {
        PyGame {
            index,
            name,
            object,
            positions,
            methods,
            run,
            moves: RefCell::default(),
            parts: RefCell::default(),
        }
    }

    /// `Stopped` once the run's flag is raised (Ctrl-C, a time limit): Python is not
    /// called again then, so that a slow game stops at once rather than at the
    /// search's next look at the flag.
    fn check_stop(&self) -> grundy::Result<()> {
        match self.run.lock().expect("run state").flag.is_raised() {
            true => Err(grundy::Error::Stopped),
            false => Ok(()),
        }
    }

    /// Calls `method(position)` and interns every position it returns.
    fn call_for_positions(&self, method: &str, p: u32) -> PyResult<Box<[u32]>> {
        Python::attach(|py| {
            let position = self.positions.get(py, p)?;
            let result = self.object.bind(py).call_method1(method, (position,))?;
            let mut ids = Vec::new();
            for q in result.try_iter()? {
                ids.push(self.positions.intern(&q?)?);
            }
            Ok(ids.into_boxed_slice())
        })
    }

    /// The cached list of `method(p)`, asked of Python the first time.
    fn cached(
        &self,
        cache: &RefCell<HashMap<u32, Box<[u32]>>>,
        method: &str,
        p: u32,
        out: &mut Vec<u32>,
    ) -> grundy::Result<()> {
        if let Some(found) = cache.borrow().get(&p) {
            out.extend_from_slice(found);
            return Ok(());
        }
        self.check_stop()?;
        let found = self.call_for_positions(method, p).map_err(raised)?;
        out.extend_from_slice(&found);
        cache.borrow_mut().insert(p, found);
        Ok(())
    }

    /// Calls a method that returns text.
    fn text(&self, method: &str, args: &[u32]) -> grundy::Result<String> {
        self.check_stop()?;
        let result = Python::attach(|py| -> PyResult<String> {
            let objects = args
                .iter()
                .map(|&id| self.positions.get(py, id))
                .collect::<PyResult<Vec<_>>>()?;
            let args = pyo3::types::PyTuple::new(py, objects)?;
            self.object
                .bind(py)
                .call_method1(method, args)?
                .str()?
                .extract()
        });
        result.map_err(raised)
    }
}

impl PyGame {
    /// The game's own text of position `p`: its `format(position)` where it has
    /// one, else `str(position)`; the token only where Python fails at both (the
    /// session's error messages show the game's text in its place).
    fn shown(&self, p: u32) -> String {
        Python::attach(|py| {
            let position = self.positions.get(py, p).ok()?;
            let formatted = match self.methods.format {
                true => self
                    .object
                    .bind(py)
                    .call_method1("format", (&position,))
                    .ok(),
                false => None,
            };
            formatted.unwrap_or(position).str().ok()?.extract().ok()
        })
        .unwrap_or_else(|| token(self.index, p))
    }
}

/// The engine's error that carries an exception raised by a game's code.
fn raised(e: PyErr) -> grundy::Error {
    grundy::Error::Game(Box::new(e))
}

impl Game for PyGame {
    type Position = u32;

    fn moves(&self, p: &u32, out: &mut Vec<u32>) -> grundy::Result<()> {
        self.cached(&self.moves, "moves", *p, out)
    }

    fn components(&self, p: &u32, out: &mut Vec<u32>) -> grundy::Result<()> {
        match self.methods.parts {
            true => self.cached(&self.parts, "parts", *p, out),
            false => {
                out.push(*p);
                Ok(())
            }
        }
    }

    fn parse_position(&self, text: &str) -> grundy::Result<u32> {
        if let Some((game, id)) = read_token(text) {
            if game == self.index && Python::attach(|py| (id as usize) < self.positions.len(py)) {
                return Ok(id);
            }
        }
        if !self.methods.parse {
            return Err(grundy::invalid!(
                "'{text}' is not a position of {}: the game has no parse method, so its positions are given as Python objects",
                self.name
            ));
        }
        Python::attach(|py| {
            let parsed = self
                .object
                .bind(py)
                .call_method1("parse", (text,))
                .and_then(|position| self.positions.intern(&position));
            parsed.map_err(|e| {
                grundy::invalid!(
                    "'{text}' is not a position of {}: {}",
                    self.name,
                    e.value(py)
                )
            })
        })
    }

    fn format_position(&self, p: &u32) -> String {
        self.shown(*p)
    }

    fn describe_move(&self, from: &u32, to: &u32) -> grundy::Result<String> {
        match self.methods.describe {
            true => self.text("describe", &[*from, *to]),
            false => Ok(format!("move to {}", self.shown(*to))),
        }
    }

    fn capabilities(&self) -> Capabilities<'_, u32> {
        Capabilities {
            cycles: self.methods.cycles,
            ..Capabilities::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back() {
        let t = token(3, 17);
        assert_eq!(read_token(&t), Some((3, 17)));
        assert_eq!(read_token("17"), None);
        let text = format!("cuts {t} + nim 3 {}", token(0, 1));
        let pieces = pieces(&text);
        let shown: Vec<String> = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(s) => s.to_string(),
                Piece::Token(g, i) => format!("<{g}.{i}>"),
            })
            .collect();
        assert_eq!(shown.concat(), "cuts <3.17> + nim 3 <0.1>");
        assert_eq!(pieces.len(), 4);
    }
}
