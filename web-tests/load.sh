#!/usr/bin/env bash
# The load test of `grundy serve` on loopback, bounded in time (and so in count):
#   1. 64 concurrent clients on `value` of small positions for $LIGHT_SECONDS (30) s;
#   2. the same for $MIXED_SECONDS (10) s while 4 more clients send heavy searches
#      that run into the time limit or the budget.
# Small requests must all answer 200 in both; prints requests/s and p99.
# Needs wrk (Debian's package) and a built grundy ($GRUNDY, default the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
GRUNDY=${GRUNDY:-${CARGO_TARGET_DIR:-target}/release/grundy}
LIGHT_SECONDS=${LIGHT_SECONDS:-30}
MIXED_SECONDS=${MIXED_SECONDS:-10}
port=$((20000 + RANDOM % 20000))
url="http://127.0.0.1:$port"

"$GRUNDY" serve --bind "127.0.0.1:$port" >/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -sf "$url/api/limits" >/dev/null && break
  sleep 0.1
done
curl -sf "$url/api/limits"; echo

check() { # the RESULT line of a wrk run: no error allowed
  local line
  line=$(grep '^RESULT' "$1")
  echo "$2: $line"
  [[ "$line" == *" errors=0" ]] || { echo "load test: small requests failed ($2)" >&2; cat "$1" >&2; exit 1; }
}

wrk -t2 -c64 -d"${LIGHT_SECONDS}s" --timeout 10s --latency -s web-tests/small.lua "$url" >/tmp/grundy-load-light.txt
check /tmp/grundy-load-light.txt "64 clients, small positions, ${LIGHT_SECONDS} s"

wrk -t1 -c4 -d"$((MIXED_SECONDS + 2))s" --timeout 15s -s web-tests/heavy.lua "$url" >/tmp/grundy-load-heavy.txt &
heavy=$!
sleep 1
wrk -t2 -c64 -d"${MIXED_SECONDS}s" --timeout 10s --latency -s web-tests/small.lua "$url" >/tmp/grundy-load-mixed.txt
wait "$heavy"
check /tmp/grundy-load-mixed.txt "64 clients, small positions, ${MIXED_SECONDS} s, with 4 heavy clients"
grep '^HEAVY' /tmp/grundy-load-heavy.txt
curl -sf "$url/api/value?spec=nim%201" >/dev/null && echo "the server still answers"
