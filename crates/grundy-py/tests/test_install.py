"""The module as a user installs it: its version is the crate's."""

from __future__ import annotations

import re
from importlib import metadata

import grundy
from conftest import ROOT


def test_the_version_is_the_crate_s(cli):
    [cargo] = re.findall(r'(?m)^version = "(.+)"$', (ROOT / "Cargo.toml").read_text())
    assert grundy.__version__ == cargo
    assert metadata.version("grundy") == cargo
    assert cli.text("--version") == f"grundy {cargo}\n"
