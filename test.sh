#!/usr/bin/env bash
# Every test: the Rust workspace (debug; the searches too slow for a debug build in
# release), then the Python module, built and installed into a virtual environment,
# against its pytest suite (crates/grundy-py/test.sh).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace
cargo test --release -p grundy --test exercises
crates/grundy-py/test.sh
