"""Tables: a heap game's values as a NumPy array, a graph's vertices, Chomp's
P-positions, and periods."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from . import _native


__all__ = ["HeapTable", "GraphTable", "ChompTable", "Period"]

_SHOWN = 240  # heaps shown in a notebook
_DRAWN_LAPS = 20_000  # the most heaps a period's picture computes


class HeapTable(np.ndarray[Any, Any]):
    """g(0), g(1), …, g(N) of one heap: a NumPy array (index = heap size) with the
    game's name and play beside it.

    Under normal play the array holds nimbers: ``uint16`` from the heap-sequence
    engine (take-and-break games: octal codes, subtraction games, Grundy's game),
    ``uint64`` from the generic search. Under misère play there are no nimbers and
    it holds the outcomes, ``"P"`` or ``"N"``. ``outcomes`` and ``p_positions`` work
    for both; ``t.view(numpy.ndarray)`` is the plain array.
    """

    game: str
    play: str

    def __new__(cls, values: np.ndarray[Any, Any], game: str, play: str) -> "HeapTable":
        table = values.view(cls)
        table.game = game
        table.play = play
        return table

    def __array_finalize__(self, obj: Any) -> None:
        self.game = getattr(obj, "game", "")
        self.play = getattr(obj, "play", "normal")

    def __array_wrap__(self, obj: Any, *args: Any, **kwargs: Any) -> Any:
        # Arithmetic and reductions give plain arrays and scalars: only the table
        # itself (and its slices) is a table of the game.
        plain = np.asarray(obj)
        return plain[()] if plain.ndim == 0 else plain

    @property
    def outcomes(self) -> np.ndarray[Any, Any]:
        """``"P"`` or ``"N"`` for each heap (a NumPy array of one-letter strings)."""
        plain = self.view(np.ndarray)
        if plain.dtype.kind == "U":
            return plain
        return np.where(plain == 0, "P", "N")

    @property
    def p_positions(self) -> np.ndarray[Any, Any]:
        """The heap sizes that are P-positions."""
        return np.flatnonzero(self.outcomes == "P")

    def to_dict(self) -> Dict[str, Any]:
        """The table as ``grundy table --json`` prints it."""
        plain = self.view(np.ndarray)
        values: List[Optional[int]] = [None] * len(plain) if plain.dtype.kind == "U" else [int(v) for v in plain]
        return {
            "game": self.game,
            "play": self.play,
            "values": values,
            "outcomes": [str(o) for o in self.outcomes],
        }

    def svg(self, *, histogram: bool = False) -> str:
        """The table's picture as an SVG document, as ``grundy draw GAME --to N``
        draws it: g(n) against n, rare values in red and the period its values show
        shaded; with ``histogram``, how many heaps have each value."""
        plain = self.view(np.ndarray)
        if plain.dtype.kind == "U":
            return _native.plot(self.game, outcomes="".join(plain.tolist()), histogram=histogram)
        values = np.ascontiguousarray(plain, dtype=np.uint64)
        return _native.plot(self.game, values=values, histogram=histogram)

    def plot(self, ax: Any = None, *, histogram: bool = False, period: Optional["Period"] = None) -> Any:
        """Draws the table with matplotlib on ``ax`` (by default the axes of a new
        figure) and returns the axes: g(n) against n as dots, P-positions in red,
        n on a log axis from 10,000 heaps, and ``period`` (a :class:`Period`)
        shaded from its preperiod on; or with ``histogram``, a bar for each value
        as tall as the number of heaps that have it. A misère table plots its
        outcomes (P as 0, N as 1, D as 2). Needs matplotlib (``svg()`` does not)."""
        pyplot = _pyplot("HeapTable.plot")
        if ax is None:
            ax = pyplot.figure().add_subplot()
        plain = self.view(np.ndarray)
        outcomes = plain.dtype.kind == "U"
        values = np.array([_LEVELS.index(o) for o in plain.tolist()]) if outcomes else plain
        p = self.p_positions
        if histogram:
            if outcomes:
                raise ValueError("a histogram counts nimbers, and a misère table has outcomes only")
            counts = np.bincount(values.astype(np.int64))
            ax.bar(np.arange(len(counts)), counts, color=_COMMON)
            ax.bar([0], counts[:1], color=_RARE)
            ax.set_xlabel("g(n)")
            ax.set_ylabel("heaps")
            return ax
        n = np.arange(len(values))
        if period is not None and period.preperiod is not None and period.preperiod < len(values):
            ax.axvspan(period.preperiod, len(values) - 1, color=_BAND, label=f"period {period.period} from {period.preperiod}")
        ax.plot(n, values, ".", color=_COMMON, label="g(n)" if not outcomes else "outcome")
        ax.plot(p, values[p], ".", color=_RARE, label="P-positions")
        if len(values) >= _LOG_FROM:
            ax.set_xscale("symlog", linthresh=1)
        ax.set_xlabel("n")
        ax.set_ylabel("outcome" if outcomes else "g(n)")
        if outcomes:
            ax.set_yticks(range(len(_LEVELS)), list(_LEVELS))
        ax.set_title(f"{self.game}, {'misère' if self.play == 'misere' else 'normal'} play")
        return ax

    def _repr_html_(self) -> str:
        plain = self.view(np.ndarray)
        if plain.ndim != 1:
            return html.escape(repr(plain))
        play = "misère" if self.play == "misere" else "normal"
        shown = plain[:_SHOWN]
        cells = []
        for n, v in enumerate(shown):
            p = (v == 0) if plain.dtype.kind != "U" else (v == "P")
            style = "background:#c8e6c9;font-weight:bold" if p else ""
            cells.append(f"<td style='{style}' title='g({n})'>{html.escape(str(v))}</td>")
        width = 12
        rows = []
        for start in range(0, len(cells), width):
            rows.append(
                f"<tr><th style='text-align:right'>{start}</th>" + "".join(cells[start : start + width]) + "</tr>"
            )
        more = "" if len(plain) <= _SHOWN else f"<p>… {len(plain) - _SHOWN} more heaps</p>"
        head = f"<p><b>{html.escape(self.game)}</b>, one heap, {play} play: {len(plain)} heaps (P-positions shaded)</p>"
        return head + "<table>" + "".join(rows) + "</table>" + more


#: The colours of the library's pictures: values, rare values (or P-positions), a
#: period's stretches; and the number of heaps from which n is drawn on a log axis.
_COMMON = "#2c5d8f"
_RARE = "#c0392b"
_BAND = "#f3e6c4"
_LOG_FROM = 10_000
#: The outcomes of a table without nimbers, in the order they are plotted.
_LEVELS = ("P", "N", "D")


def _pyplot(what: str) -> Any:
    """matplotlib's pyplot, or an ImportError that says what needs it."""
    try:
        import matplotlib.pyplot as pyplot
    except ImportError as e:
        raise ImportError(
            f"{what} draws with matplotlib, which is not installed: pip install matplotlib "
            "(svg() draws the same picture without it)"
        ) from e
    return pyplot


def _heap_table(d: Dict[str, Any]) -> HeapTable:
    values = d["values"]
    if values is None:
        values = np.array(list(d["outcomes"]), dtype="<U1")
    return HeapTable(values, d["game"], d["play"])


@dataclass(frozen=True)
class GraphTable:
    """Every vertex of a graph game: P/N/D, nimber, generalised value γ, and the kernel."""

    #: ``graph:FILE``.
    game: str
    #: "normal" or "misere".
    play: str
    #: The vertices, in the file's order.
    vertices: List[str]
    #: "P", "N" or "D" for each vertex.
    outcomes: List[str]
    #: The nimber of each vertex, or None when the graph has a cycle or play is misère.
    values: Optional[List[int]]
    #: The generalised Sprague–Grundy value of each vertex (an int, or
    #: ``{"infinite": [K]}`` for ∞(K)), or None under misère play.
    gamma: Optional[List[Any]]
    #: The P-positions.
    kernel: List[str]
    #: Each vertex's γ as grundy writes it (``3``, ``∞(0,2)``), or None under misère play.
    gamma_text: Optional[List[str]] = None

    def to_dict(self) -> Dict[str, Any]:
        """The table as ``grundy table --json`` prints it."""
        return {
            "game": self.game,
            "play": self.play,
            "vertices": self.vertices,
            "values": self.values,
            "gamma": self.gamma,
            "outcomes": self.outcomes,
            "kernel": self.kernel,
        }

    def _repr_html_(self) -> str:
        e = html.escape
        rows = "".join(
            f"<tr><td>{e(v)}</td><td>{o}</td><td>{'-' if self.gamma_text is None else e(self.gamma_text[i])}</td></tr>"
            for i, (v, o) in enumerate(zip(self.vertices, self.outcomes))
        )
        return (
            f"<p><b>{e(self.game)}</b>, {len(self.vertices)} vertices; kernel: {e(' '.join(self.kernel))}</p>"
            f"<table><tr><th>vertex</th><th>outcome</th><th>value</th></tr>{rows}</table>"
        )


@dataclass(frozen=True)
class ChompTable:
    """The P-positions of Chomp with at most ``rows`` rows and a bottom row of at
    most ``to`` squares; each a tuple of row lengths, bottom row first."""

    game: str
    rows: int
    to: int
    positions: List[Tuple[int, ...]]

    def to_dict(self) -> Dict[str, Any]:
        """The table as ``grundy table chomp --json`` prints it."""
        return {
            "game": self.game,
            "rows": self.rows,
            "to": self.to,
            "p_positions": [list(p) for p in self.positions],
        }

    def _repr_html_(self) -> str:
        shown = self.positions[:_SHOWN]
        items = ", ".join(",".join(map(str, p)) for p in shown)
        more = "" if len(self.positions) <= _SHOWN else f" … ({len(self.positions) - _SHOWN} more)"
        return (
            f"<p><b>{html.escape(self.game)}</b>, at most {self.rows} rows, bottom row at most {self.to}: "
            f"{len(self.positions)} P-positions</p><p><code>{items}</code>{more}</p>"
        )


@dataclass(frozen=True)
class Histogram:
    """How often each value occurs among the heaps below ``below``."""

    #: The heaps 0 to ``below`` − 1 are counted.
    below: int
    #: ``counts[v]``: how many of them have the value v.
    counts: List[int]


@dataclass(frozen=True)
class Statistics:
    """The statistics of a heap game's values, as the record tables publish them:
    the rare/common mask (a value is rare when it has an even number of 1s under
    it), how many heaps have a rare value and the last that does, the largest value
    and the first heap where it occurs, and how often each value occurs below each
    power of two from 2^10 and below ``heaps``. ``str()`` is ``grundy table GAME
    --to N --stats``, ``to_dict()`` its JSON."""

    game: str
    heaps: int
    mask: int
    rare: int
    last_rare: Optional[int]
    largest: int
    largest_first: int
    histograms: List[Histogram]
    #: What the mask means, in a sentence for a person.
    rare_means: str = ""
    _text: str = field(default="", repr=False, compare=False)

    @classmethod
    def _of(cls, d: Dict[str, Any]) -> "Statistics":
        r = json.loads(d["report"])
        histograms = [Histogram(h["below"], list(h["counts"])) for h in r.pop("histograms")]
        return cls(**r, histograms=histograms, _text=d["text"])

    def to_dict(self) -> Dict[str, Any]:
        """The statistics as ``grundy table GAME --to N --stats --json`` prints them."""
        return {
            "game": self.game,
            "heaps": self.heaps,
            "mask": self.mask,
            "rare": self.rare,
            "last_rare": self.last_rare,
            "largest": self.largest,
            "largest_first": self.largest_first,
            "histograms": [{"below": h.below, "counts": list(h.counts)} for h in self.histograms],
            "rare_means": self.rare_means,
        }

    def __str__(self) -> str:
        """As ``grundy table GAME --to N --stats`` prints them."""
        return self._text

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(str(self)) + "</pre>"


@dataclass(frozen=True)
class Period:
    """The period of a take-and-break game's values: g(n + period) = g(n) + saltus
    for n ≥ preperiod, proved by a theorem (``proved``) or only seen up to heap
    ``checked_to``. The numbers are None when no period was seen."""

    game: str
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    proved: bool
    checked_to: Optional[int]
    _text: str = field(default="", repr=False, compare=False)

    @classmethod
    def _of(cls, d: Dict[str, Any]) -> "Period":
        return cls(**json.loads(d["report"]), _text=d["text"])

    def to_dict(self) -> Dict[str, Any]:
        """The period as ``grundy period --json`` prints it."""
        return {
            "game": self.game,
            "preperiod": self.preperiod,
            "period": self.period,
            "saltus": self.saltus,
            "proved": self.proved,
            "checked_to": self.checked_to,
        }

    def __str__(self) -> str:
        """As ``grundy period`` prints it."""
        return self._text

    def _drawn_to(self) -> Optional[int]:
        """The last heap of the period's picture: twice the preperiod, or four laps
        past it, so that the values drawn show the period; None without a period."""
        if self.preperiod is None or self.period is None:
            return None
        return max(2 * self.preperiod, self.preperiod + 4 * self.period)

    def svg(self) -> str:
        """The game's values over the preperiod and a few laps of the period, the
        period shaded (``HeapTable.svg``); a ValueError where no period was seen."""
        to = self._drawn_to()
        if to is None:
            raise ValueError(f"no period of {self.game} was seen, so there is none to draw")
        from . import table

        heaps = table(self.game, to=to)
        assert isinstance(heaps, HeapTable)
        return heaps.svg()

    def _repr_html_(self) -> str:
        e = html.escape
        if self.period is None:
            found = f"none seen up to heap {self.checked_to}"
        else:
            saltus = f", saltus {self.saltus}" if self.saltus else ""
            found = f"{self.period} from heap {self.preperiod}{saltus}"
        proof = "by the periodicity theorem" if self.proved else f"no: seen up to heap {self.checked_to}"
        rows = [
            ("game", f"<code>{e(self.game)}</code>"),
            ("period", e(found)),
            ("proved", e(proof)),
        ]
        to = self._drawn_to()
        if to is not None and to <= _DRAWN_LAPS:
            rows.append(("values", self.svg()))
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>{v}</td></tr>" for k, v in rows)
        return f"<table>{body}</table>"
