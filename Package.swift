// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Jolt",
    // The oldest Apple releases whose runtime has what the code calls: Synchronization's
    // `Mutex` and the standard library's `Int128`/`UInt128` need macOS 15, iOS 18, tvOS 18,
    // watchOS 11, visionOS 2; `String(copying: UTF8Span(unchecked:isKnownASCII:))`
    // (Sources/Jolt/Strings/StringDecoding.swift) needs the Swift 6.2 runtime, in the 26
    // releases of each. (No floor on Linux, the platform CI builds.) Packages in this
    // repository that depend on Jolt (Benchmarks, Examples, Fuzz, Stress) say the same.
    platforms: [.macOS("26.0"), .iOS("26.0"), .tvOS("26.0"), .watchOS("26.0"), .visionOS("26.0")],
    products: [
        .library(name: "Jolt", targets: ["Jolt"]),
        // Separate product: only users who import JoltMacros build swift-syntax.
        .library(name: "JoltMacros", targets: ["JoltMacros"]),
        // Server integrations: each is empty unless its trait is enabled, and a
        // package that leaves the traits off never resolves NIO, Vapor or Hummingbird.
        .library(name: "JoltNIO", targets: ["JoltNIO"]),
        .library(name: "JoltVapor", targets: ["JoltVapor"]),
        .library(name: "JoltHummingbird", targets: ["JoltHummingbird"]),
    ],
    traits: [
        .trait(
            name: "YAJL",
            description: "Add the backend .yajl: the C library yajl (libyajl-dev). Off by default, and then .yajl is unavailable (code naming it does not compile): the default backend is the pure-Swift scanner, or .simdjson with the SIMDJSON trait."
        ),
        .trait(
            name: "SIMDJSON",
            description: "Add the backend .simdjson, then the default: simdjson's SIMD structural indexing (libsimdjson-dev, C++) in front of Jolt's own validation. Off by default, and then .simdjson is unavailable (code naming it does not compile)."
        ),
        .trait(
            name: "NIO",
            description: "Build JoltNIO: decoding from and encoding into SwiftNIO's ByteBuffer, element streams over ByteBuffer sequences, RFC 9457 problem details."
        ),
        .trait(
            name: "Vapor",
            description: "Build JoltVapor: Vapor 4 content coders, streamed request bodies and problem+json errors.",
            enabledTraits: ["NIO"]
        ),
        .trait(
            name: "Hummingbird",
            description: "Build JoltHummingbird: Hummingbird 2 request decoder, response encoder, streamed request bodies and problem+json errors.",
            enabledTraits: ["NIO"]
        ),
        .trait(
            name: "FullFoundation",
            description: "The API that takes types FoundationEssentials lacks: the .formatted(DateFormatter) date strategies, the FileHandle overloads of streamed decoding and encoding, decoding from JSONSerialization's [String: Any] / [Any]. On by default, for code written for JSONDecoder; without it Jolt imports FoundationEssentials alone, and a binary that uses Foundation nowhere else does not load it."
        ),
        // No C by default: the pure-Swift scanner is the faster of it and yajl on every
        // corpus file (Benchmarks/README.md), and needs nothing on the build machine.
        .default(enabledTraits: ["FullFoundation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
        // Resolved only when a trait that needs them is enabled (SwiftPM prunes the rest).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAJL",
            path: "Sources/CYAJL",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),
        // simdjson's header and library are in the compiler's default paths (Debian's
        // libsimdjson-dev). Not looked up through pkg-config: its only flag,
        // -DSIMDJSON_THREADS_ENABLED=1, is one SwiftPM refuses with a warning on every
        // build; the shim defines it itself (it changes nothing the shim uses).
        .systemLibrary(
            name: "CSIMDJSON",
            path: "Sources/CSIMDJSON",
            providers: [.apt(["libsimdjson-dev"])]
        ),
        // A C interface over simdjson's C++ stage 1. Without the SIMDJSON trait it
        // compiles to stubs and needs neither the header nor the library.
        .target(
            name: "JoltSIMDJSONShim",
            dependencies: [
                .target(name: "CSIMDJSON", condition: .when(traits: ["SIMDJSON"])),
            ],
            cxxSettings: [
                .define("JOLT_SIMDJSON", .when(traits: ["SIMDJSON"])),
                .define("SIMDJSON_THREADS_ENABLED", to: "1", .when(traits: ["SIMDJSON"])),
            ],
            linkerSettings: [
                // A C++ target imports no module, so the module map's link line is not applied.
                .linkedLibrary("simdjson", .when(traits: ["SIMDJSON"])),
            ]
        ),
        // What Jolt's own module cannot say in Swift (Sources/JoltRuntimeShim).
        .target(name: "JoltRuntimeShim"),
        .target(
            name: "Jolt",
            dependencies: [
                "JoltRuntimeShim",
                .target(name: "CYAJL", condition: .when(traits: ["YAJL"])),
                .target(name: "JoltSIMDJSONShim", condition: .when(traits: ["SIMDJSON"])),
            ]
        ),
        .macro(
            name: "JoltMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "JoltMacros",
            dependencies: ["Jolt", "JoltMacrosPlugin"]
        ),
        .target(
            name: "JoltNIO",
            dependencies: [
                "Jolt",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIO"])),
            ],
            path: "Sources/Integrations/JoltNIO"
        ),
        .target(
            name: "JoltVapor",
            dependencies: [
                "Jolt", "JoltNIO",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ],
            path: "Sources/Integrations/JoltVapor"
        ),
        .target(
            name: "JoltHummingbird",
            dependencies: [
                "Jolt", "JoltNIO",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ],
            path: "Sources/Integrations/JoltHummingbird"
        ),
        // What the live-server tests of JoltVaporTests and JoltHummingbirdTests share.
        .target(
            name: "JoltServerTestSupport",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client",
                         condition: .when(traits: ["Vapor", "Hummingbird"])),
            ],
            path: "Tests/Integrations/JoltServerTestSupport"
        ),
        .testTarget(
            name: "JoltNIOTests",
            dependencies: [
                "Jolt", "JoltNIO",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIO"])),
            ],
            path: "Tests/Integrations/JoltNIOTests"
        ),
        .testTarget(
            name: "JoltVaporTests",
            dependencies: [
                "Jolt", "JoltNIO", "JoltVapor", "JoltServerTestSupport",
                .product(name: "XCTVapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Vapor"])),
            ],
            path: "Tests/Integrations/JoltVaporTests"
        ),
        .testTarget(
            name: "JoltHummingbirdTests",
            dependencies: [
                "Jolt", "JoltNIO", "JoltHummingbird", "JoltServerTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Hummingbird"])),
            ],
            path: "Tests/Integrations/JoltHummingbirdTests"
        ),
        .testTarget(
            name: "JoltTests",
            dependencies: ["Jolt"]
        ),
        .testTarget(
            name: "JoltMacrosTests",
            dependencies: [
                "JoltMacros",
                "JoltMacrosPlugin",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
