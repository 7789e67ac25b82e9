"""grundy: impartial combinatorial games in Python.

Who wins, the nimber (Sprague–Grundy value), every winning move and why, under
normal or misère play, for Nim, subtraction and take-and-break (octal) games,
Hackenbush, Chomp, Cram, games on graphs, … and games you define in Python. The
engine is the Rust crate ``grundy``; this module speaks the command line's
vocabulary:

>>> import grundy
>>> a = grundy.value("nim 13,12,8")
>>> a.outcome, a.nimber
(<Outcome.N: 'N'>, 9)
>>> [str(m.position) for m in a.winning_moves]
['nim 4,12,8', 'nim 13,5,8', 'nim 13,12,1']

Functions: :func:`value`, :func:`moves`, :func:`explain`, :func:`table`,
:func:`period`, :func:`draw`, :func:`chomp_p_positions`, :func:`games`,
:func:`register`; classes :class:`Game` (a game of your own), :class:`Position`
(sums with ``+``), :class:`Session` (keeps what it learnt between calls); the
census of octal games on Ray in :mod:`grundy.census`, and one position's search
split over Ray in :mod:`grundy.split`. A position is written as a
SPEC (``"nim 13,12,8 + kayles 7"``, the grammar of the command line), a
:class:`Position`, or a game defined in Python and one of its positions.

Long computations release the interpreter's lock and stop on Ctrl-C
(``KeyboardInterrupt``) within a second; every function takes ``timeout=``
(seconds). Errors are :class:`Error` and its subclasses (:mod:`grundy.errors`).
"""

from __future__ import annotations

from typing import Any, Dict, Hashable, List, NamedTuple, Optional, Tuple, Union, overload

from . import _native
from .analysis import Analysis, Explanation, Move, MoveValue, Outcome, PartValue
from .errors import (
    BudgetError,
    Error,
    FileError,
    ParseError,
    StoppedError,
    TimeoutError,
    TooLargeError,
)
from .positions import Game, GameLike, Part, Position, game_name
from .tables import ChompTable, GraphTable, HeapTable, Histogram, Period, Statistics, _heap_table

#: The version of the module (and of the engine it holds), from the crate's Cargo.toml.
__version__: str = _native.__version__

#: A sum of games: another name for :class:`Position`.
Sum = Position

__all__ = [
    "value",
    "moves",
    "explain",
    "table",
    "period",
    "statistics",
    "draw",
    "chomp_p_positions",
    "games",
    "Family",
    "register",
    "Session",
    "Game",
    "GameLike",
    "Position",
    "Sum",
    "Analysis",
    "Explanation",
    "Move",
    "MoveValue",
    "PartValue",
    "Outcome",
    "HeapTable",
    "GraphTable",
    "ChompTable",
    "Period",
    "Statistics",
    "Histogram",
    "Error",
    "ParseError",
    "TooLargeError",
    "BudgetError",
    "FileError",
    "StoppedError",
    "TimeoutError",
]

#: Games defined in Python that SPEC text may name, by name (see :func:`register`).
_registered: Dict[str, GameLike] = {}

#: What the functions accept as a position: a SPEC, a :class:`Position`, a pair
#: (game, position), or a game whose position comes after it (``value(game, 12)``).
PositionLike = Union[str, Position, Tuple[GameLike, Hashable], GameLike]


def register(game: GameLike) -> str:
    """Lets SPEC text name ``game``, a game defined in Python, by its name (its
    ``name`` attribute, else its class's name in lower case); the game must then
    have a ``parse(text)`` method for the positions written after its name.

    >>> grundy.register(MyGame())               # doctest: +SKIP
    >>> grundy.value("mygame 12 + nim 3")       # doctest: +SKIP

    Returns the name. Positions given as Python objects (``MyGame()(12)``) need no
    registration.
    """
    name = _native.Session(1).register(game)
    _registered[name] = game
    return name


