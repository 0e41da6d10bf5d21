#!/bin/sh
# Runs the ordo-one suite's static-threshold check for mallocCountTotal against
# Benchmarks/Thresholds/*.p90.json (used by `make bench-check`).
#
# Exit status: 0 when every allocation count is within its tolerance, or only
# better than its threshold (then it says to re-record the thresholds);
# non-zero on a regression or any other failure. `swift package` reports both
# "worse" and "better" as exit 1 (the tool's own 2 and 4 are not passed
# through), so the verdict is read from the output.
#
# Extra arguments go to the tool, e.g. --filter 'twitter\..*'.
set -u
cd "$(dirname "$0")/.." || exit 1
log=$(mktemp)
trap 'rm -f "$log" "$log.status"' EXIT

{ "${SWIFT:-swift}" package --disable-sandbox benchmark thresholds check --metric mallocCountTotal --no-progress "$@" 2>&1
  echo $? > "$log.status"; } | tee "$log"
status=$(cat "$log.status")

if [ "$status" -eq 0 ]; then
    exit 0
fi
if grep -q "is WORSE than the defined thresholds" "$log"; then
    echo "bench-check: allocation count regression (see the table above)." >&2
    exit 2
fi
if grep -q "is BETTER than the defined thresholds" "$log"; then
    echo "bench-check: allocation counts improved; run 'make bench-thresholds' and commit Benchmarks/Thresholds."
    exit 0
fi
echo "bench-check: the threshold check failed (exit $status)." >&2
exit "$status"
