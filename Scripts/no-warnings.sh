#!/usr/bin/env bash
# Runs a build command and fails if the compiler warned about any file of this
# repository (Sources/, Tests/, Examples/, Benchmarks/, Fuzz/). Warnings in
# dependencies (SwiftPM's checkouts under a build folder) are not ours and are
# ignored.
#
# Usage: Scripts/no-warnings.sh swift build --product JoltPackageTests [ARGS...]
#
# The compiler prints a file's warnings only when it compiles that file, so an
# incremental build checks only what changed; CI builds from a clean clone and so
# checks every file. A clean `swift build` of the package shows the whole list.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
log="$(mktemp "${TMPDIR:-/tmp}/jolt-build.XXXXXX")"
trap 'rm -f "$log"' EXIT

"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"

# "PATH:LINE:COL: warning: ..." for a file of ours (not under a .build* folder).
ours="$(grep -E "^$root/[^ ]+:[0-9]+:[0-9]+: warning: " "$log" \
    | grep -vE "^$root/([^/]+/)*\.build[^/]*/" | sort -u || true)"
if [ -n "$ours" ]; then
    count="$(printf '%s\n' "$ours" | wc -l)"
    echo "no-warnings: $count compiler warning(s) in this repository's files:" >&2
    printf '%s\n' "$ours" | sed "s|^$root/||" >&2
    exit 1
fi
echo "no-warnings: no compiler warning in this repository's files"
