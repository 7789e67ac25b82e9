"""The census on a local Ray instance with two workers, on codes small enough for
CI, each period confirmed by the brute force; files resumed, not recomputed; files
of another version, damaged or of other codes refused; proved rows compared with
the published tables; the summary and the picture. (On a cluster of several
nodes: test_census_cluster.py.)"""

from __future__ import annotations

import json
import os
import re
from xml.etree import ElementTree

import numpy as np
import pytest

import grundy
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


# Published values. A. Flammenkamp, "Sprague-Grundy Values of Octal-Games",
# https://wwwhomes.uni-bielefeld.de/achim/octal.html (every code 0.ddd and 4.ddd),
# and the OEIS entries of single codes, which cite it:
# - A002186, Kayles (0.77 and 0.771): period 12 from heap 71 ("from n=71 on, the
#   sequence is periodic with period 12"); 4.41 has the values a(n-1).
# - A002187, Dawson's Chess (0.137): period 34, the last exception at n = 51;
#   Dawson's Kayles 0.07 has the values a(n-1), 0.401 the values a(n-2).
# - A071435, 0.177: period 20, the last exception at n = 496; 0.450 to 0.453 have
#   the values a(n-1).
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
]  # fmt: skip
A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]  # fmt: skip
# code: (published values from heap 0, or None; preperiod, period)
PUBLISHED = {
    "0.77": (A002186, 71, 12),
    "0.771": (A002186, 71, 12),
    "4.41": ([0] + A002186, 72, 12),
    "0.137": (A002187, 52, 34),
    "0.07": ([0] + A002187, 53, 34),
    "0.401": ([0, 0] + A002187, 54, 34),
    "0.177": (None, 497, 20),
    "0.451": (None, 498, 20),
}


@pytest.mark.parametrize("code", PUBLISHED)
def test_proved_rows_are_the_published_ones(code):
    values, preperiod, period = PUBLISHED[code]
    row = c.classify(code, 100_000)
    assert (row["status"], row["preperiod"], row["period"], row["saltus"]) == ("proved", preperiod, period, 0)
    if values is not None:
        assert list(grundy.table(f"octal:{code}", to=len(values) - 1)) == values
        assert row["max_value"] == max(values)


def test_hexadecimal_codes_and_arithmetic_periodicity():
    hexadecimal = c.codes("4.xx")
    assert len(hexadecimal) == 240 and hexadecimal[:2] == ["4.01", "4.02"] and "4.f7" in hexadecimal
    assert "4.f0" not in hexadecimal
    # 4.9 (take one chip and leave one or three heaps; or split a heap in two):
    # its values grow by 4 every 12 heaps from heap 16, as the brute force shows.
    row = c.classify("4.9", 600)
    assert (row["status"], row["period"], row["saltus"], row["preperiod"]) == ("arithmetic-periodic", 12, 4, 16)
    g = heap_values(octal_moves("4.9"), 200)
    assert all(g[n + 12] == g[n] + 4 for n in range(16, 189)) and g[15 + 12] != g[15] + 4
    assert c.format_rows([row]).splitlines()[1].split()[:3] == ["4.9", "arithmetic-periodic", "12+4"]


ROWS = [c.classify(code, 3000) for code in ["0.07", "0.14", "0.6", "4.9", "0.g"]]


