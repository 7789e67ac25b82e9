#!/usr/bin/env bash
# Builds the static playground into a folder (default: target/site): the pages of
# crates/grundy-cli/web with the grundy engine compiled to WebAssembly in them, so
# that they run with no server, opened from files or put on any static host.
#   crates/grundy-wasm/build-site.sh [FOLDER]
# Needs Rust's wasm32-unknown-unknown target: rustup target add wasm32-unknown-unknown
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/target/site}"
cd "$root"
if [ ! -d "$(rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" ]; then
  echo "build-site.sh: Rust's wasm32-unknown-unknown target is missing: rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi
cargo build --release -p grundy-wasm --target wasm32-unknown-unknown

web=crates/grundy-cli/web
mkdir -p "$out/static"
cp "$web/app.js" "$web/board.js" "$web/style.css" "$web/favicon.svg" "$out/static/"
{
  printf "const GRUNDY_WASM = '%s';\n" "$(base64 -w0 target/wasm32-unknown-unknown/release/grundy_wasm.wasm)"
  cat "$web/engine.js"
} > "$out/static/engine.js"
for page in index game sequence; do
  sed 's|<script defer src="static/board.js"></script>|<script defer src="static/engine.js"></script>\n&|' \
    "$web/index.html" > "$out/$page.html"
done
echo "build-site.sh: the static playground is in $out (open $out/index.html)"
