"""The module against the brute force of brute.py: subtraction, octal, Chomp and
graph games, sums of them, normal and misère play."""

from __future__ import annotations

from functools import reduce

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from brute import (
    chomp_moves,
    heap_values,
    label,
    nimber,
    octal_moves,
    sub_moves,
    sum_outcome,
    tokens_outcome,
)

subtraction_sets = st.sets(st.integers(1, 6), min_size=1, max_size=4).map(sorted)
heaps = st.lists(st.integers(0, 14), min_size=1, max_size=4)
octal_codes = st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7)).filter(
    lambda d: any(d)
).map(lambda d: "0." + "".join(map(str, d)).rstrip("0"))


def xor(values):
    return reduce(lambda a, b: a ^ b, values, 0)


@given(subtraction_sets, heaps)
def test_subtraction_games_normal_play(s, hs):
    spec = f"sub:{','.join(map(str, s))} {','.join(map(str, hs))}"
    g = nimber(lambda n: sub_moves(s)(n))
    a = grundy.value(spec)
    assert a.nimber == xor(g(h) for h in hs)
    assert a.outcome == ("P" if a.nimber == 0 else "N")
    # every winning move leaves a P-position, and there are as many as the brute force finds
    brute_winning = sum(1 for i, h in enumerate(hs) for q in sub_moves(s)(h) if xor(g(x) for x in hs[:i] + [q] + hs[i + 1 :]) == 0)
    assert len(a.winning_moves) == brute_winning
    for m in a.winning_moves:
        assert grundy.value(m.position).outcome == "P"


@given(subtraction_sets, st.lists(st.integers(0, 9), min_size=1, max_size=3))
def test_subtraction_games_misere_play(s, hs):
    spec = f"sub:{','.join(map(str, s))} {','.join(map(str, hs))}"
    brute = sum_outcome(sub_moves(s), misere=True)
    a = grundy.value(spec, misere=True)
    assert a.outcome == brute(tuple(hs))
    assert a.nimber is None
    for m in a.winning_moves:
        assert grundy.value(m.position, misere=True).outcome == "P"


@given(octal_codes, st.lists(st.integers(0, 16), min_size=1, max_size=3))
def test_octal_games_normal_play(code, hs):
    g = heap_values(octal_moves(code), 16)
    a = grundy.value(f"octal:{code} {','.join(map(str, hs))}")
    assert a.nimber == xor(g[h] for h in hs)
    t = grundy.table(f"octal:{code}", to=16)
    assert t.tolist() == g


@given(octal_codes, st.lists(st.integers(0, 8), min_size=1, max_size=3))
def test_octal_games_misere_play(code, hs):
    moves = octal_moves(code)

    def part_moves(parts):
        # a part is a heap; a move replaces it by the heaps left
        return moves(parts)

    # search sums as multisets of heaps: a move replaces one heap by its option's heaps
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def outcome(state):
        any_move = False
        for i, h in enumerate(state):
            for option in moves(h):
                any_move = True
                rest = tuple(sorted(state[:i] + tuple(x for x in option if x > 0) + state[i + 1 :]))
                if outcome(rest) == "P":
                    return "N"
        return "P" if any_move else "N"

    state = tuple(sorted(h for h in hs if h > 0))
    a = grundy.value(f"octal:{code} {','.join(map(str, hs))}", misere=True)
    assert a.outcome == outcome(state)


chomp_boards = st.lists(st.integers(1, 5), min_size=1, max_size=3).map(
    lambda rows: sorted(rows, reverse=True)
)


@given(chomp_boards)
def test_chomp(rows):
    g = nimber(lambda p: chomp_moves(p))
    a = grundy.value(f"chomp {','.join(map(str, rows))}")
    assert a.nimber == g(tuple(rows))
    misere = sum_outcome(chomp_moves, misere=True)
    assert grundy.value(f"chomp {','.join(map(str, rows))}", misere=True).outcome == misere((tuple(rows),))


@given(chomp_boards, st.integers(0, 7))
def test_chomp_in_a_sum_with_nim(rows, heap):
    g = nimber(lambda p: chomp_moves(p))
    a = grundy.value(f"chomp {','.join(map(str, rows))} + nim {heap}")
    assert a.nimber == g(tuple(rows)) ^ heap
    assert xor(p.nimber for p in a.parts) == a.nimber


def test_chomp_p_positions_against_brute_force():
    g = nimber(lambda p: chomp_moves(p))
    found = grundy.chomp_p_positions(rows=3, to=6)
    brute = []
    for a in range(1, 7):
        for b in range(0, a + 1):
            for c in range(0, b + 1):
                rows = tuple(x for x in (a, b, c) if x > 0)
                if g(rows) == 0:
                    brute.append(rows)
    assert sorted(found) == sorted(brute)


@st.composite
def graphs(draw, acyclic: bool):
    n = draw(st.integers(1, 7))
    names = [f"v{i}" for i in range(n)]
    edges = {}
    for i, v in enumerate(names):
        pool = names[i + 1 :] if acyclic else names
        edges[v] = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3)) if pool else []
    return names, edges


def write_graph(path, names, edges):
    path.write_text("".join(f"{v} -> {' '.join(edges[v])}\n" for v in names))


