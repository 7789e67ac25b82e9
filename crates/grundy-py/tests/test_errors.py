"""Errors are Python exceptions with the engine's sentence; long computations
release the interpreter's lock and stop on Ctrl-C and at a time limit."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import grundy


@pytest.mark.parametrize(
    "spec, message",
    [
        ("nim x", "'x'"),
        ("nimm 3", "unknown game 'nimm'"),
        ("nim 3 +", "empty part"),
        ("octal:0.g 3", "octal"),
        ("chomp 3,4", "row 2 (4 squares) is longer than the row below it (3)"),
        ("kayles", "needs a position"),
    ],
)
def test_bad_specs_raise_parse_errors(cli, spec, message):
    with pytest.raises(grundy.ParseError) as e:
        grundy.value(spec)
    assert isinstance(e.value, ValueError) and isinstance(e.value, grundy.Error)
    assert message in str(e.value)
    # the same sentence as the command's
    done = cli.run("value", *spec.split())
    assert done.returncode == 2
    assert str(e.value) in done.stderr


def test_a_search_beyond_its_budget_raises_budget_error():
    with pytest.raises(grundy.BudgetError) as e:
        grundy.value("chomp 9,9,9,9,9,9 + nim 1", max_positions=100)
    assert e.value.limit == 100
    assert "more than the budget of 100 positions" in str(e.value)
    assert "max_positions" in str(e.value)
    with pytest.raises(grundy.BudgetError):
        grundy.table("kayles", to=1000, max_positions=500)
    # a misère search of Turning Turtles on 32 coins is refused at once: its
    # positions are past the budget (no misère theorem covers it)
    with pytest.raises(grundy.BudgetError):
        grundy.value("turtles " + "HT" * 16, misere=True, max_positions=100_000)


def test_other_errors():
    with pytest.raises(grundy.FileError, match="no such file"):
        grundy.value("graph:/nonexistent/file.txt a")
    with pytest.raises(grundy.TooLargeError):
        grundy.value("cram 1000x1000")
    with pytest.raises(grundy.ParseError, match="unknown method"):
        grundy.table("kayles", to=10, method="fast")
    with pytest.raises(grundy.ParseError, match="parts"):
        grundy.draw("chomp 3,2 + chomp 2")
    with pytest.raises(grundy.TooLargeError, match="too large to draw"):
        grundy.draw("nim 50001")
    with pytest.raises(TypeError):
        grundy.value(42)
    with pytest.raises(TypeError):
        grundy.value(grundy.Game())


def test_a_file_that_is_not_grundys_is_refused_and_left_as_it_was(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("a -> b\nb ->\n")
    for keep in ("save", "resume"):
        with pytest.raises(grundy.Error, match="grundy writes over no file but its own"):
            grundy.table("kayles", to=20, **{keep: str(notes)})
    with pytest.raises(grundy.Error, match="it is a directory, not a regular file"):
        grundy.table("kayles", to=20, save=str(tmp_path))
    assert notes.read_text() == "a -> b\nb ->\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_time_limit_stops_a_long_computation():
    start = time.monotonic()
    with pytest.raises(grundy.TimeoutError) as e:
        grundy.table("octal:0.76", to=5_000_000, timeout=0.3)
    assert isinstance(e.value, TimeoutError) and isinstance(e.value, grundy.StoppedError)
    assert time.monotonic() - start < 2


def test_the_lock_is_released_while_the_engine_works():
    done = []
    worker = threading.Thread(
        target=lambda: done.append(
            pytest.raises(grundy.TimeoutError, grundy.table, "octal:0.76", to=5_000_000, timeout=1.0)
        )
    )
    worker.start()
    counted = 0
    while worker.is_alive():
        counted += 1
        time.sleep(0.001)
    worker.join()
    assert done and counted > 100


CTRL_C = """
import sys, time, grundy
{setup}
print("ready", flush=True)
start = time.monotonic()
try:
    {work}
except KeyboardInterrupt:
    print("interrupted after %.2f s" % (time.monotonic() - start), flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.parametrize(
    "setup, work",
    [
        ("", "grundy.table('octal:0.76', to=5_000_000)"),
        ("", "grundy.value('cram 7x8', max_positions=10**9)"),
        (
            textwrap.dedent(
                """
                class Slow(grundy.Game):
                    def moves(self, n):
                        return [n - 1, n // 2] if n else []
                """
            ),
            "grundy.value(Slow(), 10**9, max_positions=10**9)",
        ),
    ],
    ids=["heap-sequence", "search", "python-game"],
)
def test_ctrl_c_stops_a_long_computation_within_a_second(setup, work):
    child = subprocess.Popen(
        [sys.executable, "-c", CTRL_C.format(setup=setup, work=work)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    assert child.poll() is None, child.stderr.read()
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    elapsed = time.monotonic() - sent
    assert child.returncode == 3, (out, err)
    assert "interrupted" in out
    assert elapsed < 1.5, elapsed


def test_a_slow_python_game_stops_at_its_time_limit_and_the_session_recovers():
    class Slow(grundy.Game):
        def moves(self, n):
            time.sleep(0.002)
            return [n - 1, n // 2] if n else []

    session = grundy.Session()
    game = Slow()
    start = time.monotonic()
    with pytest.raises(grundy.TimeoutError):
        session.value(game, 10**6, timeout=0.5)
    assert time.monotonic() - start < 1.5
    # A run stopped half way down (the game answers nothing once stopped, and the
    # search may value what it holds from that) is forgotten: the values found
    # afterwards are right.
    with pytest.raises(grundy.TimeoutError):
        session.value(game, 300, timeout=0.3)
    assert session.value(game, 300).nimber == grundy.Session().value(game, 300).nimber
