"""An independent brute force, in plain Python, to check the engine against: the
rules of each game written from their definitions, values by recursion with a
cache, outcomes of sums searched whole (misère play), draws by retrograde
labelling. Nothing here comes from grundy."""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Callable, Dict, Hashable, Iterable, List, Sequence, Set, Tuple

State = Hashable


def mex(values: Iterable[int]) -> int:
    seen = set(values)
    g = 0
    while g in seen:
        g += 1
    return g


def sub_moves(s: Sequence[int]) -> Callable[[int], List[int]]:
    """One heap of the subtraction game with set s."""
    return lambda n: [n - k for k in s if k <= n]


def octal_moves(code: str) -> Callable[[int], List[Tuple[int, ...]]]:
    """One heap of the octal (or hexadecimal) game ``code`` (d0.d1d2…): each option
    is the tuple of heaps left."""
    head, tail = code.split(".")
    digits = [int(head)] + [int(c, 16) for c in tail]

    def moves(n: int) -> List[Tuple[int, ...]]:
        out = []
        for k, d in enumerate(digits):
            if k > n:
                break
            rest = n - k
            if k == 0 and d & 4:
                # split without taking: two non-empty heaps
                for a in range(1, rest // 2 + 1):
                    if rest - a >= 1:
                        out.append((a, rest - a))
                continue
            if k == 0:
                continue
            if d & 1 and rest == 0:
                out.append(())
            if d & 2 and rest >= 1:
                out.append((rest,))
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    out.append((a, rest - a))
            if d & 8 and rest >= 3:
                # hexadecimal: three non-empty heaps
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        out.append((a, b, rest - a - b))
        return out

    return moves


def heap_values(moves: Callable[[int], List[Tuple[int, ...]]], to: int) -> List[int]:
    """g(0..to) of a heap game whose options are tuples of heaps."""
    g: List[int] = []
    for n in range(to + 1):
        opts = []
        for option in moves(n):
            v = 0
            for h in option:
                v ^= g[h]
            opts.append(v)
        g.append(mex(opts))
    return g


def nimber(moves: Callable[[State], Iterable[State]]) -> Callable[[State], int]:
    """The nimber of positions of a finite game (recursion with a cache)."""

    @lru_cache(maxsize=None)
    def g(p: State) -> int:
        return mex(g(q) for q in moves(p))

    return g


def sum_outcome(
    part_moves: Callable[[State], Iterable[State]], misere: bool
) -> Callable[[Tuple[State, ...]], str]:
    """The outcome ("P" or "N") of a sum of parts, searched whole: a sum is a
    sorted tuple of parts, and a move changes one part. Under misère play the
    player who cannot move wins."""

    @lru_cache(maxsize=None)
    def outcome(parts: Tuple[State, ...]) -> str:
        any_move = False
        for i, p in enumerate(parts):
            for q in part_moves(p):
                any_move = True
                rest = parts[:i] + (q,) + parts[i + 1 :]
                if outcome(tuple(sorted(rest, key=repr))) == "P":
                    return "N"
        if not any_move:
            return "N" if misere else "P"
        return "P"

    return lambda parts: outcome(tuple(sorted(parts, key=repr)))


def chomp_moves(rows: Tuple[int, ...]) -> List[Tuple[int, ...]]:
    """Chomp: rows bottom first, non-increasing; a move takes a square (r, c) other
    than the poisoned (0, 0) and every square above and to the right of it."""
    out = []
    for r, width in enumerate(rows):
        for c in range(width):
            if r == 0 and c == 0:
                continue
            new = tuple(min(w, c) if i >= r else w for i, w in enumerate(rows))
            out.append(tuple(w for w in new if w > 0))
    return out


def label(vertices: Sequence[str], edges: Dict[str, List[str]], misere: bool = False) -> Dict[str, str]:
    """P/N/D of every vertex of a graph game with one token (retrograde labelling):
    a vertex with no move is P (N under misère play); a vertex with a move to a P
    is N; a vertex whose every move goes to an N is P; the rest are draws."""
    outcome: Dict[str, str] = {}
    changed = True
    while changed:
        changed = False
        for v in vertices:
            if v in outcome:
                continue
            followers = edges[v]
            if not followers:
                outcome[v] = "N" if misere else "P"
            elif any(outcome.get(w) == "P" for w in followers):
                outcome[v] = "N"
            elif all(outcome.get(w) == "N" for w in followers):
                outcome[v] = "P"
            else:
                continue
            changed = True
    return {v: outcome.get(v, "D") for v in vertices}


def tokens_outcome(edges: Dict[str, List[str]], start: Tuple[str, ...]) -> str:
    """P/N/D of several tokens on a graph (a move moves one token), by retrograde
    labelling of the reachable sums."""
    seen: Set[Tuple[str, ...]] = set()
    todo = [tuple(sorted(start))]
    succ: Dict[Tuple[str, ...], List[Tuple[str, ...]]] = {}
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        nxt = []
        for i, v in enumerate(s):
            for w in edges[v]:
                t = tuple(sorted(s[:i] + (w,) + s[i + 1 :]))
                nxt.append(t)
                todo.append(t)
        succ[s] = nxt
    names = list(succ)
    ids = {s: str(i) for i, s in enumerate(names)}
    out = label([ids[s] for s in names], {ids[s]: [ids[t] for t in succ[s]] for s in names})
    return out[ids[tuple(sorted(start))]]


def proved_period_holds(values: Sequence[int], preperiod: int, period: int) -> bool:
    """Whether g(n + period) = g(n) for every n ≥ preperiod the values cover."""
    return all(values[n + period] == values[n] for n in range(preperiod, len(values) - period))


def least_period(values: Sequence[int]) -> Tuple[int, int]:
    """The shortest period, with its least preperiod, of a long enough list of
    values (repeating three times and over half the list, as the census asks)."""
    n = len(values)
    for p in range(1, n // 3 + 1):
        pre = 0
        for i in range(n - p - 1, -1, -1):
            if values[i + p] != values[i]:
                pre = i + 1
                break
        if pre + 3 * p <= n and 2 * pre <= n:
            return pre, p
    raise ValueError("no period seen")


def all_sums(heaps: int, to: int) -> Iterable[Tuple[int, ...]]:
    """Every tuple of ``heaps`` heap sizes 0..to."""
    return product(range(to + 1), repeat=heaps)


