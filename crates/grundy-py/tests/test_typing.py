"""Type information: mypy, strict (the settings of pyproject.toml), accepts the package
and a script using its public API (typed_example.py), and refuses the script with
a type made wrong; the stub of the compiled module matches the module (stubtest)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

HERE = Path(__file__).parent
CONFIG = HERE.parent / "pyproject.toml"
EXAMPLE = HERE / "typed_example.py"

#: A line added to the example, and the kind of error mypy must give for it.
WRONG = {
    'assert_type(grundy.value("nim 1").nimber, int)': "assert-type",
    'n: str = grundy.period("kayles").period': "assignment",
    "grundy.value(12)": "arg-type",
    "grundy.register(object())": "arg-type",
    'grundy.table(halving, to=15, save="t.bin")': "call-overload",
}


def mypy(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "mypy", "--config-file", str(CONFIG), "--cache-dir", str(cwd / ".mypy"), *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=300)


def errors(output: str) -> Dict[str, List[str]]:
    """mypy's errors by file: 'LINE: KIND' each."""
    found: Dict[str, List[str]] = {}
    for m in re.finditer(r"^(.+?):(\d+): error: .+  \[([a-z-]+)\]$", output, re.M):
        found.setdefault(m[1], []).append(f"{m[2]}: {m[3]}")
    return found


def test_mypy_accepts_the_package(tmp_path):
    done = mypy("-p", "grundy", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_accepts_the_example_and_refuses_it_with_a_wrong_type(tmp_path):
    example = EXAMPLE.read_text()
    (tmp_path / "example.py").write_text(example)
    for i, line in enumerate(WRONG):
        (tmp_path / f"wrong{i}.py").write_text(example + line + "\n")
    done = mypy("example.py", *(f"wrong{i}.py" for i in range(len(WRONG))), cwd=tmp_path)
    last = example.count("\n") + 1
    assert errors(done.stdout) == {f"wrong{i}.py": [f"{last}: {kind}"] for i, kind in enumerate(WRONG.values())}, done.stdout


def test_the_example_runs():
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_the_stub_of_the_compiled_module_matches_it():
    command = [sys.executable, "-m", "mypy.stubtest", "grundy._native", "--mypy-config-file", str(CONFIG)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
