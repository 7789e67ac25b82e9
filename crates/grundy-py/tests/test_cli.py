"""The module says what the `grundy` command says: the same JSON objects, the same
text, the NumPy table equal to `grundy table --json`."""

from __future__ import annotations

import re

import numpy as np
import pytest

import grundy
from conftest import words


@pytest.mark.parametrize(
    "game, to",
    [("octal:0.6", 3000), ("kayles", 200), ("sub:1,3,4", 100), ("grundy-game", 300), ("octal:4.07", 500)],
)
def test_the_numpy_table_equals_the_commands_json(cli, game, to):
    t = grundy.table(game, to=to)
    assert isinstance(t, np.ndarray) and t.dtype == np.uint16
    expected = cli.json("table", game, "--to", str(to))
    assert t.tolist() == expected["values"]
    assert t.to_dict() == expected
    assert t.outcomes.tolist() == expected["outcomes"]


@pytest.mark.parametrize("game, to", [("nim", 30), ("sub-squares", 60)])
def test_tables_from_the_search_equal_the_commands_json(cli, game, to):
    t = grundy.table(game, to=to)
    expected = cli.json("table", game, "--to", str(to))
    assert t.tolist() == expected["values"]
    assert t.to_dict() == expected


@pytest.mark.parametrize("game", ["kayles", "sub:1,2", "nim", "dawson-kayles"])
def test_misere_tables_equal_the_commands_json(cli, game):
    t = grundy.table(game, to=16, misere=True)
    expected = cli.json("table", game, "--to", "16", "--misere")
    assert t.to_dict() == expected
    assert t.tolist() == expected["outcomes"]


def test_graph_and_chomp_tables_equal_the_commands_json(cli, root):
    for name in ("dag.txt", "cycle.txt"):
        spec = f"graph:{root / 'examples' / name}"
        assert grundy.table(spec).to_dict() == cli.json("table", spec)
    assert grundy.table("chomp", rows=3, to=12).to_dict() == cli.json("table", "chomp", "--rows", "3", "--to", "12")
    found = grundy.chomp_p_positions(rows=3, to=12)
    assert [list(p) for p in found] == cli.json("table", "chomp", "--rows", "3", "--to", "12")["p_positions"]


SPECS = [
    "nim 13,12,8",
    "sub:1,3,4 100",
    "kayles 7 + nim 3",
    "chomp 8,5,1",
    "hackenbush g-a,a-b,a-c,c-c",
    "chomp 6x6",
    "cram 3x4",
    "divisors 30 + chomp 3,1",
    "turtles THTTH",
    "wythoff 5,3",
]


# Theorems, without search: Fibonacci Nim's (under misère play a pile plays as the
# normal one a chip smaller), and a Chomp board valued by strategy stealing.
THEOREMS = [
    ("fibonacci 1000000", False),
    ("fibonacci 1000000", True),
    ("chomp 9,9,9,9,9,9", False),
    ("chomp 9,9,9,9,9,9", True),
]


def _same_budget(answer):
    """The answer without the setting its reasons name for raising the budget."""
    if isinstance(answer, dict):
        return {k: _same_budget(v) for k, v in answer.items()}
    if isinstance(answer, str):
        return re.sub(r"; raise the budget with [^)]*", "", answer)
    return answer


@pytest.mark.parametrize("spec, misere", [(s, m) for s in SPECS for m in (False, True)] + THEOREMS)
def test_value_and_explain_equal_the_command(cli, spec, misere):
    flags = ["--misere"] if misere else []
    a = grundy.value(spec, misere=misere, explain=True)
    # Why a part is missing names each front end's own setting: max_positions= or
    # --max-positions.
    assert _same_budget(a.to_dict()) == _same_budget(cli.json("value", *words(spec), *flags))
    # The same lines; the command prints what a theorem gives first where its search
    # takes longer than a quick one (the order then depends on the machine's speed).
    printed = _same_budget(cli.text("value", *words(spec), *flags)).splitlines()
    assert sorted(_same_budget(str(a)).splitlines()) == sorted(printed)
    assert a.explain() + "\n" == cli.text("explain", *words(spec), *flags)
    assert grundy.explain(spec, misere=misere) == a.explain()


