#!/usr/bin/env bash
# Instructions per request of the production server, counted by valgrind's
# callgrind: repeatable where timings on a shared VM vary by ±15%. The server
# answers WARM requests and then N more, one at a time, in two separate runs;
# the difference divided by the extra requests is the cost of one request,
# start-up and JIT warm-up cancelled out.
#
#   npm run build && scripts/bench/count-instructions.sh [URL path, default /press] [N, default 2000]
#
# The server logs at LOG_LEVEL=info unless LOG_LEVEL says otherwise (warn: no
# request log), and passes on the rest of the environment: FAST_LANE=off
# counts Express's path for a page from memory instead of the fast lane's.
#
# Needs valgrind (Debian: apt-get install valgrind). About two minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."

URL_PATH=${1:-/press}
N=${2:-2000}
WARM=10
PORT=${PORT:-3997}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# Total instructions of one server run that answers $1 requests.
count() {
  NODE_ENV=production HOST=127.0.0.1 PORT=$PORT LOG_LEVEL=${LOG_LEVEL:-info} \
    valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.out" node "${SERVER:-dist/server/index.js}" >"$OUT/server.log" 2>"$OUT/valgrind.log" &
  local pid=$!
  until curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz"; do sleep 1; done
  node_modules/.bin/autocannon -c 1 -a "$1" -H 'accept-encoding=gzip, deflate, br, zstd' "http://127.0.0.1:$PORT$URL_PATH" >/dev/null 2>&1
  kill -INT "$pid"
  wait "$pid" || true
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$OUT/valgrind.log"
}

warm=$(count "$WARM")
full=$(count "$((WARM + N))")
echo "$URL_PATH: $(((full - warm) / N)) instructions per request ($N requests one at a time; runs of $WARM and $((WARM + N)) requests: $warm and $full)"
