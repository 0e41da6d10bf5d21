// swift-tools-version:5.3
// Fuzz targets for Jolt (libFuzzer). A separate package so that the sanitizer
// flags never touch the main build. Build and run through the repository's
// Makefile (`make fuzz-build`, `make fuzz`), or by hand from this directory:
//
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   .build/release/FuzzDifferential corpus-FuzzDifferential -dict=json.dict -max_len=8192
//
// Tools version 5.3 on purpose: it builds libFuzzer executables with this
// toolchain (no generated `main` for executable targets).
import PackageDescription

let package = Package(
    name: "JoltFuzz",
    dependencies: [
        // `name:` fixes the package's name to "Jolt" whatever the checkout's
        // directory is called (its identity would otherwise be the directory name).
        .package(name: "Jolt", path: ".."),
    ],
    targets: [
        // Shared by the three fuzzers: the dynamic FuzzValue and the checks.
        .target(
            name: "FuzzCommon",
            dependencies: [.product(name: "Jolt", package: "Jolt")]
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
        // JoltDecoder's direct path (JoltDirectDecodable) against init(from:).
        .target(name: "FuzzDirect", dependencies: [.product(name: "Jolt", package: "Jolt")]),
    ]
)
