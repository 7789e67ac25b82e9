//! The engine's errors as Python exceptions, classes of `grundy.errors`: the
//! library's sentence, and for a budget the keyword that raises it.

use pyo3::prelude::*;

use crate::run::{Interrupt, Outcome};

/// The exception of class `class` (a name in `grundy.errors`) with `message`, and
/// keyword arguments `kwargs`.
pub fn raise(py: Python<'_>, class: &str, message: String, limit: Option<usize>) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = py.import("grundy.errors")?.getattr(class)?;
        let value = match limit {
            Some(limit) => class.call1((message.clone(), limit))?,
            None => class.call1((message.clone(),))?,
        };
        Ok(PyErr::from_value(value))
    })();
    made.unwrap_or_else(|_| pyo3::exceptions::PyRuntimeError::new_err(message))
}

/// The Python exception for an error of the engine; an exception raised by a game's
/// code, as it was raised.
pub fn to_py(py: Python<'_>, e: grundy::Error) -> PyErr {
    let message = e.to_string();
    match e {
        grundy::Error::Game(e) => match e.downcast::<PyErr>() {
            Ok(raised) => *raised,
            Err(_) => raise(py, "Error", message, None),
        },
        grundy::Error::Invalid(_) => raise(py, "ParseError", message, None),
        grundy::Error::TooLarge(_) => raise(py, "TooLargeError", message, None),
        grundy::Error::Io { .. } => raise(py, "FileError", message, None),
        grundy::Error::Stopped => raise(py, "StoppedError", message, None),
        grundy::Error::Memory { limit, .. } => raise(py, "BudgetError", message, Some(limit)),
        grundy::Error::Work { .. } | grundy::Error::Time { .. } => raise(
            py,
            "BudgetError",
            grundy::FrontEnd::Python
                .budget(grundy::Asked::Position)
                .explain(&e),
            None,
        ),
        grundy::Error::Budget { limit, .. } => raise(
            py,
            "BudgetError",
            format!("{message}; pass max_positions=… to allow more"),
            Some(limit),
        ),
    }
}

/// The result of a run, or the exception that ends it: Ctrl-C's KeyboardInterrupt,
/// the time limit, an engine's panic (as `grundy.Error`), or the engine's error (an
/// exception raised by a game's code before the time limit comes through as it is).
pub fn finish<T>(py: Python<'_>, outcome: Outcome<grundy::Result<T>>) -> PyResult<T> {
    match outcome.interrupt {
        Some(Interrupt::Signal(e)) => return Err(e),
        Some(Interrupt::Timeout(t))
            if !matches!(outcome.result, Ok(Ok(_)) | Ok(Err(grundy::Error::Game(_)))) =>
        {
            return Err(raise(
                py,
                "TimeoutError",
                format!("the computation was stopped after its time limit of {t} seconds"),
                None,
            ));
        }
        _ => {}
    }
    match outcome.result {
        Ok(result) => result.map_err(|e| to_py(py, e)),
        Err(panic) => Err(raise(
            py,
            "Error",
            format!("the engine failed unexpectedly: {panic}"),
            None,
        )),
    }
}
