#!/usr/bin/env bash
# Runs every fuzz target with libFuzzer (cargo fuzz, nightly Rust) for SECONDS each
# (default 60), from the seed corpus in fuzz/corpus/ (left unchanged: new inputs go to
# a scratch folder), and prints how many inputs each ran. A crash stops the run with
# its input in fuzz/artifacts/. Without a nightly toolchain it says so and ends: the
# stable fuzzer (cargo test --release -p grundy --test fuzz) runs the same bodies.
# The seed is fixed (-seed=1): a run explores the same inputs in the same order, so
# a shorter or slower run (CI's) meets only inputs a longer run here has passed.
# Where cargo-fuzz is not installed, it is installed inside the repository
# (target/tools/, ignored by git), never into the user's cargo.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz/run.sh: no nightly toolchain here; the stable fuzzer stands in"
  exit 0
fi
if ! command -v cargo-fuzz >/dev/null; then
  tools="$(cd .. && pwd)/target/tools"
  [ -x "$tools/bin/cargo-fuzz" ] || cargo install cargo-fuzz --locked --root "$tools"
  export PATH="$tools/bin:$PATH"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cargo +nightly fuzz build --release
for target in spec family graph_file resume_file; do
  mkdir -p "$scratch/$target"
  log="$scratch/$target.log"
  if ! cargo +nightly fuzz run --release "$target" "$scratch/$target" "corpus/$target" -- \
      -max_total_time="$seconds" -seed=1 -timeout=60 -rss_limit_mb=4096 -max_len=4096 \
      -print_final_stats=1 >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz/run.sh: $target failed; its input is in fuzz/artifacts/$target/"
    exit 1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  echo "fuzz $target: $runs inputs in $seconds s, no crash"
done
