import Foundation
import XCTest
@testable import Jolt

/// `duplicateKeyPolicy` on every lookup path: small objects (linear search), objects
/// with more than 8 members (hinted search), more than 64 (hash index), key
/// strategies, escaped keys, and `[String: V]` decoded directly.
final class DuplicateKeyPolicyTests: XCTestCase {
    struct A: Decodable, Equatable { var a: Int }
    struct User: Decodable, Equatable { var userName: String }
    struct Wrapper: Decodable, Equatable { var user: A }

    private func decoders(_ policy: JoltDecoder.DuplicateKeyPolicy, _ strategy: JoltDecoder.KeyDecodingStrategy = .useDefaultKeys) -> [JoltDecoder] {
        JoltBackend.allCases.map { backend in
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.duplicateKeyPolicy = policy
            decoder.keyDecodingStrategy = strategy
            return decoder
        }
    }

    /// `{"a": first, <filler members>, "a": last}` with `filler` other members.
    private func object(first: Int, last: Int, filler: Int, escapedSecond: Bool = false) -> String {
        let members = (0..<filler).map { #""k\#($0)": \#($0)"# }
        let second = escapedSecond ? #""\u0061""# : #""a""#
        return "{" + ([#""a": \#(first)"#] + members + ["\(second): \(last)"]).joined(separator: ", ") + "}"
    }

    func testUseFirstIsTheDefaultAndFoundations() throws {
        for filler in [0, 10, 70] {
            let json = object(first: 1, last: 2, filler: filler)
            XCTAssertEqual(try JSONDecoder().decode(A.self, from: Data(json.utf8)).a, 1)
            for decoder in decoders(.useFirst) {
                XCTAssertEqual(try decoder.decode(A.self, from: json).a, 1, "filler \(filler)")
                XCTAssertEqual(try decoder.decode([String: Int].self, from: json)["a"], 1)
            }
        }
    }

    func testUseLast() throws {
        for filler in [0, 10, 70] {
            for escaped in [false, true] {
                let json = object(first: 1, last: 2, filler: filler, escapedSecond: escaped)
                for decoder in decoders(.useLast) {
                    XCTAssertEqual(try decoder.decode(A.self, from: json).a, 2, "filler \(filler) escaped \(escaped)")
                    XCTAssertEqual(try decoder.decode([String: Int].self, from: json)["a"], 2)
                }
            }
        }
        // Three times: the last one.
        for decoder in decoders(.useLast) {
            XCTAssertEqual(try decoder.decode(A.self, from: #"{"a": 1, "a": 2, "a": 3}"#).a, 3)
        }
        // Under a key strategy, converted names collide too.
        for decoder in decoders(.useLast, .convertFromSnakeCase) {
            XCTAssertEqual(try decoder.decode(User.self, from: #"{"user_name": "a", "userName": "b"}"#).userName, "b")
        }
    }

    private func assertRejected<T: Decodable>(_ type: T.Type, _ json: String, key: String, offset: Int, line: Int = 1, column: Int,
                                              path: [String], strategy: JoltDecoder.KeyDecodingStrategy = .useDefaultKeys,
                                              file: StaticString = #filePath, sourceLine: UInt = #line) {
        for decoder in decoders(.reject, strategy) {
            XCTAssertThrowsError(try decoder.decode(T.self, from: json), file: file, line: sourceLine) { error in
                guard case DecodingError.dataCorrupted(let context) = error,
                      let syntax = context.underlyingError as? JoltSyntaxError else {
                    return XCTFail("\(error)", file: file, line: sourceLine)
                }
                XCTAssertEqual(syntax.kind, .duplicateKey(key), file: file, line: sourceLine)
                XCTAssertEqual(syntax.offset, offset, file: file, line: sourceLine)
                XCTAssertEqual(syntax.line, line, file: file, line: sourceLine)
                XCTAssertEqual(syntax.column, column, file: file, line: sourceLine)
                XCTAssertEqual(context.codingPath.map(\.stringValue), path, file: file, line: sourceLine)
            }
        }
    }

    func testReject() {
        assertRejected(A.self, #"{"a": 1, "a": 2}"#, key: "a", offset: 9, column: 10, path: [])
        assertRejected(Wrapper.self, "{\"user\": {\"a\": 1,\n \"a\": 2}}", key: "a", offset: 19, line: 2, column: 2, path: ["user"])
        assertRejected([A].self, #"[{"a": 1}, {"a": 1, "a": 2}]"#, key: "a", offset: 20, column: 21, path: ["Index 1"])
        assertRejected(A.self, #"{"a": 1, "\u0061": 2}"#, key: "a", offset: 9, column: 10, path: [])
        assertRejected([String: Int].self, #"{"a": 1, "b": 2, "a": 3}"#, key: "a", offset: 17, column: 18, path: [])
        assertRejected(User.self, #"{"user_name": "a", "userName": "b"}"#, key: "userName", offset: 19, column: 20, path: [], strategy: .convertFromSnakeCase)
        for filler in [10, 70] {
            let json = object(first: 1, last: 2, filler: filler)
            let offset = json.utf8.count - 7   // the second "a"
            assertRejected(A.self, json, key: "a", offset: offset, column: offset + 1, path: [])
            assertRejected([String: Int].self, json, key: "a", offset: offset, column: offset + 1, path: [])
        }
    }

    /// Only objects that are decoded are checked; a distinct-keyed document passes.
    func testRejectChecksOnlyDecodedObjects() throws {
        for decoder in decoders(.reject) {
            XCTAssertEqual(try decoder.decode(A.self, from: #"{"a": 1, "skipped": {"x": 1, "x": 2}}"#), A(a: 1))
            XCTAssertEqual(try decoder.decode(A.self, from: object(first: 1, last: 2, filler: 70).replacingOccurrences(of: #", "a": 2"#, with: "")), A(a: 1))
        }
    }
}
