// swift-tools-version: 6.1
// Jolt with the traits the fuzzers need. The fuzz targets themselves stay in a
// package of tools version 5.3 (../Package.swift), which cannot name traits; this
// package, one of their dependencies, asks for YAJL and SIMDJSON on the same Jolt
// checkout, and SwiftPM builds Jolt with the union of the traits its dependents
// enable (SE-0450).
import Foundation
import PackageDescription

/// The Jolt checkout (the parent of Fuzz/). The identity of a path dependency is
/// its directory name, which differs between checkouts (`main`, a worktree name, ...).
let joltIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// simdjson's backend where its header is installed (`make fuzz-build` installs
/// libsimdjson-dev first), so that a machine without it still builds the fuzzers;
/// FuzzDifferential then stops at its first input, saying why.
let simdjsonInstalled = ["/usr/include/simdjson.h", "/usr/local/include/simdjson.h"]
    .contains { FileManager.default.fileExists(atPath: $0) }
let joltTraits: Set<Package.Dependency.Trait> = simdjsonInstalled ? ["YAJL", "SIMDJSON"] : ["YAJL"]

let package = Package(
    name: "JoltFuzzTraits",
    platforms: [.macOS("26.0")],   // Jolt's (see ../../Package.swift)
    products: [
        .library(name: "JoltWithTraits", targets: ["JoltWithTraits"]),
    ],
    dependencies: [
        .package(path: "../..", traits: joltTraits),
    ],
    targets: [
        .target(name: "JoltWithTraits", dependencies: [.product(name: "Jolt", package: joltIdentity)]),
    ]
)
