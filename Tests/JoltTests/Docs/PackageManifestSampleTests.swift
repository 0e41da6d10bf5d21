import Foundation
import XCTest

/// The package manifests of the README and the articles (adding Jolt, the
/// pure-Swift build, a server integration, the macros): each sample stands in one
/// of the manifests below, which `swift package dump-package` compiles, and
/// every product and trait they name must be one of Jolt's.
final class PackageManifestSampleTests: XCTestCase {
    /// The README: the `Jolt` product.
    static let plain = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [
                .package(path: "../Jolt"),
            ],
            targets: [
                .executableTarget(name: "App", dependencies: [
                    .product(name: "Jolt", package: "Jolt"),
                ]),
            ]
        )
        """

    /// Getting started: the simdjson backend.
    static let simdjson = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [
                .package(path: "../Jolt", traits: ["SIMDJSON"]),   // the default backend becomes .simdjson
            ],
            targets: [
                .target(name: "App", dependencies: [.product(name: "Jolt", package: "Jolt")]),
            ]
        )
        """

    /// Servers: a framework's trait and product.
    static let server = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [
                .package(path: "../Jolt", traits: ["Hummingbird"]),   // or "Vapor"
            ],
            targets: [
                .target(name: "App", dependencies: [.product(name: "JoltHummingbird", package: "Jolt")]),
            ]
        )
        """

    /// Annotations: the macros.
    static let macros = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [
                .package(path: "../Jolt"),
            ],
            targets: [
                .target(name: "App", dependencies: [.product(name: "JoltMacros", package: "Jolt")]),
            ]
        )
        """

    /// `swift package dump-package` of the package in `directory`, as JSON.
    func dumpPackage(at directory: URL, scratch: URL) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", directory.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "swift package dump-package", code: Int(process.terminationStatus), userInfo: [
                NSLocalizedDescriptionKey: String(decoding: message, as: UTF8.self),
            ])
        }
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testTheManifestSamplesCompileAndNameJoltsProductsAndTraits() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-manifests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let scratch = work.appendingPathComponent("scratch")

        let jolt = try dumpPackage(at: DocSnippetTests.root, scratch: scratch)
        let products = Set((jolt["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        let traits = Set((jolt["traits"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        XCTAssertTrue(products.isSuperset(of: ["Jolt", "JoltMacros", "JoltHummingbird"]), "\(products)")

        for (name, manifest) in [("plain", Self.plain), ("simdjson", Self.simdjson), ("server", Self.server), ("macros", Self.macros)] {
            let app = work.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
            try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "print(1)\n".write(to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
            let dump = try dumpPackage(at: app, scratch: scratch)

            let dependency = try XCTUnwrap((dump["dependencies"] as? [[String: Any]])?.first?["fileSystem"] as? [[String: Any]]).first
            XCTAssertEqual(dependency?["path"] as? String, work.appendingPathComponent("Jolt").path, name)
            let named = Set((dependency?["traits"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
            XCTAssertTrue(named.isSubset(of: traits), "\(name): \(named) are not all traits of Jolt's (\(traits))")

            let targets = try XCTUnwrap(dump["targets"] as? [[String: Any]])
            let used = targets.flatMap { ($0["dependencies"] as? [[String: Any]] ?? []).compactMap { $0["product"] as? [Any] } }
            XCTAssertFalse(used.isEmpty, name)
            for product in used {
                XCTAssertEqual(product.count > 1 ? product[1] as? String : nil, "Jolt", name)
                XCTAssertTrue(products.contains(product.first as? String ?? ""), "\(name): \(product) is not a product of Jolt")
            }
        }
    }
}