def test_a_file_of_another_version_or_damaged_or_of_other_codes_is_refused(tmp_path):
    out = tmp_path / "census.csv"
    c._write(str(out), "0.07 0.14 0.6 4.9 0.g", ROWS)
    assert c.read(str(out)) == ROWS
    first, rest = out.read_text().split("\n", 1)
    assert first.startswith('# grundy census {"format": 2, "grundy": "')
    # a row changed by hand, or the file cut short: damaged
    for damaged in (rest.replace(",34,", ",35,", 1), rest[: len(rest) // 2]):
        out.write_text(first + "\n" + damaged)
        with pytest.raises(grundy.FileError, match="is damaged: its rows do not match its checksum"):
            c.read(str(out))
    # another version of grundy, or the census before stamps
    out.write_text(first.replace(f'"grundy": "{grundy.__version__}"', '"grundy": "0.0.1"') + "\n" + rest)
    with pytest.raises(grundy.FileError, match=r"another version of the census \(grundy 0\.0\.1, census format 2"):
        c.read(str(out))
    out.write_text(rest)
    with pytest.raises(grundy.FileError, match="an earlier version of grundy, with no stamp"):
        c.read(str(out))
    # other codes: refused before any work, also by the command (exit 2)
    c._write(str(out), "0.07 0.14 0.6 4.9 0.g", ROWS)
    with pytest.raises(grundy.FileError, match=r"holds the census of other codes \(0\.14, 0\.6, 4\.9, …\), not of 0\.07"):
        c.census("0.07", 3000, str(out))
    assert c.main(["0.d7", "--to", "10", "--out", str(out)]) == 2


def test_a_file_that_is_not_a_census_is_refused_and_left_as_it_was(tmp_path):
    # The check --save makes: a text file, a folder, a FIFO, a link are refused
    # before Ray starts, even with --fresh, and left as they were.
    notes = tmp_path / "notes.csv"
    notes.write_text("a,b\n1,2\n")
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    link = tmp_path / "link.csv"
    link.symlink_to(notes)
    before = sorted(p.name for p in tmp_path.iterdir())
    for out, words in [
        (notes, "it does not start with '# grundy census'"),
        (folder, "it is a directory, not a regular file"),
        (fifo, "it is a FIFO, not a regular file"),
        (link, "it is a symbolic link, not a regular file"),
    ]:
        for resume in (True, False):
            with pytest.raises(grundy.FileError, match=re.escape(words)) as refused:
                c.census("0.07", 100, str(out), resume=resume)
            assert str(refused.value).startswith("cannot keep the census in '")
    assert notes.read_text() == "a,b\n1,2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_parquet_files_carry_the_stamp(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = str(tmp_path / "census.parquet")
    c._write(out, "codes", ROWS)
    assert c.read(out) == ROWS
    table = pq.read_table(out)
    stamp = json.loads(table.schema.metadata[b"grundy.census"])
    assert (stamp["format"], stamp["shape"]) == (2, "codes")
    pq.write_table(table.replace_schema_metadata({}), out)
    with pytest.raises(grundy.FileError, match="with no stamp"):
        c.read(out)


def test_the_summary_and_the_picture():
    text = c.summary(ROWS, 3000).splitlines()
    assert text[0].split()[:2] == ["status", "codes"]
    by_status = {line.split()[0]: line.split() for line in text[1:-1]}
    assert by_status["proved"][1:4] == ["1", "34", "(0.07)"]
    assert by_status["arithmetic-periodic"][1:4] == ["1", "12", "(4.9)"]
    assert by_status["open"][1] == "2" and by_status["error"][1] == "1"
    assert text[-1] == "5 codes to heap 3000: 1 proved, 4 open"
    values = {"0.14": np.asarray(grundy.table("octal:0.14", to=3000))}
    picture = ElementTree.fromstring(c.svg(ROWS, values.get))
    ns = "{http://www.w3.org/2000/svg}"
    cells = [r for r in picture.iter(f"{ns}rect") if r.find(f"{ns}title") is not None]
    assert [r.find(f"{ns}title").text.split(":")[0] for r in cells] == [r["code"] for r in ROWS]
    assert [r.get("fill") for r in cells] == [c._COLOURS[r["status"]] for r in ROWS]
    [curve] = picture.iter(f"{ns}polyline")
    assert curve.find(f"{ns}title").text == "0.14"
    # the curve ends at the largest value, at the top of the plot
    top = float(next(r for r in picture.iter(f"{ns}rect") if r.get("fill") == "none").get("y"))
    assert float(curve.get("points").split()[-1].split(",")[1]) == top


def test_a_split_search_refuses_a_bad_position_before_starting_ray(capsys):
    from grundy import split

    assert split.main(["cram 2x"]) == 2
    assert capsys.readouterr().err == "error: '' is not a board size: expected a whole number from 1\n"
    with pytest.raises(ValueError, match="depth 0: a split search goes at least one move down"):
        split.value("cram 2x2", depth=0)


def test_a_split_search_asks_once_of_twin_options():
    from grundy import _native

    # Cram 4x9's 59 options are 18 shapes up to the board's four symmetries (its
    # reflections and half turn): a domino and its mirror images are one question.
    forms = {_native.canonical_form(spec) for spec, _ in _native.options("cram 4x9")}
    assert len(_native.options("cram 4x9")) == 59 and len(forms) == 18
    corner = _native.canonical_form("cram ##......./........./........./.........")
    for twin in ["cram .......##/........./........./.........", "cram ........./........./........./##......."]:
        assert _native.canonical_form(twin) == corner
    assert _native.canonical_form("cram #......../#......../........./.........") != corner
    # A twin has the board's value; games without symmetries are as written.
    assert grundy.value(corner).nimber == grundy.value("cram .......##/........./........./.........").nimber
    assert _native.canonical_form("nim 3,4,5") == "nim 3,4,5"


def test_a_split_search_refuses_a_checkpoint_it_did_not_write_and_leaves_it_as_it_was(tmp_path, capsys):
    from grundy import split

    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"my notes\n")
    assert split.main(["cram 2x2", "--checkpoint", str(notes)]) == 2
    assert "is not a split search's checkpoint" in capsys.readouterr().err
    assert notes.read_bytes() == b"my notes\n"
    other = tmp_path / "other.split"
    other.write_text(split.CHECKPOINT + '\n{"position": "cram 3x3", "answers": {}}\n')
    with pytest.raises(ValueError, match="is the checkpoint of 'cram 3x3', not of 'cram 2x2'"):
        split.value("cram 2x2", checkpoint=str(other))
