// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Jolt",
    products: [
        .library(name: "Jolt", targets: ["Jolt"]),
    ],
    traits: [
        .trait(
            name: "YAJL",
            description: "Parse with the C library yajl (libyajl-dev). Without it Jolt uses its pure-Swift scanner alone."
        ),
        .default(enabledTraits: ["YAJL"]),
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
        .testTarget(
            name: "JoltTests",
            dependencies: ["Jolt"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
