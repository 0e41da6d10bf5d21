// swift-tools-version: 6.1
//
// IngestServer: an example ingestion server on Hummingbird 2 that streams JSON
// arrays and JSON Lines of polymorphic events through Jolt (or Foundation's
// JSONDecoder, for comparison) into SQLite through GRDB. A separate package,
// with its own .build, so that its dependencies never reach Jolt's users.
//
//   swift build -c release --product IngestServer
//   .build/release/IngestServer --decoder jolt-simdjson --port 8080 --db /tmp/events.sqlite
//   swift build --build-tests && swift test --skip-build
//
// See README.md.

import Foundation
import PackageDescription

/// The Jolt checkout this package sits in (two levels up).
let joltRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The identity of a path dependency is its directory name, which differs
/// between checkouts (`main`, `jolt`, a worktree name, ...).
let joltIdentity = joltRoot.lastPathComponent

let package = Package(
    name: "IngestServer",
    platforms: [.macOS("26.0")],   // Jolt's (see ../../Package.swift)
    products: [
        .executable(name: "IngestServer", targets: ["IngestServer"]),
        .library(name: "IngestServerCore", targets: ["IngestServerCore"]),
    ],
    dependencies: [
        .package(path: "../..", traits: ["YAJL", "SIMDJSON", "Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Already in the graph through Hummingbird; named for the modules imported here.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "IngestServerCore",
            dependencies: [
                .product(name: "Jolt", package: joltIdentity),
                .product(name: "JoltNIO", package: joltIdentity),
                .product(name: "JoltHummingbird", package: joltIdentity),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "IngestServer",
            dependencies: ["IngestServerCore"]
        ),
        .testTarget(
            name: "IngestServerTests",
            dependencies: [
                "IngestServerCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Jolt", package: joltIdentity),
                .product(name: "JoltNIO", package: joltIdentity),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
