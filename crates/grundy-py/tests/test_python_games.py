"""Games defined in Python: searched by the engine, alone and in sums with built-in
games, under normal and misère play, checked against the brute force."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from brute import chomp_moves, heap_values, nimber, octal_moves, sub_moves, sum_outcome


class Subtraction(grundy.Game):
    """The subtraction game with set s, on one heap."""

    def __init__(self, s):
        self.s = tuple(s)
        self.name = "pysub" + "-".join(map(str, self.s))

    def moves(self, n):
        return [n - k for k in self.s if k <= n]

    def describe(self, before, after):
        return f"take {before - after}"


class Heaps(grundy.Game):
    """An octal game on a tuple of heaps, split into parts (one heap each)."""

    def __init__(self, code):
        self.rule = octal_moves(code)
        self.name = "heaps"

    def moves(self, heaps):
        out = []
        for i, h in enumerate(heaps):
            for option in self.rule(h):
                out.append(heaps[:i] + tuple(x for x in option if x) + heaps[i + 1 :])
        return out

    def parts(self, heaps):
        return [(h,) for h in heaps if h]

    def format(self, heaps):
        return ",".join(map(str, heaps)) or "0"

    def parse(self, text):
        return tuple(int(x) for x in text.split(",") if int(x))


class Chomp(grundy.Game):
    name = "pychomp"

    def moves(self, rows):
        return chomp_moves(rows)


class Cycle(grundy.Game):
    """Tokens on a directed graph with a cycle: a -> b -> c -> a, c -> d."""

    name = "loop"
    cycles = True
    edges = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": []}

    def moves(self, v):
        return self.edges[v]


sets = st.sets(st.integers(1, 5), min_size=1, max_size=3).map(sorted)


@given(sets, st.integers(0, 30))
def test_a_python_subtraction_game_has_the_builtin_values(s, n):
    game = Subtraction(s)
    builtin = grundy.value(f"sub:{','.join(map(str, s))} {n}")
    mine = grundy.value(game, n)
    assert mine.nimber == builtin.nimber
    assert mine.outcome == builtin.outcome
    assert [m.position.parts[0][1] for m in mine.winning_moves] == [
        int(str(m.position).split()[-1]) for m in builtin.winning_moves
    ]
    assert [m.description for m in mine.winning_moves] == [
        m.description.replace(f" from the heap of {n}", "") for m in builtin.winning_moves
    ]


@given(sets, st.integers(0, 12), st.integers(0, 9), st.integers(0, 12))
def test_python_games_in_sums_with_builtin_games(s, n, heap, k):
    game = Subtraction(s)
    g = nimber(lambda x: sub_moves(s)(x))
    kayles = heap_values(octal_moves("0.77"), 12)
    position = game(n) + f"nim {heap}" + f"kayles {k}"
    a = grundy.value(position)
    assert a.nimber == g(n) ^ heap ^ kayles[k]
    for m in a.winning_moves:
        assert grundy.value(m.position).nimber == 0
    # the same sum written the other way round, and as a Position of pairs
    b = grundy.value(grundy.Position(f"kayles {k}", (game, n)) + f"nim {heap}")
    assert b.nimber == a.nimber


@given(sets, st.lists(st.integers(0, 8), min_size=1, max_size=2), st.integers(0, 4))
def test_python_games_under_misere_play(s, ns, heap):
    game = Subtraction(s)
    position = grundy.Position(*[(game, n) for n in ns]) + f"nim {heap}"

    def moves(part):
        kind, x = part
        if kind == "sub":
            return [("sub", y) for y in sub_moves(s)(x)]
        return [("nim", y) for y in range(x)]

    brute = sum_outcome(moves, misere=True)
    state = tuple(("sub", n) for n in ns) + (("nim", heap),)
    assert grundy.value(position, misere=True).outcome == brute(state)


@given(st.sampled_from(["0.77", "0.07", "0.137", "0.6", "4.07"]), st.lists(st.integers(0, 10), max_size=3))
def test_a_game_with_parts_is_split(code, hs):
    game = Heaps(code)
    position = tuple(h for h in hs if h)
    g = heap_values(octal_moves(code), 10)
    a = grundy.value(game, position)
    expected = 0
    for h in position:
        expected ^= g[h]
    assert a.nimber == expected
    assert all(p.method == "search" for p in a.parts)
    assert len(a.parts) == len(position)


def test_python_chomp_agrees_with_builtin_chomp():
    for rows in [(3,), (3, 1), (4, 2, 2), (5, 5, 3), (6, 3)]:
        builtin = grundy.value("chomp " + ",".join(map(str, rows)))
        mine = grundy.value(Chomp(), rows)
        assert mine.nimber == builtin.nimber
        assert [m.position.parts[0][1] for m in mine.winning_moves] == [
            tuple(int(x) for x in str(m.position).split()[1].split(",")) for m in builtin.winning_moves
        ]


def test_a_python_game_with_cycles_has_draws():
    game = Cycle()
    assert grundy.value(game, "d").outcome == "P"
    assert grundy.value(game, "c").outcome == "N"
    assert grundy.value(game, "b").outcome == "P"
    assert grundy.value(game, "a").outcome == "N"
    # tokens on a and nim 1: moving a to b leaves b + nim 1 ... the engine labels the sum
    drawn = grundy.value(grundy.Position((game, "a"), (game, "a")))
    assert drawn.outcome in ("P", "N", "D")
    assert grundy.value(game, "a").nimber is None


def test_positions_text_and_moves_come_back_as_python_objects():
    game = Heaps("0.77")
    a = grundy.value(game(((5, 3))) + "nim 2", all_moves=True)
    assert str(a.position) == "heaps 5,3 + nim 2"
    for m in a.moves:
        part = m.position.parts[0]
        assert isinstance(part, tuple) and part[0] is game and isinstance(part[1], tuple)
    assert str(a.moves[0].position).startswith("heaps ")
    assert "move to" in a.moves[0].description
    # parts: the two heaps and the nim heap
    assert [str(p.position) for p in a.parts] == ["heaps 5", "heaps 3", "nim 2"]


def test_registered_games_are_named_in_spec_text():
    game = Heaps("0.07")
    grundy.register(game)
    try:
        assert grundy.value("heaps 5,7 + nim 1").nimber == grundy.value("dawson-kayles 5,7 + nim 1").nimber
        assert grundy.value("heaps 5,7").nimber == grundy.value(game, (5, 7)).nimber
    finally:
        grundy._registered.clear()


def test_a_session_keeps_what_it_learnt():
    calls = []

    class Counted(grundy.Game):
        def moves(self, n):
            calls.append(n)
            return [n - 1, n - 2] if n >= 2 else ([0] if n == 1 else [])

    session = grundy.Session()
    game = Counted()
    assert session.value(game, 200).nimber == 200 % 3
    first = len(calls)
    assert first == 201
    assert session.value(game, 150).nimber == 0
    assert len(calls) == first
    assert session.value(game, 210).nimber == 0
    assert len(calls) == first + 10


def test_the_explanation_shows_the_games_own_text():
    game = Heaps("0.77")
    text = grundy.value(game, (4, 1)).explain()
    assert "heaps 4" in text
    assert "\ue000" not in text


class GameFault(Exception):
    """An exception of a game's own code, of a class grundy does not know."""


