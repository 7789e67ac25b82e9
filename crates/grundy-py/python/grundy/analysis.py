"""The analysis of a position, as ``grundy.value`` returns it."""

from __future__ import annotations

import enum
import html
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

from .positions import Position

__all__ = ["Outcome", "Move", "MoveValue", "PartValue", "Explanation", "Analysis"]


class Outcome(str, enum.Enum):
    """Who wins with perfect play. Compares equal to its letter: ``Outcome.P == "P"``."""

    #: The previous player (the one who just moved) wins.
    P = "P"
    #: The next player (the one to move) wins.
    N = "N"
    #: Neither can force a win: play goes on forever.
    D = "D"

    def __str__(self) -> str:
        return self.value


class Explanation(str):
    """The reasoning behind a verdict: the text ``grundy explain`` prints (this
    object is that ``str``), its steps as the library built them, and its HTML,
    which a notebook shows.

    ``sections`` is a list of sections, each a list of steps; a step is a dict
    whose ``kind`` is ``"prose"`` (``text``), ``"theorem"`` (``part``, ``lines``),
    ``"table"`` (``heading``, ``rows`` of ``part``, ``text``, ``steps``),
    ``"columns"`` (``heading``, ``rows`` of ``label`` and ``value``, ``total``),
    ``"verdict"`` (``outcome``, ``text``) or ``"moves"`` (``heading``, ``moves`` of
    ``position`` and ``description``), as ``docs/json.md`` describes.
    """

    sections: List[List[Dict[str, Any]]]
    _html: str

    @classmethod
    def _of(cls, d: Dict[str, Any]) -> "Explanation":
        e = cls(d["text"])
        e.sections = json.loads(d["report"])["sections"]
        e._html = d["html"]
        return e

    @property
    def lines(self) -> List[str]:
        """The text, one string a line."""
        return self.split("\n")

    def _repr_html_(self) -> str:
        return self._html


def _position(pair: Any) -> Position:
    text, parts = pair
    return Position._engine(text, parts)


@dataclass(frozen=True)
class Move:
    """A move: the position it leaves, and the move in words."""

    #: The position after the move, parts and heaps in their order.
    position: Position
    #: The move in words ("take 9 from the heap of 13").
    description: str

    @classmethod
    def _of(cls, d: Dict[str, Any]) -> "Move":
        return cls(_position(d["position"]), d["description"])

    def __str__(self) -> str:
        return f"{self.position}   ({self.description})"

    def to_dict(self) -> Dict[str, Any]:
        """The move as in ``grundy value --json``."""
        return {"position": str(self.position), "description": self.description}


@dataclass(frozen=True)
class MoveValue:
    """A move with the verdict on the position it leaves."""

    #: The position after the move.
    position: Position
    #: The move in words.
    description: str
    #: The outcome of the position it leaves.
    outcome: Outcome
    #: Its nimber, where defined and known.
    nimber: Optional[int]

    @classmethod
    def _of(cls, d: Dict[str, Any]) -> "MoveValue":
        return cls(_position(d["position"]), d["description"], Outcome(d["outcome"]), d["nimber"])

    def __str__(self) -> str:
        g = "-" if self.nimber is None else str(self.nimber)
        return f"{self.position}  {self.outcome.value}  {g:>4}   {self.description}"

    def to_dict(self) -> Dict[str, Any]:
        """The move as in ``grundy moves --json``."""
        return {
            "position": str(self.position),
            "description": self.description,
            "outcome": self.outcome.value,
            "nimber": self.nimber,
        }


@dataclass(frozen=True)
class PartValue:
    """One indivisible part of a position and how it was valued."""

    #: The part.
    position: Position
    #: Its nimber, where defined and known.
    nimber: Optional[int]
    #: Its generalised Sprague–Grundy value (normal play of games with cycles): an
    #: int, or ``{"infinite": [K]}`` for ∞(K); else None.
    gamma: Optional[Any]
    #: "theorem", "search" (memoised mex of the options) or "labelling" (a search
    #: of the whole position: misère play, cycles, draws).
    method: str
    #: The theorem's name, where a theorem valued it.
    theorem: Optional[str]
    #: The theorem's steps to the nimber, one line a string.
    reasoning: List[str]

    @classmethod
    def _of(cls, d: Dict[str, Any]) -> "PartValue":
        return cls(
            _position(d["position"]),
            d["nimber"],
            d["gamma"],
            d["method"],
            d["theorem"],
            list(d["reasoning"]),
        )


