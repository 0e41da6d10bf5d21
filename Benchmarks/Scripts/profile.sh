#!/bin/sh
# Instructions per decode of one corpus file with one decoder, counted by
# valgrind's callgrind (used by `make profile`). Instruction counts are exact and
# repeatable on this shared, noisy machine, where timings are not: use them to
# judge a change to a hot path before and after, and JoltCompare for speed.
#
#   Scripts/profile.sh FILE DECODER COUNT
#
# FILE is a corpus file name without .json (twitter, gsoc-2018, ...), DECODER is
# yajl, swift, simdjson or foundation. JoltProfile runs twice under callgrind, with COUNT and
# with 2 x COUNT decodes; the difference, divided by COUNT, is the cost of one
# decode without the process start-up and the first decode. The profile of the
# longer run stays in .build/callgrind.FILE.DECODER for callgrind_annotate.
set -eu
cd "$(dirname "$0")/.." || exit 1
file=${1:?usage: profile.sh FILE yajl|swift|simdjson|foundation COUNT}
decoder=${2:?usage: profile.sh FILE yajl|swift|simdjson|foundation COUNT}
count=${3:-10}
command -v valgrind >/dev/null 2>&1 || { echo "profile.sh: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
# -gdwarf-4: clang writes DWARF 5 for the C++ simdjson shim (SIMDJSON trait), which
# valgrind 3.19 (Debian 12) cannot read ("unhandled dwarf2 abbrev form code 0x25").
"${SWIFT:-swift}" build -c release --product JoltProfile -Xcxx -gdwarf-4 >/dev/null
bin=$("${SWIFT:-swift}" build -c release --show-bin-path)/JoltProfile
out=.build/callgrind.$file.$decoder

instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$2" "$bin" "$file" "$decoder" "$1" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
short=$(instructions "$count" "$out.short")
long=$(instructions $((count * 2)) "$out")
rm -f "$out.short"
echo "$file $decoder: $(( (long - short) / count )) instructions per decode ($count and $((count * 2)) decodes: $short, $long; profile in Benchmarks/$out)"
