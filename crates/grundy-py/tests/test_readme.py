"""The Python examples of the README and of the user guide (docs/), and the module's
docstring examples, run and print what they show; the guide's census table agrees
with the census."""

from __future__ import annotations

import doctest
import re

import pytest

import grundy
import grundy.analysis
import grundy.census
import grundy.positions
import grundy.tables
from conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(language: str):
    """Every page's code blocks in `language`: (the page, the line it starts on, its text)."""
    found = []
    for path in PAGES:
        page, text = path.relative_to(ROOT).as_posix(), path.read_text()
        for m in re.finditer(rf"^```{language}\n(.*?)^```$", text, re.S | re.M):
            found.append((page, text[: m.start()].count("\n") + 2, m.group(1)))
    return found


def run_doctest(text: str, globs: dict, page: str, lineno: int) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, globs, f"{page}:{lineno}", page, lineno)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = []
    runner.run(test, out=out.append, clear_globs=False)
    assert runner.failures == 0, "".join(out)
    globs.update(test.globs)  # the next block sees this one's names (the test copied them)


def test_the_python_examples_of_the_readme_and_the_guide_print_what_they_show():
    examples = blocks("pycon")
    assert len(examples) >= 4
    globs_of_page: dict = {}  # a page's blocks share their names
    for page, lineno, text in examples:
        run_doctest(text, globs_of_page.setdefault(page, {}), page, lineno)


@pytest.mark.parametrize(
    "module", [grundy, grundy.positions, grundy.analysis, grundy.tables, grundy.census]
)
def test_the_docstring_examples_print_what_they_show(module):
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = []
    for test in finder.find(module, globs={"grundy": grundy, "Position": grundy.Position}):
        runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


def test_help_reads_well():
    doc = grundy.value.__doc__
    assert doc and doc.startswith("Who wins from a position")
    for name in grundy.__all__:
        obj = getattr(grundy, name)
        if callable(obj):
            assert obj.__doc__, name


def census_table():
    """The rows of the guide's census table: code -> (status, period, preperiod, max, last)."""
    text = (ROOT / "docs" / "census.md").read_text()
    rows = {}
    for line in text.splitlines():
        m = re.match(r"^(0\.\d\d)\s+(proved|open)\s+(\d*)\s+(\d*)\s+(\d+)\s+(\d+)", line)
        if m:
            code, status, period, pre, mx, last = m.groups()
            rows[code] = (status, period and int(period), pre and int(pre), int(mx), int(last))
    return rows


def test_the_guide_s_census_table_agrees_with_the_census():
    rows = census_table()
    assert len(rows) == 56
    for code, (status, period, pre, mx, last) in rows.items():
        if status == "proved" and last < 5000:
            r = grundy.census.classify(code, last)
            assert (r["status"], r["period"], r["preperiod"], r["max_value"], r["last_heap"]) == (
                status,
                period,
                pre,
                mx,
                last,
            ), code


def test_the_guide_s_census_example_runs(tmp_path):
    ray = pytest.importorskip("ray")
    [(page, lineno, code)] = [b for b in blocks("python") if "census(" in b[2]]
    small = code.replace("to=1_000_000", "to=2000").replace('"census.parquet"', repr(str(tmp_path / "c.parquet")))
    assert small != code
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        globs: dict = {}
        exec(compile(small, f"{page}:{lineno}", "exec"), globs)
        assert len(globs["rows"]) == 56
    finally:
        ray.shutdown()
