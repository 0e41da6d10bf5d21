import Foundation
import XCTest

/// Every Swift sample in the README and in the DocC catalog is compiled and run.
///
/// A ```` ```swift ```` block must come right after a `<!-- compiled: PATH -->`
/// line, and its lines must stand, one after another, in the file at PATH
/// (relative to the package root; leading and trailing spaces aside), a test that
/// builds and runs the sample and checks what the text says of it. The check only
/// reads text, so it also holds for files this configuration does not compile
/// (the server samples need the Vapor or Hummingbird trait).
final class DocSnippetTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let markerPrefix = "<!-- compiled: "
    static let markerSuffix = " -->"

    /// A fenced Swift block of a document.
    struct Block {
        var document: String
        /// One-based line of the opening fence.
        var line: Int
        /// The file named by the marker before the fence, if any.
        var path: String?
        var lines: [String]
    }

    /// The README and every Markdown file of the DocC catalog.
    static func documents() throws -> [URL] {
        let catalog = root.appendingPathComponent("Sources/Jolt/Jolt.docc")
        var articles: [URL] = []
        if let walker = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "md" { articles.append(url) }
        }
        return [root.appendingPathComponent("README.md")] + articles.sorted { $0.path < $1.path }
    }

    /// The Swift blocks of `text`; blocks in other languages are skipped whole.
    static func swiftBlocks(in text: String, document: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            let fence = lines[i].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { i += 1; continue }
            let ticks = String(fence.prefix { $0 == "`" })
            var body: [String] = []
            var j = i + 1
            while j < lines.count, lines[j].trimmingCharacters(in: .whitespaces) != ticks { body.append(lines[j]); j += 1 }
            if fence.dropFirst(ticks.count).trimmingCharacters(in: .whitespaces) == "swift" {
                var path: String?
                if i > 0 {
                    let before = lines[i - 1].trimmingCharacters(in: .whitespaces)
                    if before.hasPrefix(markerPrefix), before.hasSuffix(markerSuffix) {
                        path = String(before.dropFirst(markerPrefix.count).dropLast(markerSuffix.count))
                    }
                }
                blocks.append(Block(document: document, line: i + 1, path: path, lines: body))
            }
            i = j + 1
        }
        return blocks
    }

    static func allBlocks() throws -> [Block] {
        try documents().flatMap { url in
            let name = String(url.path.dropFirst(root.path.count + 1))
            return swiftBlocks(in: try String(contentsOf: url, encoding: .utf8), document: name)
        }
    }

    /// Whether `wanted` stands as consecutive lines of `source`, spaces at either end aside.
    static func contains(_ source: String, lines wanted: [String]) -> Bool {
        let sourceLines = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let wanted = wanted.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !wanted.isEmpty, wanted.count <= sourceLines.count else { return false }
        return (0...(sourceLines.count - wanted.count)).contains { start in
            sourceLines[start..<start + wanted.count].elementsEqual(wanted)
        }
    }

    func testTheCatalogAndItsArticlesAreFound() throws {
        let names = Set(try Self.documents().map(\.lastPathComponent))
        for article in ["README.md", "Jolt.md", "GettingStarted.md", "MigratingFromJSONDecoder.md",
                        "KeysAndResilientValues.md", "Polymorphism.md", "Streaming.md", "UntrustedInput.md",
                        "Performance.md"] {
            XCTAssertTrue(names.contains(article), "\(article) is missing")
        }
    }

    func testEverySwiftBlockIsMarkedAsCompiled() throws {
        let blocks = try Self.allBlocks()
        XCTAssertGreaterThan(blocks.count, 20)
        for block in blocks where block.path == nil {
            XCTFail("\(block.document):\(block.line): a swift block without a \(Self.markerPrefix)PATH\(Self.markerSuffix) line before it")
        }
    }

    func testEveryMarkedBlockStandsInItsFile() throws {
        for block in try Self.allBlocks() {
            guard let path = block.path else { continue }
            XCTAssertTrue(path.hasPrefix("Tests/"), "\(block.document):\(block.line): \(path) is not a test file")
            let url = Self.root.appendingPathComponent(path)
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                XCTFail("\(block.document):\(block.line): \(path) does not exist")
                continue
            }
            XCTAssertTrue(Self.contains(source, lines: block.lines),
                          "\(block.document):\(block.line): the block is not in \(path) as written:\n\(block.lines.joined(separator: "\n"))")
        }
    }

    func testTheCheckFindsMissingMarkersAndChangedBlocks() {
        let text = """
            <!-- compiled: Tests/A.swift -->
            ```swift
            let a = 1
            ```

            ```sh
            make test
            ```

            ```swift
            let b = 2
            ```
            """
        let blocks = Self.swiftBlocks(in: text, document: "test.md")
        XCTAssertEqual(blocks.map(\.path), ["Tests/A.swift", nil])
        XCTAssertEqual(blocks.map(\.line), [2, 10])
        XCTAssertTrue(Self.contains("func f() {\n    let a = 1\n}", lines: blocks[0].lines))
        XCTAssertFalse(Self.contains("func f() {\n    let a = 2\n}", lines: blocks[0].lines))
    }
}
