#!/usr/bin/env bash
# Server load benchmark of Examples/IngestServer (`make bench-server`): the example
# server in release mode on 127.0.0.1, once per decoder (foundation, jolt-simdjson, jolt-yajl,
# jolt-swift), interleaved, RUNS times, each server on a fresh temporary SQLite
# database, under three loads:
#
#   small   one ~1.5 kB event object per request (application/json), wrk --latency:
#           requests/s and p99 latency
#   bulk    a 64 KiB JSON array of events per request, wrk --latency: requests/s, p99
#   stream  one STREAM_MB MiB JSON Lines body (application/x-ndjson) sent by curl -T
#           with chunked transfer encoding: MB/s (10^6 bytes / wall time of the
#           request), the server's peak RSS (VmHWM) and GET /events/count == lines sent
#
# Writes Markdown tables between <!-- bench-server:start --> and <!-- bench-server:end -->
# in README (appends the section if the markers are missing) if every check passed;
# keeps the raw outputs (wrk text, curl timings, server logs, results.jsonl,
# tables.md) in Examples/IngestServer/Scripts/results/DATE-TIME/ (ignored by git).
#
#   Examples/IngestServer/Scripts/bench-server.sh [README]
#
# Variables (defaults): RUNS (3), DURATION (10, seconds per wrk run), WARMUP (2, seconds
# of wrk before each measured run, not counted), STREAM_MB (1024, MiB of JSON Lines),
# THREADS (2), CONNECTIONS (32), SCENARIOS ("small bulk stream"), DECODERS
# ("foundation jolt-simdjson jolt-yajl jolt-swift"), BULK_BYTES (65536), SMALL_BODIES (256),
# BULK_BODIES (64), STREAM_TIMEOUT (600, seconds for one stream request), TIME_LIMIT
# (1800: no measurement starts after this many seconds of runs, and the run counts as
# failed), SERVER_ARGS (extra arguments to every server, e.g. "--batch 500"), BUILD (1; 0
# uses the existing release build), SERVER_BIN (another server executable; skips the
# build), SWIFT (swift), BENCH_SERVER_README (Benchmarks/README.md; the first
# argument wins; a relative path is taken from the current directory), BENCH_SERVER_CACHE
# (${TMPDIR:-/tmp}/jolt-bench-server: the generated bodies and the stream file, reused).
#
# Every process it starts (servers, wrk, curl) runs under `timeout` and is killed on
# exit, error or interrupt; all traffic goes to 127.0.0.1. Exits non-zero (without
# touching the README) if a check failed: a server that did not start or died, a
# non-2xx response, fewer rows stored than events acknowledged, a stream whose rows
# differ from its lines.
set -euo pipefail

SCRIPTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PACKAGE=$(cd "$SCRIPTS/.." && pwd)
ROOT=$(cd "$PACKAGE/../.." && pwd)
HELPER="$SCRIPTS/bench_server.py"
LUA="$SCRIPTS/post-bodies.lua"

