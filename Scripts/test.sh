#!/usr/bin/env bash
# make test's steps: each build of the package, of the example server and of the consumer
# packages, and each test run. Called by the Makefile (which sets the variables below).
#
#   Scripts/test.sh            every step, two at a time: each test run (one core: XCTest
#                              runs one test after another) beside the next build (both
#                              cores), so that the machine is not left half idle
#   Scripts/test.sh STEP ...   the named steps, one after the other:
#       all-traits   build and run the suite with every trait (SERVER_TRAITS)
#       asan         build and run the suite without traits under AddressSanitizer, with
#                    pkg-config unable to find yajl or simdjson (make sanitize-address)
#       consumer     Scripts/check-consumer.sh
#       example      build and run the example server's tests (Examples/IngestServer)
#
# A test run beside a build writes to a log that is printed whole when the run ends, so
# the output stays readable; the script stops at the first failed step, after printing
# the log of a run still going. Every build goes through Scripts/no-warnings.sh.
#
# Environment: SWIFT (swift), SERVER_TRAITS, TEST_PRODUCT (JoltPackageTests),
# ASAN_SCRATCH (.build/asan), ASAN_OPTIONS (detect_leaks=0), EXAMPLE_DIR
# (Examples/IngestServer).
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
swift="${SWIFT:-swift}"
traits="${SERVER_TRAITS:-YAJL,SIMDJSON,Vapor,Hummingbird,FullFoundation}"
product="${TEST_PRODUCT:-JoltPackageTests}"
asan_scratch="${ASAN_SCRATCH:-.build/asan}"
example="${EXAMPLE_DIR:-Examples/IngestServer}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
logs="$(mktemp -d "${TMPDIR:-/tmp}/jolt-test.XXXXXX")"
# The test run going in the background, if any, and its name.
run_pid=""
run_name=""
# A test run is a subshell, swift test and the test process: stop them all.
kill_tree() {
    local child
    for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
    kill "$1" 2>/dev/null
}
trap '[ -z "$run_pid" ] || kill_tree "$run_pid"; rm -rf "$logs"' EXIT

say() { echo "test.sh: $*"; }

# The asan steps run as on a machine without libyajl-dev or libsimdjson-dev.
no_pkg_config() { PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=/nonexistent "$@"; }

build_all_traits() { Scripts/no-warnings.sh "$swift" build --product "$product" --traits "$traits"; }
run_all_traits() { "$swift" test --skip-build --traits "$traits"; }
build_asan() {
    no_pkg_config Scripts/no-warnings.sh "$swift" build --product "$product" --disable-default-traits \
        --sanitize=address --scratch-path "$asan_scratch"
}
run_asan() {
    no_pkg_config "$swift" test --skip-build --disable-default-traits --sanitize=address --scratch-path "$asan_scratch"
}
consumer() { SWIFT="$swift" Scripts/check-consumer.sh; }
# The example's tests start its executable (the SIGKILL test), so --build-tests builds it too.
build_example() { (cd "$example" && "$root/Scripts/no-warnings.sh" "$swift" build --build-tests); }
run_example() { (cd "$example" && "$swift" test --skip-build); }

# Runs a step in the foreground, timed.
step() {
    local name=$1 start=$SECONDS
    shift
    say "$name"
    "$@" || { say "FAILED: $name (status $?)"; finish_background; exit 1; }
    say "$name: done in $((SECONDS - start)) s"
}

# Starts a test run in the background, its output into a log.
start_run() {
    run_name=$1
    shift
    say "$run_name (beside the next build; its output follows when it ends)"
    ( start=$SECONDS; "$@" >"$logs/run.log" 2>&1; status=$?; echo "$((SECONDS - start))" >"$logs/run.seconds"; exit $status ) &
    run_pid=$!
}

# Waits for the background run, prints its log, and stops on its failure.
finish_run() {
    [ -n "$run_pid" ] || return 0
    wait "$run_pid"
    local status=$?
    run_pid=""
    cat "$logs/run.log"
    if [ "$status" -ne 0 ]; then say "FAILED: $run_name (status $status)"; exit 1; fi
    say "$run_name: done in $(cat "$logs/run.seconds") s"
}

# After a failed build: the run beside it is stopped and what it wrote so far shown.
finish_background() {
    [ -n "$run_pid" ] || return 0
    kill_tree "$run_pid"
    wait "$run_pid" 2>/dev/null
    say "stopped: $run_name; its output so far:"
    cat "$logs/run.log"
    run_pid=""
}

if [ $# -gt 0 ]; then
    for name in "$@"; do
        case "$name" in
            all-traits) step "build, every trait" build_all_traits; step "tests, every trait" run_all_traits ;;
            asan) step "build, no traits, AddressSanitizer" build_asan; step "tests, no traits, AddressSanitizer" run_asan ;;
            consumer) step "consumer packages" consumer ;;
            example) step "build, example server" build_example; step "tests, example server" run_example ;;
            *) echo "test.sh: unknown step $name (all-traits, asan, consumer, example)" >&2; exit 2 ;;
        esac
    done
    exit 0
fi

total=$SECONDS
step "build, every trait" build_all_traits
start_run "tests, every trait" run_all_traits
step "build, no traits, AddressSanitizer" build_asan
finish_run
start_run "tests, no traits, AddressSanitizer" run_asan
step "build, example server" build_example
step "consumer packages" consumer
finish_run
step "tests, example server" run_example
say "all steps passed in $((SECONDS - total)) s"
