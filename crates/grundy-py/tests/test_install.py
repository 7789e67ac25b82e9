"""The module as a user installs it: its version is the crate's, and (where test.sh
runs the suite, $GRUNDY_WHEEL naming the wheel it built) the module under test is
that abi3 wheel, installed in this virtual environment's site-packages with pip,
with no Rust toolchain on PATH."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest

import grundy
from conftest import ROOT

WHEEL = os.environ.get("GRUNDY_WHEEL")
from_wheel = pytest.mark.skipif(not WHEEL, reason="test.sh runs these on the wheel it built ($GRUNDY_WHEEL)")


def test_the_version_is_the_crate_s(cli):
    [cargo] = re.findall(r'(?m)^version = "(.+)"$', (ROOT / "Cargo.toml").read_text())
    assert grundy.__version__ == cargo
    assert metadata.version("grundy") == cargo
    assert cli.text("--version") == f"grundy {cargo}\n"


@from_wheel
def test_no_rust_toolchain_is_on_path():
    for tool in ("cargo", "rustc", "rustup"):
        assert shutil.which(tool) is None, tool


@from_wheel
def test_the_module_is_the_wheel_installed_in_this_virtual_environment():
    wheel = Path(WHEEL)
    assert re.fullmatch(rf"grundy-{re.escape(grundy.__version__)}-cp39-abi3-\w+\.whl", wheel.name)
    assert sys.prefix != sys.base_prefix
    site = Path(sysconfig.get_paths()["platlib"]).resolve()
    assert Path(sys.prefix).resolve() in site.parents
    assert Path(grundy.__file__).resolve() == site / "grundy" / "__init__.py"
    assert Path(grundy._native.__file__).resolve() == site / "grundy" / "_native.abi3.so"
    installed = metadata.distribution("grundy")
    origin = json.loads(installed.read_text("direct_url.json") or "{}")
    assert origin["url"] == wheel.resolve().as_uri()
    files = {str(f) for f in installed.files or []}
    assert {"grundy/py.typed", "grundy/_native.pyi", "grundy/_native.abi3.so"} <= files
