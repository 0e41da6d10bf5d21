#!/usr/bin/env bash
# Instruction-count regression gate (make bench-instructions, part of make bench-check).
#
#   Scripts/instruction-gate.sh [check|update] [FILTER]
#
# Counts, with valgrind's callgrind, the instructions of one operation of Jolt:
#   decode.FILE.yajl, .swift, .simdjson   one decode of each corpus file into its
#                                         full-structure model, on each backend
#   encode.FILE                           one JoltEncoder encode of that model
#   stream.twitter.yajl, .swift, .simdjson  one element of a stream: the statuses of
#                                         twitter.json as a top-level array fed to a
#                                         JoltElementDecoder in 64 KiB slices (per element)
# The simdjson rows need Jolt's SIMDJSON trait, which Benchmarks/Package.swift turns on
# when simdjson.h is installed (make bench-instructions installs libsimdjson-dev, and so
# does CI). Without the header they cannot be measured: check then fails (exit 2) saying
# so, unless SIMDJSON_ROWS=skip, which measures the other rows and prints that the
# simdjson rows were skipped; update keeps their old thresholds.
#   direct.*                              the direct path: pending, see DIRECT_CASES
# Each is the Scripts/profile.sh method: JoltProfile runs twice under callgrind, with
# COUNT and 2 x COUNT operations; the difference, divided by COUNT, is one operation
# without the process start-up and the warm-up operation. Times on a shared machine
# move by +-20% from run to run; these counts move by far less than 0.1%. To keep them
# so, the runs have deterministic hashing (SWIFT_DETERMINISTIC_HASHING: a random seed
# changes the probe sequences of every Set and Dictionary) and no address-space
# randomisation (setarch -R, when the kernel allows it).
#
# check (default): compares with Benchmarks/Thresholds/instructions.tsv, prints every
#   count with its threshold and the difference, and exits 1 if any count is more than
#   TOLERANCE percent (default 2) above its threshold, or has no threshold. A count more
#   than TOLERANCE below is a note (refresh the thresholds to keep the gain), not a failure.
# update: measures and rewrites the thresholds file (then review and commit it):
#   after an intended change in cost, with `make bench-instructions-update`.
# FILTER (an extended regular expression) measures only the matching names; update then
#   keeps the other thresholds as they were.
#
# Environment: SWIFT (default swift), JOBS (measurements at a time, default 2),
# TOLERANCE (percent, default 2), THRESHOLDS (default Thresholds/instructions.tsv, relative
# to Benchmarks/).
set -euo pipefail
cd "$(dirname "$0")/.." || exit 1

mode=${1:-check}
filter=${2:-}
case "$mode" in check|update) ;; *) echo "usage: instruction-gate.sh [check|update] [FILTER]" >&2; exit 2 ;; esac
tolerance=${TOLERANCE:-2}
thresholds=${THRESHOLDS:-Thresholds/instructions.tsv}
jobs=${JOBS:-2}
command -v valgrind >/dev/null 2>&1 || { echo "instruction-gate.sh: valgrind not found (apt-get install valgrind, or make bench-instructions)" >&2; exit 2; }

# name, JoltProfile arguments before the count, count. The counts keep each run short
# (the whole gate is 2-4 minutes on 2 cores, 6 with a release build from clean) and every difference above ~10^7
# instructions, far above the few hundred instructions that move between runs.
cases=()
for file in canada citm_catalog github_events gsoc-2018 twitter twitterescaped update-center; do
    case $file in
        github_events) count=20 ;;
        twitter|twitterescaped|update-center) count=4 ;;
        *) count=2 ;;
    esac
    cases+=("decode.$file.yajl|$file yajl|$count" "decode.$file.swift|$file swift|$count"
        "decode.$file.simdjson|$file simdjson|$count" "encode.$file|$file encode|$count")