def test_python_game_errors_come_through():
    class Broken(grundy.Game):
        def moves(self, n):
            if n == 3:
                raise GameFault("no moves from 3")
            return [n - 1] if n else []

    with pytest.raises(GameFault, match="^no moves from 3$") as e:
        grundy.value(Broken(), 10)
    assert type(e.value) is GameFault
    # the traceback reaches the line that raised
    assert e.traceback[-1].name == "moves"

    class Unhashable(grundy.Game):
        def moves(self, n):
            return [[n - 1]] if n else []

    with pytest.raises(TypeError) as e:
        grundy.value(Unhashable(), 2)
    assert type(e.value) is TypeError and "unhashable" in str(e.value)

    # a session recovers after an error in a game's code
    session = grundy.Session()
    broken = Broken()
    with pytest.raises(GameFault):
        session.value(broken, 5)
    assert session.value(broken, 2).nimber == 0


def test_errors_in_a_games_parts_and_descriptions_come_through():
    class BrokenParts(grundy.Game):
        def moves(self, n):
            return range(n)

        def parts(self, n):
            raise GameFault(f"no parts of {n}")

    with pytest.raises(GameFault, match="^no parts of 4$") as e:
        grundy.value(BrokenParts(), 4)
    assert type(e.value) is GameFault

    class BrokenWords(grundy.Game):
        def moves(self, n):
            return range(n)

        def describe(self, before, after):
            raise GameFault(f"no words for {before} to {after}")

    assert grundy.value(BrokenWords(), 0).outcome == "P"
    with pytest.raises(GameFault, match="^no words for 3 to 0$") as e:
        grundy.value(BrokenWords(), 3)
    assert type(e.value) is GameFault


