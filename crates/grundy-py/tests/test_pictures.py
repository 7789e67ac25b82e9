"""Pictures in Python: a position's and a period's HTML for Jupyter (a table, with the
library's picture), a heap table's SVG (the library's plot, as `grundy draw GAME --to
N` prints it) and its matplotlib plot (checked on the data of an Agg figure), and the
ImportError where matplotlib is missing."""

from __future__ import annotations

import sys

import matplotlib
import numpy as np
import pytest

import grundy

matplotlib.use("Agg")


def test_a_positions_html_is_a_table_with_its_picture():
    html = grundy.Position("nim 3,4")._repr_html_()
    assert html.startswith("<table>") and "<pre>" not in html
    assert "<code>nim 3,4</code>" in html
    assert html.count("<circle") == 7
    assert grundy.Position("nim 3,4")._repr_svg_() in html
    # A sum has no picture; its parts are listed.
    html = grundy.Position("nim 3 + kayles 5")._repr_html_()
    assert "<svg" not in html
    assert "2 parts" in html and "<code>kayles 5</code>" in html


def test_a_periods_html_is_a_table_with_the_values_drawn():
    html = grundy.period("kayles")._repr_html_()
    assert html.startswith("<table>") and "<pre>" not in html
    assert "12 from heap 71" in html and "by the periodicity theorem" in html
    # The picture: heaps 0 to twice the preperiod (more than 71 + 4 × 12), the
    # period shaded.
    assert "period 12 from 71" in html
    assert "g(n) of kayles for n from 0 to 142" in html
    none = grundy.period("sub-squares", to=2000)
    assert none.period is None
    html = none._repr_html_()
    assert "none seen up to heap" in html and "<svg" not in html
    with pytest.raises(ValueError, match="no period of sub-squares was seen"):
        none.svg()


def test_a_tables_svg_is_the_commands(cli):
    t = grundy.table("kayles", to=200)
    assert t.svg() == cli.text("draw", "kayles", "--to", "200")
    assert "period 12 from 71" in t.svg()
    assert t.svg(histogram=True) == cli.text("draw", "kayles", "--to", "200", "--histogram")
    misere = grundy.table("kayles", to=30, misere=True)
    assert misere.svg() == cli.text("draw", "kayles", "--to", "30", "--misere")
    big = grundy.table("grundy-game", to=20_000)
    assert big.svg() == cli.text("draw", "grundy-game", "--to", "20000")


def test_a_python_games_table_is_drawn_too():
    class Take12(grundy.Game):
        def moves(self, n):
            return [n - k for k in (1, 2) if k <= n]

    t = grundy.table(Take12(), to=9)
    svg = t.svg()
    assert "g(n) of take12 for n from 0 to 9" in svg
    assert "<title>g(4) = 1</title>" in svg


def test_plot_draws_the_values_with_p_positions_in_red():
    t = grundy.table("kayles", to=100)
    ax = t.plot()
    values, p = ax.lines
    assert values.get_xdata().tolist() == list(range(101))
    assert values.get_ydata().tolist() == t.tolist()
    assert p.get_xdata().tolist() == t.p_positions.tolist()
    assert p.get_ydata().tolist() == [0] * len(t.p_positions)
    assert p.get_color() == "#c0392b"
    assert ax.get_xscale() == "linear"
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("n", "g(n)")


def test_plot_shades_a_period_and_takes_a_log_axis_for_many_heaps():
    period = grundy.period("kayles")
    ax = grundy.table("kayles", to=20_000).plot(period=period)
    assert ax.get_xscale() == "symlog"
    (band,) = ax.patches
    assert band.get_label() == "period 12 from 71"
    assert (band.get_x(), band.get_x() + band.get_width()) == (71, 20_000)


def test_plot_histogram_counts_each_value():
    t = grundy.table("octal:0.6", to=3000)
    fig = matplotlib.figure.Figure()
    ax = t.plot(fig.add_subplot(), histogram=True)
    counts = np.bincount(t.view(np.ndarray))
    heights = [bar.get_height() for bar in ax.patches]
    assert heights[: len(counts)] == counts.tolist()
    assert heights[len(counts)] == counts[0]  # value 0, the P-positions, in red
    assert sum(heights[: len(counts)]) == 3001


def test_a_misere_plot_shows_outcomes():
    t = grundy.table("kayles", to=20, misere=True)
    ax = t.plot()
    (values, p) = ax.lines
    assert values.get_ydata().tolist() == [0 if o == "P" else 1 for o in t.tolist()]
    assert [label.get_text() for label in ax.get_yticklabels()] == ["P", "N", "D"]
    with pytest.raises(ValueError, match="outcomes only"):
        t.plot(histogram=True)


def test_plot_without_matplotlib_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"HeapTable.plot draws with matplotlib, which is not installed: pip install matplotlib"):
        grundy.table("kayles", to=10).plot()
    # The SVG needs no matplotlib.
    assert grundy.table("kayles", to=10).svg().startswith("<svg")