done
# Per element: 100 elements a pass (JoltProfile prints how many; the count is in passes).
cases+=("stream.twitter.yajl|stream yajl|2" "stream.twitter.swift|stream swift|2" "stream.twitter.simdjson|stream simdjson|2")
# The direct path does not exist yet. When it does: give JoltProfile a `FILE direct`
# mode (its hook fails with status 3 until then), list its cases here as
# "direct.FILE|FILE direct|COUNT", and run `make bench-instructions-update`.
DIRECT_CASES=()
cases+=("${DIRECT_CASES[@]}")

# The simdjson rows, without simdjson.h (see the top of this file).
simdjson_skipped=0
all_cases=("${cases[@]}")
if ! [ -f /usr/include/simdjson.h ] && ! [ -f /usr/local/include/simdjson.h ]; then
    if [ "${SIMDJSON_ROWS:-}" != skip ]; then
        echo "instruction-gate.sh: simdjson.h is not installed, so the simdjson rows cannot be measured." >&2
        echo "  Install libsimdjson-dev (make deps), or set SIMDJSON_ROWS=skip to measure the other rows alone." >&2
        exit 2
    fi
    simdjson_skipped=1
    kept=()
    for entry in "${cases[@]}"; do [[ $entry == *.simdjson\|* ]] || kept+=("$entry"); done
    cases=("${kept[@]}")
fi

# -gdwarf-4: clang writes DWARF 5 for the C++ simdjson shim (SIMDJSON trait), which
# valgrind 3.19 (Debian 12) cannot read ("unhandled dwarf2 abbrev form code 0x25").
"${SWIFT:-swift}" build -c release --product JoltProfile -Xcxx -gdwarf-4 >&2
bin=$("${SWIFT:-swift}" build -c release --show-bin-path)/JoltProfile
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

norandom=()
if setarch "$(uname -m)" -R true 2>/dev/null; then norandom=(setarch "$(uname -m)" -R); fi

# run ARGS COUNT OUT: instructions of one JoltProfile run; its output in OUT.stdout.
run() {
    local status=0
    # shellcheck disable=SC2086 # ARGS are words
    SWIFT_DETERMINISTIC_HASHING=1 "${norandom[@]}" valgrind --tool=callgrind --callgrind-out-file="$3.callgrind" \
        "$bin" $1 "$2" >"$3.stdout" 2>"$3.stderr" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "instruction-gate.sh: JoltProfile $1 $2 failed (exit $status):" >&2
        cat "$3.stderr" >&2
        return 1
    fi
    rm -f "$3.callgrind"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$3.stderr"
}

# measure NAME ARGS COUNT: writes the instructions of one operation to $work/NAME.
measure() {
    local short long per=1
    short=$(run "$2" "$3" "$work/$1.short") || return 1
    long=$(run "$2" $(($3 * 2)) "$work/$1.long") || return 1
    # A stream pass is several elements (JoltProfile prints "(N passes of M)").
    if [[ $1 == stream.* ]]; then per=$(sed -n 's/.* passes of \([0-9]*\)).*/\1/p' "$work/$1.short.stdout"); fi
    echo $(( (long - short) / ($3 * per) )) >"$work/$1"
}

start=$SECONDS
names=()
for entry in "${cases[@]}"; do
    IFS='|' read -r name args count <<<"$entry"
    if [ -n "$filter" ] && ! [[ $name =~ $filter ]]; then continue; fi
    names+=("$name")
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    measure "$name" "$args" "$count" &
done
wait || true
failed=0
for name in "${names[@]}"; do
    [ -s "$work/$name" ] || { echo "instruction-gate.sh: no measurement for $name" >&2; failed=1; }
done
[ "$failed" -eq 0 ] || exit 2
echo "instruction-gate.sh: ${#names[@]} measurements in $((SECONDS - start)) s (valgrind, $jobs at a time)" >&2