def _parts(x: PositionLike, position: Any = None) -> Tuple[Part, ...]:
    if position is not None:
        if isinstance(x, str):
            return (f"{x} {position}",)
        if hasattr(x, "moves"):
            return ((x, position),)
        raise TypeError(f"{x!r} is not a game: a game has a method moves(position)")
    if isinstance(x, str):
        return (x,)  # as written, so that errors quote it as the command line does
    if isinstance(x, Position):
        return x.parts
    if isinstance(x, tuple):
        return Position(x).parts
    if hasattr(x, "moves"):
        raise TypeError(f"which position of {x!r}? Give it as value(game, position) or game(position)")
    raise TypeError(
        f"{x!r} is not a position: give a SPEC such as 'nim 3,4', a Position, or a game and its position"
    )


class Session:
    """An analyst that keeps what it learnt between calls: the values of the
    positions it searched, of built-in games and of games defined in Python alike.
    The module's functions each start afresh; a session is for many questions
    about related positions (a game played move by move, a table of a game of
    your own).

    ``max_positions`` is the most positions a search may keep (default: what half
    the machine's memory holds, at 64 bytes a position); a search that needs more
    raises :class:`BudgetError`.
    """

    def __init__(self, max_positions: Optional[int] = None) -> None:
        self._native = _native.Session(max_positions)

    @property
    def max_positions(self) -> int:
        """The most positions a search may keep (set, or from the memory budget)."""
        return self._native.max_positions

    @property
    def learnt(self) -> int:
        """How many positions the board searches of this session have learnt
        something of: the measure of their work."""
        return self._native.learnt

    def export_search(self, spec: str) -> bytes:
        """What the board search of ``spec``'s game has learnt, as bytes to hand
        to another session (:meth:`absorb_search`), on this machine or another."""
        return self._native.export_search(spec)

    def absorb_search(self, spec: str, data: bytes) -> None:
        """Adds to the board search of ``spec``'s game what another session's
        exported (what is known of a region only grows, so the two are joined)."""
        self._native.absorb_search(spec, data)

    def has_nimber(
        self, x: PositionLike, nimber: int, position: Any = None, *, timeout: Optional[float] = None, time: Optional[float] = None
    ) -> bool:
        """Whether a position has nimber ``nimber`` (normal play): for a board, the
        board search's question, which stops at the first winning move and costs
        less than the nimber."""
        parts = _parts(x, position)
        for game in _registered.values():
            self._native.register(game)
        return self._native.has_nimber(list(parts), nimber, timeout=timeout, time=time)

    def register(self, game: GameLike) -> str:
        """Lets SPEC text given to this session name ``game``; its name."""
        return self._native.register(game)

    def _analyse(self, parts: Tuple[Part, ...], **options: Any) -> Dict[str, Any]:
        for game in _registered.values():
            self._native.register(game)
        return self._native.analyse(list(parts), **options)

    def position(self, x: PositionLike, position: Any = None) -> Position:
        """The position read and written back as the engine writes it."""
        parts = _parts(x, position)
        for game in _registered.values():
            self._native.register(game)
        text, written = self._native.normalise(list(parts))
        return Position._engine(text, written)

    def value(
        self,
        x: PositionLike,
        position: Any = None,
        *,
        misere: bool = False,
        all_moves: bool = False,
        explain: bool = False,
        computer_move: bool = False,
        outcome_only: bool = False,
        timeout: Optional[float] = None,
        time: Optional[float] = None,
    ) -> Analysis:
        """The analysis of a position; see :func:`grundy.value`."""
        parts = _parts(x, position)
        d = self._analyse(
            parts,
            misere=misere,
            all_moves=all_moves,
            explain=explain,
            computer_move=computer_move,
            outcome_only=outcome_only,
            timeout=timeout,
            time=time,
        )

        def reasoning() -> Explanation:
            e = self._analyse(parts, misere=misere, explain=True, timeout=timeout, time=time)
            return Explanation._of(e["explanation"])

        return Analysis._of(d, reasoning)

    def moves(
        self,
        x: PositionLike,
        position: Any = None,
        *,
        misere: bool = False,
        timeout: Optional[float] = None,
        time: Optional[float] = None,
    ) -> List[MoveValue]:
        """Every move with the outcome and nimber it leaves; see :func:`grundy.moves`."""
        d = self._analyse(_parts(x, position), misere=misere, all_moves=True, timeout=timeout, time=time)
        return [MoveValue._of(m) for m in d["moves"]]

    def explain(
        self,
        x: PositionLike,
        position: Any = None,
        *,
        misere: bool = False,
        timeout: Optional[float] = None,
        time: Optional[float] = None,
    ) -> Explanation:
        """The reasoning in words; see :func:`grundy.explain`."""
        d = self._analyse(_parts(x, position), misere=misere, explain=True, timeout=timeout, time=time)
        return Explanation._of(d["explanation"])


