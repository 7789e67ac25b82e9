#!/usr/bin/env bash
# Every test of the project, on a fresh machine too:
#   1. the Rust tests (debug), and the few searches too slow for a debug build, and the
#      adversarial inputs searched to the budget (release);
#   2. the Python module, built as an abi3 wheel and installed into a fresh virtual
#      environment with no Rust on PATH, against its pytest suite (crates/grundy-py/test.sh);
#   3. the web playground in a real browser: Debian's headless Chromium driven by
#      playwright-core (web-tests/browser.test.js), screenshots in web-tests/artifacts/;
#   4. its load test on loopback with wrk, bounded in time (web-tests/load.sh);
#   5. the fuzz targets under libFuzzer, 30 s each, where a nightly toolchain is
#      installed (fuzz/run.sh; on stable, their bodies ran in step 1).
# Installs what 3 and 4 need where it is missing: Debian's chromium, wrk and curl
# (with apt-get; as root, or through sudo), and the test folder's npm packages.
set -euo pipefail
cd "$(dirname "$0")"

cargo test --workspace
cargo test --release -p grundy --test exercises --test consistency --test fuzz --test threads
cargo test --release -p grundy-cli --test adversarial

crates/grundy-py/test.sh

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v wrk >/dev/null || missing+=(wrk)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
command -v npm >/dev/null || { echo "test.sh: the browser tests need Node.js and npm" >&2; exit 1; }
(cd web-tests && npm ci --no-audit --no-fund)
(cd web-tests && npm test)
cargo build --release -p grundy-cli
web-tests/load.sh

fuzz/run.sh 30