def test_a_game_is_named_by_its_name_attribute_else_by_its_class():
    class TakeTwo(grundy.Game):
        def moves(self, n):
            return [n - 2] if n >= 2 else []

        def parse(self, text):
            return int(text)

    game = TakeTwo()
    assert grundy.Session().register(game) == "taketwo"
    assert str(game(5)) == str(grundy.value(game, 5).position) == "taketwo 5"
    game.name = "two"
    session = grundy.Session()
    assert session.register(game) == "two"
    assert str(game(5)) == str(session.value("two 5").position) == "two 5"
    assert [str(m.position) for m in session.moves("two 5 + nim 1")] == ["two 3 + nim 1", "two 5 + nim 0"]

    class Named(TakeTwo):
        name = "named"

    assert grundy.Session().register(Named()) == "named"
    with pytest.raises(grundy.ParseError, match="^'two words' cannot name a game: a name is one word"):
        game.name = "two words"
        grundy.Session().register(game)


def test_games_are_named_once():
    with pytest.raises(grundy.ParseError, match="two different games"):
        grundy.value(grundy.Position((Subtraction([1]), 1), (Subtraction([1]), 2)))
    with pytest.raises(grundy.ParseError, match="built-in game"):
        class Nim(grundy.Game):
            def moves(self, n):
                return range(n)

        grundy.value(Nim(), 3)
    with pytest.raises(grundy.ParseError, match="not a game"):
        grundy.register(object())


def test_the_budget_applies_to_python_games():
    class Long(grundy.Game):
        def moves(self, n):
            return [n - 1] if n else []

    with pytest.raises(grundy.BudgetError) as e:
        grundy.value(Long(), 5000, max_positions=1000)
    assert e.value.limit == 1000
    # a game a hundred thousand moves deep needs no deep stack
    assert grundy.value(Long(), 100_000).nimber == 0


def test_a_table_of_a_python_heap_game():
    game = Subtraction([1, 3, 4])
    t = grundy.table(game, to=14)
    assert t.tolist() == grundy.table("sub:1,3,4", to=14).tolist()
    assert t.p_positions.tolist() == [0, 2, 7, 9, 14]
    m = grundy.table(game, to=14, misere=True)
    assert m.tolist() == grundy.table("sub:1,3,4", to=14, misere=True).tolist()


def test_a_python_game_draws_itself():
    class Boxes(grundy.Game):
        def moves(self, n):
            return range(n)

        def svg(self, n):
            return f"<svg xmlns='http://www.w3.org/2000/svg'><text>{n}</text></svg>"

    p = Boxes()(3)
    assert grundy.draw(p).startswith("<svg")
    assert p._repr_svg_().startswith("<svg")
    assert Subtraction([1])(3)._repr_svg_() is None


def test_a_session_writes_positions_as_the_engine_does():
    session = grundy.Session(max_positions=5000)
    assert session.max_positions == 5000
    game = Heaps("0.77")
    p = session.position("nim  3 +kayles 4")
    assert str(p) == "nim 3 + kayles 4" and p.parts == ("nim 3", "kayles 4")
    q = session.position(game((2, 5)) + "nim 1")
    assert str(q) == "heaps 2,5 + nim 1"
    assert q.parts[0] == (game, (2, 5))
    assert grundy.Sum is grundy.Position
    assert p == "nim 3 + kayles 4" and hash(p) == hash(grundy.Position("nim 3 + kayles 4"))


def test_the_computer_moves():
    a = grundy.value("nim 13,12,8", computer_move=True)
    assert a.computer_move == a.winning_moves[0]
    lost = grundy.value(Subtraction([1, 2]), 6, computer_move=True)
    assert lost.outcome == "P" and lost.computer_move is not None
    assert grundy.value("nim 0", computer_move=True).computer_move is None
