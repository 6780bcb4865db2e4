#!/usr/bin/env bash
# Mercury side by side with the TypeScript reference MCP server (the "anchor":
# the official TS SDK, better-sqlite3 and zod serving the same CRM data), in one
# run on this machine, and the table of medians and ratios that BENCHMARKS.md
# quotes.
#
#   bench/anchor.sh ANCHORS_DIR
#
# ANCHORS_DIR holds the anchor's three folders, used read-only: ts-ref/ (the
# server and the Node SDK benchmark driver bench.mjs), goload/ (a Go load
# client) and crm-bundle/ (the same world as a Mercury bundle, and gen.mjs,
# which makes it at any size). Everything is copied to and built in WORK.
#
# Env: REPS=3 (repetitions, interleaved: each runs every measurement once),
# CALLS=2000 (sequential stdio calls per run), HTTP_SECONDS=10 (each server's
# HTTP load per tool and rep, in HTTP_SLICES=5 slices alternated with the other
# server's), PORT=38411 (and PORT+1), WORK=${TMPDIR:-/tmp}/mercury-bench-anchor (npm install,
# builds and the 100,000-contact bundle are kept there between runs),
# OUT=$WORK/results-<UTC time>. Needs go, node (20+), npm, jq and curl; the
# first run compiles better-sqlite3 from source (about a minute).
#
# Output: OUT/*.jsonl (every raw record, labelled), OUT/inprocess.txt (the Go
# benchmarks) and OUT/table.md, also printed.
set -euo pipefail
ANCHORS=$(cd "${1:?usage: bench/anchor.sh ANCHORS_DIR (the folder holding ts-ref, goload and crm-bundle)}" && pwd)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REPS=${REPS:-3}
CALLS=${CALLS:-2000}
HTTP_SECONDS=${HTTP_SECONDS:-10}
HTTP_SLICES=${HTTP_SLICES:-5}
PORT=${PORT:-38411}
WORK=${WORK:-${TMPDIR:-/tmp}/mercury-bench-anchor}
OUT=${OUT:-$WORK/results-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$WORK" "$OUT"
log() { echo "bench-anchor: $*" >&2; }

for d in ts-ref goload crm-bundle; do
  [ -d "$ANCHORS/$d" ] || { echo "bench-anchor: $ANCHORS/$d is missing" >&2; exit 2; }
  mkdir -p "$WORK/$d"
  (cd "$ANCHORS/$d" && tar cf - --exclude node_modules --exclude results .) | (cd "$WORK/$d" && tar xf -)
  chmod -R u+w "$WORK/$d"
done
if [ ! -d "$WORK/ts-ref/node_modules/better-sqlite3/build" ]; then
  log "npm ci in $WORK/ts-ref (better-sqlite3 builds from source)"
  (cd "$WORK/ts-ref" && npm ci --no-audit --no-fund >&2)
fi
log "building mcp-world and goload"
go build -C "$ROOT" -o "$WORK/mcp-world" ./cmd/mcp-world
(cd "$WORK/goload" && go build -o goload .)
cp "$ANCHORS/crm-bundle/crm-anchor.json" "$WORK/crm-anchor.json"
if [ ! -s "$WORK/crm-100k.json" ]; then
  log "generating the 100,000-contact bundle"
  (cd "$WORK/crm-bundle" && N_CONTACTS=100000 node gen.mjs >"$WORK/crm-100k.json.tmp") && mv "$WORK/crm-100k.json.tmp" "$WORK/crm-100k.json"
fi

MW="$WORK/mcp-world serve --log-level error"
SEARCH_TS='{"query":"an","limit":10}' # the anchor's tool takes a limit; Mercury's page size is 10
SEARCH='{"query":"an"}'
GET='{"deal_id":"d_0007"}'
export MERCURY_CACHE_DIR="$WORK/cache"
rm -rf "$MERCURY_CACHE_DIR"

# bench LABEL BENCH.MJS-ARGS...: one bench.mjs run (the official SDK client as driver).
bench() {
  local label=$1; shift
  log "rep $rep: $label"
  (cd "$WORK/ts-ref" && node bench.mjs --sessions "" --label "$label" "$@") 2>>"$OUT/stderr.log" |
    jq -c --argjson rep "$rep" '. + {rep: $rep}' >>"$OUT/stdio.jsonl"
}

# http_pair NAME TOOL TS-ARGS ARGS: the TS reference and Mercury serving TOOL over
# HTTP side by side, each warmed up, then 100 sessions with 4 calls in flight
# each (goload -lean) on one and then the other, HTTP_SLICES times in turn
# (ABBA: which goes first alternates), each slice HTTP_SECONDS / HTTP_SLICES
# long. The load other sessions put on this shared machine changes from one
# second to the next, so one 10-s window per server gave each a different
# machine (run I: 52–86% foreign CPU under the TS reference, 75–81% under
# Mercury); short alternated slices give both the same. Each slice's
# record carries its slice number; the table sums them per rep.
# Mercury runs with its default limits: --max-requests (1024) holds the 400
# calls in flight, so nothing is refused (a refusal would count as a call).
http_pair() {
  local name=$1 tool=$2 ts_args=$3 args=$4 ts mw slice
  local secs
  secs=$(awk -v t="$HTTP_SECONDS" -v n="$HTTP_SLICES" 'BEGIN { printf "%.3f", t / n }')
  log "rep $rep: HTTP $tool"
  node "$WORK/ts-ref/server.mjs" --http --port "$PORT" 2>>"$OUT/stderr.log" &
  ts=$!
  $MW --world "$WORK/crm-anchor.json" --http "127.0.0.1:$((PORT + 1))" 2>>"$OUT/stderr.log" &
  mw=$!
  until curl -s -o /dev/null "http://127.0.0.1:$PORT/" && curl -s -o /dev/null "http://127.0.0.1:$((PORT + 1))/"; do sleep 0.05; done
  # load SERVER-PID PORT TOOL-ARGS LABEL GOLOAD-ARGS...
  load() {
    local pid=$1 port=$2 a=$3 label=$4; shift 4
    "$WORK/goload/goload" -url "http://127.0.0.1:$port/mcp" -pid "$pid" -tool "$tool" -args "$a" "$@" 2>>"$OUT/stderr.log" |
      if [ -n "$label" ]; then
        jq -c --arg l "$label" --argjson rep "$rep" --argjson slice "$slice" '{label: $l, rep: $rep, slice: $slice} + .' >>"$OUT/http.jsonl"
      else cat >/dev/null; fi ||
      log "rep $rep: goload on port $port failed (its errors are in $OUT/stderr.log); the run goes on"
  }
  slice=0
  load "$ts" "$PORT" "$ts_args" "" -sessions 10 -calls 300 -warmup 0 -lean
  load "$mw" "$((PORT + 1))" "$args" "" -sessions 10 -calls 300 -warmup 0 -lean
  local G=(-sessions 100 -workers 4 -duration "${secs}s" -warmup 4 -lean)
  for slice in $(seq 1 "$HTTP_SLICES"); do
    if [ $((slice % 2)) = 1 ]; then
      load "$ts" "$PORT" "$ts_args" "ts-http-$name" "${G[@]}"
      load "$mw" "$((PORT + 1))" "$args" "mercury-http-$name" "${G[@]}"
    else
      load "$mw" "$((PORT + 1))" "$args" "mercury-http-$name" "${G[@]}"
      load "$ts" "$PORT" "$ts_args" "ts-http-$name" "${G[@]}"
    fi
  done
  kill "$ts" "$mw"
  wait "$ts" "$mw" 2>/dev/null || true
}

# first_start LABEL BUNDLE: a first start of serve on an empty world cache,
# from exec to exit after answering tools/list (its input then ends), with
# its CPU time, which depends much less than wall time on other processes.
first_start() {
  local label=$1 bundle=$2 cache t0 t1
  log "rep $rep: $label"
  cache=$(mktemp -d "$WORK/first-start.XXXXXX")
  t0=$(date +%s%N)
  printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' |
    MERCURY_CACHE_DIR=$cache /usr/bin/time -f '%U %S' -o "$OUT/time.txt" $MW --world "$bundle" >/dev/null 2>>"$OUT/stderr.log"
  t1=$(date +%s%N)
  read -r user sys <"$OUT/time.txt"
  jq -cn --arg l "$label" --argjson rep "$rep" --argjson wall "$(( (t1 - t0) / 1000000 ))" --argjson user "$user" --argjson sys "$sys" \
    '{label: $l, rep: $rep, measure: "first_start", wall_ms: $wall, cpu_ms: (($user + $sys) * 1000)}' >>"$OUT/stdio.jsonl"
  rm -rf "$cache"
}

# bench.mjs starts a server once, untimed, before its timed cold starts: with
# the cache on, that first start fills the world cache; "nocache" rows turn it
# off, so every start compiles the bundle as a first start does.
for rep in $(seq 1 "$REPS"); do
  bench ts-search --stdio "node server.mjs" --tool crm_search_contacts --args "$SEARCH_TS" --calls "$CALLS"
  bench mercury-search --stdio "$MW --world $WORK/crm-anchor.json" --tool crm_search_contacts --args "$SEARCH" --calls "$CALLS"
  bench ts-get --stdio "node server.mjs" --tool crm_get_deal --args "$GET" --cold-runs 0 --calls "$CALLS"
  bench mercury-get --stdio "$MW --world $WORK/crm-anchor.json" --tool crm_get_deal --args "$GET" --cold-runs 0 --calls "$CALLS"
  bench mercury-embedded --stdio "$MW" --tool search_contacts --args '{}' --calls 0
  bench mercury-100k --stdio "$MW --world $WORK/crm-100k.json" --tool crm_search_contacts --args "$SEARCH" --calls "$CALLS"
  bench mercury-100k-nomatch --stdio "$MW --world $WORK/crm-100k.json" --tool crm_search_contacts --args '{"query":"zzzz"}' --cold-runs 0 --calls 200 --warmup 20
  MERCURY_CACHE_DIR=off bench mercury-nocache --stdio "$MW --world $WORK/crm-anchor.json" --tool crm_search_contacts --args "$SEARCH" --calls 0
  MERCURY_CACHE_DIR=off bench mercury-nocache-100k --stdio "$MW --world $WORK/crm-100k.json" --tool crm_search_contacts --args "$SEARCH" --cold-runs 2 --calls 0
  first_start mercury-first-100k "$WORK/crm-100k.json"
  first_start mercury-first-100k "$WORK/crm-100k.json"

  http_pair search crm_search_contacts "$SEARCH_TS" "$SEARCH"
  http_pair get crm_get_deal "$GET" "$GET"
done

log "in-process benchmarks"
(cd "$ROOT" &&
  go test ./world -run '^$' -bench 'AnchorSearch|AnchorCompile' -benchtime 2s -count "$REPS" &&
  MERCURY_ANCHOR_BUNDLE="$WORK/crm-anchor.json" go test ./cmd/mcp-world -run '^$' -bench 'StdioCall' -benchtime 3000x -count "$REPS" &&
  go test ./cmd/mcp-world -run '^$' -bench 'StdioStartup' -benchtime 30x -count "$REPS" &&
  MERCURY_EPISODES=10000 go test ./cmd/mcp-world -run '^$' -bench 'EpisodeMemory' -benchtime 1x -count 1
) 2>&1 | tee "$OUT/inprocess.txt" >&2

node "$ROOT/bench/anchor-table.mjs" "$OUT" | tee "$OUT/table.md"
log "raw records and the table are in $OUT"