def value(
    x: PositionLike,
    position: Any = None,
    *,
    misere: bool = False,
    all_moves: bool = False,
    explain: bool = False,
    computer_move: bool = False,
    outcome_only: bool = False,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Analysis:
    """Who wins from a position, its nimber, and every winning move.

    The position is a SPEC (``"nim 13,12,8"``, ``"kayles 7 + sub:1,3,4 10"``), a
    :class:`Position`, or a game defined in Python with one of its positions:
    ``value(game, position)`` or ``value(game(position) + "nim 3")``.

    Keywords:
      misere: play misère (the last player to move loses) instead of normal play.
      all_moves: also list every move with what it leaves (``Analysis.moves``).
      explain: also write the reasoning (``Analysis.explanation``; ``explain()``
        computes it later otherwise).
      computer_move: also choose the computer's move (``Analysis.computer_move``).
      outcome_only: stop at the outcome and what a theorem gives at once: no search
        for the nimber or the winning moves (the whole answer, searched for wherever
        the search fits the budget, is the default).
      max_positions: the most positions a search may keep (BudgetError beyond;
        default: what half the machine's memory holds).
      timeout: seconds before the computation is stopped (TimeoutError).
      time: seconds the searches may take before the answer says what they left
        (``.nimber_not_computed``, ``.winning_moves_not_computed``): what a
        theorem or a table gives comes whatever the time. Default: 5 seconds
        (a minute for tables and periods); ``math.inf`` for no limit.

    Returns an :class:`Analysis`: ``.outcome`` (``"P"``, ``"N"`` or ``"D"``),
    ``.nimber`` (None under misère play, for games with cycles, or when a theorem
    gave the outcome and the search for the nimber did not fit the budget: then
    ``.nimber_not_computed`` says why), ``.winning_moves`` (each a :class:`Move`
    with ``.position`` and ``.description``), ``.parts`` (each part's nimber and
    how it was found), ``.explain()``.

    >>> a = grundy.value("nim 13,12,8")
    >>> print(a)
    nim 13,12,8
    N-position: the player to move wins (normal play)
    nimber: 9
    winning moves (3):
      nim 4,12,8   (take 9 from the heap of 13)
      nim 13,5,8   (take 7 from the heap of 12)
      nim 13,12,1   (take 7 from the heap of 8)

    Raises :class:`ParseError` (a ValueError) for a SPEC that cannot be read,
    :class:`BudgetError` when a search needs more than ``max_positions`` positions.
    """
    return Session(max_positions).value(
        x,
        position,
        misere=misere,
        all_moves=all_moves,
        explain=explain,
        computer_move=computer_move,
        outcome_only=outcome_only,
        timeout=timeout,
            time=time,
    )


def moves(
    x: PositionLike,
    position: Any = None,
    *,
    misere: bool = False,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> List[MoveValue]:
    """Every move from a position, each with the outcome and nimber of the position
    it leaves (a list of :class:`MoveValue`), in the order ``grundy moves`` lists
    them. The position and keywords are as for :func:`value`.

    >>> [(str(m.position), m.outcome) for m in grundy.moves("sub:1,2 3")]
    [('sub:1,2 2', <Outcome.N: 'N'>), ('sub:1,2 1', <Outcome.N: 'N'>)]
    """
    return Session(max_positions).moves(x, position, misere=misere, timeout=timeout, time=time)


def explain(
    x: PositionLike,
    position: Any = None,
    *,
    misere: bool = False,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Explanation:
    """The reasoning behind the verdict, in words and binary columns, as
    ``grundy explain`` prints it: a ``str``, with its steps (``sections``) and
    its HTML, which a notebook shows. The position and keywords are as for
    :func:`value`."""
    return Session(max_positions).explain(x, position, misere=misere, timeout=timeout, time=time)


def _python_heap_table(game: GameLike, to: int, misere: bool, max_positions: Optional[int], timeout: Optional[float], time: Optional[float]) -> HeapTable:
    import numpy as np

    session = Session(max_positions)
    verdicts = [session.value(game, n, misere=misere, timeout=timeout, time=time) for n in range(to + 1)]
    if misere:
        values = np.array([a.outcome.value for a in verdicts], dtype="<U1")
    else:
        values = np.array([a.nimber for a in verdicts], dtype=np.uint64)
    return HeapTable(values, game_name(game), "misere" if misere else "normal")


@overload
def table(
    game: GameLike,
    to: int,
    *,
    misere: bool = False,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> HeapTable: ...


@overload
def table(
    game: str,
    to: Optional[int] = None,
    *,
    misere: bool = False,
    rows: Optional[int] = None,
    max_positions: Optional[int] = None,
    method: str = "rare-common",
    save: Optional[str] = None,
    resume: Optional[str] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Union[HeapTable, GraphTable, ChompTable]: ...


def table(
    game: Union[str, GameLike],
    to: Optional[int] = None,
    *,
    misere: bool = False,
    rows: Optional[int] = None,
    max_positions: Optional[int] = None,
    method: str = "rare-common",
    save: Optional[str] = None,
    resume: Optional[str] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Union[HeapTable, GraphTable, ChompTable]:
    """The table of a game, as ``grundy table`` makes it.

    - A heap game (``"octal:0.6"``, ``"kayles"``, ``"sub:1,3,4"``, ``"nim"``, or a
      game defined in Python whose positions are heap sizes): g(0), …, g(to) as a
      :class:`HeapTable`, a NumPy array (index = heap size). Take-and-break games
      under normal play come from the heap-sequence engine as ``uint16``, handed to
      NumPy without a copy; ``save``/``resume`` name a file that keeps the values
      as they are computed. Under misère play the array holds "P"/"N".
    - ``"graph:FILE"``: every vertex, P/N/D, nimber and the kernel (:class:`GraphTable`).
    - ``"chomp"`` with ``rows`` and ``to``: the P-positions (:class:`ChompTable`).

    ``method`` is "rare-common" (default) or "naive"; ``max_positions`` bounds the
    table's length and any search; ``timeout`` is in seconds.

    >>> t = grundy.table("octal:0.6", to=100_000)
    >>> t.dtype, t[:8].tolist()
    (dtype('uint16'), [0, 0, 1, 2, 0, 1, 2, 3])
    """
    if not isinstance(game, str):
        if not hasattr(game, "moves"):
            raise TypeError(f"{game!r} is not a game")
        if to is None:
            raise ParseError("a table of a game defined in Python needs the largest heap size, to=N")
        return _python_heap_table(game, to, misere, max_positions, timeout, time)
    d = _native.table(
        game,
        to=to,
        rows=rows,
        misere=misere,
        max_positions=max_positions,
        method=method,
        save=save,
        resume=resume,
        timeout=timeout,
            time=time,
    )
    kind = d["kind"]
    if kind == "heaps":
        return _heap_table(d)
    if kind == "vertices":
        return GraphTable(
            d["game"], d["play"], d["vertices"], d["outcomes"], d["values"], d["gamma"], d["kernel"], d["gamma_text"]
        )
    return ChompTable(d["game"], d["rows"], d["to"], [tuple(p) for p in d["positions"]])


def period(
    game: str,
    to: Optional[int] = None,
    *,
    max_positions: Optional[int] = None,
    method: str = "rare-common",
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Period:
    """The period of a take-and-break game's values, and whether it is proved.

    Values are computed in runs of doubling length up to heap ``to`` (by default
    a million, or the largest heap ``max_positions`` allows) until a theorem
    (Guy–Smith for octal games) proves the period seen.

    >>> p = grundy.period("kayles")
    >>> p.period, p.preperiod, p.proved
    (12, 71, True)
    """
    d = _native.period(game, to=to, max_positions=max_positions, method=method, timeout=timeout, time=time)
    return Period._of(d)


def statistics(
    game: str,
    to: int,
    *,
    max_positions: Optional[int] = None,
    method: str = "rare-common",
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> Statistics:
    """The statistics of g(0..to) of a heap game under normal play, as ``grundy
    table GAME --to N --stats`` prints them: the rare/common mask, the rare heaps'
    count and the last, the largest value and where it first occurs, and how
    often each value occurs below each power of two from 2^10.

    >>> s = grundy.statistics("kayles", 1500)
    >>> s.mask, s.rare, s.last_rare, s.largest, s.largest_first
    (15, 10, 70, 8, 27)
    """
    d = _native.statistics(game, to, max_positions=max_positions, method=method, timeout=timeout, time=time)
    return Statistics._of(d)


def draw(x: PositionLike, position: Any = None) -> str:
    """The picture of a one-part position as an SVG document: Hackenbush, Chomp,
    Cram and placement boards, and games defined in Python with an ``svg`` method.
    A :class:`Position` shows its picture in Jupyter by itself."""
    parts = _parts(x, position)
    if len(parts) != 1:
        text = " + ".join(p if isinstance(p, str) else f"{game_name(p[0])} {p[1]}" for p in parts)
        raise ParseError(f"'{text}' has {len(parts)} parts: draw shows one part at a time")
    part = parts[0]
    if isinstance(part, str):
        return _native.draw(part)
    game, pos = part
    if not callable(getattr(game, "svg", None)):
        raise ParseError(f"'{game_name(game)}' has no picture: give the game a method svg(position)")
    return str(game.svg(pos))


def chomp_p_positions(
    rows: int = 3,
    to: int = 100,
    *,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    time: Optional[float] = None,
) -> List[Tuple[int, ...]]:
    """The P-positions of Chomp with at most ``rows`` rows and a bottom row of at
    most ``to`` squares, each a tuple of row lengths, bottom row first. ``time``
    is the seconds the search may take (default: a minute, as for a sequence;
    ``math.inf`` for no limit).

    >>> grundy.chomp_p_positions(rows=2, to=4)
    [(1,), (2, 1), (3, 2), (4, 3)]
    """
    found = _native.chomp_p_positions(
        rows, to, max_positions=max_positions, timeout=timeout, time=time
    )
    return [tuple(p) for p in found]


class Family(NamedTuple):
    """A family of games as the registry holds it, the entry that the command line,
    the web playground and this module all read. Its first two fields are the
    (syntax, description) pair that :func:`games` gave before it gave families."""

    #: How a SPEC writes it: ``"sub:S"``.
    syntax: str
    #: What the game is, in one line.
    about: str
    #: Its name in a SPEC, before any colon: ``"sub"``.
    name: str
    #: The heading the playground lists it under: ``"Subtraction games"``.
    group: str
    #: A starting position to play, as a SPEC.
    start: str
    #: The graph the start is played on (lines of a graph file), for graph games.
    start_graph: Optional[str]
    #: Whether positions are heap sizes, with a sequence of one heap's values.
    heap_game: bool


def games() -> List[Family]:
    """Every family a SPEC can name, in the order of the notes.

    >>> grundy.games()[0][:2]
    ('nim', 'Nim: take any number of chips from one heap')
    """
    return [Family(**f) for f in _native.games()]