README_PATH=${1:-${BENCH_SERVER_README:-$ROOT/Benchmarks/README.md}}
[[ $README_PATH == /* ]] || README_PATH="$PWD/$README_PATH"  # relative to the caller's directory
RUNS=${RUNS:-3}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
STREAM_MB=${STREAM_MB:-1024}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
SCENARIOS=${SCENARIOS:-small bulk stream}
DECODERS=${DECODERS:-foundation jolt-simdjson jolt-yajl jolt-swift}
BULK_BYTES=${BULK_BYTES:-65536}
SMALL_BODIES=${SMALL_BODIES:-256}
BULK_BODIES=${BULK_BODIES:-64}
STREAM_TIMEOUT=${STREAM_TIMEOUT:-600}
TIME_LIMIT=${TIME_LIMIT:-1800}
SERVER_ARGS=${SERVER_ARGS:-}
BUILD=${BUILD:-1}
SWIFT=${SWIFT:-swift}
CACHE=${BENCH_SERVER_CACHE:-${TMPDIR:-/tmp}/jolt-bench-server}
HOST=127.0.0.1

say() { printf '%s bench-server: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { say "error: $*"; exit 1; }

for tool in wrk curl python3 timeout "$SWIFT"; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool not found (wrk: apt-get install wrk)"
done
for number in RUNS DURATION WARMUP STREAM_MB THREADS CONNECTIONS BULK_BYTES SMALL_BODIES BULK_BODIES STREAM_TIMEOUT TIME_LIMIT; do
    [[ ${!number} =~ ^[0-9]+$ ]] || die "$number must be a whole number (is '${!number}')"
done
(( RUNS > 0 && DURATION > 0 && STREAM_MB > 0 )) || die "RUNS, DURATION and STREAM_MB must be positive"

# ----------------------------------------------------------------- clean-up

WORK=$(mktemp -d "${TMPDIR:-/tmp}/jolt-bench-server-run.XXXXXX")
SERVER_PID=""   # the IngestServer process
GUARD_PID=""    # the timeout process around it
CHILD_PID=""    # the timeout process around the current wrk or curl

stop_server() {
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
    fi
    if [[ -n $GUARD_PID ]]; then
        kill -TERM "$GUARD_PID" 2>/dev/null || true
        wait "$GUARD_PID" 2>/dev/null || true
    fi
    SERVER_PID="" GUARD_PID=""
}

cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [[ -n $CHILD_PID ]]; then
        kill -TERM "$CHILD_PID" 2>/dev/null || true
        wait "$CHILD_PID" 2>/dev/null || true
    fi
    stop_server
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT
trap 'say "interrupted"; exit 130' INT TERM HUP

# Runs "$@" in the background (so that a signal reaches the trap at once) and waits.
bounded() {
    "$@" &
    CHILD_PID=$!
    local status=0
    wait "$CHILD_PID" || status=$?
    CHILD_PID=""
    return "$status"
}

# ----------------------------------------------------------------- build

cd "$PACKAGE"
[[ -f Package.swift ]] || die "no Examples/IngestServer/Package.swift"
if [[ -n ${SERVER_BIN:-} ]]; then
    SERVER_EXE=$SERVER_BIN
elif [[ $BUILD != 0 ]]; then
    say "swift build -c release --product IngestServer (in Examples/IngestServer)"
    bounded timeout -k 10 3600 "$SWIFT" build -c release --product IngestServer >&2 || die "release build failed"
fi
SERVER_EXE=${SERVER_EXE:-"$(timeout 300 "$SWIFT" build -c release --show-bin-path)/IngestServer"}
[[ -x $SERVER_EXE ]] || die "$SERVER_EXE is missing (run with BUILD=1)"

# ----------------------------------------------------------------- results, bodies

STAMP=$(date +%Y%m%d-%H%M%S)
RESULTS_DIR="$SCRIPTS/results/$STAMP"
mkdir -p "$RESULTS_DIR"
RESULTS="$RESULTS_DIR/results.jsonl"
FAILED=0
fail_check() {
    FAILED=1
    say "CHECK FAILED: $*"
    python3 "$HELPER" record "$RESULTS" kind=failure "message=$*"
}

mkdir -p "$CACHE"
BODIES="$CACHE/bodies-v1"
say "bodies in $BODIES"
python3 "$HELPER" small "$BODIES/small" "$SMALL_BODIES" >"$RESULTS_DIR/small-bodies.json"
python3 "$HELPER" bulk "$BODIES/bulk-$BULK_BYTES" "$BULK_BODIES" "$BULK_BYTES" >"$RESULTS_DIR/bulk-bodies.json"
ls "$BODIES"/small/small-*.json | head -n "$SMALL_BODIES" >"$WORK/small.list"
ls "$BODIES/bulk-$BULK_BYTES"/bulk-*.json | head -n "$BULK_BODIES" >"$WORK/bulk.list"
BULK_MEAN_EVENTS=$(python3 "$HELPER" get "$RESULTS_DIR/bulk-bodies.json" mean_events)
BULK_MIN_EVENTS=$(python3 -c 'import json,sys; print(min(json.load(open(sys.argv[1]))["events_per_body"]))' "$RESULTS_DIR/bulk-bodies.json")

STREAM_FILE="$CACHE/events-${STREAM_MB}MiB.jsonl"
if [[ " $SCENARIOS " == *" stream "* ]]; then
    say "stream file $STREAM_FILE (generated once, about 2 minutes per GiB)"
    bounded timeout -k 10 1800 python3 "$HELPER" stream "$STREAM_FILE" "$STREAM_MB" >"$RESULTS_DIR/stream-file.json" \
        || die "generating $STREAM_FILE failed"
    STREAM_LINES=$(python3 "$HELPER" get "$RESULTS_DIR/stream-file.json" lines)
    STREAM_BYTES=$(python3 "$HELPER" get "$RESULTS_DIR/stream-file.json" bytes)
fi

GIT_COMMIT=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ -n $(git -C "$ROOT" status --porcelain 2>/dev/null | head -n 1) ]]; then
    GIT_COMMIT="$GIT_COMMIT (with uncommitted changes)"
fi
python3 "$HELPER" record "$RESULTS" kind=meta \
    "cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)" \
    "cores=$(nproc)" "kernel=$(uname -sr)" \
    "swift=$("$SWIFT" --version 2>/dev/null | head -n 1 | sed 's/^.*\(Swift version [^ ]*\).*$/\1/')" \
    "commit=$GIT_COMMIT" "date=$(date +%Y-%m-%d)" \
    "command=RUNS=$RUNS DURATION=$DURATION STREAM_MB=$STREAM_MB Examples/IngestServer/Scripts/bench-server.sh" \
    "runs=$RUNS" "duration=$DURATION" "warmup=$WARMUP" "threads=$THREADS" "connections=$CONNECTIONS" \
    "server_args=$SERVER_ARGS" "raw=Examples/IngestServer/Scripts/results/$STAMP/" \
    "load_start=$(cut -d ' ' -f 1-3 /proc/loadavg)"
python3 - "$RESULTS" "$RESULTS_DIR" <<'EOF'
import json, os, sys
results, directory = sys.argv[1], sys.argv[2]
meta = {"kind": "meta"}
for key, name in (("small", "small-bodies.json"), ("bulk", "bulk-bodies.json"), ("stream", "stream-file.json")):
    path = os.path.join(directory, name)
    if os.path.exists(path):
        meta[key] = json.load(open(path))
open(results, "a").write(json.dumps(meta) + "\n")
EOF

# ----------------------------------------------------------------- server

# start_server DECODER LOG LIFETIME [ARGS...]: sets PORT, SERVER_PID, GUARD_PID.
start_server() {
    local decoder=$1 log=$2 lifetime=$3
    shift 3
    local database="$WORK/events-$decoder.sqlite"
    rm -f "$database" "$database-wal" "$database-shm"
    PORT=0  # an ephemeral port, read from the server's "listening on" line
    # shellcheck disable=SC2086  # SERVER_ARGS is a list of words
    timeout -k 10 "$lifetime" "$SERVER_EXE" --decoder "$decoder" --host "$HOST" --port "$PORT" --db "$database" \
        $SERVER_ARGS "$@" >"$log" 2>&1 &
    GUARD_PID=$!
    local tries=0
    until grep -q "listening on $HOST:" "$log" 2>/dev/null; do
        if ! kill -0 "$GUARD_PID" 2>/dev/null || (( ++tries > 600 )); then
            say "server log ($log):"; tail -n 20 "$log" >&2 || true
            stop_server
            return 1
        fi
        sleep 0.1
    done
    local listening
    listening=$(sed -n "s/.*listening on $HOST:\([0-9]*\).*/\1/p" "$log" | head -n 1)
    [[ -n $listening && $listening != 0 ]] || { say "no port in $log"; stop_server; return 1; }
    PORT=$listening
    SERVER_PID=$(cat "/proc/$GUARD_PID/task/$GUARD_PID/children" 2>/dev/null | awk '{print $1}')
    [[ -n $SERVER_PID ]] || { stop_server; return 1; }
}

finish_server() {  # stops the server and removes its database
    stop_server
    rm -f "$WORK"/events-*.sqlite*
}

rss_mb() {  # rss_mb PID VmHWM|VmRSS: in MB (10^6 bytes)
    awk -v field="$2:" '$1 == field { printf "%.1f", $2 * 1024 / 1e6 }' "/proc/$1/status" 2>/dev/null
}

event_count() {
    timeout -k 5 30 curl -sS --noproxy '*' --max-time 20 "http://$HOST:$PORT/events/count" >"$WORK/count.json" 2>"$WORK/count.err" \
        || { cat "$WORK/count.err" >&2; return 1; }
    python3 "$HELPER" get "$WORK/count.json" count
}

# ----------------------------------------------------------------- scenarios

# wrk_scenario RUN SCENARIO DECODER LIST EVENTS_MEAN EVENTS_MIN
wrk_scenario() {
    local run=$1 scenario=$2 decoder=$3 list=$4 mean_events=$5 min_events=$6
    local base="$RESULTS_DIR/run$run-$scenario-$decoder"
    local url="http://$HOST:$PORT/events"
    say "run $run/$RUNS $scenario $decoder: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s (after ${WARMUP}s warm-up)"
    if (( WARMUP > 0 )); then
        bounded timeout -k 5 $((WARMUP + 30)) wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" --timeout 10s \
            -s "$LUA" "$url" -- "$list" >"$base.warmup.txt" 2>&1 || { fail_check "$scenario $decoder run $run: wrk warm-up failed"; return; }
    fi
    local before after
    before=$(event_count) || { fail_check "$scenario $decoder run $run: GET /events/count failed"; return; }
    bounded timeout -k 5 $((DURATION + 60)) wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --timeout 10s --latency \
        -s "$LUA" "$url" -- "$list" >"$base.wrk.txt" 2>&1 || { fail_check "$scenario $decoder run $run: wrk failed (see $base.wrk.txt)"; return; }
    after=$(event_count) || { fail_check "$scenario $decoder run $run: GET /events/count failed"; return; }
    python3 "$HELPER" wrk "$base.wrk.txt" >"$base.json"
    local requests non2xx rps
    requests=$(python3 "$HELPER" get "$base.json" requests)
    non2xx=$(python3 "$HELPER" get "$base.json" non2xx)
    rps=$(python3 "$HELPER" get "$base.json" rps)
    [[ -n $rps && -n $requests ]] || { fail_check "$scenario $decoder run $run: no figures in $base.wrk.txt"; return; }
    local rows=$((after - before))
    local events_per_s
    events_per_s=$(python3 -c "print(round($rps * $mean_events, 1))")
    python3 "$HELPER" record "$RESULTS" "scenario=$scenario" "decoder=$decoder" "run=$run" "@$base.json" \
        "rows_stored=$rows" "events_per_s=$events_per_s" "peak_rss_mb=$(rss_mb "$SERVER_PID" VmHWM)"
    (( non2xx == 0 )) || fail_check "$scenario $decoder run $run: $non2xx non-2xx responses (wrk)"
    (( rows >= requests * min_events )) \
        || fail_check "$scenario $decoder run $run: $rows rows stored during the run, fewer than the $requests acknowledged requests x $min_events events"
    kill -0 "$SERVER_PID" 2>/dev/null || fail_check "$scenario $decoder run $run: the server died"
}

stream_scenario() {
    local run=$1 decoder=$2
    local base="$RESULTS_DIR/run$run-stream-$decoder"
    say "run $run/$RUNS stream $decoder: $STREAM_BYTES bytes, $STREAM_LINES lines (curl -T, chunked)"
    local idle
    idle=$(rss_mb "$SERVER_PID" VmRSS)
    local status=0
    bounded timeout -k 5 "$STREAM_TIMEOUT" curl -sS --noproxy '*' --max-time "$STREAM_TIMEOUT" -X POST -T "$STREAM_FILE" \
        -H 'Content-Type: application/x-ndjson' -H 'Transfer-Encoding: chunked' -H 'Expect:' \
        -o "$base.response.json" -w '{"http_code":%{http_code},"seconds":%{time_total},"uploaded":%{size_upload}}\n' \
        "http://$HOST:$PORT/events" >"$base.curl.json" 2>"$base.curl.err" || status=$?
    local peak
    peak=$(rss_mb "$SERVER_PID" VmHWM)
    if (( status != 0 )); then
        fail_check "stream $decoder run $run: curl exited with $status ($(head -c 300 "$base.curl.err"))"
        return
    fi
    local code seconds uploaded rows accepted
    code=$(python3 "$HELPER" get "$base.curl.json" http_code)
    seconds=$(python3 "$HELPER" get "$base.curl.json" seconds)
    uploaded=$(python3 "$HELPER" get "$base.curl.json" uploaded)
    accepted=$(python3 "$HELPER" get "$base.response.json" accepted)
    rows=$(event_count) || rows=""
    local mbps
    mbps=$(python3 -c "print(round($STREAM_BYTES / $seconds / 1e6, 1))")
    python3 "$HELPER" record "$RESULTS" scenario=stream "decoder=$decoder" "run=$run" "http_code=$code" \
        "seconds=$seconds" "bytes=$STREAM_BYTES" "uploaded=$uploaded" "mb_per_s=$mbps" "peak_rss_mb=${peak:-null}" \
        "idle_rss_mb=${idle:-null}" "rows=${rows:-null}" "accepted=${accepted:-null}" "lines=$STREAM_LINES"
    say "  $mbps MB/s, ${seconds}s, peak RSS ${peak} MB, rows ${rows:-?} of $STREAM_LINES lines (HTTP $code)"
    [[ $code == 200 ]] || fail_check "stream $decoder run $run: HTTP $code ($(head -c 300 "$base.response.json"))"
    # size_upload counts the chunk framing too: at least the file's bytes.
    python3 -c "import sys; sys.exit(0 if float('$uploaded' or 0) >= $STREAM_BYTES else 1)" \
        || fail_check "stream $decoder run $run: curl uploaded $uploaded bytes (with chunk framing) of $STREAM_BYTES"
    [[ $rows == "$STREAM_LINES" ]] || fail_check "stream $decoder run $run: $rows rows stored for $STREAM_LINES lines sent"
    [[ $accepted == "$STREAM_LINES" ]] || fail_check "stream $decoder run $run: the server accepted $accepted of $STREAM_LINES lines"
}

START_TIME=$SECONDS
for run in $(seq "$RUNS"); do
    for scenario in $SCENARIOS; do
        for decoder in $DECODERS; do
            if (( SECONDS - START_TIME > TIME_LIMIT )); then
                fail_check "over TIME_LIMIT ($TIME_LIMIT s) before run $run $scenario $decoder: the rest was not run"
                break 3
            fi
            log="$RESULTS_DIR/run$run-$scenario-$decoder.server.log"
            case $scenario in
                small|bulk)
                    start_server "$decoder" "$log" $((WARMUP + DURATION + 300)) \
                        || { fail_check "$scenario $decoder run $run: the server did not start (see $log)"; continue; }
                    if [[ $scenario == small ]]; then
                        wrk_scenario "$run" small "$decoder" "$WORK/small.list" 1 1
                    else
                        wrk_scenario "$run" bulk "$decoder" "$WORK/bulk.list" "$BULK_MEAN_EVENTS" "$BULK_MIN_EVENTS"
                    fi
                    ;;
                stream)
                    start_server "$decoder" "$log" $((STREAM_TIMEOUT + 300)) --max-body-bytes $((STREAM_BYTES + 1048576)) \
                        || { fail_check "stream $decoder run $run: the server did not start (see $log)"; continue; }
                    stream_scenario "$run" "$decoder"
                    ;;
                *) die "unknown scenario $scenario (small, bulk, stream)" ;;
            esac
            finish_server
        done
    done
done
say "all runs in $(( SECONDS - START_TIME )) s"
python3 "$HELPER" record "$RESULTS" kind=meta "load_end=$(cut -d ' ' -f 1-3 /proc/loadavg)" "seconds=$(( SECONDS - START_TIME ))"

if (( FAILED )); then
    python3 "$HELPER" render "$RESULTS" "$RESULTS_DIR/tables.md"
    cat "$RESULTS_DIR/tables.md"
    die "checks failed (above; raw outputs in $RESULTS_DIR); $README_PATH left as it was"
fi
python3 "$HELPER" render "$RESULTS" "$RESULTS_DIR/tables.md" "$README_PATH"
cat "$RESULTS_DIR/tables.md"
say "tables written to $README_PATH (raw outputs in $RESULTS_DIR)"