@dataclass(frozen=True)
class Analysis:
    """The analysis of a position: who wins, the nimber, every winning move, each
    part and how it was valued; on request every move, the reasoning, the computer's
    move. ``str()`` gives the text of ``grundy value``, ``to_dict()`` its JSON, and
    Jupyter shows it as a small table."""

    #: The position, normalised.
    position: Position
    #: What reading the position changed at once, as the rules say (edges of a
    #: Hackenbush drawing not joined to the ground fall away), one sentence each.
    notes: List[str]
    #: "normal" or "misere".
    play: str
    #: Who wins.
    outcome: Outcome
    #: The nimber (Sprague–Grundy value), where defined and known: None under
    #: misère play, for games with cycles or draws, and where not computed.
    nimber: Optional[int]
    #: The generalised Sprague–Grundy value (normal play of games with cycles): an
    #: int, or ``{"infinite": [K]}`` for ∞(K); else None.
    gamma: Optional[Any]
    #: γ as grundy writes it (``3``, ``∞(0,2)``), else None.
    gamma_text: Optional[str]
    #: Who wins, in words: "the previous player wins", and so on.
    who_wins: str
    #: The nimber, or why there is none, as ``grundy value`` writes it.
    nimber_text: str
    #: Why the nimber was not computed although it is defined, where it was not.
    nimber_not_computed: Optional[str]
    #: True when no move is left.
    terminal: bool
    #: The indivisible parts and how each was valued.
    parts: List[PartValue]
    #: Every winning move (each leaves a P-position); where they were not all
    #: searched for, the one a theorem names, if it names one.
    winning_moves: List[Move]
    #: Why the winning moves of an N-position are not all listed, where they are not.
    winning_moves_not_computed: Optional[str]
    #: Of a drawn position, the moves that keep the draw.
    drawing_moves: List[Move]
    #: Every move with what it leaves (``all_moves=True``), else None.
    moves: Optional[List[MoveValue]]
    #: The reasoning (``explain=True``), else None.
    explanation: Optional[Explanation]
    #: The computer's move (``computer_move=True``): a winning move if there is one,
    #: else one that keeps a draw, else the one that leaves the longest game.
    computer_move: Optional[Move]
    #: Why the computer's move is not proved to win though the player to move wins
    #: (no winning move was found within the budget), else None.
    computer_move_unproved: Optional[str] = None
    _text: str = field(default="", repr=False, compare=False)
    _report: str = field(default="{}", repr=False, compare=False)
    _explain: Optional[Callable[[], Explanation]] = field(default=None, repr=False, compare=False)

    @classmethod
    def _of(cls, d: Dict[str, Any], explain: Optional[Callable[[], Explanation]] = None) -> "Analysis":
        moves = d["moves"]
        cm = d["computer_move"]
        e = d["explanation"]
        return cls(
            position=_position(d["position"]),
            notes=list(d["notes"]),
            play=d["play"],
            outcome=Outcome(d["outcome"]),
            nimber=d["nimber"],
            gamma=d["gamma"],
            gamma_text=d["gamma_text"],
            who_wins=d["who_wins"],
            nimber_text=d["nimber_text"],
            nimber_not_computed=d["nimber_not_computed"],
            terminal=d["terminal"],
            parts=[PartValue._of(p) for p in d["parts"]],
            winning_moves=[Move._of(m) for m in d["winning_moves"]],
            winning_moves_not_computed=d["winning_moves_not_computed"],
            drawing_moves=[Move._of(m) for m in d["drawing_moves"]],
            moves=None if moves is None else [MoveValue._of(m) for m in moves],
            explanation=None if e is None else Explanation._of(e),
            computer_move=None if cm is None else Move._of(cm),
            computer_move_unproved=d["computer_move_unproved"],
            _text=d["text"],
            _report=d["report"],
            _explain=explain,
        )

    @property
    def misere(self) -> bool:
        """True under misère play."""
        return self.play == "misere"

    def explain(self) -> Explanation:
        """The reasoning in words and binary columns, as ``grundy explain`` prints it."""
        explanation = self.explanation
        if explanation is None:
            if self._explain is None:
                raise ValueError("this analysis cannot explain itself")
            explanation = self._explain()
            object.__setattr__(self, "explanation", explanation)
        return explanation

    def __str__(self) -> str:
        """The verdict as ``grundy value`` prints it."""
        return self._text

    def to_dict(self) -> Dict[str, Any]:
        """The verdict as ``grundy value --json`` prints it."""
        report: Dict[str, Any] = json.loads(self._report)
        return report

    def _repr_html_(self) -> str:
        e = html.escape
        play = "misère" if self.misere else "normal"
        colour = {"P": "#2e7d32", "N": "#c62828", "D": "#6a1b9a"}[self.outcome.value]
        rows = [
            f"<tr><th style='text-align:left'>position</th><td><code>{e(str(self.position))}</code></td></tr>",
            f"<tr><th style='text-align:left'>outcome</th><td><b style='color:{colour}'>"
            f"{self.outcome.value}</b>: {e(self.who_wins)} ({play} play)</td></tr>",
            f"<tr><th style='text-align:left'>nimber</th><td>{e(self.nimber_text)}</td></tr>",
        ]
        listed = [
            f"<code>{e(str(m.position))}</code> ({e(m.description)})" for m in self.winning_moves
        ]
        why = self.winning_moves_not_computed
        if why is not None:
            listed.append(f"{'not all' if listed else 'not'} computed ({e(why)})")
        moves = "<br>".join(listed) or "none"
        rows.append(f"<tr><th style='text-align:left'>winning moves</th><td>{moves}</td></tr>")
        if len(self.parts) > 1:
            parts = "<br>".join(
                f"<code>{e(str(p.position))}</code>: "
                f"{'-' if p.nimber is None else p.nimber} ({e(p.theorem or p.method)})"
                for p in self.parts
            )
            rows.append(f"<tr><th style='text-align:left'>parts</th><td>{parts}</td></tr>")
        return "<table>" + "".join(rows) + "</table>"
