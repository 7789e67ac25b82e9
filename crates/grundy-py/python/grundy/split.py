"""One position's search split over Ray: the options of a Cram or placement board
(or of any position of the registry's games), to a depth of moves, are asked
questions as Ray tasks on a machine's cores or a cluster's, and the answers merged
into the position's nimber and winning moves, as :func:`grundy.value` finds them on
one machine (normal play).

The questions are those the board search asks itself: "has this position nimber
k?", which stops at the first winning move and costs far less than a nimber. They
go in waves, k = 0, 1, 2, …: in wave k every position at the depth whose value
still matters is asked whether its nimber is k, once for all its images under the
board's symmetries (asked of their canonical form,
:func:`grundy._native.canonical_form`). After wave k a position is known exactly
or known to be above k, and a position above them has nimber m as soon as m ≤ k is
the least value none of its options has (the mex); the waves stop once the
position asked about is known.

Each worker (a Ray actor a CPU) keeps what its board search learnt, and the
workers share it: a wave's questions go out in rounds, the first of one question
(the first options of a board share most of what their searches learn), then one a
worker, two, four, …, and after each round the workers' tables are joined (what is known of a region only
grows) and handed to every worker, so that no worker searches again what another
has solved. The answers are kept in a checkpoint file, if one is named, after each
round: a driver run again, after a crash or a lost node, asks only what is
missing; a lost worker is started again, with an empty table.

From Python::

    from grundy.split import value
    v = value("cram 4x9", address="auto")
    v.nimber, [m.description for m in v.winning_moves], v.learnt

From the shell::

    python -m grundy.split "cram 4x9" --address auto [--depth 2] [--checkpoint FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from . import Session, _native
from .census import _atomic_write, ray_options
from .errors import Error

__all__ = ["SplitValue", "SplitMove", "value", "main"]

#: The first line of a split search's checkpoint file.
CHECKPOINT = "grundy split 1"


@dataclass(frozen=True)
class SplitMove:
    """A move of the position: the SPEC it leaves, its words and its nimber (None
    where only known to be none of the values up to the position's own: the
    waves stopped before it)."""

    position: str
    description: str
    nimber: Optional[int]


@dataclass(frozen=True)
class SplitValue:
    """The value of a position found by a split search."""

    #: The position, as given.
    position: str
    #: Its nimber (Sprague–Grundy value) under normal play.
    nimber: int
    #: Every move, with the nimber it leaves.
    moves: List[SplitMove]
    #: How many questions were asked as Ray tasks (this run; none for answers
    #: read from the checkpoint).
    tasks: int
    #: How many positions the workers' searches learnt something of, all
    #: together: the work, beside a :class:`grundy.Session`'s ``learnt`` for one
    #: search of the whole position.
    learnt: int
    #: Seconds from the first task to the last answer.
    seconds: float
    #: The moves to an option of nimber 0.
    winning_moves: List[SplitMove] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "winning_moves", [m for m in self.moves if m.nimber == 0])

    def __str__(self) -> str:
        lines = [
            f"{self.position}: nimber {self.nimber} ({self.tasks} questions asked as Ray tasks in "
            f"{self.seconds:.2f} s; {self.learnt} positions learnt by the workers)"
        ]
        lines += [f"  winning move: {m.description} → {m.position}" for m in self.winning_moves]
        return "\n".join(lines)


class _Worker:
    """A worker of a split search (a Ray actor): a session whose board search
    keeps what it learnt, and takes what the others learnt."""

    def __init__(self) -> None:
        self.session = Session()

    def ask(self, spec: str, k: int) -> Tuple[bool, int]:
        """Whether a position has nimber ``k``, and how many positions the search
        learnt of meanwhile (its work)."""
        before = self.session.learnt
        answer = self.session.has_nimber(spec, k)
        return answer, self.session.learnt - before

    def export(self, spec: str) -> bytes:
        return self.session.export_search(spec)

    def absorb(self, spec: str, data: bytes) -> None:
        self.session.absorb_search(spec, data)


def _shares_its_search(position: str) -> bool:
    """Whether the game of ``position`` has a board search whose table workers can
    hand on (Cram and the placement games)."""
    try:
        Session().export_search(position)
        return True
    except Error:
        return False


class _Node:
    """A position of the tree of options: a leaf (asked questions, of its
    canonical ``form``) or the mex of its options. ``nimber`` once known; else none
    of ``0..above`` (-1: nothing known)."""

    def __init__(self, spec: str, words: str, options: Optional[List["_Node"]]) -> None:
        self.spec, self.words, self.options = spec, words, options
        self.form = _native.canonical_form(spec) if options is None else spec
        self.nimber: Optional[int] = None
        self.above = -1

    def settle(self, k: int) -> None:
        """After wave ``k`` (every unsettled leaf asked about 0..k): the mex, where
        it is at most k."""
        if self.options is None or self.nimber is not None:
            return
        for option in self.options:
            option.settle(k)
        known = {o.nimber for o in self.options if o.nimber is not None}
        m = next(v for v in range(len(known) + 1) if v not in known)
        if m <= k:
            self.nimber = m
        else:
            self.above = k

    def open_leaves(self) -> List["_Node"]:
        """The leaves whose answers still matter: under no settled position."""
        if self.nimber is not None:
            return []
        if self.options is None:
            return [self]
        return [leaf for o in self.options for leaf in o.open_leaves()]


def _read_checkpoint(path: str, position: str) -> Dict[str, bool]:
    """The answers a checkpoint file keeps; refused (and left as it was) unless it
    is a split search's checkpoint of ``position``."""
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline().rstrip("\n")
            if first != CHECKPOINT:
                raise ValueError(f"'{path}' is not a split search's checkpoint: its first line is not '{CHECKPOINT}'")
            kept = json.loads(f.read())
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise ValueError(f"cannot read the checkpoint '{path}': {e.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"'{path}' is not a split search's checkpoint: {e}") from None
    if kept.get("position") != position:
        raise ValueError(f"'{path}' is the checkpoint of '{kept.get('position')}', not of '{position}'")
    return {str(q): bool(a) for q, a in kept["answers"].items()}


def value(
    position: str, *, depth: int = 1, address: Optional[str] = None, checkpoint: Optional[str] = None, **ray_init: Any
) -> SplitValue:
    """The nimber and winning moves of ``position`` (normal play), the positions
    ``depth`` moves down asked questions as Ray tasks (``depth=2``: the options'
    options, for a position with few options), in waves. ``checkpoint`` names a
    file that keeps the answers after each wave, to go on from when run again.
    ``address`` and further keywords are as in :func:`grundy.census.census`."""
    import ray

    from .census import connect

    if depth < 1:
        raise ValueError(f"depth {depth}: a split search goes at least one move down")
    root_options = _native.options(position)  # a bad position is refused before Ray starts
    answers = _read_checkpoint(checkpoint, position) if checkpoint else {}

    def tree(spec: str, words: str, options: List[Tuple[str, str]], level: int) -> _Node:
        if level == depth or not options:
            return _Node(spec, words, None if level > 0 else [])
        return _Node(spec, words, [tree(t, w, _native.options(t), level + 1) for t, w in options])

    root = tree(position, "", root_options, 0)
    shared = _shares_its_search(position)
    connect(address, ray_init)
    resources: Dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    worker = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=-1)(_Worker)
    # Actor handles: their methods are called with .remote.
    workers: List[Any] = [worker.remote() for _ in range(max(1, int(resources.get("CPU", 1))))]
    joined = Session()  # the workers' tables, joined

    def share() -> None:
        for data in ray.get([w.export.remote(position) for w in workers]):
            joined.absorb_search(position, data)
        data = ray.put(joined.export_search(position))
        ray.get([w.absorb.remote(position, data) for w in workers])

    def keep() -> None:
        if checkpoint:
            _atomic_write(checkpoint, f"{CHECKPOINT}\n{json.dumps({'position': position, 'answers': answers})}\n".encode())

    start = time.perf_counter()
    tasks = learnt = 0
    k = 0
    while root.nimber is None:
        leaves = [leaf.form for leaf in root.open_leaves() if leaf.nimber is None]
        pending = [form for form in dict.fromkeys(leaves) if f"{k} {form}" not in answers]
        size = 1
        while pending:
            batch, pending = pending[:size], pending[size:]
            asked = [workers[i % len(workers)].ask.remote(spec, k) for i, spec in enumerate(batch)]
            for spec, (answer, work) in zip(batch, ray.get(asked)):
                answers[f"{k} {spec}"] = answer
                learnt += work
            tasks += len(batch)
            keep()
            if shared:
                share()
            size = 2 * size if size > 1 else len(workers)
        for node in root.open_leaves():
            if node.nimber is None and node.options is None:
                if answers[f"{k} {node.form}"]:
                    node.nimber = k
                else:
                    node.above = k
        root.settle(k)
        k += 1
    moves = [SplitMove(o.spec, o.words, o.nimber) for o in root.options or []]
    return SplitValue(position, root.nimber, moves, tasks, learnt, time.perf_counter() - start)


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m grundy.split POSITION [--depth D] [--address ADDR]``."""
    parser = argparse.ArgumentParser(
        prog="python -m grundy.split",
        description="The nimber and winning moves of a position, its options asked about as Ray tasks.",
    )
    parser.add_argument("position", help="a position, such as 'cram 4x9'")
    parser.add_argument("--depth", type=int, default=1, help="how many moves down the tasks start (default 1)")
    parser.add_argument("--address", help="a Ray cluster's address (default: Ray on this machine)")
    parser.add_argument("--num-cpus", type=int, help="CPUs for a Ray started here")
    parser.add_argument("--checkpoint", help="a file that keeps the answers after each wave, to go on from")
    args = parser.parse_args(argv)
    extra = ray_options(args.address, args.num_cpus)
    try:
        print(value(args.position, depth=args.depth, address=args.address, checkpoint=args.checkpoint, **extra))
    except (Error, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
