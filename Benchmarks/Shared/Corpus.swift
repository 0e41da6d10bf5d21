// The benchmark corpus: the seven files in ../shared/corpus, each with its
// full-structure model from Tests/JoltTests/Models (compiled into each benchmark
// target through the `Models` symlink). Shared by JoltCompare and
// DecodingBenchmarks through the `Shared` symlink in their source folders.

import Foundation
import Jolt

/// One corpus file and type-erased decodes of it into its full-structure model
/// (and encodes of that model).
struct CorpusFile: @unchecked Sendable {
    let name: String
    let data: Data
    /// Decodes `data` with Foundation's `JSONDecoder` (the model goes to ``keep(_:)``).
    let decodeFoundation: (JSONDecoder) throws -> Void
    /// Decodes `data` with a `JoltDecoder` (the model goes to ``keep(_:)``).
    let decodeJolt: (JoltDecoder) throws -> Void
    /// Decodes with both and compares the models; nil when equal, else why not.
    let crossCheck: (JoltDecoder) -> String?
    /// Encodes the model (decoded once by Foundation, on first use) with
    /// Foundation's `JSONEncoder`.
    let encodeFoundation: (JSONEncoder) throws -> Data
    /// Encodes the same model with a `JoltEncoder`.
    let encodeJolt: (JoltEncoder) throws -> Data

    var byteCount: Int { data.count }

    init<Model: Codable & Equatable>(_ name: String, _ model: Model.Type, data: Data) {
        self.name = name
        self.data = data
        let decoded = LazyModel<Model>(data: data)
        encodeFoundation = { encoder in try encoder.encode(decoded.value()) }
        encodeJolt = { encoder in try encoder.encode(decoded.value()) }
        decodeFoundation = { decoder in keep(try decoder.decode(Model.self, from: data)) }
        decodeJolt = { decoder in keep(try decoder.decode(Model.self, from: data)) }
        crossCheck = { jolt in
            let expected: Model
            do { expected = try JSONDecoder().decode(Model.self, from: data) } catch {
                return "Foundation failed: \(error)"
            }
            do {
                let actual = try jolt.decode(Model.self, from: data)
                return actual == expected ? nil : "Jolt's model differs from Foundation's"
            } catch {
                return "Jolt failed: \(error)"
            }
        }
    }
}

/// A model decoded by Foundation the first time it is asked for.
final class LazyModel<Model: Decodable>: @unchecked Sendable {
    private let data: Data
    private var model: Model?

    init(data: Data) {
        self.data = data
    }

    func value() throws -> Model {
        if let model { return model }
        let decoded = try JSONDecoder().decode(Model.self, from: data)
        model = decoded
        return decoded
    }
}

/// Takes a decoded value so that the optimizer cannot drop the decode (like
/// ordo-one's `blackHole`, without boxing the value into `Any`).
@inline(never) @_optimize(none)
func keep<T>(_ value: T) {}

enum Corpus {
    /// The corpus file names (without `.json`), in report order.
    static let names = [
        "canada", "citm_catalog", "github_events", "gsoc-2018", "twitter", "twitterescaped", "update-center",
    ]

    /// `$JOLT_CORPUS_DIR`, else the first `shared/corpus` found walking up from this
    /// source file (the checkout's sibling `../shared`), else from the working directory.
    static func directory() -> URL? {
        let fm = FileManager.default
        if let dir = ProcessInfo.processInfo.environment["JOLT_CORPUS_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        for start in [URL(fileURLWithPath: #filePath), URL(fileURLWithPath: fm.currentDirectoryPath, isDirectory: true)] {
            var dir = start.deletingLastPathComponent()
            for _ in 0..<12 {
                let candidate = dir.appendingPathComponent("shared/corpus")
                if fm.fileExists(atPath: candidate.appendingPathComponent("canada.json").path) {
                    return candidate
                }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// The corpus files whose names contain `filter` (all when nil), loaded from
    /// `directory`; with `compact`, each ``compacted(_:)``.
    static func load(from directory: URL, filter: String? = nil, compact: Bool = false) throws -> [CorpusFile] {
        try names.filter { filter == nil || $0.localizedCaseInsensitiveContains(filter!) }.map { name in
            let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
            return file(name, data: compact ? compacted(data) : data)
        }
    }

    /// `json` without the whitespace outside its strings: the same document as a
    /// server usually receives it, every string (escapes included) and number
    /// byte for byte as written.
    ///
    /// ```swift
    /// Corpus.compacted(Data("{ \"a\" : [1, \"b c\"] }\n".utf8))   // {"a":[1,"b c"]}
    /// ```
    static func compacted(_ json: Data) -> Data {
        var out = Data()
        out.reserveCapacity(json.count)
        var inString = false, escaped = false
        for byte in json {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            out.append(byte)
        }
        return out
    }

    static func file(_ name: String, data: Data) -> CorpusFile {
        switch name {
        case "canada": CorpusFile(name, CanadaGeoJSON.self, data: data)
        case "citm_catalog": CorpusFile(name, CitmCatalog.self, data: data)
        case "github_events": CorpusFile(name, GitHubEvents.self, data: data)
        case "gsoc-2018": CorpusFile(name, GSoC2018.self, data: data)
        case "twitter", "twitterescaped": CorpusFile(name, TwitterResponse.self, data: data)
        case "update-center": CorpusFile(name, UpdateCenter.self, data: data)
        default: fatalError("no model for corpus file \(name)")
        }
    }
}
