"""Type stubs of the compiled module grundy._native (the Rust engine)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "__version__",
    "Session",
    "accept_kept",
    "canonical_form",
    "census_step",
    "chomp_p_positions",
    "draw",
    "games",
    "options",
    "period",
    "plot",
    "statistics",
    "table",
]

#: The version of the crate, as Cargo.toml gives it.
__version__: str

_Part = Union[str, Tuple[Any, Any]]
_EnginePosition = Tuple[str, List[_Part]]

@final
class Session:
    """An analyst that keeps what it learnt between calls, with Python games."""

    def __new__(cls, max_positions: Optional[int] = None) -> Session: ...
    @property
    def max_positions(self) -> int: ...
    @property
    def learnt(self) -> int: ...
    def register(self, game: Any) -> str: ...
    def export_search(self, spec: str) -> bytes: ...
    def absorb_search(self, spec: str, data: bytes) -> None: ...
    def has_nimber(
        self, parts: Sequence[_Part], nimber: int, timeout: Optional[float] = None, time: Optional[float] = None
    ) -> bool: ...
    def normalise(self, parts: Sequence[_Part]) -> _EnginePosition: ...
    def analyse(
        self,
        parts: Sequence[_Part],
        misere: bool = False,
        all_moves: bool = False,
        explain: bool = False,
        computer_move: bool = False,
        outcome_only: bool = False,
        timeout: Optional[float] = None,
        time: Optional[float] = None,
    ) -> Dict[str, Any]: ...

def table(
    game: str,
    to: Optional[int] = None,
    rows: Optional[int] = None,
    misere: bool = False,
    max_positions: Optional[int] = None,
    method: str = "rare-common",
    save: Optional[str] = None,
    resume: Optional[str] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Dict[str, Any]: ...
def period(
    game: str,
    to: Optional[int] = None,
    max_positions: Optional[int] = None,
    method: str = "rare-common",
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Dict[str, Any]: ...
def statistics(
    game: str,
    to: int,
    max_positions: Optional[int] = None,
    method: str = "rare-common",
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Dict[str, Any]: ...
def census_step(
    game: str,
    to: int,
    values: Optional[np.ndarray[Any, Any]] = None,
    chunk: int = ...,
    method: str = "rare-common",
    timeout: Optional[float] = None,
) -> Dict[str, Any]: ...
def options(spec: str) -> List[Tuple[str, str]]: ...
def canonical_form(spec: str) -> str: ...
def draw(spec: str) -> str: ...
def plot(
    game: str,
    values: Optional[npt.NDArray[np.uint64]] = None,
    outcomes: Optional[str] = None,
    histogram: bool = False,
) -> str: ...
def chomp_p_positions(
    rows: int,
    to: int,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> List[List[int]]: ...
def games() -> List[Dict[str, Any]]: ...
def accept_kept(path: str, heading: str, what: str) -> None: ...