@given(graphs(acyclic=True), st.data())
def test_graph_games_without_cycles(tmp_path_factory, graph, data):
    names, edges = graph
    path = tmp_path_factory.mktemp("g") / "g.txt"
    write_graph(path, names, edges)
    g = nimber(lambda v: edges[v])
    tokens = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=3))
    a = grundy.value(f"graph:{path} {','.join(tokens)}")
    assert a.nimber == xor(g(v) for v in tokens)
    t = grundy.table(f"graph:{path}")
    assert dict(zip(t.vertices, t.values)) == {v: g(v) for v in names}


@given(graphs(acyclic=False), st.data())
def test_graph_games_with_cycles(tmp_path_factory, graph, data):
    names, edges = graph
    path = tmp_path_factory.mktemp("g") / "g.txt"
    write_graph(path, names, edges)
    t = grundy.table(f"graph:{path}")
    brute = label(names, edges)
    assert dict(zip(t.vertices, t.outcomes)) == brute
    assert sorted(t.kernel) == sorted(v for v in names if brute[v] == "P")
    tokens = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=2))
    a = grundy.value(f"graph:{path} {','.join(tokens)}")
    assert a.outcome == tokens_outcome(edges, tuple(tokens))


@given(subtraction_sets, st.integers(0, 12), octal_codes, st.integers(0, 12), st.integers(0, 9))
def test_sums_of_different_games(s, a, code, b, c):
    spec = f"sub:{','.join(map(str, s))} {a} + octal:{code} {b} + nim {c}"
    g_sub = nimber(lambda n: sub_moves(s)(n))
    g_oct = heap_values(octal_moves(code), 12)
    v = grundy.value(spec)
    assert v.nimber == g_sub(a) ^ g_oct[b] ^ c
    assert [p.nimber for p in v.parts if p.nimber] == [x for x in (g_sub(a), g_oct[b], c) if x]


@pytest.mark.parametrize("hs", [(1, 1, 1), (1, 1), (2, 1), (3, 3), (1, 2, 3), (0,)])
def test_misere_nim_by_bouton(hs):
    brute = sum_outcome(lambda n: list(range(n)), misere=True)
    assert grundy.value("nim " + ",".join(map(str, hs)), misere=True).outcome == brute(hs)


def test_the_explanation_is_its_text_its_steps_and_html():
    e = grundy.explain("nim 3,5")
    assert isinstance(e, str) and isinstance(e, grundy.Explanation)
    assert e.lines[-1] == "  take 2 from the heap of 5: nim 3,3"
    steps = [s for section in e.sections for s in section]
    verdict = next(s for s in steps if s["kind"] == "verdict")
    assert verdict["outcome"] == "N"
    columns = next(s for s in steps if s["kind"] == "columns")
    assert columns["total"] == 6 and [r["value"] for r in columns["rows"]] == [3, 5]
    moves = next(s for s in steps if s["kind"] == "moves")
    assert moves["moves"] == [{"position": "nim 3,3", "description": "take 2 from the heap of 5"}]
    assert "<pre>  nim 3" in e._repr_html_()
    # The analysis carries the same explanation.
    assert grundy.value("nim 3,5", explain=True).explanation == e


def test_a_position_of_one_session_is_read_afresh_by_another():
    # Each session reads the positions it is given: one from another session, whose
    # games are numbered otherwise, is never taken for one of its own.
    other = grundy.Session()
    other.value("chomp 3x2 + cram 2x3")
    a = grundy.Session().value("nim 3 + kayles 4", explain=True)
    moved = a.winning_moves[0].position
    b = other.value(moved)
    assert str(b.position) == str(moved)
    assert b.outcome == "P" and b.nimber == 0
    assert other.explain(moved).splitlines()[0] == f"Position: {moved}"


def test_a_session_asks_whether_a_position_has_a_nimber_and_counts_what_its_board_search_learnt():
    # Cram 4x5 has nimber 2 (P. Beling, impartial-games, table "Cram"); nim 3,5 has
    # 3 XOR 5 = 6.
    s = grundy.Session()
    assert s.learnt == 0
    assert [s.has_nimber("cram 4x5", k) for k in range(4)] == [False, False, True, False]
    learnt = s.learnt
    assert learnt > 0
    # Asked again, the search finds it in its table: nothing more to learn.
    assert s.has_nimber("cram 4x5", 2) and s.learnt == learnt
    assert s.has_nimber("nim 3,5", 6) and not s.has_nimber("nim 3,5", 0)
    with pytest.raises(grundy.Error, match="'' is not a board size"):
        s.has_nimber("cram 2x", 0)


def test_what_one_session_s_board_search_learnt_is_handed_to_another():
    # Cram 5x6 has nimber 2 (P. Beling, impartial-games, table "Cram"). A session
    # that takes another's table answers without learning anything more.
    first = grundy.Session()
    assert first.value("cram 5x6").nimber == 2
    second = grundy.Session()
    second.absorb_search("cram 5x6", first.export_search("cram 5x6"))
    assert second.learnt == first.learnt
    assert [second.has_nimber("cram 5x6", k) for k in range(3)] == [False, False, True]
    assert second.learnt == first.learnt
    with pytest.raises(grundy.Error, match="not a board search"):
        second.absorb_search("cram 5x6", b"grundy board search 3\nnim\n")
    with pytest.raises(grundy.Error, match="'nim 3'"):
        second.export_search("nim 3")
