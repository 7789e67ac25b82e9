"""Positions (sums of parts) and games defined in Python."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Hashable, Iterable, List, Optional, Protocol, Tuple, Union

if TYPE_CHECKING:
    from .analysis import Analysis, MoveValue

__all__ = ["Game", "GameLike", "Position", "Part", "Addend", "game_name"]


class GameLike(Protocol):
    """What a game defined in Python is to a type checker: any object with a method
    ``moves`` (a :class:`Game` or not)."""

    def moves(self, position: Any, /) -> Iterable[Any]: ...


#: A part of a position: a SPEC of one built-in component (``"nim 13,12,8"``), or
#: a game defined in Python with one of its positions.
Part = Union[str, Tuple[Any, Hashable]]

#: What adds to a position: a SPEC, a :class:`Position`, or a pair (game, position).
Addend = Union[str, "Position", Tuple[GameLike, Hashable]]


def game_name(game: Any) -> str:
    """The name a game defined in Python goes by in SPECs and in text: its ``name``
    attribute, or its class's name in lower case."""
    name = getattr(game, "name", None)
    if name is None:
        return type(game).__name__.lower()
    return str(name)


class Game:
    """The base of a game defined in Python (optional: any object with a method
    ``moves`` will do).

    A game needs one method::

        def moves(self, position) -> Iterable[position]
            # every position one move away; positions are any hashable objects

    and may have these::

        def parts(self, position) -> Iterable[position]
            # independent parts, each indivisible (a sum of heaps: its heaps);
            # parts with no move may be left out
        def format(self, position) -> str      # text of a position (default: str)
        def parse(self, text) -> position      # so that SPEC text can name positions
        def describe(self, before, after) -> str   # a move in words
        def svg(self, position) -> str         # a picture, shown by Jupyter

    Attributes: ``name`` (default: the class's name in lower case), the game's word
    in SPECs and text; ``cycles = True`` for a game whose play can return to an
    earlier position (its positions are then labelled P, N or D by retrograde
    analysis, and have no nimbers).

    The engine values the game with the same memoised, non-recursive search as its
    built-in games, within the same position budget, under normal and misère play,
    alone or in sums with other games. Calling the game on a position gives a
    :class:`Position`, which adds to others with ``+``::

        class Halving(grundy.Game):
            def moves(self, n):
                return {n - 1, n // 2} - {n} if n else set()

        grundy.value(Halving()(9) + "nim 3", misere=True)
    """

    name: Optional[str] = None
    cycles: bool = False

    def moves(self, position: Any) -> Iterable[Any]:
        """Every position one move away from ``position``."""
        raise NotImplementedError("a game defines moves(position)")

    def __call__(self, position: Hashable) -> "Position":
        """The position ``position`` of this game, ready to be analysed or added."""
        return Position((self, position))

    def __repr__(self) -> str:
        return f"<game {game_name(self)}>"


def _parts(item: Any) -> Tuple[Part, ...]:
    if isinstance(item, Position):
        return item.parts
    if isinstance(item, str):
        components = tuple(c.strip() for c in item.split("+"))
        return components
    if isinstance(item, tuple) and len(item) == 2 and hasattr(item[0], "moves"):
        return (item,)
    raise TypeError(
        f"{item!r} is not a position: give a SPEC such as 'nim 3,4', a Position, "
        "or a (game, position) pair"
    )


def _part_text(part: Part) -> str:
    if isinstance(part, str):
        return part
    game, position = part
    if callable(getattr(game, "format", None)):
        return f"{game_name(game)} {game.format(position)}"
    return f"{game_name(game)} {position}"


class Position:
    """A position: a sum of parts, each a built-in game's SPEC or a position of a
    game defined in Python. Positions add with ``+`` (to each other, to SPEC text,
    to ``(game, position)`` pairs).

    >>> p = Position("nim 3") + "kayles 4"
    >>> str(p)
    'nim 3 + kayles 4'
    """

    __slots__ = ("parts", "_text")

    parts: Tuple[Part, ...]

    def __init__(self, *items: Addend) -> None:
        parts: Tuple[Part, ...] = ()
        for item in items:
            parts += _parts(item)
        self.parts = parts
        self._text: Optional[str] = None

    @classmethod
    def _engine(cls, text: str, parts: Iterable[Part]) -> "Position":
        """A position as the engine wrote it: its text, and its parts."""
        p = cls()
        p.parts = tuple(parts)
        p._text = text
        return p

    def __add__(self, other: Addend) -> "Position":
        return Position(self, other)

    def __radd__(self, other: Addend) -> "Position":
        return Position(other, self)

    def __str__(self) -> str:
        if self._text is None:
            self._text = " + ".join(_part_text(p) for p in self.parts)
        return self._text

    def __repr__(self) -> str:
        return f"Position({str(self)!r})"

    def _key(self) -> Tuple[Any, ...]:
        return tuple(p if isinstance(p, str) else (id(p[0]), p[1]) for p in self.parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            other = Position(other)
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __len__(self) -> int:
        return len(self.parts)

    # Convenience: the module's functions on this position.

    def value(self, **options: Any) -> "Analysis":
        """``grundy.value(self, **options)``: who wins, the nimber, winning moves."""
        from . import value

        return value(self, **options)

    def moves(self, **options: Any) -> "List[MoveValue]":
        """``grundy.moves(self, **options)``: every move with what it leaves."""
        from . import moves

        return moves(self, **options)

    def explain(self, **options: Any) -> str:
        """``grundy.explain(self, **options)``: the reasoning in words."""
        from . import explain

        return explain(self, **options)

    def draw(self) -> str:
        """The picture of this one-part position, an SVG document."""
        from . import draw

        return draw(self)

    def _repr_svg_(self) -> Optional[str]:
        """The picture, for Jupyter, where the position has one."""
        try:
            return self.draw()
        except Exception:
            return None

    def _repr_html_(self) -> str:
        """For Jupyter: a table of the position and its parts, with its picture
        where it has one."""
        rows = [("position", f"<code>{html.escape(str(self))}</code>")]
        if len(self.parts) > 1:
            parts = "<br>".join(f"<code>{html.escape(_part_text(p))}</code>" for p in self.parts)
            rows.append((f"{len(self.parts)} parts", parts))
        picture = self._repr_svg_()
        if picture is not None:
            rows.append(("picture", picture))
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>{v}</td></tr>" for k, v in rows)
        return f"<table>{body}</table>"
