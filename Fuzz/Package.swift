// swift-tools-version:5.3
// Fuzz targets for Jolt (libFuzzer). A separate package so that the sanitizer
// flags never touch the main build. Build and run through the repository's
// Makefile (`make fuzz-build`, `make fuzz`), or by hand from this directory:
//
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   .build/release/FuzzDifferential corpus-FuzzDifferential -dict=json.dict -max_len=8192
//
// Tools version 5.3 on purpose: it builds libFuzzer executables with this
// toolchain. From 5.5, SwiftPM renames an executable's entry point to
// `<module>_main` and links `main` to it, which fails with `-parse-as-library`
// (libFuzzer provides `main`). A 5.3 manifest cannot name Jolt's traits, so the
// YAJL and SIMDJSON traits come from a dependency of tools version 6.1,
// Traits/Package.swift, on the same checkout.
import PackageDescription

let package = Package(
    name: "JoltFuzz",
    platforms: [.macOS("26.0")],   // Jolt's (see ../Package.swift)
    dependencies: [
        // `name:` fixes the package's name to "Jolt" whatever the checkout's
        // directory is called (its identity would otherwise be the directory name).
        .package(name: "Jolt", path: ".."),
        // Jolt's traits: a package of tools version 6.1 that depends on the same
        // checkout with YAJL and SIMDJSON (see Traits/Package.swift).
        .package(name: "JoltFuzzTraits", path: "Traits"),
    ],
    targets: [
        // Shared by the three fuzzers: the dynamic FuzzValue and the checks.
        .target(
            name: "FuzzCommon",
            dependencies: [
                .product(name: "Jolt", package: "Jolt"),
                .product(name: "JoltWithTraits", package: "JoltFuzzTraits"),
            ]
        ),
        // Swift scanner alone: parse, validate, decode; must never crash.
        .target(name: "FuzzSwift", dependencies: ["FuzzCommon"]),
        // yajl backend alone: the same checks.
        .target(name: "FuzzYAJL", dependencies: ["FuzzCommon"]),
        // Both backends: any disagreement is a crash.
        .target(name: "FuzzDifferential", dependencies: ["FuzzCommon"]),
        // The stream decoder against whole-document decodes, any chunking.
        .target(name: "FuzzStreaming", dependencies: [.product(name: "Jolt", package: "Jolt")]),
        // Date and binary text parsers: ISO 8601 against Foundation, round trips.
        .target(name: "FuzzFormats", dependencies: [.product(name: "Jolt", package: "Jolt")]),
        // JoltEncoder against JSONEncoder on every value the decoder accepts.
        .target(name: "FuzzEncoder", dependencies: [.product(name: "Jolt", package: "Jolt")]),
        // JoltDecoder's direct path (_JoltDirectDecodable) against init(from:).
        .target(name: "FuzzDirect", dependencies: [.product(name: "Jolt", package: "Jolt")]),
    ]
)
