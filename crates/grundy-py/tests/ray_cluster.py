"""A Ray cluster of several nodes on this machine, started as a user starts one on
several machines: ``ray start --head``, then ``ray start --address=…`` for each
worker node, each node its own raylet with one CPU and a temporary folder of its
own, with the token authentication that Ray turns on (``RAY_AUTH_MODE=token``, the
token in a file named by ``RAY_AUTH_TOKEN_PATH``, here a fresh one in the cluster's
folder rather than the user's ``~/.ray/auth_token``).

Each ``ray start`` runs in a session of its own, so the processes of a node (its
raylet, agents and workers) are one process group: a node is killed by killing
those processes, and the cluster is stopped by killing every node's (``ray stop``
would stop every Ray on the machine, other users' too)."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List, Tuple


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def ray_command() -> str:
    """The `ray` command of this Python's environment."""
    return str(Path(sys.executable).with_name("ray"))


class Node:
    """One node: its name and process group."""

    def __init__(self, name: str, group: int) -> None:
        self.name, self.group = name, group

    def pids(self) -> List[int]:
        """The processes of the node that are alive: those of its process group,
        and their children (a Ray worker is in a process group of its own)."""
        parent, group = {}, {}
        for entry in filter(str.isdigit, os.listdir("/proc")):
            try:
                # /proc/PID/stat: "PID (NAME) STATE PPID PGRP …"; a zombie is dead.
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[0] != "Z":
                parent[int(entry)], group[int(entry)] = int(fields[1]), int(fields[2])
        found = {pid for pid in group if group[pid] == self.group}
        grew = True
        while grew:
            children = {pid for pid in parent if parent[pid] in found} - found
            found |= children
            grew = bool(children)
        return sorted(found)

    def running(self, title: str) -> bool:
        """Whether one of the node's processes is named ``title`` (a Ray worker
        takes the name ``ray::FUNCTION`` while it runs a task)."""
        for pid in self.pids():
            try:
                if Path(f"/proc/{pid}/cmdline").read_bytes().startswith(title.encode()):
                    return True
            except OSError:
                pass
        return False

    def kill(self) -> None:
        """Kills every process of the node, by its PID, and waits until they are
        gone."""
        deadline = time.monotonic() + 30
        while self.pids():
            for pid in self.pids():
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the processes of {self.name} outlived SIGKILL: {self.pids()}")
            time.sleep(0.05)


class Cluster:
    """A head node and worker nodes on loopback; ``env`` is the environment a
    driver needs (the token), ``address`` the head's."""

    def __init__(self) -> None:
        # Ray's socket paths must stay short: a folder in /tmp, not pytest's.
        self.root = Path(tempfile.mkdtemp(prefix="grundy-ray-", dir="/tmp"))
        token = self.root / "token"
        token.write_text(secrets.token_hex(32))
        token.chmod(0o600)
        self.env: Dict[str, str] = dict(
            os.environ,
            RAY_AUTH_MODE="token",
            RAY_AUTH_TOKEN_PATH=str(token),
            RAY_USAGE_STATS_ENABLED="0",
        )
        self.env.pop("RAY_AUTH_TOKEN", None)
        self.env.pop("RAY_ADDRESS", None)
        self.address = f"127.0.0.1:{free_port()}"
        self.nodes: List[Node] = []

    def _start(self, name: str, args: List[str]) -> Node:
        command = [
            ray_command(),
            "start",
            *args,
            "--node-ip-address=127.0.0.1",
            "--num-cpus=1",
            "--object-store-memory=100000000",
            f"--dashboard-agent-listen-port={free_port()}",
            f"--temp-dir={self.root / name}",
            "--disable-usage-stats",
        ]
        log = self.root / f"{name}.log"
        with open(log, "w") as out:
            started = subprocess.Popen(command, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
            node = Node(name, started.pid)
            self.nodes.append(node)
            if started.wait(timeout=120) != 0:
                raise RuntimeError(f"ray start of {name} failed: {log.read_text()}")
        return node

    def start_head(self) -> Node:
        port = self.address.rsplit(":", 1)[1]
        return self._start("head", ["--head", f"--port={port}", "--include-dashboard=false"])

    def add_worker(self) -> Node:
        return self._start(f"worker{len(self.nodes)}", [f"--address={self.address}"])

    def alive_nodes(self) -> int:
        """How many nodes the head counts alive (asked from a driver of its own)."""
        script = "import ray; ray.init(address=%r, log_to_driver=False); print(sum(n['Alive'] for n in ray.nodes()))"
        out = subprocess.run(
            [sys.executable, "-c", script % self.address], env=self.env, capture_output=True, text=True, timeout=120
        )
        return int(out.stdout.strip().splitlines()[-1])

    def wait_for_nodes(self, count: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while self.alive_nodes() != count:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the cluster did not reach {count} nodes alive")
            time.sleep(1)

    def stop(self) -> None:
        """Kills every node's processes, workers first, and removes the folders."""
        for node in reversed(self.nodes):
            node.kill()
        shutil.rmtree(self.root, ignore_errors=True)


def start(workers: int) -> Cluster:
    """A head and ``workers`` worker nodes, started; stopped again if a start fails."""
    cluster = Cluster()
    try:
        cluster.start_head()
        for _ in range(workers):
            cluster.add_worker()
        cluster.wait_for_nodes(workers + 1)
    except BaseException:
        cluster.stop()
        raise
    return cluster


class Driver:
    """``python -m grundy.census ARGS``, started as a driver of the cluster. Its
    output goes to files, not pipes: a driver that nobody reads while a test waits
    for something else must not block on a full pipe (Ray's warnings fill one)."""

    def __init__(self, args: List[str], cluster: Cluster, **popen: object) -> None:
        self.stdout, self.stderr = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "grundy.census", *args, "--address", cluster.address],
            env=cluster.env,
            stdout=self.stdout,
            stderr=self.stderr,
            text=True,
            **popen,  # type: ignore[arg-type]
        )

    def running(self) -> bool:
        return self.process.poll() is None

    def output(self) -> Tuple[str, str]:
        """What the driver has printed so far: its standard output and error."""
        printed = []
        for file in (self.stdout, self.stderr):
            file.seek(0)
            printed.append(file.read())
        return printed[0], printed[1]

    def finish(self, timeout: float) -> Tuple[int, str, str]:
        """Waits for the driver to end: its exit status, standard output and error."""
        code = self.process.wait(timeout)
        return (code, *self.output())

    def kill(self) -> None:
        if self.running():
            self.process.kill()
            self.process.wait()


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Returns once ``condition()`` holds, looking every 20 ms."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


