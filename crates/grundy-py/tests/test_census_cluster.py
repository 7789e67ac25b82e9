"""The census and a split board search on a Ray cluster of three nodes on this
machine, started as a user starts one (ray_cluster.py: ``ray start``, token
authentication): run through ``--address`` and ``address=``; the driver killed
and run again (only what is missing is computed); a worker node killed in the
middle (every row as in a run left alone). The cluster is stopped at the end,
also when a test fails."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from typing import Any, Dict, List, Tuple

import pytest

import ray_cluster
from grundy import census as c

pytest.importorskip("ray")

# Codes whose values keep growing: each takes many steps of CHUNK heaps.
OPEN = ["0.76", "0.06", "0.04", "0.74", "0.37", "0.36"]
N = 80_000
CHUNK = 8192


@pytest.fixture(scope="module")
def cluster():
    started = ray_cluster.start(workers=2)
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="module")
def undisturbed() -> Dict[str, Dict[str, Any]]:
    """The rows of OPEN to N as one machine computes them, with no Ray."""
    return {code: c.classify(code, N, chunk=CHUNK) for code in OPEN}


def without_seconds(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def steps(stderr: str) -> Tuple[Dict[str, List[Tuple[int, int]]], Dict[str, str]]:
    """What a census command reported: the heaps of each step of each code, and
    each finished code's status."""
    found: Dict[str, List[Tuple[int, int]]] = {}
    for code, first, last in re.findall(r"^  (\S+): heaps (\d+) to (\d+)$", stderr, re.M):
        found.setdefault(code, []).append((int(first), int(last)))
    finished = dict(re.findall(r"^  (\S+): (proved|open|arithmetic-periodic|error)$", stderr, re.M))
    return found, finished


