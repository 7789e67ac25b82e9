"""The census on a local Ray instance with two workers, on codes small enough for
CI, each period confirmed by the brute force; files resumed, not recomputed."""

from __future__ import annotations

import pytest

from brute import heap_values, least_period, octal_moves, proved_period_holds
from grundy import census as c

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_codes_of_a_shape():
    two = c.codes("0.dd")
    assert len(two) == 56 and two[0] == "0.01" and two[-1] == "0.77"
    assert "0.70" not in two and "0.07" in two
    assert c.codes("0.d7") == [f"0.{d}7" for d in "01234567"]
    assert len(c.codes("4.dd")) == 56 and c.codes("4.dd")[0] == "4.01"
    assert len(c.codes("0.ddd")) == 448
    with pytest.raises(ValueError):
        c.codes("0.xy")


SMALL = c.codes("0.d3") + ["0.07", "0.77", "0.14", "0.6"]
N = 3000


def test_a_census_on_ray_classifies_every_code(local_ray, tmp_path):
    out = str(tmp_path / "census.csv")
    seen = []
    rows = c.census(SMALL, N, out, progress=seen.append)
    assert [r["code"] for r in rows] == SMALL
    assert sorted(r["code"] for r in seen) == sorted(SMALL)
    for r in rows:
        values = heap_values(octal_moves(r["code"]), min(r["last_heap"], 1500))
        assert r["max_value"] >= max(values)
        if r["status"] == "proved":
            # the brute force's values repeat with the period the census proved,
            # and show no shorter period
            pre, per = r["preperiod"], r["period"]
            long = heap_values(octal_moves(r["code"]), max(4 * (pre + per) + 10, 200))
            assert proved_period_holds(long, pre, per)
            assert least_period(long) == (pre, per)
            assert r["last_heap"] <= N
        else:
            assert r["status"] == "open"
            assert r["last_heap"] == N
    by_code = {r["code"]: r for r in rows}
    assert (by_code["0.07"]["period"], by_code["0.07"]["preperiod"]) == (34, 53)
    assert (by_code["0.77"]["period"], by_code["0.77"]["preperiod"]) == (12, 71)
    assert by_code["0.6"]["status"] == "open"
    assert c.read(out) == [by_code[r["code"]] for r in c.read(out)]


def test_a_census_resumes_from_its_file(local_ray, tmp_path):
    out = str(tmp_path / "census.parquet")
    first = c.census(SMALL[:6], 2000, out)
    again = []
    rows = c.census(SMALL[:6], 2000, out, progress=again.append)
    assert again == [] and rows == first
    # more codes, and a larger N: only the new codes and the open ones are computed
    more = []
    rows = c.census(SMALL, 2500, out, progress=more.append)
    open_before = {r["code"] for r in first if r["status"] == "open"}
    assert {r["code"] for r in more} == set(SMALL[6:]) | open_before
    assert len(c.read(out)) == len(SMALL)
    assert [r["code"] for r in rows] == SMALL


def test_the_census_command(local_ray, tmp_path, capsys):
    out = str(tmp_path / "c.csv")
    assert c.main(["0.d1", "--to", "500", "--out", out]) == 0
    printed = capsys.readouterr().out
    assert "0.71     proved" in printed
    assert "8 codes to heap 500" in printed


def test_format_rows():
    row = c.classify("0.07", 1000)
    assert row["status"] == "proved" and row["period"] == 34
    text = c.format_rows([row])
    assert text.splitlines()[1].split()[:4] == ["0.07", "proved", "34", "53"]
    bad = c.classify("0.g", 10)
    assert bad["status"] == "error" and "0.g" in bad["note"]
