#!/usr/bin/env bash
# Shows what a package that depends on Jolt fetches and builds.
#
# 1. A consumer of the `Jolt` product with the default traits: SwiftPM must not
#    resolve swift-nio, vapor or hummingbird (their traits are off, so SwiftPM
#    prunes the dependencies), the build must compile no NIO module, and it needs
#    no C library (it builds with pkg-config unable to find yajl or simdjson), and
#    decodes with the Swift scanner.
# 2. A consumer that enables the `Hummingbird` trait: hummingbird and swift-nio
#    are resolved (resolution only; building them is what `make test` does).
# 3. A consumer with no traits (`traits: []`, so not FullFoundation): it builds and
#    runs, and its executable needs FoundationEssentials but not Foundation
#    (libFoundation.so, and the ICU data it brings, are not loaded).
#
# Usage: Scripts/check-consumer.sh   (SWIFT=swift, KEEP=1 keeps the temporary packages)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
work="$(mktemp -d "${TMPDIR:-/tmp}/jolt-consumer.XXXXXX")"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

make_consumer() { # name, traits-argument
    mkdir -p "$work/$1/Sources/$1"
    cat > "$work/$1/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "$1",
    dependencies: [.package(name: "Jolt", path: "$root"$2)],
    targets: [.executableTarget(name: "$1", dependencies: [.product(name: "Jolt", package: "Jolt")])]
)
SWIFT
    cat > "$work/$1/Sources/$1/main.swift" <<'SWIFT'
import Jolt

struct User: Codable { var id: Int; var name: String }
let user = try JoltDecoder().decode(User.self, from: #"{"id": 1, "name": "Ada"}"#)
print(user.name)
print(JoltDecoder().backend)
SWIFT
}

fail() { echo "check-consumer: FAIL: $*" >&2; exit 1; }

make_consumer Plain ""
( cd "$work/Plain" && "$swift" package resolve >/dev/null 2>&1 )
pins="$(cd "$work/Plain" && "$swift" package show-dependencies --format flatlist 2>/dev/null || true)"
for unwanted in swift-nio vapor hummingbird async-http-client; do
    if printf '%s\n' "$pins" | grep -qx "$unwanted"; then fail "a default consumer resolves $unwanted"; fi
    if [ -d "$work/Plain/.build/checkouts/$unwanted" ]; then fail "a default consumer fetched $unwanted"; fi
done
( cd "$work/Plain" && PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=/nonexistent "$swift" build >"$work/plain-build.log" 2>&1 ) ||
    { cat "$work/plain-build.log" >&2; fail "the default consumer does not build without pkg-config finding yajl or simdjson"; }
[ "$("$work/Plain/.build/debug/Plain" | tr '\n' ' ')" = "Ada swift " ] || fail "the consumer did not run, or not on the Swift scanner"
if find "$work/Plain/.build/debug" -maxdepth 2 -name 'NIOCore*' -o -maxdepth 2 -name 'Vapor*' -o -maxdepth 2 -name 'Hummingbird*' | grep -q .; then
    fail "a default consumer built NIO, Vapor or Hummingbird"
fi
echo "check-consumer: a default consumer resolves only: $(printf "%s " $pins)"
echo "check-consumer: it builds and runs without NIO, Vapor or Hummingbird, and without yajl or simdjson (backend: swift)"

make_consumer Server ', traits: ["Hummingbird"]'
( cd "$work/Server" && "$swift" package resolve >/dev/null 2>&1 )
server_pins="$(cd "$work/Server" && "$swift" package show-dependencies --format flatlist 2>/dev/null || true)"
for wanted in swift-nio hummingbird; do
    printf '%s\n' "$server_pins" | grep -qx "$wanted" || fail "a consumer with the Hummingbird trait does not resolve $wanted"
done
if printf '%s\n' "$server_pins" | grep -qx vapor; then fail "a Hummingbird consumer resolves vapor"; fi
echo "check-consumer: with the Hummingbird trait it resolves hummingbird and swift-nio, not vapor"
make_consumer Lean ', traits: []'
( cd "$work/Lean" && PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=/nonexistent "$swift" build >"$work/lean-build.log" 2>&1 ) ||
    { cat "$work/lean-build.log" >&2; fail "a consumer without the FullFoundation trait does not build"; }
[ "$("$work/Lean/.build/debug/Lean" | tr '\n' ' ')" = "Ada swift " ] || fail "the consumer without FullFoundation did not run"
lean_libs="$(ldd "$work/Lean/.build/debug/Lean")"
printf '%s\n' "$lean_libs" | grep -q 'libFoundationEssentials\.so' || fail "the consumer without FullFoundation does not link FoundationEssentials (has ldd changed?)"
if printf '%s\n' "$lean_libs" | grep -qE 'libFoundation\.so|libFoundationInternationalization\.so|lib_FoundationICU\.so'; then
    fail "a consumer without the FullFoundation trait links Foundation: $(printf '%s\n' "$lean_libs" | grep -oE 'lib(Foundation|FoundationInternationalization|_FoundationICU)\.so' | sort -u | tr '\n' ' ')"
fi
echo "check-consumer: without FullFoundation it links FoundationEssentials and not Foundation ($(printf '%s\n' "$lean_libs" | grep -c '=>') shared libraries)"
echo "check-consumer: 3 passed, 0 failed"
