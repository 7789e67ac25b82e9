"""One position's search split over Ray: the options of a Cram or placement board
(or of any position of the registry's games), to a depth of moves, are valued as
Ray tasks on a machine's cores or a cluster's, and their nimbers merged into the
position's: its nimber is the least one that no option has (the mex), and its
winning moves are the options of nimber 0, as :func:`grundy.value` finds them on
one machine (normal play).

From Python::

    from grundy.split import value
    v = value("cram 4x9", address="auto")
    v.nimber, [m.description for m in v.winning_moves]

From the shell::

    python -m grundy.split "cram 4x9" --address auto [--depth 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from . import Session, _native
from .census import ray_options
from .errors import Error

__all__ = ["SplitValue", "SplitMove", "value", "main"]


@dataclass(frozen=True)
class SplitMove:
    """A move of the position: the SPEC it leaves, its words and its nimber."""

    position: str
    description: str
    nimber: int


@dataclass(frozen=True)
class SplitValue:
    """The value of a position found by a split search."""

    #: The position, as given.
    position: str
    #: Its nimber (Sprague–Grundy value) under normal play.
    nimber: int
    #: Every move, with the nimber it leaves.
    moves: List[SplitMove]
    #: How many positions were valued as Ray tasks.
    tasks: int
    #: Seconds from the first task to the last answer.
    seconds: float
    #: The moves to an option of nimber 0.
    winning_moves: List[SplitMove] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "winning_moves", [m for m in self.moves if m.nimber == 0])

    def __str__(self) -> str:
        lines = [f"{self.position}: nimber {self.nimber} ({self.tasks} positions valued as Ray tasks in {self.seconds:.2f} s)"]
        lines += [f"  winning move: {m.description} → {m.position}" for m in self.winning_moves]
        return "\n".join(lines)


def _mex(nimbers: List[int]) -> int:
    seen = set(nimbers)
    return next(g for g in range(len(seen) + 1) if g not in seen)


#: The session of this worker process: what one task learnt, the next one on the
#: same worker does not search again.
_session: Optional[Session] = None


def _nimber(spec: str) -> int:
    """The nimber of a position, searched here (a Ray task)."""
    global _session
    if _session is None:
        _session = Session()
    nimber = _session.value(spec).nimber
    if nimber is None:
        raise Error(f"'{spec}' has no nimber (a draw, or beyond the budget)")
    return int(nimber)


def value(position: str, *, depth: int = 1, address: Optional[str] = None, **ray_init: Any) -> SplitValue:
    """The nimber and winning moves of ``position`` (normal play), its options
    ``depth`` moves down valued as Ray tasks (``depth=2``: the options' options,
    for a position with few options), then merged. ``address`` and further
    keywords are as in :func:`grundy.census.census`."""
    import ray

    from .census import connect

    if depth < 1:
        raise ValueError(f"depth {depth}: a split search goes at least one move down")
    root = _native.options(position)  # a bad position is refused before Ray starts
    connect(address, ray_init)
    task = ray.remote(num_cpus=1, max_retries=5)(_nimber)
    start = time.perf_counter()
    # The tree of options to the depth asked, its leaves valued as tasks.
    refs: Dict[str, Any] = {}

    def expand(spec: str, level: int) -> Any:
        options = _native.options(spec)
        if level == depth or not options:
            if spec not in refs:
                refs[spec] = task.remote(spec)
            return spec
        return [(text, words, expand(text, level + 1)) for text, words in options]

    tree = [(text, words, expand(text, 1)) for text, words in root]
    nimbers = dict(zip(refs, ray.get(list(refs.values()))))

    def merged(node: Any) -> int:
        return nimbers[node] if isinstance(node, str) else _mex([merged(child) for _, _, child in node])

    moves = [SplitMove(text, words, merged(child)) for text, words, child in tree]
    return SplitValue(position, _mex([m.nimber for m in moves]), moves, len(refs), time.perf_counter() - start)


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m grundy.split POSITION [--depth D] [--address ADDR]``."""
    parser = argparse.ArgumentParser(
        prog="python -m grundy.split",
        description="The nimber and winning moves of a position, its options valued as Ray tasks.",
    )
    parser.add_argument("position", help="a position, such as 'cram 4x9'")
    parser.add_argument("--depth", type=int, default=1, help="how many moves down the tasks start (default 1)")
    parser.add_argument("--address", help="a Ray cluster's address (default: Ray on this machine)")
    parser.add_argument("--num-cpus", type=int, help="CPUs for a Ray started here")
    args = parser.parse_args(argv)
    extra = ray_options(args.address, args.num_cpus)
    try:
        print(value(args.position, depth=args.depth, address=args.address, **extra))
    except (Error, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
