// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Jolt",
    products: [
        .library(name: "Jolt", targets: ["Jolt"]),
        // Separate product: only users who import JoltMacros build swift-syntax.
        .library(name: "JoltMacros", targets: ["JoltMacros"]),
    ],
    traits: [
        .trait(
            name: "YAJL",
            description: "Parse with the C library yajl (libyajl-dev). Without it Jolt uses its pure-Swift scanner alone."
        ),
        .default(enabledTraits: ["YAJL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAJL",
            path: "Sources/CYAJL",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),
        .target(
            name: "Jolt",
            dependencies: [
                .target(name: "CYAJL", condition: .when(traits: ["YAJL"])),
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
    swiftLanguageModes: [.v6]
)
