"""Shared fixtures: the `grundy` command (to compare with), hypothesis profiles."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, List

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[3]

# CI runs fewer examples (two cores, a time budget); GRUNDY_HYPOTHESIS=thorough for more.
settings.register_profile(
    "ci", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("GRUNDY_HYPOTHESIS", "ci"))


def _find_cli() -> str:
    """The `grundy` command: $GRUNDY_BIN, a build in target/, on PATH, or built now."""
    if os.environ.get("GRUNDY_BIN"):
        return os.environ["GRUNDY_BIN"]
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for profile in ("release", "debug"):
        exe = target / profile / "grundy"
        if exe.exists():
            return str(exe)
    found = shutil.which("grundy")
    if found:
        return found
    subprocess.run(["cargo", "build", "-q", "-p", "grundy-cli"], cwd=ROOT, check=True)
    return str(target / "debug" / "grundy")


class Cli:
    """Runs the `grundy` command."""

    def __init__(self, exe: str) -> None:
        self.exe = exe

    def run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([self.exe, *args], capture_output=True, text=True, timeout=300)

    def json(self, *args: str) -> Any:
        done = self.run(*args, "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def text(self, *args: str) -> str:
        done = self.run(*args)
        assert done.returncode == 0, done.stderr
        return done.stdout


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(_find_cli())


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def words(spec: str) -> List[str]:
    """A SPEC as the command line's arguments."""
    return spec.split()
