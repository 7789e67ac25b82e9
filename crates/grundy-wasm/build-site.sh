#!/usr/bin/env bash
# Builds the static playground into a folder (default: target/site): the pages of
# crates/grundy-cli/web with the grundy engine compiled to WebAssembly beside them,
# so that they run with no server, opened from files or put on any static host.
#   crates/grundy-wasm/build-site.sh [FOLDER]
# Needs Rust's wasm32-unknown-unknown target: rustup target add wasm32-unknown-unknown
# The engine is built for size (the cargo profile `wasm`), then shrunk by binaryen's
# wasm-opt: web-tests' own copy (cd web-tests && npm ci), or one on PATH; without
# it the engine is left as cargo built it, and the script says so.
# It writes static/grundy.wasm, which the pages fetch over http(s), and the same
# bytes in base64 in static/engine-inline.js, which they load from files (file://),
# where nothing can be fetched.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/target/site}"
cd "$root"
if [ ! -d "$(rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" ]; then
  echo "build-site.sh: Rust's wasm32-unknown-unknown target is missing: rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi
cargo build --profile wasm -p grundy-wasm --target wasm32-unknown-unknown
built="${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/wasm/grundy_wasm.wasm"

web=crates/grundy-cli/web
mkdir -p "$out/static"
wasm_opt="$root/web-tests/node_modules/.bin/wasm-opt"
[ -x "$wasm_opt" ] || wasm_opt="$(command -v wasm-opt || true)"
if [ -n "$wasm_opt" ]; then
  # The module says nothing of the WebAssembly features it uses (cargo strips that
  # section with the rest): they are those rustc enables for the target.
  features=()
  for feature in $(rustc --print cfg --target wasm32-unknown-unknown | sed -n 's/^target_feature="\(.*\)"$/\1/p'); do
    case "$feature" in
      nontrapping-fptoint) features+=(--enable-nontrapping-float-to-int) ;;
      *) features+=("--enable-$feature") ;;
    esac
  done
  "$wasm_opt" -Oz "${features[@]}" "$built" -o "$out/static/grundy.wasm"
else
  echo "build-site.sh: wasm-opt is not installed (cd web-tests && npm ci installs binaryen's): the engine is left as cargo built it, about 15% larger" >&2
  cp "$built" "$out/static/grundy.wasm"
fi
cp "$web/app.js" "$web/board.js" "$web/engine.js" "$web/style.css" "$web/favicon.svg" "$out/static/"
printf "const GRUNDY_WASM = '%s';\n" "$(base64 -w0 "$out/static/grundy.wasm")" > "$out/static/engine-inline.js"
for page in index game sequence learn; do
  sed 's|<script defer src="static/board.js"></script>|<script defer src="static/engine.js"></script>\n&|' \
    "$web/index.html" > "$out/$page.html"
done
echo "build-site.sh: the static playground is in $out (open $out/index.html); its engine, static/grundy.wasm, is $(wc -c < "$out/static/grundy.wasm") bytes"
