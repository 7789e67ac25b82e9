#!/usr/bin/env bash
# Every test of the project, on a fresh machine too:
#   1. the Rust tests, in one test build whose engine is optimised (Cargo.toml's
#      profile.dev.package.grundy), overflow checks and assertions on;
#   2. the Python module, built as an abi3 wheel and installed into a fresh virtual
#      environment with no Rust on PATH, against its pytest suite (crates/grundy-py/test.sh);
#   3. the web playground in a real browser: Debian's headless Chromium driven by
#      playwright-core (web-tests/), screenshots in web-tests/artifacts/: once against
#      `grundy serve`, once against the static site (its engine in WebAssembly, built
#      by crates/grundy-wasm/build-site.sh) opened from files;
#   4. its load test on loopback with wrk, bounded in time (web-tests/load.sh), on
#      the test build (a release build of the server alone would take CI 2 minutes).
# Two pairs of stages run side by side, as one of each leaves a core idle: the
# wheel's build beside the downloads of the browser tools, and pytest (about 0.7 of
# a core) beside the static site's build (one core, mostly: its link-time
# optimisation). The browser tests and the load test run alone: they time answers
# (beside pytest, a move that takes 0.7 s took 1.1 s, past the second allowed).
# The fuzz targets' bodies run in step 1 on mutated seeds (tests/fuzz.rs);
# libFuzzer runs them apart, with a nightly toolchain: fuzz/run.sh SECONDS (its
# build alone took 100 s of CI's 20 minutes).
# Installs what 3 and 4 need where it is missing, and says so: Debian's chromium, wrk
# and curl (with apt-get; as root, or through sudo), Rust's wasm32-unknown-unknown
# target (with rustup), and the test folder's npm packages (in web-tests/).
# Prints the time of each stage at the end, passed or not.
set -euo pipefail
cd "$(dirname "$0")"

timings=()
left_out=()
# Runs a stage: its name, then its command; keeps its time for the summary.
stage() {
  local name="$1" started=$SECONDS
  shift
  echo "test.sh: $name" >&2
  "$@"
  keep_time "$name" "$started"
}
# Keeps the time of the stage named $1, begun at second $2, for the summary.
keep_time() {
  timings+=("$(printf '%-30s %5d s' "$1" $((SECONDS - $2)))")
}
summary() {
  local status=$?
  stop_apart
  echo
  echo "test.sh: the time of each stage$([ $status -eq 0 ] || echo ", up to the one that failed")"
  [ ${#timings[@]} -eq 0 ] || printf '  %s\n' "${timings[@]}"
  printf '  %-30s %5d s\n' "in all" $SECONDS
  [ ${#left_out[@]} -eq 0 ] || printf 'test.sh: LEFT OUT: %s\n' "${left_out[@]}"
}
trap summary EXIT

# The stage started by `alongside`, while it runs: its name, process, log and start.
apart=()
# Starts a stage in the background (its name, then its command), its output kept
# in a log until `joined` waits for it.
alongside() {
  local name="$1" log
  shift
  log="$(mktemp)"
  echo "test.sh: $name (alongside the next stage; its output follows when both end)" >&2
  # In a process group of its own, so that stopping it stops what it started;
  # with Ctrl-C's signal back to its default (bash has a job in the background
  # ignore it, and the tests send it).
  env --default-signal=INT setsid "$@" </dev/null >"$log" 2>&1 &
  apart=("$name" $! "$log" $SECONDS)
}
# Waits for the stage `alongside` started, prints its output and keeps its time;
# fails where it failed.
joined() {
  local name="${apart[0]}" pid="${apart[1]}" log="${apart[2]}" started="${apart[3]}" status=0
  wait "$pid" || status=$?
  apart=()
  echo "test.sh: the output of $name" >&2
  cat "$log"
  rm -f "$log"
  [ $status -eq 0 ] || { echo "test.sh: $name failed" >&2; return $status; }
  keep_time "$name" "$started"
}
# A stage still running in the background when another fails is stopped, its
# output shown.
stop_apart() {
  [ ${#apart[@]} -gt 0 ] || return 0
  kill -- "-${apart[1]}" 2>/dev/null || true
  wait "${apart[1]}" 2>/dev/null || true
  echo "test.sh: ${apart[0]} was stopped; its output:" >&2
  cat "${apart[2]}"
  rm -f "${apart[2]}"
}

# Whether Rust can build for the browser (the static site's engine).
has_wasm_target() {
  [ -d "$(rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" ]
}

# The static site built, where the wasm32 target is there.
build_static_site() {
  if ! has_wasm_target; then
    left_out+=("the static site's browser tests (Rust's wasm32-unknown-unknown target is missing)")
    return
  fi
  crates/grundy-wasm/build-site.sh
}

# The static site's browser tests, where it was built.
test_static_site() {
  has_wasm_target || return 0
  (cd web-tests && npm run test:static)
}

install_browser_tools() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v wrk >/dev/null || missing+=(wrk)
  command -v curl >/dev/null || missing+=(curl)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "test.sh: installing ${missing[*]} with apt-get" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
  fi
  if ! has_wasm_target; then
    echo "test.sh: adding Rust's wasm32-unknown-unknown target with rustup" >&2
    rustup target add wasm32-unknown-unknown ||
      echo "test.sh: the wasm32 target could not be added: the static site's browser tests will be left out" >&2
  fi
  command -v npm >/dev/null || { echo "test.sh: the browser tests need Node.js and npm" >&2; exit 1; }
  (cd web-tests && npm ci --no-audit --no-fund)
}

stage "Rust" cargo test --workspace
alongside "Python wheel" crates/grundy-py/test.sh --wheel
stage "browser tools" install_browser_tools
joined
# pytest compares with the command `cargo test` built (named here, so that it does
# not wait on the static site's build for cargo's lock).
alongside "Python (pytest)" env GRUNDY_BIN="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/grundy" \
  crates/grundy-py/test.sh --installed
stage "static site, built" build_static_site
joined
stage "browser, served" bash -c 'cd web-tests && npm test'
stage "browser, static site" test_static_site
stage "load test" env GRUNDY="${CARGO_TARGET_DIR:-target}/debug/grundy" LIGHT_SECONDS=15 web-tests/load.sh
