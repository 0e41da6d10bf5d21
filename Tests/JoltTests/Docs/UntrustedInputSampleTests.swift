import Foundation
import Jolt
import XCTest

/// The samples of the article "Untrusted input and limits"
/// (Sources/Jolt/Jolt.docc/UntrustedInput.md), as written there, compiled and run.
final class UntrustedInputSampleTests: XCTestCase {
    private var printed: [String] = []
    private func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    func testLimits() throws {
        let decoder = JoltDecoder()
        decoder.limits.maxDepth = 32
        decoder.limits.maxDocumentBytes = 1 << 20      // 1 MiB request bodies
        decoder.limits.maxStringBytes = 64 << 10

        do {
            _ = try decoder.decode(JSONValue.self, from: String(repeating: "[", count: 100_000))
        } catch DecodingError.dataCorrupted(let context) {
            print(context.underlyingError!)   // Limit exceeded: nesting depth (maxDepth) at line 1, column 33 (byte 32): ...
        }

        XCTAssertEqual(printed.count, 1)
        XCTAssertTrue(printed.first?.hasPrefix("Limit exceeded: nesting depth (maxDepth) at line 1, column 33 (byte 32): ") == true, "\(printed)")
        // Each limit accepts exactly its value and rejects one more, on every backend built.
        for backend in JoltBackend.allCases {
            decoder.backend = backend
            let deepest = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
            XCTAssertNoThrow(try decoder.decode(JSONValue.self, from: deepest))
            XCTAssertThrowsError(try decoder.decode(JSONValue.self, from: "[" + deepest + "]"))
            let longest = "\"" + String(repeating: "a", count: 64 << 10) + "\""
            XCTAssertNoThrow(try decoder.decode(String.self, from: longest))
            XCTAssertThrowsError(try decoder.decode(String.self, from: "\"a" + longest.dropFirst())) { error in
                guard case DecodingError.dataCorrupted(let context) = error,
                      let syntax = context.underlyingError as? JoltSyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(syntax.kind, .limitExceeded(.stringBytes))
            }
            XCTAssertThrowsError(try decoder.decode([String].self, from: "[" + String(repeating: "\"a\",", count: 300_000) + "\"a\"]")) { error in
                guard case DecodingError.dataCorrupted(let context) = error,
                      let syntax = context.underlyingError as? JoltSyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(syntax.kind, .limitExceeded(.documentBytes))
            }
        }
    }

    func testErrors() throws {
        do {
            _ = try JoltDecoder().decode([Int].self, from: "[1, 2,, 3]")
        } catch DecodingError.dataCorrupted(let context) {
            let error = context.underlyingError as! JoltSyntaxError
            print(error.kind, error.line, error.column)   // Unexpected character ',' 1 7
            print(error)   // Unexpected character ',' at line 1, column 7 (byte 6): [1, 2,, 3]
        }

        XCTAssertEqual(printed, ["Unexpected character ',' 1 7", "Unexpected character ',' at line 1, column 7 (byte 6): [1, 2,, 3]"])
        // Foundation throws the same case, with no position.
        XCTAssertThrowsError(try JSONDecoder().decode([Int].self, from: Data("[1, 2,, 3]".utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.codingPath.isEmpty)
        }
    }
}
