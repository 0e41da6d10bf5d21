// swift-tools-version: 6.1
//
// Benchmarks for Jolt. A separate package (with its own .build) so that the
// benchmark dependencies never reach Jolt's users.
//
//   swift run -c release JoltCompare [--quick] [--filter NAME] [--write-readme README.md]
//   swift build -c release --product JoltMallocCount             # malloc counts JoltCompare reports
//   swift build -c release --product JoltMacroBench              # its generated-code table (builds swift-syntax)
//   swift build -c release --product JoltProfile                # one decoder, one file, for callgrind/perf
//   swift package --disable-sandbox benchmark                    # ordo-one suite
//   Scripts/check-thresholds.sh                                  # malloc counts vs Thresholds/ (make bench-check)
//   Scripts/instruction-gate.sh                                  # instruction counts vs Thresholds/instructions.tsv (make bench-instructions)
//
// The executables compile the corpus models from ../Tests/JoltTests/Models
// through a symlink (`Models`) in their source folders; JoltMacroBench also
// links JoltCompare's Measuring.swift.

import Foundation
import PackageDescription

/// The Jolt checkout this package sits in (the parent of Benchmarks/).
let joltRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// The identity of a path dependency is its directory name, which differs
/// between checkouts (`main`, `jolt`, a worktree name, ...).
let joltIdentity = joltRoot.lastPathComponent

/// Jolt's traits for the benchmarks: yajl's backend, and simdjson's
/// where libsimdjson-dev is installed, so that a machine without it still builds them.
let simdjsonInstalled = ["/usr/include/simdjson.h", "/usr/local/include/simdjson.h"]
    .contains { FileManager.default.fileExists(atPath: $0) }
let joltTraits: Set<Package.Dependency.Trait> = simdjsonInstalled ? ["YAJL", "SIMDJSON"] : ["YAJL"]

let package = Package(
    name: "JoltBenchmarks",
    platforms: [.macOS("26.0")],   // Jolt's (see ../Package.swift)
    dependencies: [
        .package(path: "..", traits: joltTraits),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", .upToNextMajor(from: "1.5.0")),
    ],
    targets: [
        .executableTarget(
            name: "JoltCompare",
            dependencies: [
                .product(name: "Jolt", package: joltIdentity),
            ],
            path: "Sources/JoltCompare"
        ),
        .executableTarget(
            name: "JoltMallocCount",
            dependencies: [
                .product(name: "Jolt", package: joltIdentity),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Sources/JoltMallocCount"
        ),
        // Its own executable: it needs the JoltMacros product, hence a release build of
        // swift-syntax (for the macro plugin), which the other targets do not pay for.
        .executableTarget(
            name: "JoltMacroBench",
            dependencies: [
                .product(name: "Jolt", package: joltIdentity),
                .product(name: "JoltMacros", package: joltIdentity),
            ],
            path: "Sources/JoltMacroBench"
        ),
        .executableTarget(
            name: "JoltStreamBench",
            dependencies: [
                .product(name: "Jolt", package: joltIdentity),
            ],
            path: "Sources/JoltStreamBench"
        ),
        // One decoder on one corpus file, for callgrind and perf.
        .executableTarget(
            name: "JoltProfile",
            dependencies: [
                .product(name: "Jolt", package: joltIdentity),
            ],
            path: "Sources/JoltProfile"
        ),
        .executableTarget(
            name: "DecodingBenchmarks",
            dependencies: [
                .product(name: "Jolt", package: joltIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DecodingBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
