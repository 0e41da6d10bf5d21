import Foundation
import XCTest

/// Finds `../shared` (corpus and conformance files) beside the project's root by
/// walking up from this file.
enum SharedFiles {
    static let root: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<10 {
            let candidate = dir.appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("corpus").path) {
                return candidate
            }
            dir = dir.deletingLastPathComponent()
        }
        fatalError("../shared not found above \(#filePath)")
    }()

    static var corpus: URL { root.appendingPathComponent("corpus") }
    static var testParsing: URL { root.appendingPathComponent("conformance/test_parsing") }
    static var testTransform: URL { root.appendingPathComponent("conformance/test_transform") }

    /// The JSON files of a folder, sorted by name.
    static func files(in folder: URL, prefix: String = "") -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    static func bytes(_ url: URL) -> [UInt8] {
        [UInt8](try! Data(contentsOf: url))
    }

    static let corpusNames = [
        "canada", "citm_catalog", "github_events", "gsoc-2018", "twitter", "twitterescaped", "update-center",
    ]

    static func corpusFile(_ name: String) -> Data {
        try! Data(contentsOf: corpus.appendingPathComponent(name + ".json"))
    }
}
