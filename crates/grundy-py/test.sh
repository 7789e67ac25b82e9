#!/usr/bin/env bash
# The Python module's tests: a virtual environment (target/python-venv, or
# $GRUNDY_VENV) with maturin, pytest, hypothesis, numpy, ray, pyarrow and mypy; the
# module built from this crate and installed with pip; then pytest, whose exit
# status is this script's. Arguments go to pytest (e.g. -k census).
set -euo pipefail
crate="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$crate/../.." && pwd)"
cd "$root"
venv="${GRUNDY_VENV:-$root/target/python-venv}"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    if ! "$python" -m venv "$venv" 2>/dev/null; then
        # Debian keeps venv (ensurepip) in a package of its own.
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
            apt-get update -qq
            apt-get install -y -qq "python$version-venv" || apt-get install -y -qq python3-venv
            rm -rf "$venv"
            "$python" -m venv "$venv"
        else
            echo "cannot create a virtual environment: install python3-venv" >&2
            exit 1
        fi
    fi
fi
export PATH="$venv/bin:$PATH"   # maturin's build hook runs the maturin it installed
pip=("$venv/bin/python" -m pip --disable-pip-version-check -q)
"${pip[@]}" install --upgrade pip
"${pip[@]}" install "maturin>=1.9.4,<2" pytest hypothesis numpy ray pyarrow mypy typing_extensions
# The module, built in release by maturin (the tests compute tables of millions of heaps).
"${pip[@]}" install --no-build-isolation --force-reinstall --no-deps "$crate"

# The tests compare with the `grundy` command: the one `cargo test` built.
target="${CARGO_TARGET_DIR:-$root/target}"
if [ -z "${GRUNDY_BIN:-}" ]; then
    cargo build -q -p grundy-cli
    export GRUNDY_BIN="$target/debug/grundy"
fi
cd "$crate"
exec "$venv/bin/python" -m pytest tests -q -p no:cacheprovider "$@"
