#!/usr/bin/env bash
# The Python module's tests, run on the wheel a user installs:
#   1. maturin, in a virtual environment of its own (target/python-venv, or
#      $GRUNDY_VENV), builds this crate's abi3 wheel in release (the tests compute
#      tables of millions of heaps) into target/python-wheel/;
#   2. a fresh virtual environment (target/python-wheel-venv, made anew each run)
#      gets the wheel and its `test` extra (pytest, hypothesis, ray, pyarrow, mypy,
#      typing_extensions) from pip, with no Rust toolchain on PATH;
#   3. pytest runs there, still without Rust on PATH; its exit status is this
#      script's. tests/test_install.py checks that the module it tests is the wheel,
#      installed in that environment, with no cargo or rustc to be found.
# Arguments go to pytest (e.g. -k census), after an optional first one: --wheel
# does step 1 alone, --installed steps 2 and 3 alone, on the wheel step 1 left
# (the project's test.sh runs pytest beside the static site's build that way).
set -euo pipefail
steps=all
case "${1:-}" in
    --wheel) steps=wheel; shift ;;
    --installed) steps=installed; shift ;;
esac
crate="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$crate/../.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
build_venv="${GRUNDY_VENV:-$root/target/python-venv}"
test_venv="$root/target/python-wheel-venv"
wheels="$root/target/python-wheel"
python="${PYTHON:-python3}"

# A virtual environment at $1, unless one is there.
make_venv() {
    [ -x "$1/bin/python" ] && return
    if ! "$python" -m venv "$1" 2>/dev/null; then
        # Debian keeps venv (ensurepip) in a package of its own.
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
            apt-get update -qq
            apt-get install -y -qq "python$version-venv" || apt-get install -y -qq python3-venv
            rm -rf "$1"
            "$python" -m venv "$1"
        else
            echo "cannot create a virtual environment: install python3-venv" >&2
            exit 1
        fi
    fi
}

# 1. The wheel.
if [ "$steps" != installed ]; then
    make_venv "$build_venv"
    "$build_venv/bin/python" -m pip --disable-pip-version-check -q install "maturin>=1.9.4,<2"
    rm -rf "$wheels"
    "$build_venv/bin/maturin" build --quiet --release --manifest-path "$crate/Cargo.toml" \
        --interpreter "$build_venv/bin/python" --out "$wheels"
fi
wheel="$(echo "$wheels"/grundy-*-abi3-*.whl)"
[ -f "$wheel" ] || { echo "no abi3 wheel in $wheels (crates/grundy-py/test.sh --wheel builds it)" >&2; exit 1; }
[ "$steps" != wheel ] || exit 0

# The tests compare with the `grundy` command: the one `cargo test` built.
if [ -z "${GRUNDY_BIN:-}" ]; then
    cargo build -q -p grundy-cli
    export GRUNDY_BIN="$target/debug/grundy"
fi

# 2. and 3. The wheel installed and tested where no Rust toolchain is on PATH: PATH
# without its directories that hold cargo or rustc (~/.cargo/bin, rustup's).
path=""
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
    if [ -n "$dir" ] && [ ! -e "$dir/cargo" ] && [ ! -e "$dir/rustc" ]; then
        path="${path:+$path:}$dir"
    fi
done
no_rust=(env -u CARGO_HOME -u RUSTUP_HOME -u RUSTUP_TOOLCHAIN PATH="$test_venv/bin:$path" GRUNDY_WHEEL="$wheel")
rm -rf "$test_venv"
make_venv "$test_venv"
"${no_rust[@]}" "$test_venv/bin/python" -m pip --disable-pip-version-check -q install "$wheel[test]"
cd "$crate"
exec "${no_rust[@]}" "$test_venv/bin/python" -m pytest tests -q -p no:cacheprovider "$@"
