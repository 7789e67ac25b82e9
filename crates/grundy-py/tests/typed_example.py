"""The public API as a type checker sees it. tests/test_typing.py has mypy (strict)
check this script, which must pass, and copies of it with one type made wrong,
which must fail; then runs it."""

from __future__ import annotations

from typing import List, Optional, Set, Union

from typing_extensions import assert_type

import grundy


class Halving(grundy.Game):
    """Take one chip, or take half of the heap (rounded up)."""

    def moves(self, n: int) -> Set[int]:
        return {n - 1, n // 2} if n else set()


class Countdown:
    """A game that is not a grundy.Game: any object with a method moves will do."""

    name = "countdown"

    def moves(self, n: int) -> List[int]:
        return [n - 1] if n else []

    def parse(self, text: str) -> int:
        return int(text)


halving = Halving()
countdown = Countdown()
assert_type(grundy.__version__, str)

a = grundy.value("nim 13,12,8")
assert_type(a, grundy.Analysis)
assert_type(a.outcome, grundy.Outcome)
assert_type(a.nimber, Optional[int])
assert_type(a.winning_moves, List[grundy.Move])
assert (a.outcome, a.nimber) == ("N", 9)
assert [str(m.position) for m in a.winning_moves] == ["nim 4,12,8", "nim 13,5,8", "nim 13,12,1"]

moves = grundy.moves("sub:1,2 3")
assert_type(moves, List[grundy.MoveValue])
assert [(str(m.position), m.outcome, m.nimber) for m in moves] == [("sub:1,2 2", "N", 2), ("sub:1,2 1", "N", 1)]

reasoning = grundy.explain("nim 3,5")
assert_type(reasoning, grundy.Explanation)
assert reasoning.splitlines()[-1] == "  take 2 from the heap of 5: nim 3,3"
assert reasoning.sections[-1][-1]["kind"] == "moves"

halving_table = grundy.table(halving, to=15)
assert_type(halving_table, grundy.HeapTable)
assert halving_table.tolist() == [0, 1, 0, 2, 1, 2, 0, 1, 0, 2, 0, 1, 2, 1, 0, 2]

octal_table = grundy.table("octal:0.6", to=20)
assert_type(octal_table, Union[grundy.HeapTable, grundy.GraphTable, grundy.ChompTable])
assert isinstance(octal_table, grundy.HeapTable)
assert octal_table.p_positions.tolist() == [0, 1, 4, 12, 20]

period = grundy.period("kayles")
assert_type(period, grundy.Period)
assert_type(period.period, Optional[int])
assert (period.period, period.preperiod, period.proved) == (12, 71, True)

session = grundy.Session(max_positions=100_000)
assert_type(session.max_positions, int)
position = halving(10) + "nim 3" + (countdown, 4)
assert_type(position, grundy.Position)
verdict = session.value(position, misere=True)
assert_type(verdict.outcome, grundy.Outcome)
assert str(verdict.position) == "halving 10 + nim 3 + countdown 4"
assert_type(session.moves(halving, 10), List[grundy.MoveValue])
assert [m.nimber for m in session.moves(halving, 10)] == [2, 2]
assert_type(session.register(countdown), str)
assert session.value("countdown 5 + nim 1").nimber == 0