def test_a_theorem_names_a_winning_move_where_the_others_are_not_searched_for(cli):
    # Tweedledum and Tweedledee: on 8 x 7 the domino across the centre leaves a board
    # on which the first player copies the second in a half turn.
    a = grundy.value("cram 8x7", outcome_only=True)
    assert a.outcome == grundy.Outcome.N
    assert [m.description for m in a.winning_moves] == ["place a domino on (4,4) (4,5)"]
    assert a.winning_moves_not_computed.startswith("Tweedledum and Tweedledee")
    assert "not all computed" in a._repr_html_()
    assert a.to_dict() == cli.json("value", "cram", "8x7", "--outcome-only")


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("misere", [False, True])
def test_moves_equal_the_command(cli, spec, misere):
    flags = ["--misere"] if misere else []
    moves = cli.json("moves", *words(spec), *flags)["moves"]
    assert [m.to_dict() for m in grundy.value(spec, misere=misere, all_moves=True).moves] == moves
    assert [m.to_dict() for m in grundy.moves(spec, misere=misere)] == moves


@pytest.mark.parametrize("game", ["kayles", "dawson-kayles", "octal:0.137", "sub:1,3,4", "octal:0.16"])
def test_period_equals_the_command(cli, game):
    p = grundy.period(game, to=20000)
    assert p.to_dict() == cli.json("period", game, "--to", "20000")


@pytest.mark.parametrize("spec", ["hackenbush g-a,a-b,a-c,c-c", "chomp 8,5,1", "cram 3x4"])
def test_draw_equals_the_command(cli, spec):
    svg = grundy.draw(spec)
    assert svg.rstrip() == cli.text("draw", *words(spec)).rstrip()
    assert grundy.Position(spec)._repr_svg_() == svg


def test_table_save_and_resume(tmp_path, cli):
    path = str(tmp_path / "kayles.g16")
    first = grundy.table("kayles", to=1000, save=path)
    again = grundy.table("kayles", to=3000, resume=path)
    assert again[:1001].tolist() == first.tolist()
    assert again.tolist() == cli.json("table", "kayles", "--to", "3000")["values"]


def test_the_table_is_not_copied_element_by_element():
    t = grundy.table("octal:0.6", to=1_000_000)
    assert t.dtype == np.uint16 and len(t) == 1_000_001
    # the array owns the engine's vector: no Python object per value
    assert t.view(np.ndarray).nbytes == 2 * len(t)


def test_jupyter_reprs():
    a = grundy.value("nim 13,12,8 + kayles 5")
    html = a._repr_html_()
    assert "nim 13,12,8 + kayles 5" in html and "<table>" in html and "winning moves" in html
    assert "P-positions shaded" in grundy.table("kayles", to=30)._repr_html_()
    assert "<table>" in grundy.period("kayles")._repr_html_()
    assert "P-positions" in grundy.table("chomp", rows=2, to=5)._repr_html_()
    assert grundy.Position("chomp 3,2")._repr_svg_().lstrip().startswith("<svg")
    # Every family draws: Kayles as a row of chips.
    assert grundy.Position("kayles 3")._repr_svg_().count('class="chip"') == 3


def test_games_lists_every_family():
    names = [f.syntax for f in grundy.games()]
    assert "nim" in names and "octal:CODE" in names and "chomp" in names


def test_games_gives_each_family_the_registry_entry_the_playground_reads():
    # games() gave (syntax, description) pairs; it gives Family tuples now, whose
    # first two fields are that pair (f[0], f[1] and f[:2] read as before, but
    # unpacking takes all the fields).
    families = grundy.games()
    nim = families[0]
    assert isinstance(nim, grundy.Family)
    assert nim[:2] == ("nim", "Nim: take any number of chips from one heap")
    assert (nim.name, nim.group, nim.start) == ("nim", "Nim", "nim 3,4,5")
    assert (nim.heap_game, nim.start_graph) == (True, None)
    by_name = {f.name: f for f in families}
    assert not by_name["chomp"].heap_game
    assert by_name["kayles"].heap_game and by_name["grundy-game"].heap_game
    assert by_name["graph"].start == "graph:inline f"
    assert by_name["graph"].start_graph.startswith("a -> b c\n")


def test_statistics_are_the_cli_s(cli):
    # Kayles: the rare values (under the mask 15) end at heap 70, where its period of
    # 12 begins; its largest value, 8, first at heap 27.
    s = grundy.statistics("kayles", 1500)
    assert (s.mask, s.rare, s.last_rare, s.largest, s.largest_first) == (15, 10, 70, 8, 27)
    assert [h.below for h in s.histograms] == [1024, 1501]
    assert sum(s.histograms[0].counts) == 1024
    assert s.to_dict() == cli.json("table", "kayles", "--to", "1500", "--stats")
    assert str(s) + "\n" == cli.text("table", "kayles", "--to", "1500", "--stats")
    with pytest.raises(grundy.ParseError, match="'staircase' is not a heap game"):
        grundy.statistics("staircase", 5)
