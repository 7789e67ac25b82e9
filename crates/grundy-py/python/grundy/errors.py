"""The exceptions of grundy. Each carries the engine's sentence saying what was wrong.

``Error`` is the base of them all::

    Error
    ├── ParseError (also a ValueError)     a SPEC, game or position that cannot be read
    ├── TooLargeError (also a ValueError)  well formed, but larger than the game can hold
    ├── BudgetError                        a search needed more positions than allowed
    ├── FileError (also an OSError)        a file (a graph, a saved table) cannot be read
    ├── StoppedError                       the computation was stopped before it finished
    └── TimeoutError (also Python's)       ... because its time limit passed

Ctrl-C stops a computation with Python's own ``KeyboardInterrupt``; an exception
raised by the code of a game defined in Python comes through unchanged.
"""

from __future__ import annotations

import builtins
from typing import Optional

__all__ = [
    "Error",
    "ParseError",
    "TooLargeError",
    "BudgetError",
    "FileError",
    "StoppedError",
    "TimeoutError",
]


class Error(Exception):
    """The base of every error of grundy."""


class ParseError(Error, ValueError):
    """A SPEC, game name or position that cannot be read, or an argument that
    makes no sense (the message names the bad token)."""


class TooLargeError(Error, ValueError):
    """The input is well formed but larger than the game can hold (found before
    any work)."""


class BudgetError(Error):
    """A search needed more positions than ``max_positions`` allows.

    ``limit`` is the budget that was exceeded."""

    def __init__(self, message: str, limit: Optional[int] = None) -> None:
        super().__init__(message)
        self.limit = limit


class FileError(Error, OSError):
    """A file could not be read."""


class StoppedError(Error):
    """The computation was stopped before it finished."""


class TimeoutError(StoppedError, builtins.TimeoutError):
    """The computation was stopped because its time limit (``timeout=``) passed."""
