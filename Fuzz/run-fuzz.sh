#!/usr/bin/env bash
# Runs Jolt's libFuzzer targets; called by `make fuzz` (which builds them first).
#
#   Fuzz/run-fuzz.sh [target ...]        default: FuzzSwift FuzzYAJL FuzzDifferential FuzzStreaming FuzzFormats FuzzEncoder FuzzDirect
#
# Environment (all optional):
#   FUZZ_TIME     seconds of fuzzing per target (default 60)
#   FUZZ_MAX_LEN  libFuzzer -max_len (default 8192: every conformance file but the
#                 two deep-nesting ones fits; larger seeds are read truncated)
#   FUZZ_TIMEOUT  seconds before one input counts as a hang (default 20)
#   FUZZ_ARGS     extra libFuzzer arguments, e.g. "-jobs=2" or "-seed=1"
#   FUZZ_SEEDS    directory holding conformance/ and corpus/ (default ../../shared)
#   FUZZ_BIN      directory of the built fuzzers (default .build/release)
#
# For each target: seeds Fuzz/corpus-<target>/ (kept between runs, gitignored)
# from every file of conformance/test_parsing, conformance/test_transform and
# corpus/, fuzzes for FUZZ_TIME seconds with json.dict, writes crash inputs to
# Fuzz/artifacts/<target>-crash-<sha1> and the log to Fuzz/artifacts/<target>.log.
# Before fuzzing, FuzzDifferential runs once on each seed longer than
# FUZZ_MAX_LEN at full size (libFuzzer only ever sees their first FUZZ_MAX_LEN
# bytes). Exits 1 if any run failed (crash, hang, leak, out of memory).
# Notable runs are recorded by hand in Fuzz/README.md, from the summary printed at the end.
set -u
cd "$(dirname "$0")"
# Swift's own crash backtracer reads the stack in ways ASan reports as a second,
# unrelated error; libFuzzer and ASan print the stack themselves.
export SWIFT_BACKTRACE=enable=no

FUZZ_TIME=${FUZZ_TIME:-60}
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-8192}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-20}
FUZZ_ARGS=${FUZZ_ARGS:-}
FUZZ_SEEDS=${FUZZ_SEEDS:-../../shared}
FUZZ_BIN=${FUZZ_BIN:-.build/release}
if [ $# -gt 0 ]; then targets=("$@"); else targets=(FuzzSwift FuzzYAJL FuzzDifferential FuzzStreaming FuzzFormats FuzzEncoder FuzzDirect); fi

seed_dirs=("$FUZZ_SEEDS/conformance/test_parsing" "$FUZZ_SEEDS/conformance/test_transform" "$FUZZ_SEEDS/corpus")
for dir in "${seed_dirs[@]}"; do
    [ -d "$dir" ] || { echo "run-fuzz.sh: seed directory $dir missing" >&2; exit 2; }
done
for target in "${targets[@]}"; do
    [ -x "$FUZZ_BIN/$target" ] || { echo "run-fuzz.sh: $FUZZ_BIN/$target not built (make fuzz-build)" >&2; exit 2; }
done
mkdir -p artifacts

# Copies every seed file into $1, prefixed by its source directory so that names
# cannot collide; files already there are left alone.
seed() {
    local corpus=$1 dir file
    mkdir -p "$corpus"
    for dir in "${seed_dirs[@]}"; do
        for file in "$dir"/*; do
            [ -f "$file" ] || continue
            local name
            name="seed-$(basename "$dir")-$(basename "$file")"
            [ -e "$corpus/$name" ] || { cp "$file" "$corpus/$name" && chmod u+w "$corpus/$name"; }
        done
    done
}

status=0
summary=()

# Full-size seeds, once, all three backends.
if [[ " ${targets[*]} " == *" FuzzDifferential "* ]]; then
    big=()
    for dir in "${seed_dirs[@]}"; do
        for file in "$dir"/*; do
            [ -f "$file" ] && [ "$(wc -c <"$file")" -gt "$FUZZ_MAX_LEN" ] && big+=("$file")
        done
    done
    if [ ${#big[@]} -gt 0 ]; then
        echo "== FuzzDifferential on ${#big[@]} full-size seeds longer than $FUZZ_MAX_LEN bytes"
        if "$FUZZ_BIN/FuzzDifferential" "${big[@]}" >artifacts/full-size-seeds.log 2>&1; then
            summary+=("full-size seeds     ${#big[@]} files, the three backends agree")
        else
            status=1
            summary+=("full-size seeds     FAILED, see Fuzz/artifacts/full-size-seeds.log")
            tail -40 artifacts/full-size-seeds.log
        fi
    fi
fi

for target in "${targets[@]}"; do
    corpus="corpus-$target"
    log="artifacts/$target.log"
    seed "$corpus"
    echo "== $target: $FUZZ_TIME s, corpus Fuzz/$corpus ($(ls "$corpus" | wc -l) files), log Fuzz/$log"
    # shellcheck disable=SC2086
    "$FUZZ_BIN/$target" "$corpus" \
        -dict=json.dict -max_len="$FUZZ_MAX_LEN" -max_total_time="$FUZZ_TIME" \
        -timeout="$FUZZ_TIMEOUT" -artifact_prefix="artifacts/$target-" \
        -print_final_stats=1 $FUZZ_ARGS >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    cov=$(grep -E '^#[0-9]+[[:space:]]+(DONE|INITED)' "$log" | tail -1 | sed -n 's/.*\(cov: [0-9]*\).*/\1/p')
    if [ $rc -eq 0 ]; then
        summary+=("$(printf '%-19s %s runs in %s s, %s, nothing found' "$target" "${runs:-?}" "${secs:-?}" "${cov:-cov: ?}")")
    else
        status=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        summary+=("$(printf '%-19s FAILED (exit %s) after %s runs; input: Fuzz/%s; log: Fuzz/%s' "$target" "$rc" "${runs:-?}" "${artifact:-?}" "$log")")
        grep -E 'Fatal error|Jolt fuzz check failed|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$log" | head -10
    fi
done

echo
echo "== Summary"
printf '%s\n' "${summary[@]}"
exit $status