def test_the_cluster_has_three_nodes_of_one_cpu_with_a_token(cluster):
    script = (
        "import ray; ray.init(address=%r, log_to_driver=False); "
        "print(int(ray.cluster_resources()['CPU']), len({n['NodeID'] for n in ray.nodes() if n['Alive']}))"
    )
    out = subprocess.run([sys.executable, "-c", script % cluster.address], env=cluster.env, capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["3", "3"], out.stderr
    assert len({n.group for n in cluster.nodes}) == 3 and all(n.pids() for n in cluster.nodes)
    # without the token, or with another, the cluster answers nothing
    status = [ray_cluster.ray_command(), "status", "--address", cluster.address]
    assert subprocess.run(status, env=cluster.env, capture_output=True, timeout=120).returncode == 0
    without = {k: v for k, v in cluster.env.items() if not k.startswith("RAY_AUTH")}
    wrong = dict(without, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN="0" * 64)
    for env in (dict(without, RAY_AUTH_MODE="disabled"), wrong):
        refused = subprocess.run(status, env=env, capture_output=True, text=True, timeout=120)
        assert refused.returncode != 0 and "InvalidAuthToken" in refused.stdout + refused.stderr


def test_a_census_through_the_address_option(cluster, tmp_path):
    out = str(tmp_path / "census.csv")
    code, stdout, stderr = ray_cluster.Driver(["0.d3", "0.07", "0.77", "--to", "3000", "--out", out], cluster).finish(timeout=300)
    assert code == 0, stderr
    codes = c.codes("0.d3") + ["0.07", "0.77"]
    expected = [c.classify(code, 3000) for code in codes]
    assert without_seconds(c.read(out)) == without_seconds(expected)
    assert "10 codes to heap 3000: 9 proved, 1 open" in stdout


def test_a_census_through_the_address_keyword(cluster, tmp_path):
    out = str(tmp_path / "census.parquet")
    script = (
        "import json, sys; from grundy.census import census; "
        "rows = census(['0.137', '0.14'], 5000, %r, address=%r, chunk=1024); print(json.dumps(rows))"
    )
    run = subprocess.run([sys.executable, "-c", script % (out, cluster.address)], env=cluster.env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    rows = json.loads(run.stdout.splitlines()[-1])
    assert without_seconds(rows) == without_seconds([c.classify("0.137", 5000, chunk=1024), c.classify("0.14", 5000, chunk=1024)])
    assert without_seconds(c.read(out)) == without_seconds(rows)
    # the open code's values stay for a census to a larger N
    assert os.path.exists(out + ".checkpoints/0.14.values") and not os.path.exists(out + ".checkpoints/0.137.values")


def test_a_killed_driver_run_again_computes_only_what_is_missing(cluster, undisturbed, tmp_path):
    out = str(tmp_path / "census.csv")
    args = [*OPEN, "--to", str(N), "--chunk", str(CHUNK), "--out", out]
    first = ray_cluster.Driver(args, cluster, start_new_session=True)
    checkpoints = out + ".checkpoints"

    def some_done_some_not() -> bool:
        assert first.running(), first.output()
        done = {r["code"] for r in c.read(out)} if os.path.exists(out) else set()
        kept = {f[: -len(".values")] for f in os.listdir(checkpoints) if f.endswith(".values")} if os.path.isdir(checkpoints) else set()
        return bool(done) and bool(kept - done)

    try:
        ray_cluster.wait_until(some_done_some_not, 120, "a code finished and another checkpointed")
    finally:
        os.killpg(first.process.pid, signal.SIGKILL)
        first.process.wait()
    # the file is whole (read checks its checksum); what it and the checkpoints hold
    done = {r["code"] for r in c.read(out)}
    kept = {code: len(c._load_checkpoint(out, code)[0]) for code in OPEN if code not in done and os.path.exists(c._checkpoint(out, code))}
    assert done and kept and set(OPEN) - done
    code, _, stderr = ray_cluster.Driver(args, cluster).finish(timeout=300)
    assert code == 0, stderr
    computed, finished = steps(stderr)
    # only the codes missing were computed, each from its checkpoint to heap N
    assert set(finished) == set(OPEN) - done
    assert set(computed) <= set(finished)
    for code in finished:
        heaps = computed.get(code, [])
        start = kept.get(code, 0)
        # A code whose checkpoint held every heap (killed before its row was
        # written) is finished with nothing computed.
        starts = [start] + [last + 1 for _, last in heaps[:-1]] if start <= N else []
        assert [first for first, _ in heaps] == starts
        assert sum(last - first + 1 for first, last in heaps) == N + 1 - start
    assert without_seconds(c.read(out)) == without_seconds([undisturbed[code] for code in OPEN])


# Cram 4x7 (nimber 3): in waves k = 0 to 3 each option not yet known is asked
# whether its nimber is k, once for all its images under the board's symmetries
# (their canonical form), 40 questions in all (135 before twins were folded); Cram
# 4x9 (nimber 1): 24 (81); Cram 3x5: positions two moves down, 88 (317). The work
# of the three workers, who share what they learn between rounds, is at most
# `bound` times one search's (measured: 1.8 on 4x7, 1.3 on 4x9; the split of whole
# nimbers of every option took 14 times one search's on 4x9 with two).
@pytest.mark.parametrize(
    "board, depth, tasks, bound", [("cram 4x7", 1, 40, 2.5), ("cram 4x9", 1, 24, 1.5), ("cram 3x5", 2, 88, 4.0)]
)
def test_a_split_board_search_answers_as_one_machine(cluster, board, depth, tasks, bound, tmp_path):
    kept = str(tmp_path / "board.split")
    script = (
        "import json, grundy; from grundy.split import value; v = value(%r, address=%r, depth=%d, checkpoint=%r); "
        "s = grundy.Session(); a = s.value(%r); w = value(%r, address=%r, depth=%d, checkpoint=%r); "
        "print(json.dumps([v.nimber, a.nimber, w.nimber, [m.position for m in v.winning_moves], [str(m.position) for m in a.winning_moves], "
        "[m.position for m in w.winning_moves], v.tasks, w.tasks, v.learnt, s.learnt]))"
    )
    args = (board, cluster.address, depth, kept, board, board, cluster.address, depth, kept)
    run = subprocess.run([sys.executable, "-c", script % args], env=cluster.env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    split_nimber, nimber, again, split_wins, wins, again_wins, split_tasks, again_tasks, learnt, alone = json.loads(run.stdout.splitlines()[-1])
    assert (split_nimber, sorted(split_wins)) == (nimber, sorted(wins))
    assert split_tasks == tasks
    # Run again on its checkpoint: every answer is there, nothing is asked.
    assert (again, sorted(again_wins), again_tasks) == (nimber, sorted(wins), 0)
    assert learnt <= bound * alone, (learnt, alone)


def test_a_killed_worker_node_loses_no_row(cluster, undisturbed, tmp_path):
    # Last of the module: the cluster has a node fewer afterwards.
    out = str(tmp_path / "census.csv")
    driver = ray_cluster.Driver([*OPEN, "--to", str(N), "--chunk", str(CHUNK), "--out", out], cluster)
    busy: List[ray_cluster.Node] = []

    def a_worker_node_runs_a_step() -> bool:
        assert driver.running(), driver.output()
        busy[:] = [node for node in cluster.nodes[1:] if node.running("ray::_step")]
        return bool(busy)

    try:
        # whichever worker node the scheduler gave a step to
        ray_cluster.wait_until(a_worker_node_runs_a_step, 120, "a step running on a worker node")
        busy[0].kill()
        code, stdout, stderr = driver.finish(timeout=300)
    finally:
        driver.kill()
    assert code == 0, stderr
    assert without_seconds(c.read(out)) == without_seconds([undisturbed[code] for code in OPEN])
    assert f"{len(OPEN)} codes to heap {N}: 0 proved, {len(OPEN)} open" in stdout