if [ "$mode" = update ]; then
    new=$(mktemp)
    {
        echo "# Instructions per operation (callgrind), for Scripts/instruction-gate.sh; refresh with make bench-instructions-update."
        echo "# machine: $(uname -m), $(nproc) cores, $(sed -n 's/^PRETTY_NAME="\(.*\)"/\1/p' /etc/os-release 2>/dev/null); $("${SWIFT:-swift}" --version 2>/dev/null | head -1); $(valgrind --version)"
        echo "# commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- ../Sources 2>/dev/null || echo ' (with uncommitted changes in Sources/)'); date: $(date -u +%Y-%m-%d)"
        printf 'name\tinstructions\n'
        for entry in "${all_cases[@]}"; do
            IFS='|' read -r name _ _ <<<"$entry"
            if [ -s "$work/$name" ]; then
                printf '%s\t%s\n' "$name" "$(cat "$work/$name")"
            elif [ -f "$thresholds" ] && old=$(awk -F '\t' -v n="$name" '$1 == n { print $2 }' "$thresholds") && [ -n "$old" ]; then
                printf '%s\t%s\n' "$name" "$old"
            fi
        done
    } >"$new"
    mv "$new" "$thresholds"
    grep -v '^#' "$thresholds" | column -t -s "$(printf '\t')" | sed 's/^/  /'
    echo "Wrote Benchmarks/$thresholds: review and commit it."
    exit 0
fi

[ -f "$thresholds" ] || { echo "instruction-gate.sh: no Benchmarks/$thresholds; run make bench-instructions-update" >&2; exit 2; }
regressions=()
improvements=()
printf '%-30s %15s %15s %9s\n' name threshold measured delta
for name in "${names[@]}"; do
    measured=$(cat "$work/$name")
    threshold=$(awk -F '\t' -v n="$name" '$1 == n { print $2 }' "$thresholds")
    if [ -z "$threshold" ]; then
        printf '%-30s %15s %15s %9s\n' "$name" "-" "$measured" "new"
        regressions+=("$name: no threshold (measured $measured)")
        continue
    fi
    delta=$(awk -v m="$measured" -v t="$threshold" 'BEGIN { printf "%+.3f", (m - t) * 100 / t }')
    verdict=$(awk -v m="$measured" -v t="$threshold" -v tol="$tolerance" \
        'BEGIN { d = (m - t) * 100 / t; print (d > tol ? "worse" : (d < -tol ? "better" : "same")) }')
    mark=""
    case $verdict in
        worse) mark="  REGRESSION"; regressions+=("$name: $measured instructions, $delta% above its threshold $threshold") ;;
        better) mark="  improved"; improvements+=("$name: $delta%") ;;
    esac
    printf '%-30s %15s %15s %8s%%%s\n' "$name" "$threshold" "$measured" "$delta" "$mark"
done
if [ "$simdjson_skipped" -eq 1 ]; then
    echo "(simdjson rows: SKIPPED, simdjson.h is not installed and SIMDJSON_ROWS=skip; their thresholds were not checked.)"
fi
if [ ${#DIRECT_CASES[@]} -eq 0 ]; then
    echo "(direct path: not measured yet; it does not exist. See DIRECT_CASES in Benchmarks/Scripts/instruction-gate.sh.)"
fi
if [ ${#improvements[@]} -gt 0 ]; then
    echo "Improved by more than $tolerance%: ${improvements[*]}."
    echo "Refresh the thresholds to keep the gain: make bench-instructions-update, then commit Benchmarks/$thresholds."
fi
if [ ${#regressions[@]} -gt 0 ]; then
    echo "bench-instructions: instruction-count regression (more than $tolerance% above Benchmarks/$thresholds):" >&2
    printf '  %s\n' "${regressions[@]}" >&2
    echo "If the extra cost is intended, refresh the thresholds: make bench-instructions-update." >&2
    exit 1
fi
echo "bench-instructions: all ${#names[@]} instruction counts within $tolerance% of their thresholds."
