#if NIO
import Foundation
import XCTest

/// The README's server samples are compiled: each code block after a
/// `<!-- compiled: PATH -->` line must stand, line for line, in the test file at
/// PATH, which builds and runs it.
final class ReadmeSnippetTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The blocks marked as compiled, with the file each names.
    static func compiledBlocks(in readme: String) -> [(path: String, lines: [String])] {
        var blocks: [(String, [String])] = []
        let lines = readme.components(separatedBy: "\n")
        var i = 0
        while i < lines.count {
            let line = lines[i].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<!-- compiled: "), line.hasSuffix(" -->"), i + 1 < lines.count, lines[i + 1] == "```swift" {
                let path = String(line.dropFirst("<!-- compiled: ".count).dropLast(" -->".count))
                var body: [String] = []
                var j = i + 2
                while j < lines.count, lines[j] != "```" { body.append(lines[j]); j += 1 }
                blocks.append((path, body))
                i = j
            }
            i += 1
        }
        return blocks
    }

    func testEveryCompiledBlockStandsInItsTestFile() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.compiledBlocks(in: readme)
        XCTAssertGreaterThanOrEqual(blocks.count, 2, "the Vapor and Hummingbird samples")
        for block in blocks {
            let source = try String(contentsOf: Self.root.appendingPathComponent(block.path), encoding: .utf8)
            let sourceLines = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let wanted = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }
            let found = sourceLines.indices.contains { start in
                start + wanted.count <= sourceLines.count && Array(sourceLines[start..<start + wanted.count]) == wanted
            }
            XCTAssertTrue(found, "the README's block for \(block.path) is not in that file as written:\n\(block.lines.joined(separator: "\n"))")
        }
    }
}
#endif
